"""The PostgreSQL backend against a real server (tests/store/postgres_server.py): the same schema as SQLite's,
commands on one game serialised and on different games in parallel, races on unique rows, a restart, a
transaction the server ended, and one clear line for a database that cannot be used."""

from __future__ import annotations

import asyncio
import random

import aiosqlite
import asyncpg
import pytest

from bot.service import GameService
from bot.store import Conflict, DatabaseUnavailable, OutcomeUnknown, open_store
from bot.store.migrations import find_migrations
from bot.store.postgres import PostgresStore, shown

from tests.service.helpers import SECRET, Clock, mrx_user, new_key, started, stored_state
from tests.store.postgres_server import server

#: the schema version every migration brings a database to
LATEST = find_migrations()[-1].version


@pytest.fixture
async def store(url):
    opened = await open_store(url)
    yield opened
    await opened.close()


async def sqlite_columns(path) -> dict[str, set[tuple[str, bool]]]:
    async with aiosqlite.connect(path) as conn:
        tables = [r[0] for r in await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        found = {}
        for table in tables:
            info = await conn.execute_fetchall(f"PRAGMA table_info({table})")
            found[table] = {(row[1], bool(row[3]) or bool(row[5])) for row in info}  # name, NOT NULL or key
        return found


async def postgres_columns(url) -> dict[str, set[tuple[str, bool]]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT table_name, column_name, is_nullable FROM information_schema.columns "
                                "WHERE table_schema = 'public'")
    finally:
        await conn.close()
    found: dict[str, set[tuple[str, bool]]] = {}
    for row in rows:
        found.setdefault(row["table_name"], set()).add((row["column_name"], row["is_nullable"] == "NO"))
    return found


async def test_both_backends_have_the_same_tables_and_columns(tmp_path, url, store):
    await (await open_store(tmp_path / "games.sqlite3")).close()
    lite, pg = await sqlite_columns(tmp_path / "games.sqlite3"), await postgres_columns(url)
    assert pg.pop("schema_version")  # PostgreSQL keeps its version in a table, SQLite in PRAGMA user_version
    pg["pawn_controls"].remove(("rowid", True))  # SQLite's implicit rowid, written out
    assert sorted(pg) == sorted(lite)
    for table in lite:
        assert pg[table] == lite[table], table


async def test_both_backends_have_the_same_migration_numbers():
    from bot.store import MIGRATIONS_DIR, find_migrations

    assert [m.name for m in find_migrations(MIGRATIONS_DIR / "postgresql")] == \
        [m.name for m in find_migrations(MIGRATIONS_DIR)]


async def test_opening_again_applies_nothing(url, store):
    assert await store.schema_version() == LATEST
    again = await open_store(url)
    try:
        assert again.applied == [] and await again.schema_version() == LATEST
    finally:
        await again.close()


async def test_a_game_is_locked_by_the_command_that_reads_it_and_other_games_are_not(store):
    async with store.transaction() as tx:
        for channel in (1, 2):
            await tx.games.create(guild_id=1, channel_id=channel, status="lobby", rules="classic", board="london",
                                  options={}, seed=1, host_id=1, reminder_hours=None, deadline_hours=None,
                                  tracker=True, now=0, family="london", language="en")
    first_holds = asyncio.Event()
    release = asyncio.Event()
    order: list[str] = []

    async def hold(game_id: int) -> None:
        async with store.transaction() as tx:
            await tx.games.get(game_id)
            first_holds.set()
            await release.wait()
            order.append("first done")

    async def touch(game_id: int, name: str) -> None:
        async with store.transaction() as tx:
            await tx.games.get(game_id)
            order.append(name)

    holder = asyncio.create_task(hold(1))
    await first_holds.wait()
    await asyncio.wait_for(touch(2, "other game"), 5)  # not held up by the lock on game 1
    same = asyncio.create_task(touch(1, "same game"))
    await asyncio.sleep(0.3)
    assert order == ["other game"]  # waits for the first command
    release.set()
    await asyncio.gather(holder, same)
    assert order == ["other game", "first done", "same game"]


async def test_two_transactions_storing_one_key_conflict(store):
    async with store.transaction() as tx:
        game = await tx.games.create(guild_id=1, channel_id=1, status="lobby", rules="classic", board="london",
                                     options={}, seed=1, host_id=1, reminder_hours=None, deadline_hours=None,
                                     tracker=True, now=0, family="london", language="en")
    inside = asyncio.Event()
    go = asyncio.Event()

    async def remember(tx) -> None:
        await tx.commands.remember("key-1", game, 1, "join", 2, [], 0)
        await tx.commands.find("key-1")  # a read of the table: the waiting write goes to the server first

    async def first() -> None:
        async with store.transaction() as tx:
            await remember(tx)
            inside.set()
            await go.wait()

    task = asyncio.create_task(first())
    await inside.wait()
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            waiting = asyncio.create_task(remember(tx))
            await asyncio.sleep(0.2)
            assert not waiting.done()  # the key's row waits for the first transaction to end
            go.set()
            await waiting
    await task


async def test_racing_commands_with_one_key_return_the_stored_result_and_apply_once(url):
    services = [await GameService.open(url, clock=Clock(), rng=random.Random(1), secret=SECRET) for _ in range(2)]
    try:
        start = await started(services[0])
        game_id = start.game.id
        move = (await stored_state(services[0], game_id)).legal_moves("mrx")[0]
        results = await asyncio.gather(*(s.act(game_id, mrx_user(start), move, "same-click", expected_round=1)
                                         for s in services for _ in range(5)))
        assert sum(not r.duplicate for r in results) == 1 and len({r.version for r in results}) == 1
        assert (await services[0].database.one("SELECT COUNT(*) FROM actions"))[0] == 1
    finally:
        for s in services:
            await s.close()


async def test_two_processes_opening_a_channel_at_once_get_one_game_and_a_clear_refusal(url):
    services = [await GameService.open(url, clock=Clock(), rng=random.Random(n), secret=SECRET) for n in range(2)]
    try:
        results = await asyncio.gather(*(s.create_game(1, 10, 100 + n, f"Host {n}", rules="classic", seed=1)
                                         for n, s in enumerate(services)), return_exceptions=True)
        games = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(games) == 1 and [type(r).__name__ for r in refused] == ["GameAlreadyRunning"]
    finally:
        for s in services:
            await s.close()


async def test_a_restarted_server_loses_no_confirmed_move_and_the_next_command_succeeds(url):
    service = await GameService.open(url, clock=Clock(), rng=random.Random(1), secret=SECRET)
    try:
        start = await started(service)
        game_id = start.game.id
        move = (await stored_state(service, game_id)).legal_moves("mrx")[0]
        confirmed = await service.act(game_id, mrx_user(start), move, new_key(), expected_round=1)
        await asyncio.to_thread(server().restart)
        state = await stored_state(service, game_id)  # a read after the restart
        assert len(state.logbook) == 1 and state.round == confirmed.round
        pawn = state.to_move()[0]
        owner = next(p.user_id for p in await service.players(game_id) if pawn in p.pawns)
        await service.act(game_id, owner, state.legal_moves(pawn)[0], new_key())  # a command after it
        assert await service.check_game(game_id) == []
    finally:
        await service.close()


async def test_a_command_cut_off_half_way_leaves_nothing_and_owes_nothing(url):
    service = await GameService.open(url, clock=Clock(), rng=random.Random(1), secret=SECRET)
    try:
        start = await started(service)
        game_id = start.game.id
        owed = len(await service.pending_announcements(game_id))
        move = (await stored_state(service, game_id)).legal_moves("mrx")[0]
        real = service._store.transaction

        def cut_off():  # the connection dies just before the commit
            from contextlib import asynccontextmanager

            @asynccontextmanager
            async def transaction():
                async with real() as tx:
                    yield tx
                    await tx.sql.execute("SELECT pg_terminate_backend(pg_backend_pid())")
            return transaction()

        service._store.transaction = cut_off
        with pytest.raises(DatabaseUnavailable):
            await service.act(game_id, mrx_user(start), move, new_key(), expected_round=1)
        service._store.transaction = real
        assert (await service.database.one("SELECT COUNT(*) FROM actions"))[0] == 0
        assert len(await service.pending_announcements(game_id)) == owed
        assert await service.check_game(game_id) == []
    finally:
        await service.close()


@pytest.mark.parametrize("change, reason", [
    (lambda url: url.replace("postgres@", "nobody@"), 'role "nobody" does not exist'),
    (lambda url: url.replace("/sy_test", "/no_such_db_"), "create it first"),
    (lambda url: url.split("?")[0] + "?host=/nonexistent-folder", "cannot open the database"),
])
async def test_a_database_that_cannot_be_used_is_one_clear_line(url, change, reason):
    target = change(url)
    with pytest.raises(DatabaseUnavailable) as caught:
        await open_store(target)
    message = caught.value.message
    assert reason in message and shown(target) in message and "\n" not in message


def test_a_password_never_appears_in_a_message():
    assert shown("postgresql://bot:s3cret@db.example:5432/sy") == "postgresql://bot:***@db.example:5432/sy"


async def test_a_server_older_than_the_oldest_supported_is_refused(url, monkeypatch):
    monkeypatch.setattr("bot.store.postgres.OLDEST_SERVER", 99)
    with pytest.raises(DatabaseUnavailable, match="older than 99; upgrade it"):
        await PostgresStore.open(url)


def test_sy_database_takes_a_file_path_or_a_postgresql_url_as_written():
    from pathlib import Path

    from bot.config import database_path

    assert database_path({"SY_DATABASE": "postgresql://bot@db/sy"}) == "postgresql://bot@db/sy"
    assert database_path({"SY_DATABASE": "data/games.sqlite3"}) == Path("data/games.sqlite3")


async def test_the_migrate_command_brings_a_postgresql_database_up_to_date(url, capsys):
    from bot.cli import main

    assert await asyncio.to_thread(main, ["migrate", "--database", url]) == 0
    assert f"schema version {LATEST} of {LATEST}" in capsys.readouterr().out


@pytest.mark.parametrize("speaks", ["a statement", "the commit"])
async def test_a_transaction_the_server_ended_is_unavailable_whenever_its_process_speaks_again(store, speaks):
    """The server ends a transaction that waited too long on its process (idle_in_transaction_session_timeout, as
    the processes' lock sets it). Whenever the process speaks again, as the server's word arrives or later, it reads
    that the database is unavailable (at the commit: that the outcome is unknown), never asyncpg's own confusion
    ("cannot switch to state"), and the pool's next transaction works."""
    ended = 0
    for step in range(16):
        try:
            async with store.transaction() as tx:
                await tx.sql.one("SELECT set_config('idle_in_transaction_session_timeout', '100', true)")
                await asyncio.sleep(0.09 + step * 0.003)  # just before the server ends it, as it does, and after
                if speaks == "a statement":
                    await tx.sql.one("SELECT 1")
        except (DatabaseUnavailable, OutcomeUnknown):
            ended += 1
        async with store.transaction() as tx:
            assert (await tx.sql.one("SELECT 2"))[0] == 2
    assert ended >= 8  # (each one that waited 0.114 s or more, at least)
