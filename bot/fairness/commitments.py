"""The commitment scheme ``sy-commit/1``: HMAC-SHA256 for keys and salts, SHA-256 for commitments.

    game key     = HMAC-SHA256(installation secret, "sy-commit/1 game-key " + game)
    salt(n)      = HMAC-SHA256(game key, "sy-commit/1 salt " + n)
    commitment   = SHA-256("sy-commit/1|" + game + "|" + n + "|" + station + "|" + hex(salt(n)))

``game`` is the game's reference as text (the bot's game number, or ``offline-<seed>`` for the offline
tools) and ``n`` the entry: 0 is Mr. X's start (the deal), 1, 2, ... his logbook entries. Keys and
salts are 32 bytes, written as 64 lowercase hex digits. The game key is published when the game ends;
HMAC's one-wayness keeps the installation secret, and so every other game's key, out of reach.
"""

from __future__ import annotations

import hashlib
import hmac

SCHEME = "sy-commit/1"
#: hex digits of a commitment shown in a logbook post (the record carries all 64)
SHORT = 6


def game_key(secret: str, game: str) -> str:
    """The key of one game, derived from the installation secret."""
    return hmac.new(secret.encode(), f"{SCHEME} game-key {game}".encode(), hashlib.sha256).hexdigest()


def salt(key: str, entry: int) -> str:
    """The salt of entry ``entry`` (0: the start) under a game's key."""
    return hmac.new(bytes.fromhex(key), f"{SCHEME} salt {int(entry)}".encode(), hashlib.sha256).hexdigest()


def commitment(game: str, entry: int, station: int, salt_hex: str) -> str:
    """The public commitment to ``station`` at ``entry`` of ``game``."""
    text = f"{SCHEME}|{game}|{int(entry)}|{int(station)}|{salt_hex}"
    return hashlib.sha256(text.encode()).hexdigest()


def commit(key: str, game: str, entry: int, station: int) -> str:
    """The commitment the bot publishes for ``station`` at ``entry`` (the salt derived from ``key``)."""
    return commitment(game, entry, station, salt(key, entry))


def short(value: str) -> str:
    """The few characters a logbook post shows of a commitment."""
    return value[:SHORT]
