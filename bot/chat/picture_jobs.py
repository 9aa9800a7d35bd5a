"""The pictures the bot attaches, drawn in a worker thread so the event loop keeps answering.

``Pictures`` is handed to the bot in its constructor (tests pass one that records what it drew).
Each method returns PNG (or GIF) bytes, or None when drawing failed: a missing picture never
stops a game (the failure is logged). Public pictures take a :class:`PublicView` only.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

from bot import pictures as drawing
from bot.game import MrXView, PublicView

log = logging.getLogger(__name__)


class Pictures:
    def __init__(self, width: int | None = None) -> None:
        #: board width in pixels (None: the pictures package's default)
        self.width = width

    def _size(self) -> dict[str, int]:
        return {} if self.width is None else {"width": self.width}

    async def _draw(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes | None:
        try:
            data = await asyncio.to_thread(function, *args, **kwargs)
        except Exception:
            log.exception("drawing %s failed", function.__name__)
            return None
        return data or None

    async def board(self, view: PublicView, tracker: bool = False, language: str = "en") -> bytes | None:
        if not isinstance(view, PublicView):
            raise TypeError("the public board is drawn from a PublicView only")
        return await self._draw(drawing.render_board, view, tracker=tracker, language=language, **self._size())

    async def zoom(self, view: PublicView, tracker: bool = True, language: str = "en") -> bytes | None:
        """The phone picture: the pawns and where Mr. X may be, with station numbers legible at 420 px."""
        if not isinstance(view, PublicView):
            raise TypeError("the close-up is drawn from a PublicView only")
        return await self._draw(drawing.render_zoom, view, tracker=tracker, language=language)

    async def route(self, view: PublicView, language: str = "en") -> bytes | None:
        if not isinstance(view, PublicView) or view.outcome is None:
            raise TypeError("Mr. X's route is drawn from a finished game's PublicView only")
        return await self._draw(drawing.render_route, view, language=language, **self._size())

    @staticmethod
    def logbook_text(view: PublicView, language: str = "en") -> str:
        """The logbook as embed text, one line per entry (cheap: no thread needed)."""
        return drawing.logbook_text(view, language)

    async def logbook(self, view: PublicView, language: str = "en") -> bytes | None:
        if not isinstance(view, PublicView):
            raise TypeError("the logbook is drawn from a PublicView only")
        return await self._draw(drawing.render_logbook, view, language=language)

    async def replay(self, record: dict, language: str = "en") -> bytes | None:
        """The animated replay of a finished game, from its record (public once the game is over)."""
        if not record.get("outcome"):
            raise TypeError("the replay is drawn from a finished game's record only")
        return await self._draw(_replay, record, language)

    async def mrx_board(self, view: MrXView, language: str = "en") -> bytes | None:
        """Mr. X's private board: for his DM or an ephemeral reply only."""
        if not isinstance(view, MrXView):
            raise TypeError("Mr. X's board is drawn from an MrXView")
        return await self._draw(drawing.render_mrx_board, view, language=language, **self._size())


def _replay(record: dict, language: str = "en") -> bytes:
    return drawing.render_replay(drawing.round_views(record), language=language)


def extension(data: bytes) -> str:
    return "gif" if data[:4] == b"GIF8" else "png"
