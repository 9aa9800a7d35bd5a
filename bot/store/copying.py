"""Moving an installation: every row of a SQLite file into an empty PostgreSQL database, in one transaction.

Every table the SQLite file holds is copied as it is (the same numbered schema on both sides: migrations run
first), parents before the tables that refer to them, with ``COPY``. Then the copy is checked before it is
committed: each table holds as many rows as the file's, and the caller's ``check`` (the service replays every
game) finds nothing on the new side that it does not find in the file. Anything wrong rolls the whole
transaction back and raises :class:`CopyRefused` in one line: the target is left empty, and the copy can simply
run again.

Nothing is written to a database that is not the bot's to write: before the server's schema is brought up to date,
:func:`require_empty_target` refuses a database that holds anything (another application's tables, views,
sequences, functions or types, in any schema) unless it is the bot's own schema without a row (a database
``python -m bot migrate`` prepared); and :func:`require_bot_file` refuses a source file the bot did not make,
before the file's schema is brought up to date. Either refusal leaves both sides exactly as they were.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable

import aiosqlite
import asyncpg

from .interface import Session
from .postgres import PostgresSql, PostgresStore
from .sqlite import SqliteStore

#: rows sent to the server per COPY
CHUNK = 5000
#: how a column's value is written on the server, by its type there
_AS = {"bigint": int, "integer": int, "smallint": int, "double precision": float, "real": float, "text": str}


class CopyRefused(Exception):
    """The copy was not made (or was rolled back): the message says why in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class CopyReport:
    #: (table, rows) in the order they were copied; each count is the same on both sides
    tables: list[tuple[str, int]]
    #: what ``check`` found on both sides alike (copied faithfully; the bot mends a stale snapshot itself)
    inherited: list[str]


Check = Callable[[Session], Awaitable[list[str]]]


async def copy_to_postgres(source: SqliteStore, target: PostgresStore, check: Check) -> CopyReport:
    """Copy every row of ``source`` into ``target`` (empty, schema up to date) and check it, in one transaction."""
    if await source.schema_version() != await target.schema_version():
        raise CopyRefused(f"{source.where} is at schema version {await source.schema_version()}, {target.where} at "
                          f"{await target.schema_version()}: run the same version of the bot on both")
    reader = source.reader
    await reader.execute("BEGIN")  # one snapshot of the file for every table and the checks
    try:
        tables = await _tables_in_order(reader)
        columns = {table: await _source_columns(reader, table) for table in tables}
        counts = {table: (await reader.execute_fetchall(f'SELECT COUNT(*) FROM "{table}"'))[0][0] for table in tables}
        async with target.pool.acquire() as connection:
            try:
                async with connection.transaction():
                    await _copy(reader, connection, target.where, tables, columns, counts)
                    session = Session(PostgresSql(connection, target.where))
                    inherited = await _compare_checks(source.reads, session, check, target.where)
            except asyncpg.PostgresError as exc:
                raise CopyRefused(f"the copy into {target.where} failed and was rolled back: "
                                  f"{' '.join(str(exc).split())}") from None
            except (OSError, asyncpg.InterfaceError) as exc:
                raise CopyRefused(f"the connection to {target.where} broke during the copy ({exc}): run it "
                                  "again (it refuses, naming the tables, if the copy was kept after all)") from None
    finally:
        await reader.execute("ROLLBACK")
    return CopyReport([(table, counts[table]) for table in tables], inherited)


