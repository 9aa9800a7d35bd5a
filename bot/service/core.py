"""What every concern of the game service shares: the store, the clock, the draws, and a command's transaction."""

from __future__ import annotations

import dataclasses
import functools
import random
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from bot.fairness.commitments import new_nonce
from bot.games import Family, get_family
from bot.store import Conflict, DatabaseUnavailable, GameRow, OutcomeUnknown, Session, Store

from . import rows, steps
from .dealing import chance_of
from .models import CommandResult


#: how many games' families the service remembers
FAMILIES_KEPT = 10_000


class ServiceCore:
    """The state the service's concerns (:mod:`.lobby`, :mod:`.play`, ...) share; :class:`GameService` joins them."""

    def __init__(self, store: Store, clock: Callable[[], float], rng: random.Random, secret: str,
                 nonces: Callable[[], str] | None = None,
                 start_inputs: Callable[[str | None], str] | None = None) -> None:
        self._store = store
        self._clock = clock
        self._rng = rng
        self._secret = secret
        #: draws a new game's nonce (docs/fairness.md): the operating system's randomness
        self._nonces = nonces or new_nonce
        #: a game's start input from its start command's key (docs/fairness.md): the interaction's id
        self._start_input = start_inputs or (lambda key: key or self._nonces())
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
        """One command's transaction: (tx, now, the stored result when ``key`` already ran, else None). A commit
        whose answer was lost (:class:`OutcomeUnknown`) says how to find out whether it was kept: by ``key``."""
        try:
            async with self._store.transaction() as tx:
                await tx.games.lock(game_id=game_id, channel_id=channel_id)
                now = self._clock()
                yield tx, now, await steps.seen(tx, key, name, user_id, game_id=game_id, channel_id=channel_id)
        except OutcomeUnknown as unknown:
            unknown.look_up = functools.partial(steps.seen, key=key, name=name, user_id=user_id, game_id=game_id,
                                                channel_id=channel_id) if key is not None else None
            raise

    async def _kept(self, unknown: OutcomeUnknown) -> CommandResult:
        """A command whose commit went unanswered: its result when the database kept it (found by its key), else
        :class:`DatabaseUnavailable` (nothing was changed). When the database cannot tell (no key, or it is
        still away), ``unknown`` itself: whoever answers must not say that nothing changed."""
        look_up = unknown.look_up
        if look_up is None:
            raise unknown
        try:
            async with self._store.transaction() as tx:
                found = await look_up(tx)
        except Exception as exc:  # (the server still away, the disk still failing): it cannot be told
            raise unknown from exc
        if found is None:
            raise DatabaseUnavailable(f"{unknown.message}; it was not kept") from unknown
        return dataclasses.replace(found, duplicate=False)

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

    def _chance(self, game: GameRow, state, applied: int, start_input: str | None = None):
        """The generator of the chance ``game`` deals next, in ``state`` after ``applied`` actions: drawn from the
        game's key (:func:`.dealing.chance_of`), so two games opened with the same seed roll other dice."""
        return chance_of(game, self._secret, get_family(game.family), state, applied, start_input)


def retried(command):
    """A command that lost a race for a unique row (:class:`bot.store.Conflict`: the same idempotency key, a second
    game in the channel) runs once more in a new transaction, where it finds what the winner stored: the stored
    result, or a clear refusal. With one writer (SQLite) no command ever races.

    A command whose commit went unanswered (:class:`bot.store.OutcomeUnknown`: the connection dropped right after
    the server committed, or before) is looked up by its key: its own result when it was kept, else "the database
    is unavailable" (nothing changed), else, when even that cannot be told, the unknown outcome as such."""

    @functools.wraps(command)
    async def run(self, *args, **kwargs):
        try:
            try:
                return await command(self, *args, **kwargs)
            except Conflict:
                return await command(self, *args, **kwargs)
        except OutcomeUnknown as unknown:
            return await self._kept(unknown)

    return run
