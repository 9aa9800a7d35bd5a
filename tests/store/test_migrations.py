import shutil
import sqlite3

import aiosqlite
import pytest

from bot.cli import main
from bot.store import (
    MIGRATIONS_DIR,
    SqliteStore,
    MigrationError,
    database_path,
    find_migrations,
    integrity_check,
    migrate,
    schema_version,
)

LATEST = len(find_migrations())


async def schema(conn: aiosqlite.Connection) -> set[tuple]:
    found = await conn.execute_fetchall(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    return {tuple(row) for row in found}


@pytest.fixture
async def conn(tmp_path):
    connection = await aiosqlite.connect(tmp_path / "db.sqlite3", isolation_level=None)
    yield connection
    await connection.close()


@pytest.fixture
def migrations(tmp_path):
    """A copy of the real migrations that a test may add files to."""
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, folder)
    return folder


async def test_an_empty_file_is_brought_to_the_latest_version(tmp_path):
    db = await SqliteStore.open(tmp_path / "new" / "game.sqlite3")
    try:
        assert await schema_version(db.writer) == LATEST
        assert [m.version for m in db.applied] == list(range(1, LATEST + 1))
        tables = {row["name"] for row in await db.all("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "players", "pawn_controls", "actions", "snapshots", "commands", "announcements",
                "messages", "guild_settings", "results", "result_players"} <= tables
        assert (await db.one("PRAGMA journal_mode"))[0] == "wal"
        assert (await db.one("PRAGMA foreign_keys"))[0] == 1
        assert (await db.one("PRAGMA busy_timeout"))[0] > 0
        assert await integrity_check(db.writer) == ["ok"]
    finally:
        await db.close()


async def test_opening_again_applies_nothing(tmp_path):
    await (await SqliteStore.open(tmp_path / "db.sqlite3")).close()
    db = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        assert db.applied == []
    finally:
        await db.close()


@pytest.mark.parametrize("start", range(LATEST))
async def test_every_earlier_version_migrates_to_the_same_schema_as_a_new_file(tmp_path, conn, start):
    await migrate(conn, target=start)
    assert await schema_version(conn) == start
    applied = await migrate(conn)
    assert [m.version for m in applied] == list(range(start + 1, LATEST + 1))
    fresh = await aiosqlite.connect(tmp_path / "fresh.sqlite3", isolation_level=None)
    try:
        await migrate(fresh)
        assert await schema(conn) == await schema(fresh)
    finally:
        await fresh.close()


async def test_a_failing_migration_leaves_the_previous_version_intact(conn, migrations):
    await migrate(conn, migrations)
    await conn.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (7, 0)")
    before = await schema(conn)
    (migrations / f"{LATEST + 1:04d}_broken.sql").write_text(
        "CREATE TABLE half_done (x INTEGER);\n"
        "DELETE FROM guild_settings;\n"
        "INSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(sqlite3.OperationalError):
        await migrate(conn, migrations)
    assert await schema_version(conn) == LATEST
    assert await schema(conn) == before
    assert await conn.execute_fetchall("SELECT guild_id FROM guild_settings") == [(7,)]
    assert not conn.in_transaction


async def test_a_gap_in_the_numbers_is_refused_before_anything_runs(conn, migrations):
    (migrations / f"{LATEST + 2:04d}_after_a_gap.sql").write_text("CREATE TABLE later (x INTEGER);")
    with pytest.raises(MigrationError, match=f"{LATEST + 1:04d} is missing"):
        await migrate(conn, migrations)
    assert await schema_version(conn) == 0
    assert await schema(conn) == set()


def test_two_files_with_one_number_are_refused(migrations):
    (migrations / "0001_again.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="two migrations have number 1"):
        find_migrations(migrations)


def test_a_badly_named_file_is_refused(migrations):
    (migrations / "2_short.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="named like"):
        find_migrations(migrations)


async def test_a_database_newer_than_the_code_is_refused(conn):
    await conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(MigrationError, match="newer than this code"):
        await migrate(conn)


async def test_the_path_comes_from_sy_database_else_a_default_under_the_working_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("SY_DATABASE", str(tmp_path / "env.sqlite3"))
    assert database_path() == tmp_path / "env.sqlite3"
    assert database_path(tmp_path / "given.sqlite3") == tmp_path / "given.sqlite3"
    monkeypatch.delenv("SY_DATABASE")
    monkeypatch.chdir(tmp_path)
    db = await SqliteStore.open()
    await db.close()
    assert (tmp_path / "data" / "scotland-yard.sqlite3").is_file()


def test_the_migrate_command_brings_a_file_up_to_date(tmp_path, capsys):
    path = tmp_path / "cli" / "db.sqlite3"
    assert main(["migrate", "--database", str(path)]) == 0
    assert f"schema version {LATEST} of {LATEST}" in capsys.readouterr().out
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
    conn.close()
