import asyncio

import pytest

from bot.store import Conflict, SqliteStore


@pytest.fixture
async def db(tmp_path):
    database = await SqliteStore.open(tmp_path / "db.sqlite3")
    yield database
    await database.close()


async def test_a_transaction_commits_when_its_block_ends(db):
    async with db.transaction() as tx:
        await tx.sql.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 0)")
    assert (await db.one("SELECT COUNT(*) FROM guild_settings"))[0] == 1


async def test_a_transaction_rolls_back_everything_when_its_block_raises(db):
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.sql.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 0)")
            raise RuntimeError("refused half-way")
    assert (await db.one("SELECT COUNT(*) FROM guild_settings"))[0] == 0
    async with db.transaction() as tx:  # the connection is usable again
        await tx.sql.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (2, 0)")


async def test_readers_see_only_committed_changes(db):
    async with db.transaction() as tx:
        await tx.sql.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 0)")
        assert (await db.one("SELECT COUNT(*) FROM guild_settings"))[0] == 0
    assert (await db.one("SELECT COUNT(*) FROM guild_settings"))[0] == 1


async def test_the_reading_connection_cannot_write(db):
    with pytest.raises(Exception, match="readonly"):
        await db.reader.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 0)")


async def test_actions_are_append_only(db):
    async with db.transaction() as tx:
        await tx.sql.execute("INSERT INTO games (id, guild_id, channel_id, status, rules, board, seed, host_id, "
                         "created_at, updated_at) VALUES (1, 1, 1, 'running', 'classic', 'london', 0, 1, 0, 0)")
        await tx.sql.execute("INSERT INTO actions (game_id, seq, round, user_id, action, at) VALUES (1, 1, 1, 1, '{}', 0)")
    for sql in ("UPDATE actions SET action = '[]'", "DELETE FROM actions"):
        with pytest.raises(Exception, match="append-only"):
            async with db.transaction() as tx:
                await tx.sql.execute(sql)
    assert (await db.one("SELECT action FROM actions"))[0] == "{}"


async def test_a_channel_has_at_most_one_open_lobby_beside_its_running_games(db):
    insert = ("INSERT INTO games (guild_id, channel_id, status, rules, board, seed, host_id, created_at, updated_at) "
              "VALUES (1, 5, ?, 'classic', 'london', 0, 1, 0, 0)")
    async with db.transaction() as tx:  # games running in threads of their own, and one lobby
        for status in ("finished", "cancelled", "running", "running", "lobby"):
            await tx.sql.execute(insert, (status,))
    with pytest.raises(Conflict, match="UNIQUE|unique"):
        async with db.transaction() as tx:
            await tx.sql.execute(insert, ("lobby",))


INSERT = "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, 0)"


async def test_a_command_cancelled_half_way_leaves_nothing_and_the_connection_usable(db):
    inside = asyncio.Event()

    async def slow_command():
        async with db.transaction() as tx:
            await tx.sql.execute(INSERT, (1,))
            inside.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow_command())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with db.transaction() as tx:
        await tx.sql.execute(INSERT, (2,))
    assert [row[0] for row in await db.all("SELECT guild_id FROM guild_settings")] == [2]


@pytest.mark.parametrize("ticks", range(6))
async def test_a_command_cancelled_while_its_transaction_begins_or_ends_leaves_the_connection_usable(db, ticks):
    async def command():
        async with db.transaction() as tx:
            await tx.sql.execute(INSERT, (1,))

    task = asyncio.create_task(command())
    for _ in range(ticks):
        await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    async with db.transaction() as tx:
        await tx.sql.execute(INSERT, (2,))
    assert {row[0] for row in await db.all("SELECT guild_id FROM guild_settings")} <= {1, 2}
    assert not db.writer.in_transaction


async def test_a_database_path_that_cannot_be_used_is_one_clear_error(tmp_path):
    from bot.store import DatabaseUnavailable

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file in the way")
    folder = tmp_path / "a-folder.sqlite3"
    folder.mkdir()
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database, just bytes " * 40)
    for path, reason in ((blocker / "games.sqlite3", "not a directory"), (folder, "directory"),
                         (garbage, "not a database")):
        with pytest.raises(DatabaseUnavailable) as caught:
            await SqliteStore.open(path)
        message = caught.value.message
        assert str(path) in message and reason in message.lower() and "\n" not in message


async def test_writes_stop_when_the_database_file_vanishes_under_the_bot(tmp_path):
    import shutil

    from bot.store import DatabaseUnavailable

    folder = tmp_path / "data"
    db = await SqliteStore.open(folder / "games.sqlite3")
    try:
        async with db.transaction() as tx:
            await tx.sql.execute("INSERT INTO installation (key, value, updated_at) VALUES ('a', 'b', 0)")
        shutil.rmtree(folder)  # the data folder removed while the bot runs
        with pytest.raises(DatabaseUnavailable, match="unavailable: the file was removed"):
            async with db.transaction() as tx:
                await tx.sql.execute("INSERT INTO installation (key, value, updated_at) VALUES ('c', 'd', 0)")
    finally:
        await db.close()


def test_a_refused_database_leaves_no_thread_that_keeps_the_process_alive(tmp_path):
    import subprocess
    import sys

    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database " * 100)
    code = ("import asyncio\nfrom bot.store import SqliteStore, DatabaseUnavailable\n"
            f"try:\n    asyncio.run(SqliteStore.open({str(garbage)!r}))\nexcept DatabaseUnavailable as e:\n    print(e.message)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "file is not a database" in done.stdout
