"""The pictures the bot attaches, drawn in a worker thread so the event loop keeps answering.

``Pictures`` is handed to the bot in its constructor (tests pass one that records what it drew).
Each method returns PNG (or GIF) bytes, or None when the drawing function is not available or
failed: a missing picture never stops a game. Public pictures take a :class:`PublicView` only.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from typing import Any, Callable

from bot.game import MrXView, PublicView

log = logging.getLogger(__name__)

#: where each drawing function may live: the package's exports first, then its modules
_PLACES = ("bot.pictures", "bot.pictures.board", "bot.pictures.logbook", "bot.pictures.replay")


def find(name: str) -> Callable[..., Any] | None:
    for place in _PLACES:
        try:
            module = importlib.import_module(place)
        except Exception:  # a module still being written must not stop the bot
            continue
        function = getattr(module, name, None)
        if callable(function):
            return function
    return None


class Pictures:
    def __init__(self, width: int | None = None) -> None:
        #: board width in pixels (None: the pictures package's default)
        self.width = width

    def _size(self) -> dict[str, int]:
        return {} if self.width is None else {"width": self.width}

    async def _draw(self, name: str, *args: Any, **kwargs: Any) -> bytes | None:
        function = find(name)
        if function is None:
            return None
        try:
            data = await asyncio.to_thread(function, *args, **kwargs)
        except Exception:
            log.exception("drawing %s failed", name)
            return None
        return data if isinstance(data, (bytes, bytearray)) and data else None

    async def board(self, view: PublicView, tracker: bool = False) -> bytes | None:
        if not isinstance(view, PublicView):
            raise TypeError("the public board is drawn from a PublicView only")
        return await self._draw("render_board", view, tracker=tracker, **self._size())

    async def route(self, view: PublicView) -> bytes | None:
        if not isinstance(view, PublicView) or view.outcome is None:
            raise TypeError("Mr. X's route is drawn from a finished game's PublicView only")
        return await self._draw("render_route", view, **self._size())

    async def logbook(self, view: PublicView) -> bytes | None:
        if not isinstance(view, PublicView):
            raise TypeError("the logbook is drawn from a PublicView only")
        return await self._draw("render_logbook", view)

    async def replay(self, record: dict) -> bytes | None:
        """The animated replay of a finished game, from its record (public once the game is over)."""
        if not record.get("outcome"):
            raise TypeError("the replay is drawn from a finished game's record only")
        views, draw = find("round_views"), find("render_replay")
        if views is None or draw is None:
            return None
        try:
            data = await asyncio.to_thread(lambda: draw(views(record)))
        except Exception:
            log.exception("drawing the replay failed")
            return None
        return data if isinstance(data, (bytes, bytearray)) and data else None

    async def mrx_board(self, view: MrXView) -> bytes | None:
        """Mr. X's private board: for his DM or an ephemeral reply only."""
        if not isinstance(view, MrXView):
            raise TypeError("Mr. X's board is drawn from an MrXView")
        return await self._draw("render_mrx_board", view, **self._size())


def extension(data: bytes) -> str:
    return "gif" if data[:4] == b"GIF8" else "png"