async def require_bot_file(path: Path) -> None:
    """Refuse, reading only, a file that is not a database the bot made (another program's SQLite file, or
    none at all): the bot's files carry its schema version (``PRAGMA user_version``)."""
    try:
        async with aiosqlite.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True) as conn:
            version = (await conn.execute_fetchall("PRAGMA user_version"))[0][0]
            tables = [row[0] for row in await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    except sqlite3.Error as exc:
        raise CopyRefused(f"{path} is not a database the bot can read ({exc}): name the bot's file with "
                          "--database") from None
    if version == 0:
        held = f"it holds {_listed([f'table {t}' for t in tables])}" if tables else "it is empty"
        raise CopyRefused(f"{path} is not the bot's database ({held}, and no schema version of the bot's): name "
                          "the bot's file with --database")


async def source_tables(source: SqliteStore) -> list[str]:
    """The tables of the bot's file (its schema up to date): the tables the bot has on a server too."""
    return await _tables_in_order(source.reader)


#: what a database holds outside the server's own schemas (pg_catalog, information_schema, pg_toast, ...), leaving
#: out what an extension brings and the sequences a column owns: (kind, schema, name, the table a trigger fires on)
_HELD = """
    SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view'
                          WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' WHEN 'S' THEN 'sequence'
                          ELSE 'type' END AS kind, n.nspname AS schema, c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S', 'c')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                                  AND d.deptype IN ('e', 'a', 'i'))
    UNION ALL
    SELECT 'function', n.nspname, p.proname
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                                                  AND d.deptype = 'e')
    UNION ALL
    SELECT 'type', n.nspname, t.typname
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND t.typtype IN ('e', 'd', 'r')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid
                                                  AND d.deptype = 'e')
    ORDER BY 1, 2, 3
"""
#: the functions the bot's tables' triggers run (the bot's own, made by its migrations)
_TRIGGERS = """
    SELECT DISTINCT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relname = ANY($1::text[]) AND c.relnamespace = current_schema()::regnamespace
"""


async def require_empty_target(connection: asyncpg.Connection, where: str, tables: list[str], version: int) -> None:
    """Refuse, reading only, a database that holds anything but the bot's own schema without a row: another
    application's database keeps every table, function and row it had. ``tables``: the bot's tables (the file's);
    ``version``: the file's schema version."""
    held = [(row["kind"], row["schema"], row["name"]) for row in await connection.fetch(_HELD)]
    if not held:
        return
    schema = await connection.fetchval("SELECT current_schema()")
    ours = set(tables) | {"schema_version"}
    if any(held_item == ("table", schema, "schema_version") for held_item in held):
        functions = {row[0] for row in await connection.fetch(_TRIGGERS, sorted(ours))}
        held = [(kind, where_, name) for kind, where_, name in held
                if where_ != schema or not ((kind == "table" and name in ours)
                                            or (kind == "function" and name in functions))]
        target_version = int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        if target_version > version:
            raise CopyRefused(f"{where} is at schema version {target_version}, newer than the file's {version}: run "
                              "the same version of the bot on both")
    if held:
        named = [f"{kind} {name if where_ == schema else f'{where_}.{name}'}" for kind, where_, name in held]
        raise CopyRefused(f"{where} is not empty and not the bot's (it holds {_listed(named)}): copy into a new, "
                          "empty database")
    present = {row[0] for row in await connection.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    rows = [f"{table}: {_rows(n)}" for table in tables
            if table in present and (n := await connection.fetchval(f'SELECT COUNT(*) FROM "{table}"'))]
    if rows:
        raise CopyRefused(f"{where} is not empty ({', '.join(rows)}): copy into a new, empty database")


def _listed(things: list[str], most: int = 4) -> str:
    if len(things) > most:
        return f"{', '.join(things[:most])} and {len(things) - most} more"
    return ", ".join(things)


async def _copy(reader, connection: asyncpg.Connection, where: str, tables: list[str],
                columns: dict[str, list[str]], counts: dict[str, int]) -> None:
    target_columns = await _target_columns(connection)
    if set(target_columns) != set(tables):
        only_file = sorted(set(tables) - set(target_columns))
        only_server = sorted(set(target_columns) - set(tables))
        raise CopyRefused(f"the tables differ: only in the file {only_file or 'none'}, only on the server "
                          f"{only_server or 'none'}; run the same version of the bot on both")
    # Nobody else writes while the copy runs (a bot started on the target meanwhile waits for it).
    await connection.execute("LOCK TABLE " + ", ".join(f'"{t}"' for t in tables) + " IN EXCLUSIVE MODE")
    held = [f"{table}: {_rows(n)}" for table in tables
            if (n := await connection.fetchval(f'SELECT COUNT(*) FROM "{table}"'))]
    if held:
        raise CopyRefused(f"{where} is not empty ({', '.join(held)}): copy into a new, empty database")
    for table in tables:
        wanted = _column_plan(table, columns[table], target_columns[table])
        select = ", ".join("rowid" if c == "rowid" else f'"{c}"' for c, _ in wanted)
        cursor = await reader.execute(f'SELECT {select} FROM "{table}"')
        try:
            while chunk := await cursor.fetchmany(CHUNK):
                await connection.copy_records_to_table(table, records=_converted(table, wanted, chunk),
                                                       columns=[c for c, _ in wanted])
        finally:
            await cursor.close()
    await _continue_numbering(connection)
    for table in tables:
        copied = await connection.fetchval(f'SELECT COUNT(*) FROM "{table}"')
        if copied != counts[table]:
            raise CopyRefused(f"{table}: {_rows(counts[table])} in the file, {copied:,} on the server after the "
                              "copy; nothing was kept")


async def _compare_checks(source: Session, target: Session, check: Check, where: str) -> list[str]:
    """What ``check`` finds on the new side and not in the file refuses the copy; what it finds on both is kept."""
    before = await check(source)
    after = await check(target)
    new = [problem for problem in after if problem not in before]
    if new:
        more = f" (and {len(new) - 1} more)" if len(new) > 1 else ""
        raise CopyRefused(f"after the copy into {where}, {new[0]}{more}; nothing was kept")
    return [problem for problem in after if problem in before]


async def _tables_in_order(reader) -> list[str]:
    """The file's tables, each after the tables it refers to (by name where nothing decides)."""
    names = [row[0] for row in await reader.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    parents = {name: {row[2] for row in await reader.execute_fetchall(f'PRAGMA foreign_key_list("{name}")')} - {name}
               for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [name for name in names if name not in ordered and parents[name] <= set(ordered)]
        if not ready:
            raise CopyRefused(f"the tables {sorted(set(names) - set(ordered))} refer to each other in a circle")
        ordered += ready
    return ordered


async def _source_columns(reader, table: str) -> list[str]:
    return [row[1] for row in await reader.execute_fetchall(f'PRAGMA table_info("{table}")')]


async def _target_columns(connection: asyncpg.Connection) -> dict[str, dict[str, str]]:
    """{table: {column: type}} of the server's tables, without its own ``schema_version``."""
    found: dict[str, dict[str, str]] = {}
    for row in await connection.fetch(
            "SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c "
            "JOIN information_schema.tables t USING (table_schema, table_name) "
            "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
            "AND c.table_name <> 'schema_version'"):
        found.setdefault(row["table_name"], {})[row["column_name"]] = row["data_type"]
    return found


def _column_plan(table: str, source: list[str], target: dict[str, str]) -> list[tuple[str, Callable[[Any], Any]]]:
    """(column, how its values are written) for every column on the server. SQLite's implicit ``rowid``, which
    the server keeps as a column where a query orders by it, is read as such."""
    missing = [c for c in target if c not in source and c != "rowid"]
    extra = [c for c in source if c not in target]
    if missing or extra:
        raise CopyRefused(f"{table}: the columns differ (only on the server: {missing or 'none'}; only in the file: "
                          f"{extra or 'none'}); run the same version of the bot on both")
    plan = []
    for column, kind in target.items():
        if kind not in _AS:
            raise CopyRefused(f"{table}.{column}: the server's type {kind} is not one the copy knows")
        plan.append((column, _AS[kind]))
    return plan


def _converted(table: str, plan: list[tuple[str, Callable[[Any], Any]]], rows: Iterable) -> list[tuple]:
    """The rows with each value in its server column's type: SQLite keeps 3.0 for 3 in a REAL column, and
    whatever it was given in any other; a value that does not fit refuses the copy, naming where it is."""
    converted = []
    for row in rows:
        values = []
        for (column, kind), value in zip(plan, row):
            if value is None or type(value) is kind:
                values.append(value)
            elif kind is int and isinstance(value, float) and value.is_integer():
                values.append(int(value))
            elif kind is float and isinstance(value, int):
                values.append(float(value))
            else:
                raise CopyRefused(f"{table}.{column} holds {value!r}, which is not {kind.__name__} as the column "
                                  "requires; nothing was kept")
        converted.append(tuple(values))
    return converted


async def _continue_numbering(connection: asyncpg.Connection) -> None:
    """Identity columns (a game's id, ...) go on after the highest number copied."""
    for row in await connection.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                      "WHERE table_schema = current_schema() AND is_identity = 'YES'"):
        table, column = row["table_name"], row["column_name"]
        await connection.execute(
            f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
            f'COALESCE(MAX("{column}"), 0) + 1, false) FROM "{table}"')


def _rows(n: int) -> str:
    return "1 row" if n == 1 else f"{n:,} rows"
