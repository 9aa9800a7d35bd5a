"""Moving an installation from its SQLite file to PostgreSQL (``python -m bot migrate --copy-to``), against the
test server: every row arrives, the games go on where they stopped, and a copy that cannot be made keeps nothing."""

from __future__ import annotations

import asyncio
import random
import re
import shutil
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.cli import main
from bot.fairness.verify import verify_record
from bot.service import GameService, GuildSettings
from bot.service.dealing import SECRET_KEY
from bot.service.moving import copy_installation, every_game_replays
from bot.store import open_store
from bot.store.copying import CopyRefused

from tests.service.dice_helpers import dice_turn
from tests.store.postgres_server import fresh_database
from tests.service.helpers import (GUILD, HOST, SECRET, Clock, new_key, next_key_number, nonces, play_out,
                                  play_turn, restart_keys, started)

#: every table the copy must fill (the schema's own version table aside)
FILLED = ("games", "players", "pawn_controls", "commands", "actions", "snapshots", "announcements", "messages",
          "results", "result_players", "guild_settings", "installation", "user_languages")


@pytest.fixture(scope="module")
def made_installation(tmp_path_factory) -> tuple[Path, int]:
    """The installation of :func:`bot_installation` and the number of the interaction id that would come next, made
    once for the file's tests: making it cost a fifth of a second of CPU, for each of 13 tests."""
    path = tmp_path_factory.mktemp("installation") / "bot.sqlite3"
    following = asyncio.run(bot_installation(path))
    return path, following


@pytest.fixture
def installation(made_installation, tmp_path, keys_from_one) -> Path:
    """A copy of the installation of :func:`bot_installation`, the test's own to copy from and to change; the test's
    interaction ids go on after the installation's, as if the test had made it."""
    made, following = made_installation
    path = tmp_path / made.name
    shutil.copyfile(made, path)
    restart_keys(following)
    return path


async def bot_installation(path: Path) -> int:
    """A SQLite file at ``path`` as a bot leaves it: a finished game with its statistics, a master game under way, a
    dice game with a computer detective under way, a lobby, server and personal settings, posted and pending
    messages; the same every time (seeded, its interaction ids from 1, on a clock and with nonces of its own).
    Returns the number of the interaction id after the installation's."""
    restart_keys()
    rng = random.Random(7)
    store = await open_store(path)
    async with store.transaction() as tx:  # the secret kept in the file, as the bot keeps one it made
        await tx.settings.set_installation_value(SECRET_KEY, SECRET, 0.0)
    await store.close()
    # nonces of their own, the same run after run: the games' chance comes from their keys (sy-commit/2)
    service = await GameService.open(path, clock=Clock(), rng=random.Random(1), nonces=nonces(1))
    try:
        finished = await started(service, 3, seed=5, channel=10)
        await play_out(service, finished.game.id, rng)
        master = await started(service, 4, rules="master", seed=6, channel=11)
        for _ in range(6):
            await play_turn(service, master.game.id, rng)
        await service.create_game(GUILD, 12, HOST, "Host", rules="dice", seed=3)
        await service.join(12, HOST + 1, "Player 101", "mrx")
        await service.add_computer(12, HOST, "detective", "greedy")
        dice = await service.start(12, HOST, key=new_key())
        for _ in range(6):
            await service.play_computers(dice.game.id)
            if (await service.computer_turn(dice.game.id)) is None:
                await dice_turn(service, dice.game.id, rng)
        await service.create_game(GUILD, 13, HOST, "Host", rules="mb1985", seed=9)
        await service.join(13, HOST + 1, "Player 101")
        await service.set_guild_settings(GUILD, GuildSettings(default_rules="master", reminder_hours=12.0),
                                         can_manage_guild=True)
        await service.set_user_language(HOST + 1, "de")
        await service.record_message(master.game.id, "board", 11, 555)
        first = (await service.pending_announcements())[0]
        await service.mark_posted(first.id, 11, 777)
    finally:
        await service.close()
    return next_key_number()


