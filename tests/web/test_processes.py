"""The pages alone (``python -m bot web``): on PostgreSQL they hear another process's move by the database's
wake-ups; on a SQLite file they refuse to start, in one line."""

from __future__ import annotations

import asyncio
import random

import aiohttp
import pytest

from bot.cli import main
from bot.web.server import WebServer
from tests.service.helpers import Clock, play_turn, started

@pytest.mark.asyncio(loop_scope="session")
async def test_pages_alone_hear_another_process_s_move_within_two_seconds():
    from tests.chat.conftest import _two_services
    from tests.store.postgres_server import fresh_database

    async with fresh_database() as url:
        async for bot, pages_service in _two_services(url, Clock()):
            game = (await started(bot)).game.id
            server = WebServer(pages_service, "127.0.0.1", 0, poll_every=None)
            await server.start(listen=True)  # as python -m bot web does
            try:
                assert server.hub.listener is not None and server.hub.listener.listening.is_set()
                token = await pages_service.page_token(game)
                async with aiohttp.ClientSession() as http:
                    async with http.get(f"http://127.0.0.1:{server.port}/g/{token}/events") as events:
                        first = await _version(events)
                        await play_turn(bot, game, random.Random(1))  # the bot's process, not this one
                        second = await asyncio.wait_for(_version(events), 2.0)
                assert second > first and second == (await bot.get_game(game)).version
            finally:
                await server.close()


async def _version(events) -> int:
    async for line in events.content:
        if line.startswith(b"data:"):
            return int(line[5:])
    raise AssertionError("the stream ended")


def test_pages_alone_refuse_a_sqlite_file_and_a_missing_port(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SY_DATABASE", str(tmp_path / "games.sqlite3"))
    monkeypatch.setenv("SY_WEB_PORT", "8080")
    assert main(["web"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: python -m bot web serves the games of a PostgreSQL database") and "\n" not in err
    monkeypatch.delenv("SY_WEB_PORT")
    assert main(["web"]) == 2
    assert capsys.readouterr().err.strip() == "error: SY_WEB_PORT is not set: say which port the pages are served on."
    monkeypatch.setenv("SY_WEB_PORT", "port")
    assert main(["web"]) == 2
    assert "SY_WEB_PORT must be a port number" in capsys.readouterr().err
