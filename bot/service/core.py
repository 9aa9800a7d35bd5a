"""What every concern of the game service shares: the store, the clock, the draws, and a command's transaction."""

from __future__ import annotations

import functools
import random
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from bot.games import Family, get_family
from bot.store import Conflict, GameRow, Session, Store

from . import rows, steps
from .dealing import deal_seed
from .models import CommandResult


#: how many games' families the service remembers
FAMILIES_KEPT = 10_000


class ServiceCore:
    """The state the service's concerns (:mod:`.lobby`, :mod:`.play`, ...) share; :class:`GameService` joins them."""

    def __init__(self, store: Store, clock: Callable[[], float], rng: random.Random, secret: str) -> None:
        self._store = store
        self._clock = clock
        self._rng = rng
        self._secret = secret
        #: game id -> family name, for the games played lately (a game's family never changes)
        self._families: dict[int, str] = {}

    @property
    def database(self) -> Store:
        return self._store

    @property
    def _reads(self) -> Session:
        """The store as reads outside a command see it: the last commit."""
        return self._store.reads

    @asynccontextmanager
    async def _command(self, key: str | None, name: str, user_id: int, *, game_id: int | None = None,
                       channel_id: int | None = None) -> AsyncIterator[tuple[Session, float, CommandResult | None]]:
        """One command's transaction: (tx, now, the stored result when ``key`` already ran, else None)."""
        async with self._store.transaction() as tx:
            await tx.games.lock(game_id=game_id, channel_id=channel_id)
            now = self._clock()
            yield tx, now, await steps.seen(tx, key, name, user_id, game_id=game_id, channel_id=channel_id)

    async def _family_of(self, game_id: int) -> Family:
        """The game's family, read once per game (GameNotFound when there is no such game): a command that
        needs it before its transaction saves a trip to the database on every move after the first."""
        name = self._families.get(game_id)
        if name is None:
            name = (await rows.game_row(self._reads, game_id)).family
            if len(self._families) >= FAMILIES_KEPT:
                del self._families[next(iter(self._families))]  # the one read longest ago
            self._families[game_id] = name
        return get_family(name)

    def _now(self, now: float | None) -> float:
        return self._clock() if now is None else now

    def _chance(self, game: GameRow, applied: int) -> random.Random:
        """The generator of the chance dealt after ``applied`` actions of ``game``: its own number for
        every action of every game (two games opened with the same seed roll other dice), mixed with
        the installation secret."""
        return random.Random(deal_seed(self._secret, game.seed, f"chance:{game.id}:{applied}"))


def retried(command):
    """A command that lost a race for a unique row (:class:`bot.store.Conflict`: the same idempotency key, a second
    game in the channel) runs once more in a new transaction, where it finds what the winner stored: the stored
    result, or a clear refusal. With one writer (SQLite) no command ever races."""

    @functools.wraps(command)
    async def run(self, *args, **kwargs):
        try:
            return await command(self, *args, **kwargs)
        except Conflict:
            return await command(self, *args, **kwargs)

    return run