async def table_rows(path) -> dict[str, list[tuple]]:
    async with aiosqlite.connect(path) as conn:
        found = {}
        for table in FILLED:
            rowid = "rowid, " if table == "pawn_controls" else ""
            found[table] = sorted(tuple(r) for r in await conn.execute_fetchall(f"SELECT {rowid}* FROM {table}"))
        return found


async def server_rows(url) -> dict[str, list[tuple]]:
    conn = await asyncpg.connect(url)
    try:
        found = {}
        for table in FILLED:
            columns = [r["column_name"] for r in await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
                table)]
            if table == "pawn_controls":  # the server keeps SQLite's implicit rowid as a column
                columns = ["rowid"] + [c for c in columns if c != "rowid"]
            found[table] = sorted(tuple(r) for r in await conn.fetch(f"SELECT {', '.join(columns)} FROM {table}"))
        return found
    finally:
        await conn.close()


async def test_every_row_arrives_as_it_was_and_the_games_go_on_where_they_stopped(installation, url):
    before = await table_rows(installation)
    assert all(before[table] for table in FILLED), [t for t in FILLED if not before[t]]
    source, target, report = await copy_installation(installation, url)
    assert source == str(installation) and target == url
    assert {t: n for t, n in report.tables if t in FILLED} == {t: len(before[t]) for t in FILLED}
    assert report.inherited == []
    assert await server_rows(url) == before
    # The bot on the server: the same secret (no new one is made), the same games, and new rows numbered after.
    moved = await GameService.open(url, clock=Clock(), rng=random.Random(2))
    try:
        assert await moved.installation_value(SECRET_KEY) == SECRET
        assert await every_game_replays(moved.database.reads) == []
        master, dice = await moved.game_in_channel(11), await moved.game_in_channel(12)
        assert (master.rules, dice.rules) == ("master", "dice")
        # each game keeps its nonce, so its key: the finished game still verifies, the running ones keep their seals
        finished = (await moved.database.reads.games.get(1))
        assert finished.nonce and master.key_commitment and dice.key_commitment
        record = await moved.record(1)
        assert record["fairness"]["nonce"] == finished.nonce and verify_record(record).sound
        played = await play_turn(moved, master.id, random.Random(3))
        assert played.game.version == master.version + 1
        assert [p.pawns for p in played.players] == [p.pawns for p in await moved.players(master.id)]
        owed = [a for a in await moved.pending_announcements() if a.game_id == master.id]
        assert max(a.id for a in owed) > max(row[0] for row in before["announcements"])
        assert (await moved.game_in_channel(13)).status == "lobby"
        fresh = await moved.create_game(GUILD, 14, HOST, "Host", rules="classic", seed=1)
        assert fresh.game.id == max(row[0] for row in before["games"]) + 1
        settings = await moved.guild_settings(GUILD)
        assert settings.default_rules == "master" and settings.reminder_hours == 12.0
        assert await moved.user_language(HOST + 1) == "de"
        assert len(await moved.leaderboard(GUILD)) == 3
        assert await moved.message_for(master.id, "board") is not None
    finally:
        await moved.close()


async def test_a_target_holding_anything_is_refused_and_left_as_it_was(installation, url):
    service = await GameService.open(url, clock=Clock(), rng=random.Random(1))  # a bot started on it once
    await service.close()
    with pytest.raises(CopyRefused) as refused:
        await copy_installation(installation, url)
    message = refused.value.message
    assert "is not empty" in message and "installation: 1 row" in message and "\n" not in message
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT COUNT(*) FROM games") == 0
        assert await conn.fetchval("SELECT COUNT(*) FROM installation") == 1
    finally:
        await conn.close()


@pytest.fixture
async def empty_url():
    """A new database as ``createdb`` makes it: nothing in it."""
    async with fresh_database(empty=True) as found:
        yield found


