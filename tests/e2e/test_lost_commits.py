"""A move whose commit was sent and whose answer was lost, through the real bot and the fake Discord, on both
backends: on PostgreSQL a proxy drops the connection right after the server has committed (or right before it
could), on SQLite the disk fails under the COMMIT. The player is never told something false: a move that was kept
is a move made; one that was not is "nothing was changed"; when even that cannot be told, the bot says so."""

from __future__ import annotations

import random
import re
import sqlite3
from typing import AsyncIterator

import pytest_asyncio

from bot.chat import words
from bot.games.london.engine import MRX
from bot.games.london.engine.players import GreedyPlayer, view_for
from bot.service import GameService
from bot.store import SqliteStore
from bot.store.sqlite import Writes

from tests.e2e.helpers import Clock, Game
from tests.store.pg_proxy import commit_cutter


class FailingDisk(Writes):
    """SQLite's writing connection, with a disk that fails under the next COMMIT of a transaction that inserts into
    a table: after it was written (``kept``) or before; with ``down`` every new transaction fails too, until
    :meth:`heal`. The same switches as :class:`tests.store.pg_proxy.CommitCutter`. It fails on the connection's
    thread, where SQLite would."""

    def __init__(self, store: SqliteStore) -> None:
        super().__init__(store.writes.conn, store.writes.where)
        store.writes = self
        self._armed: tuple[re.Pattern[str], bool, bool] | None = None
        self._wrote = False
        self.down = False
        self.cuts: list[bool] = []

    def arm(self, table: str, *, kept: bool, down: bool = False) -> None:
        self._armed = (re.compile(rf"\bINSERT\s+INTO\s+{table}\b", re.IGNORECASE), kept, down)

    def heal(self) -> None:
        self.down = False

    def _run(self, statements, fetch, commit):
        if self.down and statements and statements[0][0].startswith("BEGIN"):
            raise sqlite3.OperationalError("disk I/O error")
        if self._armed is not None and any(self._armed[0].search(sql) for sql, _, _ in statements):
            self._wrote = True
        return super()._run(statements, fetch, commit)

    def commit(self, db: sqlite3.Connection) -> None:
        if self._wrote and self._armed is not None:
            _, kept, down = self._armed
            self._armed, self._wrote, self.down = None, False, down
            self.cuts.append(kept)
            db.execute("COMMIT" if kept else "ROLLBACK")
            raise sqlite3.OperationalError("disk I/O error")
        super().commit(db)


@pytest_asyncio.fixture
async def cutter(database) -> AsyncIterator:
    """Where the bot keeps its games (``database``: a SQLite file, or a database on the test server), with a way to
    lose a commit's answer: the proxy the bot connects through, or the failing disk (set up with the service)."""
    if isinstance(database, str):
        async with commit_cutter(database) as proxy:
            yield proxy
    else:
        yield database


@pytest_asyncio.fixture
async def service(cutter, clock: Clock) -> AsyncIterator[GameService]:
    opened = await GameService.open(getattr(cutter, "url", cutter), clock=clock, rng=random.Random(5),
                                    secret="e2e-secret")
    if isinstance(opened.database, SqliteStore):
        opened.failing_disk = FailingDisk(opened.database)
    yield opened
    await opened.close()


def switch(game: Game, cutter):
    return getattr(game.service, "failing_disk", cutter)


async def a_detective_turn(game: Game):
    """A game of three under way, a detective to move; returns (state, the move, its player, its options)."""
    w = game.world
    await game.open(seed=8, mrx=w.dave, detectives=(w.bob, w.carol))
    await game.start()
    before = await game.play(until=lambda s: s.to_move()[0] != MRX)
    pawn = next(p for p in before.to_move() if before.legal_moves(p))
    move = GreedyPlayer(random.Random(1)).choose(view_for(before, pawn), pawn)
    return before, move, await game.owner(pawn), {"to": move.to, "ticket": move.ticket, "pawn": move.pawn}


def move_posts(game: Game, before: int) -> list[str]:
    return [m.text for m in game.table_messages()[before:] if "takes the" in m.text or "→" in m.text]


async def test_a_move_kept_by_the_database_whose_answer_was_lost_is_a_move_made(game: Game, cutter) -> None:
    before, move, user, ride = await a_detective_turn(game)
    posts = len(game.table_messages())
    switch(game, cutter).arm("actions", kept=True)
    handle = await game.fake.slash(user, game.world.channel, "sy", "move", ride)
    answer = await handle.wait_outcome(timeout=10)
    await game.settle()
    assert switch(game, cutter).cuts == [True]
    assert answer is None, f"the player was told: {answer.text}"
    after = await game.truth()
    assert after.positions[move.pawn] == move.to and len(after.history) == len(before.history) + 1
    new = game.table_messages()[posts:]
    assert len(new) == 1 and str(move.to) in new[0].text, [m.text for m in new]
    assert await game.service.check_game(game.game_id) == []


async def test_a_move_the_database_did_not_keep_is_nothing_changed_and_plays_once_tried_again(game: Game,
                                                                                                cutter) -> None:
    before, move, user, ride = await a_detective_turn(game)
    switch(game, cutter).arm("actions", kept=False)
    handle = await game.fake.slash(user, game.world.channel, "sy", "move", ride)
    answer = await handle.wait_reply(timeout=10)
    assert switch(game, cutter).cuts == [False]
    assert answer.kind == "ephemeral" and answer.text == words.DATABASE_GONE, answer.text
    assert (await game.truth()).snapshot() == before.snapshot()
    await game.slash(user, "move", ride)
    after = await game.truth()
    assert after.positions[move.pawn] == move.to and len(after.history) == len(before.history) + 1


async def test_when_the_database_cannot_tell_the_player_hears_so_and_the_move_kept_is_posted_later(
        game: Game, cutter) -> None:
    before, move, user, ride = await a_detective_turn(game)
    posts = len(game.table_messages())
    switch(game, cutter).arm("actions", kept=True, down=True)
    handle = await game.fake.slash(user, game.world.channel, "sy", "move", ride)
    answer = await handle.wait_reply(timeout=15)
    switch(game, cutter).heal()
    assert answer.kind == "ephemeral" and answer.text == words.DATABASE_UNSURE, answer.text
    assert "nothing was changed" not in answer.text
    await game.settle()
    after = await game.truth()
    assert after.positions[move.pawn] == move.to and len(after.history) == len(before.history) + 1
    # The same command again (the player presses it once more) is the move already made, not a second one.
    await game.slash(user, "move", ride)
    assert len((await game.truth()).history) == len(after.history)
    new = game.table_messages()[posts:]
    assert sum(str(move.to) in m.text and move.pawn in m.text.lower() for m in new) <= 1
