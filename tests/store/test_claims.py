"""The claims table on both backends: of many processes claiming one game's work at once exactly one wins, a
claim expires after its lease, and a game another process is claiming is skipped at once, not waited for."""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest

from bot.store import migrate, open_store
from bot.store.claims import COMPUTERS, OUTBOX


NOW = 1_000.0


@pytest.fixture
async def stores(database):
    """Two stores on one database: two processes' pools on PostgreSQL, two openings of one file on SQLite."""
    first, second = await open_store(database), await open_store(database)
    yield first, second
    await first.close()
    await second.close()


async def new_game(store, channel: int, owed: int = 2) -> int:
    async with store.transaction() as tx:
        game_id = await tx.games.create(guild_id=1, channel_id=channel, status="running", rules="classic",
                                        board="london", options={}, seed=1, host_id=1, reminder_hours=None,
                                        deadline_hours=None, tracker=True, now=NOW, family="london",
                                        language="en")
        await tx.outbox.queue_all(game_id, [(f"action:{n}", "action", {}, None) for n in range(owed)], NOW)
    return game_id


async def take(store, game_id: int, holder: str, now: float = NOW, lease: float = 30) -> bool:
    async with store.transaction() as tx:
        return await tx.claims.take(game_id, COMPUTERS, holder, now, now + lease)


async def test_of_many_claiming_one_games_work_at_once_exactly_one_wins(stores):
    one, two = stores
    game_id = await new_game(one, 10)
    won = await asyncio.gather(*(take((one, two)[n % 2], game_id, f"p{n}") for n in range(12)))
    assert won.count(True) == 1
    winner = f"p{won.index(True)}"
    assert await one.reads.claims.holder(game_id, COMPUTERS, NOW) == winner
    assert await take(two, game_id, winner, NOW + 1)  # its own: renewed
    assert not await take(two, game_id, "late", NOW + 30)  # renewed at NOW + 1: held until NOW + 31
    assert await take(two, game_id, "late", NOW + 31)  # expired: the late one's now
    assert await one.reads.claims.holder(game_id, COMPUTERS, NOW + 31) == "late"


async def test_owed_posts_are_claimed_per_game_and_only_while_owed(stores):
    one, two = stores
    first, second = await new_game(one, 10), await new_game(one, 11)
    async with one.transaction() as tx:
        assert await tx.claims.take_owed_posts("a", NOW, NOW + 30, [first]) == [first]
    async with two.transaction() as tx:
        assert await tx.claims.take_owed_posts("b", NOW, NOW + 30) == [second]
        assert await tx.claims.take_owed_posts("b", NOW, NOW + 30, [first]) == []
    async with one.transaction() as tx:
        await tx.claims.release(OUTBOX, [first, second], "a")  # only a's own claim ends
    assert await one.reads.claims.holder(second, OUTBOX, NOW) == "b"
    async with one.transaction() as tx:
        for item in await tx.outbox.pending_of([first]):
            await tx.outbox.mark_posted(item.id, 10, 1, NOW)
        assert await tx.claims.take_owed_posts("a", NOW, NOW + 30, [first]) == []  # nothing owed: no claim


async def test_a_game_another_process_is_claiming_is_skipped_without_waiting(url):
    # (PostgreSQL: on SQLite one writer at a time, so no claim ever meets another half-way)
    one, two = await open_store(url), await open_store(url)
    try:
        first, second = await new_game(one, 10), await new_game(one, 11)
        holding = asyncio.Event()
        done = asyncio.Event()

        async def slow_claimer():
            async with one.transaction() as tx:
                assert await tx.claims.take_owed_posts("slow", NOW, NOW + 30, [first]) == [first]
                holding.set()
                await done.wait()  # its transaction (and the row's lock) stays open meanwhile

        async def quick_claimer():
            async with two.transaction() as tx:
                return await tx.claims.take_owed_posts("quick", NOW, NOW + 30)

        task = asyncio.create_task(slow_claimer())
        await holding.wait()
        quick = asyncio.create_task(quick_claimer())
        finished, _ = await asyncio.wait([quick], timeout=2)
        done.set()  # (a claim that waited for the lock ends now too)
        await task
        assert finished, "the claim waited for the game another process was claiming"
        assert await quick == [second]  # the locked game skipped, the other taken
        assert await one.reads.claims.holder(first, OUTBOX, NOW) == "slow"
    finally:
        await one.close()
        await two.close()


async def test_an_installation_upgraded_with_posts_owed_can_claim_them(tmp_path):
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        conn.row_factory = sqlite3.Row
        await migrate(conn, target=11)  # before claims: a post owed when the bot stopped
        await conn.execute("BEGIN")
        # the games table as version 11 had it (the store's part writes today's columns)
        cursor = await conn.execute(
            "INSERT INTO games (guild_id, channel_id, status, rules, board, options, seed, host_id, version, "
            "created_at, updated_at, family, language) VALUES (1, 10, 'running', 'classic', 'london', '{}', 1, 1, 1, "
            "?, ?, 'london', 'en')", (NOW, NOW))
        game_id = cursor.lastrowid
        await conn.execute("INSERT INTO announcements (game_id, key, kind, payload, created_at) "
                           "VALUES (?, 'action:1', 'action', '{}', ?)", (game_id, NOW))
        await conn.execute("COMMIT")
    store = await open_store(path)
    try:
        async with store.transaction() as tx:
            assert await tx.claims.take_owed_posts("upgraded", NOW, NOW + 30) == [game_id]
    finally:
        await store.close()