async def schema_of(url) -> list[tuple]:
    """Everything a database holds outside the server's own schemas, and every row of its tables."""
    conn = await asyncpg.connect(url)
    try:
        objects = [tuple(r) for r in await conn.fetch(
            "SELECT c.relkind::text, n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' "
            "UNION ALL SELECT 'function', n.nspname, p.proname FROM pg_proc p "
            "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' "
            "UNION ALL SELECT 'type', n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace "
            "WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' ORDER BY 1, 2, 3")]
        rows = [(name, tuple(sorted(tuple(r) for r in await conn.fetch(f'SELECT * FROM {schema}."{name}"'))))
                for kind, schema, name in objects if kind == "r"]
        return objects + rows
    finally:
        await conn.close()


@pytest.mark.parametrize("holds,named", [
    ("CREATE TABLE orders (id integer PRIMARY KEY, total numeric); INSERT INTO orders VALUES (1, 9.5)", "table orders"),
    ("CREATE TABLE games (id integer)", "table games"),  # a name the bot uses too, and nothing in it
    ("CREATE SCHEMA shop; CREATE TABLE shop.orders (id serial PRIMARY KEY)", "table shop.orders"),
    ("CREATE FUNCTION answer() RETURNS integer LANGUAGE sql AS 'SELECT 42'", "function answer"),
    ("CREATE TYPE mood AS ENUM ('sad', 'happy')", "type mood"),
    ("CREATE SEQUENCE tickets", "sequence tickets"),
])
async def test_another_application_s_database_is_refused_before_anything_is_written(installation, empty_url, holds,
                                                                                     named):
    """The bot's schema is written into no database but an empty one or its own: another application's keeps
    every table, function, type and row it had, and the refusal names what it holds, in one line."""
    url = empty_url
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(holds)
    finally:
        await conn.close()
    before = await schema_of(url)
    with pytest.raises(CopyRefused) as refused:
        await copy_installation(installation, url)
    message = refused.value.message
    assert "is not empty and not the bot's" in message and named in message and "new, empty database" in message, \
        message
    assert "\n" not in message
    assert await schema_of(url) == before


async def test_an_empty_database_or_one_the_bot_prepared_without_a_row_takes_the_copy(installation, empty_url, url):
    """A database as ``createdb`` makes it, and one ``python -m bot migrate`` prepared (the README's *Tables*; the
    ``url`` fixture's database is one): both take the copy."""
    for target in (empty_url, url):
        source, copied_to, report = await copy_installation(installation, target)
        assert dict(report.tables)["games"] == 4


async def test_a_source_file_the_bot_did_not_make_is_refused_and_left_as_it_was(tmp_path, empty_url):
    """``--database`` naming another program's SQLite file: refused before the bot's tables are written into it,
    and the server's database is not touched either."""
    other = tmp_path / "notes.sqlite3"
    async with aiosqlite.connect(other) as conn:
        await conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        await conn.execute("INSERT INTO notes (text) VALUES ('milk')")
        await conn.commit()
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all, " * 100)
    url = empty_url
    for path, says in ((other, "it holds table notes"), (empty, "it is empty"), (garbage, "not a database")):
        before = path.read_bytes()
        with pytest.raises(CopyRefused) as refused:
            await copy_installation(path, url)
        assert says in refused.value.message and "--database" in refused.value.message, refused.value.message
        assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(
            path.name)) == [path.name]
    assert await schema_of(url) == []


