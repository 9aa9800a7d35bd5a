"""The pages' data, cached per action: a game's public view (now, or as a round ended) as the page's JSON document
(``docs/web.md``), its board, and the round's picture for a page read without JavaScript. Everything comes from the
service's public view and the family's ``web_board``/``web_view`` (which take the public view only, through the
pictures' guard); a cached document is kept under the game's version, so a page view after the first costs one
read of the game's row.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import importlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.games import get_family

from .words import page_words

#: the JSON documents' format
API = "sy-web/1"
#: documents kept (each a few kilobytes)
KEPT = 512


@dataclass(frozen=True)
class Document:
    """A JSON document as it is served: its data, its bytes (plain and compressed) and its entity tag."""

    data: dict[str, Any]
    body: bytes
    compressed: bytes
    etag: str


def document(data: dict[str, Any]) -> Document:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    return Document(data, body, gzip.compress(body, 6, mtime=0), '"' + hashlib.sha256(body).hexdigest()[:32] + '"')


def html_document(text: str) -> Document:
    """A page's HTML as it is served (no entity tag: a page is not revalidated)."""
    body = text.encode()
    return Document({}, body, gzip.compress(body, 6, mtime=0), "")


class PageData:
    def __init__(self, service: Any, kept: int = KEPT) -> None:
        self.service = service
        self.kept = kept
        self._documents: OrderedDict[tuple, Document] = OrderedDict()
        self._pictures: OrderedDict[tuple, bytes] = OrderedDict()
        self._building: dict[tuple, asyncio.Future] = {}

    def _keep(self, store: OrderedDict, key: tuple, value: Any) -> Any:
        store[key] = value
        if len(store) > self.kept:
            store.popitem(last=False)
        return value

    async def _once(self, key: tuple, build) -> Any:
        """``build()`` once for ``key`` however many pages ask for it at the same moment."""
        pending = self._building.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self._building[key] = future
        try:
            value = await build()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # (seen: nobody else may be waiting)
            raise
        else:
            future.set_result(value)
            return value
        finally:
            del self._building[key]

    def page(self, key: tuple, write) -> Document:
        """A public page's HTML (``write()``), kept under ``key``: its documents' entity tags and its token."""
        found = self._documents.get(key)
        if found is None:
            found = self._keep(self._documents, key, html_document(write()))
        return found

    @staticmethod
    def shown_round(game, round_: int | None) -> int | None:
        """The round whose end the page shows (None: the game as it is now)."""
        if round_ is None or game.round is None or round_ >= game.round:
            return None
        return max(0, round_)

    async def view(self, game, round_: int | None, language: str) -> Document:
        """The page's document: the public view now (``round_`` None) or as round ``round_`` ended."""
        round_ = self.shown_round(game, round_)
        key = ("view", game.id, game.version, round_, language)
        found = self._documents.get(key)
        if found is not None:
            self._documents.move_to_end(key)
            return found
        return await self._once(key, lambda: self._view(key, game, round_, language))

    async def public_view(self, game, round_: int | None):
        return await self.service.public_view(game.id, after_round=round_)

    async def _view(self, key: tuple, game, round_: int | None, language: str) -> Document:
        family = get_family(game.family)
        view = await self.public_view(game, round_)
        players = await self.service.players(game.id)
        data = {
            "api": API,
            "version": game.version,
            "status": game.status,
            "rounds": game.round or 0,
            "shown": game.round if round_ is None else round_,
            "language": language,
            "words": page_words(language),
            "players": {str(p.seat): p.name for p in players if p.seat is not None},
            "view": family.web_view(view, language),
        }
        return self._keep(self._documents, key, document(data))

    async def board(self, game, language: str) -> Document:
        """The board's geometry (``docs/web.md``): the same for the whole game once its board is laid out."""
        key = ("board", game.id, game.version, language)  # (the dice game lays its board out as it starts)
        found = self._documents.get(key)
        if found is not None:
            return found

        async def build() -> Document:
            view = await self.public_view(game, None)
            data = {"api": API, **get_family(game.family).web_board(view, language)}
            return self._keep(self._documents, key, document(data))

        return await self._once(key, build)

    async def picture(self, game, round_: int | None, language: str) -> bytes:
        """The round's board as the channel's pictures draw it (PNG), for a page read without JavaScript."""
        round_ = self.shown_round(game, round_)
        key = ("png", game.id, game.version if round_ is None else 0, round_, language)
        found = self._pictures.get(key)
        if found is not None:
            return found

        async def build() -> bytes:
            view = await self.public_view(game, round_)
            drawing = importlib.import_module(get_family(game.family).renderer)
            if type(view) is not getattr(drawing, "PUBLIC_VIEW", None):
                raise TypeError("the page's picture is drawn from a public view only")
            png = await asyncio.to_thread(drawing.render_board, view, tracker=False, language=language)
            return self._keep(self._pictures, key, png)

        return await self._once(key, build)

    async def secret(self, game, user_id: int, language: str) -> Document:
        """Mr. X's own page's document (never cached: it is his alone, and he reads it rarely)."""
        family = get_family(game.family)
        view = await self.service.mrx_view(game.id, user_id)
        data = {"api": API, "version": game.version, "language": language, "words": page_words(language),
                "secret": family.web_secret(view, language), "view": family.web_view(view.public, language)}
        return document(data)
