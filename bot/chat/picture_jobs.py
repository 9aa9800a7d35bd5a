"""The pictures the bot attaches, drawn in a worker thread so the event loop keeps answering.

``Pictures`` is handed to the bot in its constructor (tests pass one that records what it drew).
Each method returns PNG (or GIF) bytes, or None when drawing failed: a missing picture never
stops a game (the failure is logged). Public pictures take a family's public view only (its
renderer's ``PUBLIC_VIEW``), Mr. X's board and close-up his view (``SECRET_VIEW``); the drawing is done by the
renderer of the family whose view it is (``Family.renderer``).
"""

from __future__ import annotations

import asyncio
import importlib
import io
import logging
from types import ModuleType
from typing import Any, Callable

import discord

from bot.games import families, family_for_rules

from bot.chat.words import COLOUR

log = logging.getLogger(__name__)

#: the file names of Mr. X's private pictures
MRX_ZOOM, MRX_BOARD = "mrx-close-up.png", "mrx-board.png"


def renderer_of(view: Any, side: str = "PUBLIC_VIEW") -> ModuleType | None:
    """The drawing module of the family whose ``side`` view (PUBLIC_VIEW or SECRET_VIEW) ``view`` is."""
    for family in families():
        module = importlib.import_module(family.renderer)
        if type(view) is getattr(module, side, None):
            return module
    return None


def public_renderer(view: Any, what: str) -> ModuleType:
    module = renderer_of(view)
    if module is None:
        raise TypeError(f"{what} is drawn from a public view only")
    return module


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

    async def board(self, view, tracker: bool = False, language: str = "en") -> bytes | None:
        drawing = public_renderer(view, "the public board")
        return await self._draw(drawing.render_board, view, tracker=tracker, language=language, **self._size())

    async def zoom(self, view, tracker: bool = True, language: str = "en") -> bytes | None:
        """The phone picture: the pawns and where Mr. X may be, with station numbers legible at 420 px
        (None for a family whose board needs no close-up)."""
        drawing = public_renderer(view, "the close-up")
        if not hasattr(drawing, "render_zoom"):
            return None
        return await self._draw(drawing.render_zoom, view, tracker=tracker, language=language)

    async def route(self, view, language: str = "en") -> bytes | None:
        drawing = public_renderer(view, "Mr. X's route")
        if view.outcome is None:
            raise TypeError("Mr. X's route is drawn from a finished game's public view only")
        return await self._draw(drawing.render_route, view, language=language, **self._size())

    @staticmethod
    def logbook_text(view, language: str = "en") -> str:
        """The logbook as embed text, one line per entry (cheap: no thread needed)."""
        return public_renderer(view, "the logbook").logbook_text(view, language)

    async def logbook(self, view, language: str = "en") -> bytes | None:
        drawing = public_renderer(view, "the logbook")
        return await self._draw(drawing.render_logbook, view, language=language)

    async def replay(self, record: dict, language: str = "en") -> bytes | None:
        """The animated replay of a finished game, from its record (public once the game is over)."""
        if not record.get("outcome"):
            raise TypeError("the replay is drawn from a finished game's record only")
        drawing = importlib.import_module(family_for_rules(record["rules"]).renderer)
        return await self._draw(drawing.render_record_replay, record, language=language, **self._size())

    async def mrx_board(self, view, language: str = "en") -> bytes | None:
        """Mr. X's private board: for his DM or an ephemeral reply only."""
        drawing = renderer_of(view, "SECRET_VIEW")
        if drawing is None:
            raise TypeError("Mr. X's board is drawn from his own view only")
        return await self._draw(drawing.render_mrx_board, view, language=language, **self._size())

    async def mrx_zoom(self, view, language: str = "en") -> bytes | None:
        """Mr. X's close-up (his station and every station a ticket takes him to, readable at 420 px):
        for his DM or an ephemeral reply only; None for a family whose board needs no close-up."""
        drawing = renderer_of(view, "SECRET_VIEW")
        if drawing is None:
            raise TypeError("Mr. X's close-up is drawn from his own view only")
        if not hasattr(drawing, "render_mrx_zoom"):
            return None
        return await self._draw(drawing.render_mrx_zoom, view, language=language)

    async def mrx_files(self, view, language: str = "en") -> list[discord.File]:
        """Mr. X's private pictures as attachments, for his DM prompt or his private board answer:
        his close-up first (what a phone reads), then his whole board."""
        zoom, board = await asyncio.gather(self.mrx_zoom(view, language=language),
                                           self.mrx_board(view, language=language))
        return [discord.File(io.BytesIO(data), name) for name, data in ((MRX_ZOOM, zoom), (MRX_BOARD, board)) if data]

    @staticmethod
    def mrx_embeds(files: list[discord.File]) -> list[discord.Embed]:
        """Where his close-up is attached, his whole board goes in an embed under it: Discord sets several
        attached images side by side (each half as wide on a phone), while one attachment and an embed's
        image each take the whole width. The embed keeps showing ``mrx-board.png`` when a receipt
        replaces the attachments with his board as it is after the move."""
        names = {f.filename for f in files}
        if not {MRX_ZOOM, MRX_BOARD} <= names:
            return []
        return [discord.Embed(colour=COLOUR).set_image(url=f"attachment://{MRX_BOARD}")]


def extension(data: bytes) -> str:
    return "gif" if data[:4] == b"GIF8" else "png"