async def test_a_copy_that_fails_half_way_keeps_nothing_and_runs_again_once_mended(installation, url):
    async with aiosqlite.connect(installation) as conn:  # SQLite keeps whatever it is given
        await conn.execute("UPDATE announcements SET recipient_id = 'nobody' WHERE id = (SELECT MAX(id) FROM announcements)")
        await conn.commit()
    with pytest.raises(CopyRefused) as refused:
        await copy_installation(installation, url)
    assert "announcements.recipient_id holds 'nobody'" in refused.value.message and "nothing was kept" in refused.value.message
    conn = await asyncpg.connect(url)
    try:  # games were copied before announcements: rolled back with the rest
        assert [await conn.fetchval(f"SELECT COUNT(*) FROM {t}") for t in FILLED] == [0] * len(FILLED)
    finally:
        await conn.close()
    async with aiosqlite.connect(installation) as conn:
        await conn.execute("UPDATE announcements SET recipient_id = NULL WHERE recipient_id = 'nobody'")
        await conn.commit()
    _, _, report = await copy_installation(installation, url)
    assert dict(report.tables)["games"] == 4


async def test_a_game_whose_snapshot_lags_in_the_file_is_copied_as_it_is_and_named(installation, url):
    async with aiosqlite.connect(installation) as conn:
        await conn.execute("UPDATE snapshots SET actions = actions - 1 WHERE game_id = 2")
        await conn.commit()
    _, _, report = await copy_installation(installation, url)
    assert report.inherited and all(problem.startswith("game 2:") for problem in report.inherited)


async def test_a_game_that_does_not_replay_on_the_server_refuses_the_copy(installation, url, monkeypatch):
    from bot.store import copying

    def converted(table, plan, rows):  # a copy that garbles one snapshot: the counts still match
        rows = original(table, plan, rows)
        if table == "snapshots":
            state = [column for column, _ in plan].index("state")
            rows[0] = (*rows[0][:state], rows[0][state].replace('"round":', '"round": 1, "was":'), *rows[0][state + 1:])
        return rows

    original = copying._converted
    monkeypatch.setattr(copying, "_converted", converted)
    with pytest.raises(CopyRefused) as refused:
        await copy_installation(installation, url)
    message = refused.value.message
    assert message.startswith(f"after the copy into {url}, game 1: ") and "nothing was kept" in message
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT COUNT(*) FROM snapshots") == 0
    finally:
        await conn.close()


async def test_the_source_must_be_a_file_and_the_target_a_server(tmp_path, url):
    with pytest.raises(CopyRefused, match="there is no database file"):
        await copy_installation(tmp_path / "missing.sqlite3", url)
    assert not (tmp_path / "missing.sqlite3").exists()
    with pytest.raises(CopyRefused, match="takes a postgresql:// URL"):
        await copy_installation(tmp_path / "missing.sqlite3", str(tmp_path / "other.sqlite3"))
    with pytest.raises(CopyRefused, match="reads a SQLite file"):
        await copy_installation(url, url)


def test_migrate_copy_to_prints_each_table_and_refuses_a_second_time_in_one_line(installation, url, capsys):
    with_password = url.replace("postgres@", "postgres:hunter2@")  # the test server trusts its socket: any will do
    assert main(["migrate", "--database", str(installation), "--copy-to", with_password]) == 0
    out = capsys.readouterr().out
    assert f"copied {installation} into {url.replace('postgres@', 'postgres:***@')}, in one transaction:" in out
    assert re.search(r"\n  games +4 rows\n", out) and re.search(r"\n  installation +1 row\n", out)
    assert "each table holds as many rows on the server as in the file; 4 games replay there" in out
    assert main(["migrate", "--database", str(installation), "--copy-to", with_password]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "is not empty" in err and err.count("\n") == 1
    assert "hunter2" not in out + err


def test_migrate_copy_to_into_another_application_s_database_refuses_in_one_line(installation, empty_url, capsys):
    async def set_up():
        conn = await asyncpg.connect(empty_url)
        try:
            await conn.execute("CREATE TABLE customers (id integer PRIMARY KEY); INSERT INTO customers VALUES (7)")
        finally:
            await conn.close()
        return await schema_of(empty_url)

    before = asyncio.run(set_up())
    assert main(["migrate", "--database", str(installation), "--copy-to", empty_url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "table customers" in err and err.count("\n") == 1, err
    assert asyncio.run(schema_of(empty_url)) == before
