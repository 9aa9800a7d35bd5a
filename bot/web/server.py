"""Serving the pages: inside the bot's process (``SY_WEB_PORT`` set; the bot tells the pages of its own moves at
once) or alone (``python -m bot web``: stateless, any number of them on one PostgreSQL database behind a load
balancer, each hearing of moves by the database's wake-ups)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from typing import Any

from aiohttp import web

from .app import make_app
from .limits import Limits
from .live import Hub

log = logging.getLogger(__name__)

class WebServer:
    """``await server.start()`` serves until ``await server.close()``. ``listen``: hear other processes' moves from
    the database (a bot's own process tells the hub of its own moves directly, by :meth:`Hub.changed`)."""

    def __init__(self, service: Any, host: str, port: int, *, limits: Limits | None = None,
                 poll_every: float | None = 5.0) -> None:
        self.hub = Hub(service, poll_every)
        self.app = make_app(service, hub=self.hub, limits=limits)
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None

    async def start(self, listen: bool = True) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # (tests ask for any free port)
            self.port = self._runner.addresses[0][1]
        await self.hub.start(listen=listen)
        log.info("web pages on %s:%s", self.host, self.port)

    async def close(self) -> None:
        await self.hub.close()
        if self._runner is not None:
            await self._runner.cleanup()


async def _serve_alone(database, secret: str | None, settings) -> None:
    from bot.service import GameService

    service = await GameService.open(database, secret=secret)
    server = WebServer(service, settings.host, settings.port)
    stop = asyncio.Event()
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    except (NotImplementedError, RuntimeError):
        pass
    try:
        await server.start()
        await stop.wait()
    finally:
        await server.close()
        await service.close()


def run_alone(env: dict[str, str] | None = None) -> int:
    """``python -m bot web``: the pages alone, on the bot's PostgreSQL database."""
    from pathlib import Path

    from bot.config import ConfigError, database_path, read_dotenv, web_settings

    merged = read_dotenv(Path(".env"))
    merged.update(dict(os.environ) if env is None else env)
    logging.basicConfig(level=merged.get("SY_LOG_LEVEL", "INFO").strip().upper() or "INFO",
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        database = database_path(merged)
        settings = web_settings(merged)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if settings.port is None:
        print("error: SY_WEB_PORT is not set: say which port the pages are served on.", file=sys.stderr)
        return 2
    if not isinstance(database, str):
        print("error: python -m bot web serves the games of a PostgreSQL database (SY_DATABASE=postgresql://...); "
              "on a SQLite file set SY_WEB_PORT for the bot itself, which serves the pages in its own process.",
              file=sys.stderr)
        return 2
    from bot.store import DatabaseUnavailable

    try:
        asyncio.run(_serve_alone(database, merged.get("SY_SECRET", "").strip() or None, settings))
    except KeyboardInterrupt:
        pass
    except DatabaseUnavailable as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    return 0
