"""What a command's transaction keeps and sends, on both backends: the game and its seats are read once and kept
up to date by the command's own writes; on PostgreSQL, writes wait and travel with the next statement that
needs an answer (or the commit), and yet every statement sees what the ones before it wrote."""

from __future__ import annotations

import asyncpg
import pytest

from bot.store import Conflict, open_store



@pytest.fixture
async def store(database):
    opened = await open_store(database)
    yield opened
    await opened.close()


async def new_game(tx, channel: int = 1) -> int:
    return await tx.games.create(guild_id=1, channel_id=channel, status="lobby", rules="classic", board="london",
                                 options={}, seed=1, host_id=1, reminder_hours=None, deadline_hours=None,
                                 tracker=True, now=0, family="london", language="en")


async def test_a_game_read_in_a_command_is_kept_and_follows_the_commands_own_writes(store):
    async with store.transaction() as tx:
        game_id = await new_game(tx)
    async with store.transaction() as tx:
        first = await tx.games.get(game_id)
        assert await tx.games.get(game_id) is first  # read once
        await tx.games.set_version(game_id, 7, 5.0)
        after = await tx.games.get(game_id)
        assert (after.version, after.updated_at) == (7, 5.0)
        await tx.games.start(game_id, "running", 2, 6.0, 99)
        assert (await tx.games.active_in_channel(1)).status == "running"
        await tx.games.end(game_id, "cancelled", 7.0)
        assert await tx.games.active_in_channel(1) is None  # no longer active: asked again, and there is none
    assert (await store.reads.games.get(game_id)).status == "cancelled"


async def test_reads_outside_a_command_see_every_commit(store):
    async with store.transaction() as tx:
        game_id = await new_game(tx)
    before = await store.reads.games.get(game_id)
    async with store.transaction() as tx:
        await tx.games.set_version(game_id, 3, 1.0)
    assert before.version == 1 and (await store.reads.games.get(game_id)).version == 3


async def test_a_commands_seats_are_read_once_and_forgotten_when_it_changes_them(store):
    async with store.transaction() as tx:
        game_id = await new_game(tx)
        for user in (10, 11):
            await tx.seats.join(game_id, user, f"P{user}", None, 0.0)
    async with store.transaction() as tx:
        assert [p.user_id for p in await tx.seats.players(game_id)] == [10, 11]
        await tx.seats.seat(game_id, [(11, 0, "mrx"), (10, 1, "detective")])
        assert [p.user_id for p in await tx.seats.players(game_id)] == [11, 10]  # by seat now
        await tx.seats.give_pawns(game_id, [("mrx", 11), ("red", 10), ("blue", 10)])
        assert await tx.seats.pawns_by_user(game_id) == {11: ("mrx",), 10: ("red", "blue")}
        assert await tx.seats.controllers(game_id, ("blue", "mrx")) == (11, 10)
        assert await tx.seats.moves(game_id, "red", 10) and not await tx.seats.moves(game_id, "red", 11)
        await tx.seats.hand_pawns(game_id, 10, 11)
        assert await tx.seats.pawns_by_user(game_id) == {11: ("mrx", "red", "blue")}
    assert await store.reads.seats.pawns_by_user(game_id) == {11: ("mrx", "red", "blue")}


async def test_writes_that_wait_are_seen_by_the_next_statement_and_kept_by_the_commit(store):
    async with store.transaction() as tx:
        game_id = await new_game(tx)
        await tx.outbox.queue_all(game_id, [("a", "action", {"n": 1}, None), ("b", "action", {"n": 2}, 5)], 1.0)
        await tx.commands.remember("key-1", game_id, 1, "act", 2, [], 1.0)
        assert [a.key for a in await tx.outbox.pending(game_id)] == ["a", "b"]  # they went out before this read
        await tx.outbox.queue(game_id, "c", "action", {}, 2.0)
        await tx.outbox.queue(game_id, "a", "action", {}, 2.0)  # a key is owed once: changes nothing
        await tx.actions.append(game_id, 1, 1, 1, {"x": 1}, "key-1", 2.0)  # refers to the command stored above
    assert [a.key for a in await store.reads.outbox.pending(game_id)] == ["a", "b", "c"]
    assert await store.reads.actions.listed(game_id) == [{"x": 1}]
    assert (await store.reads.commands.find("key-1")).name == "act"


async def test_a_waiting_write_that_breaks_a_rule_fails_inside_the_transaction_and_keeps_nothing(store):
    async with store.transaction() as tx:
        game_id = await new_game(tx)
        await tx.commands.remember("key-1", game_id, 1, "act", 2, [], 1.0)
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.outbox.queue(game_id, "owed", "action", {}, 1.0)
            await tx.commands.remember("key-1", game_id, 1, "act", 3, [], 1.0)  # the key is taken
    assert await store.reads.outbox.pending(game_id) == []


@pytest.fixture
async def server_store(url):
    opened = await open_store(url)
    yield opened
    await opened.close()


async def test_on_postgresql_a_moves_writes_travel_together(server_store):
    store = server_store
    async with store.transaction() as tx:
        game_id = await new_game(tx)
    sent: list[str] = []
    original = asyncpg.Connection._execute

    async def counted(self, query, args, *rest, **kwargs):
        sent.append(query)
        return await original(self, query, args, *rest, **kwargs)

    asyncpg.Connection._execute = counted
    try:
        async with store.transaction() as tx:
            await tx.commands.remember("key-1", game_id, 1, "act", 2, [], 1.0)
            await tx.actions.append(game_id, 1, 1, 1, {"x": 1}, "key-1", 1.0)
            await tx.actions.save_snapshot(game_id, 2, 1, {"round": 1})
            await tx.outbox.queue_all(game_id, [("a", "action", {}, None), ("b", "action", {}, None)], 1.0)
            await tx.games.played(game_id, version=2, round=1, to_move=("red",), turn=1, turn_started_at=1.0,
                                  status="running", winner=None, end_reason=None, finished_at=None, now=1.0)
            assert (await tx.games.get(game_id)).version == 2
    finally:
        asyncpg.Connection._execute = original
    # the command, the action, the snapshot, the owed messages and their game's claim row: one statement
    assert len(sent) == 1 and sent[0].startswith("WITH ") and sent[0].count(" AS (INSERT INTO ") == 5
    assert (await store.reads.actions.snapshot(game_id)).listed == 1
