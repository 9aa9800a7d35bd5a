"""Moving an installation: every row of a SQLite file into an empty PostgreSQL database, in one transaction.

Every table the SQLite file holds is copied as it is (the same numbered schema on both sides: migrations run
first), parents before the tables that refer to them, with ``COPY``. Then the copy is checked before it is
committed: each table holds as many rows as the file's, and the caller's ``check`` (the service replays every
game) finds nothing on the new side that it does not find in the file. Anything wrong rolls the whole
transaction back and raises :class:`CopyRefused` in one line: the target is left empty, and the copy can simply
run again. A target that holds any row already is refused before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable

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
