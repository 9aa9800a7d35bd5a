"""The addresses of a game's web pages (``bot.web``, ``docs/web.md``): nobody can guess them, nobody can find one
game's page from another's, and the game's number is in none of them.

A page's token is the game's nonce (16 random bytes drawn when its lobby opened, sy-commit/2) followed by a tag,
16 bytes of ``HMAC-SHA256(secret, "sy-web/1 page " + nonce)``; Mr. X's own page ends in
``HMAC-SHA256(secret, "sy-web/1 mrx " + nonce + " " + user id)`` instead, so it is bound to the game and to the
person playing him. Both are written in base64url (43 characters). The nonce finds the game (an indexed column),
the tag proves the address came from the bot: it is compared in constant time (``hmac.compare_digest``). A game of
sy-commit/1 (no nonce) has no page.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac

from bot.games import get_family

from . import rows as read
from .core import ServiceCore
from .models import GameInfo, RUNNING

PAGE = "sy-web/1 page "
MRX_PAGE = "sy-web/1 mrx "
#: bytes of the tag after the nonce
TAG_BYTES = 16
NONCE_BYTES = 16


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes | None:
    if not isinstance(text, str) or len(text) != 43 or not text.isascii():
        return None
    try:
        return base64.urlsafe_b64decode(text + "=")
    except (binascii.Error, ValueError):
        return None


def _tag(secret: str, text: str) -> bytes:
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()[:TAG_BYTES]


def page_token(secret: str, nonce: str) -> str:
    """The public page's token of the game created with ``nonce``."""
    return _b64(bytes.fromhex(nonce) + _tag(secret, PAGE + nonce))


def mrx_token(secret: str, nonce: str, user_id: int) -> str:
    """Mr. X's own page's token for the person ``user_id`` playing him in the game of ``nonce``."""
    return _b64(bytes.fromhex(nonce) + _tag(secret, f"{MRX_PAGE}{nonce} {int(user_id)}"))


def split_token(token: str) -> tuple[str, bytes] | None:
    """(nonce as hex, tag) of a token as written, or None when it is no token at all."""
    raw = _unb64(token)
    if raw is None or len(raw) != NONCE_BYTES + TAG_BYTES:
        return None
    return raw[:NONCE_BYTES].hex(), raw[NONCE_BYTES:]


class Pages(ServiceCore):
    async def page_token(self, game_id: int) -> str | None:
        """The token of the game's public page (None: a game of sy-commit/1, which has none)."""
        game = await read.game_row(self._reads, game_id)
        return page_token(self._secret, game.nonce) if game.nonce else None

    async def mrx_page_token(self, game_id: int, user_id: int) -> str | None:
        """The token of Mr. X's own page for ``user_id`` (None: a game without a nonce)."""
        game = await read.game_row(self._reads, game_id)
        return mrx_token(self._secret, game.nonce, user_id) if game.nonce else None

    async def game_of_page(self, token: str) -> GameInfo | None:
        """The started game whose public page ``token`` names, or None (no such page: any wrong token)."""
        parts = split_token(token)
        if parts is None:
            return None
        nonce, tag = parts
        game = await self._reads.games.by_nonce(nonce)
        if game is None or game.started_at is None:
            hmac.compare_digest(tag, _tag(self._secret, PAGE + nonce))  # the same work either way
            return None
        if not hmac.compare_digest(tag, _tag(self._secret, PAGE + nonce)):
            return None
        return read.game_info(game)

    async def game_of_mrx_page(self, token: str) -> tuple[GameInfo, int] | None:
        """(the running game, the user id) that Mr. X's page ``token`` names, or None: a wrong token, one of
        someone who no longer plays him, or the game has ended."""
        parts = split_token(token)
        if parts is None:
            return None
        nonce, tag = parts
        game = await self._reads.games.by_nonce(nonce)
        if game is None:
            return None
        found = None
        for seat in await self._reads.seats.players(game.id):
            if seat.user_id > 0 and hmac.compare_digest(tag, _tag(self._secret, f"{MRX_PAGE}{nonce} {seat.user_id}")):
                found = seat.user_id
        if found is None or game.status != RUNNING:
            return None
        if not await self._reads.seats.moves(game.id, get_family(game.family).secret_pawn, found):
            return None
        return read.game_info(game), found
