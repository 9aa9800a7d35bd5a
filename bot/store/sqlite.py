"""The SQLite backend: the database file, where it lives, how it is opened, and how a transaction is taken.

One process owns the database. Commands write through one connection, one transaction at a
time (``BEGIN IMMEDIATE``, so a transaction never has to upgrade its lock half-way, and holds the whole
database: a game read in it needs no lock of its own); queries use a second, read-only connection,
which in WAL mode sees the last commit and never waits for a writer. A command's statements that answer
nothing go to the writing connection's thread with the next one that does (:class:`SqliteCommandSql`).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Iterable, Sequence

import aiosqlite

from .base import Conflict, DatabaseUnavailable, OutcomeUnknown
from .interface import Session, Store
from .migrations import MIGRATIONS_DIR, Migration, migrate, schema_version

DEFAULT_PATH = Path("data") / "scotland-yard.sqlite3"
BUSY_TIMEOUT_MS = 5000


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    return str(exc) or type(exc).__name__


def database_path(path: str | os.PathLike | None = None) -> Path:
    """``path``, else ``$SY_DATABASE``, else ``data/scotland-yard.sqlite3`` under the working directory."""
    return Path(path or os.environ.get("SY_DATABASE") or DEFAULT_PATH)


async def connect(path: Path, *, read_only: bool = False) -> aiosqlite.Connection:
    pending = aiosqlite.connect(path, isolation_level=None)  # autocommit: transactions are explicit
    try:
        conn = await pending
    except BaseException:
        # When SQLite cannot open the file, aiosqlite queues its thread's stop without waiting for it; a
        # thread that answers once asyncio.run() has closed the loop prints "Event loop is closed" after the
        # bot's one-line refusal. Wait for the thread to end while the loop still runs.
        await asyncio.to_thread(pending._thread.join)
        raise
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA foreign_keys = ON")
        # FULL: a move the bot has confirmed survives a power cut too, not only a crash of the bot.
        await conn.execute("PRAGMA synchronous = FULL")
        if read_only:
            await conn.execute("PRAGMA query_only = ON")
    except BaseException:
        await conn.close()  # its thread would otherwise keep the process from ending
        raise
    return conn


class SqliteSql:
    """SQL on one aiosqlite connection. A broken uniqueness rule raises :class:`~.base.Conflict`."""

    #: a transaction holds the whole file (BEGIN IMMEDIATE): no query needs to lock rows
    lock = ""

    def __init__(self, conn: aiosqlite.Connection, *, held: bool = False) -> None:
        self.conn = conn
        self.held = held

    async def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        # One trip to the connection's thread (a cursor's execute, fetch and close would be three).
        found = await self._run(self.conn.execute_fetchall(sql, tuple(params)))
        return found[0] if found else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return list(await self._run(self.conn.execute_fetchall(sql, tuple(params))))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._run(self.conn.execute(sql, tuple(params)))

    async def execute_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        await self._run(self.conn.executemany(sql, [tuple(p) for p in params]))

    @staticmethod
    async def _run(pending):
        try:
            return await pending
        except sqlite3.IntegrityError as exc:
            if str(exc).startswith("UNIQUE constraint failed"):
                raise Conflict(str(exc)) from exc
            raise


class _CommitFailed(Exception):
    """The COMMIT itself failed (its cause says why): whether the transaction was kept is not known."""


class Writes:
    """The writing connection's statements, several to one trip to its thread.

    aiosqlite runs each call on the connection's own thread, one after the other; a trip there and back costs
    about 55 µs of CPU between the two threads (a SELECT on the file itself, 2-3 µs). :meth:`send` runs a list of
    statements in one trip, and the COMMIT after them if asked."""

    def __init__(self, conn: aiosqlite.Connection, where: str) -> None:
        self.conn = conn
        self.where = where

    async def send(self, statements: list[tuple[str, Any, bool]], *, fetch: bool,
                   commit: bool = False) -> list[sqlite3.Row] | None:
        """Run ``statements`` ((sql, parameters, many), ``many`` for executemany) in order; the rows of the last
        one when ``fetch``. A failed COMMIT raises :class:`~.base.OutcomeUnknown`."""
        try:
            # aiosqlite has no public call for a function of our own on its thread; _execute is the one its own
            # methods use (aiosqlite is pinned below 0.23)
            return await self.conn._execute(self._run, statements, fetch, commit)
        except _CommitFailed as failed:  # (a disk that fails under the commit may have kept it all the same)
            raise OutcomeUnknown(f"the database {self.where} failed while committing: "
                                 f"{_reason(failed.__cause__)}") from failed.__cause__

    def _run(self, statements: list[tuple[str, Any, bool]], fetch: bool, commit: bool) -> list[sqlite3.Row] | None:
        """On the connection's thread."""
        db = self.conn._conn
        cursor = None
        for sql, params, many in statements:
            cursor = db.executemany(sql, params) if many else db.execute(sql, params)
        rows = cursor.fetchall() if fetch and cursor is not None else None
        if commit:
            try:
                self.commit(db)
            except sqlite3.Error as exc:
                raise _CommitFailed from exc
        return rows

    def commit(self, db: sqlite3.Connection) -> None:
        """On the connection's thread: the COMMIT."""
        db.execute("COMMIT")


