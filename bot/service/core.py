"""What every concern of the game service shares: the store, the clock, the draws, and a command's transaction."""

from __future__ import annotations

import random
import sqlite3
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

import aiosqlite

from bot.store import Database

from . import steps
from .dealing import deal_seed
from .models import CommandResult


class ServiceCore:
    """The state the service's concerns (:mod:`.lobby`, :mod:`.play`, ...) share; :class:`GameService` joins them."""

    def __init__(self, db: Database, clock: Callable[[], float], rng: random.Random, secret: str) -> None:
        self._db = db
        self._clock = clock
        self._rng = rng
        self._secret = secret

    @property
    def database(self) -> Database:
        return self._db

    @asynccontextmanager
    async def _command(self, key: str | None, name: str, user_id: int, *, game_id: int | None = None,
                       channel_id: int | None = None) -> AsyncIterator[tuple[aiosqlite.Connection, float,
                                                                             CommandResult | None]]:
        """One command's transaction: (tx, now, the stored result when ``key`` already ran, else None)."""
        async with self._db.transaction() as tx:
            now = self._clock()
            yield tx, now, await steps.seen(tx, key, name, user_id, game_id=game_id, channel_id=channel_id)

    def _now(self, now: float | None) -> float:
        return self._clock() if now is None else now

    def _chance(self, game: sqlite3.Row, applied: int) -> random.Random:
        """The generator of the chance dealt after ``applied`` actions of ``game``: its own number for
        every action of every game (two games opened with the same seed roll other dice), mixed with
        the installation secret."""
        return random.Random(deal_seed(self._secret, game["seed"], f"chance:{game['id']}:{applied}"))