class SqliteCommandSql(SqliteSql):
    """A command's transaction on the writing connection. Its BEGIN and the statements that answer nothing wait,
    and go to the connection's thread together with the next statement that needs an answer, or with the COMMIT:
    a move's 13 trips there become 7. They still run in the order they were given, on one connection, so each
    sees what the ones before it wrote; one that fails (a broken uniqueness rule: :class:`~.base.Conflict`)
    raises where it is sent, still inside the transaction, as on PostgreSQL."""

    def __init__(self, writes: Writes) -> None:
        super().__init__(writes.conn, held=True)
        self.writes = writes
        self._waiting: list[tuple[str, Any, bool]] = [("BEGIN IMMEDIATE", (), False)]

    async def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        found = await self._send(sql, params)
        return found[0] if found else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return await self._send(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._waiting.append((sql, tuple(params), False))

    async def execute_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        self._waiting.append((sql, [tuple(p) for p in params], True))

    async def commit(self) -> None:
        """The waiting statements and the COMMIT, in one trip."""
        waiting, self._waiting = self._waiting, []
        await self._run(self.writes.send(waiting, fetch=False, commit=True))

    async def _send(self, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
        waiting, self._waiting = self._waiting, []
        return list(await self._run(self.writes.send([*waiting, (sql, tuple(params), False)], fetch=True)))


class SqliteStore(Store):
    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 applied: list[Migration] | None = None) -> None:
        self.path = path
        self.writer = writer
        self.reader = reader
        #: the migrations this opening applied
        self.applied = applied or []
        self.reads = Session(SqliteSql(reader))
        #: the transactions' statements, several to a trip to the writing connection's thread
        self.writes = Writes(writer, str(path))
        self._write_lock = asyncio.Lock()
        #: (device, inode) of the file when it was opened: a file deleted or replaced under the bot
        #: (its data folder removed, say) no longer matches, and writes stop instead of vanishing
        self._identity: tuple[int, int] | None = None
        self.gone: str | None = None

    @classmethod
    async def open(cls, path: str | os.PathLike | None = None, migrations: Path = MIGRATIONS_DIR) -> "SqliteStore":
        """Open the file (creating it and its folder as needed) and bring its schema up to date.
        Raises :class:`DatabaseUnavailable` naming the path and the reason when it cannot."""
        path = database_path(path)
        try:
            for folder in path.parents:
                if folder.exists():
                    if not folder.is_dir():
                        raise NotADirectoryError(20, f"Not a directory: {folder} is a file, not a folder")
                    break
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not path.is_file():
                raise IsADirectoryError(21, "Is a directory (not a database file)")
            writer = await connect(path)
        except (OSError, sqlite3.Error) as exc:
            raise DatabaseUnavailable(f"cannot open the database {path}: {_reason(exc)}") from None
        try:
            await writer.execute("PRAGMA journal_mode = WAL")
            applied = await migrate(writer, migrations)
            reader = await connect(path, read_only=True)
        except sqlite3.DatabaseError as exc:
            await writer.close()
            raise DatabaseUnavailable(f"cannot use the database {path}: {_reason(exc)}") from None
        except BaseException:
            await writer.close()
            raise
        db = cls(path, writer, reader, applied)
        db._identity = _identity(path)
        return db

    async def close(self) -> None:
        await self.reader.close()
        await self.writer.close()

    @property
    def where(self) -> str:
        return str(self.path)

    async def schema_version(self) -> int:
        return await schema_version(self.writer)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        """``async with db.transaction() as tx:`` commits at the end, rolls back on any exception; a COMMIT that
        fails raises :class:`~.base.OutcomeUnknown` (the caller finds out whether it was kept).

        BEGIN (sent with the first statement that needs an answer) and COMMIT sit inside the ``try``: a command
        cancelled while either is on its way to the connection's thread still has it run there, and the rollback
        queued behind it then leaves the connection without an open transaction for the next command.
        """
        async with self._write_lock:
            self.check_present()
            try:
                sql = SqliteCommandSql(self.writes)  # new each time: what it keeps ends with it
                yield Session(sql)
                await sql.commit()
            except BaseException:
                await self._rollback()
                raise

    def check_present(self) -> None:
        """Refuse to write when the file is no longer the one opened: SQLite would keep writing to
        a deleted file, and every move confirmed from then on would be gone at the next start."""
        if self._identity is None:
            return
        now = _identity(self.path)
        if now != self._identity:
            why = "the file was removed" if now is None else "the file was replaced"
            if self.gone is None:
                self.gone = f"the database {self.path} is unavailable: {why}"
            raise DatabaseUnavailable(self.gone)

    async def _rollback(self) -> None:
        try:
            await self.writer.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # no transaction left to roll back (SQLite already did, or the commit went through)



async def integrity_check(conn: aiosqlite.Connection) -> list[str]:
    """``PRAGMA integrity_check`` as a list of problems (``["ok"]`` when the file is sound)."""
    return [row[0] for row in await conn.execute_fetchall("PRAGMA integrity_check")]


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino
