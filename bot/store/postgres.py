"""The PostgreSQL backend: games on a database server that several bot processes can share.

A pool of connections (asyncpg) serves commands and reads. Each command is one transaction on one
connection; a game it reads is locked (``SELECT ... FOR UPDATE``) until the transaction ends, so commands
on different games run in parallel and commands on one game one after the other. Reads take any free
connection and see the last commit. A broken uniqueness rule raises :class:`~.base.Conflict`; a server that
cannot be reached, or goes away, raises :class:`~.base.DatabaseUnavailable` in one line naming what to fix.

The schema comes from ``migrations/postgresql/``: the same numbered history as SQLite's files, in this
dialect; the ``schema_version`` table holds the number of the last file applied.
"""

from __future__ import annotations

import functools
import os
import re
import secrets
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Sequence
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .base import POOL_SIZE, Conflict, DatabaseUnavailable, OutcomeUnknown, pool_size as configured_pool
from .interface import Session, Store
from .migrations import MIGRATIONS_DIR, Migration, MigrationError, find_migrations
from .wakeups import PROCESS_SETTING, Wakeups

#: the oldest server the schema and its queries are written for
OLDEST_SERVER = 13
#: how the bot's connections name themselves to the server (``pg_stat_activity``), unless the URL says otherwise
APPLICATION_NAME = "scotland-yard-bot"
#: a key no other program takes: migrations run under it, one process at a time
_MIGRATION_LOCK = 0x5359_6D69_6772  # "SYmigr"

#: a connection lost, or ended by the server; for a statement sent while asyncpg still reads the server's word that
#: it ended the connection (a transaction that waited too long on its process: bot.store.processes.LOCK_IDLE_MS),
#: asyncpg raises its own InternalClientError ("cannot switch to state 15; another operation (2) is in progress")
_UNAVAILABLE = (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError, asyncpg.InternalClientError,
                asyncpg.CannotConnectNowError, asyncpg.AdminShutdownError,
                asyncpg.exceptions.IdleInTransactionSessionTimeoutError)


def shown(url: str) -> str:
    """The URL without its password (in the address, or as ``?password=``), for logs and messages."""
    parts = urlsplit(url)
    if parts.password is not None:
        netloc = parts.netloc.rsplit("@", 1)[1]
        parts = parts._replace(netloc=f"{parts.username or ''}:***@{netloc}")
    query = "&".join(f"{name}=***" if name.lower() == "password" else f"{name}{eq}{value}"
                     for name, eq, value in (pair.partition("=") for pair in parts.query.split("&") if pair))
    return urlunsplit(parts._replace(query=query))


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """SQL with ``?`` placeholders in PostgreSQL's ``$1, $2, ...`` (the store's SQL has no ``?`` in a literal)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _why(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:1].lower() + text[1:]


class PostgresSql:
    """SQL on one connection (a transaction's) or, for reads, on any free connection of the pool."""

    def __init__(self, runner: asyncpg.Connection | asyncpg.Pool, where: str, lock: str = "", *,
                 held: bool = False) -> None:
        self.runner = runner
        self.where = where
        self.lock = lock
        self.held = held

    async def one(self, sql: str, params: Sequence[Any] = ()) -> asyncpg.Record | None:
        return await self._run(self.runner.fetchrow(numbered(sql), *params))

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return await self._run(self.runner.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._run(self.runner.execute(numbered(sql), *params))

    async def execute_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(p) for p in params]
        if rows:
            await self._run(self.runner.executemany(numbered(sql), rows))

    async def _run(self, pending):
        try:
            return await pending
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(_why(exc)) from exc
        except _UNAVAILABLE as exc:
            raise DatabaseUnavailable(f"the database {self.where} is unavailable: {_why(exc)}") from exc


#: a write the store may send later: it returns nothing (``RETURNING`` makes a read of it)
_WRITE = re.compile(r"\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s", re.IGNORECASE)
#: the tables a statement names: what it reads or writes (``DO UPDATE SET`` adds a harmless "SET")
_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)", re.IGNORECASE)


def _tables(sql: str) -> frozenset[str]:
    return frozenset(name.lower() for name in _TABLE.findall(sql))


class PostgresCommandSql(PostgresSql):
    """A command's transaction on its connection. Its writes that return nothing wait, and go to the server in
    one statement (data-modifying ``WITH`` clauses) together with the next statement that needs an answer, or
    at the commit: a move's action, snapshot, idempotency record, commitments and owed messages cost one round
    trip instead of one each.

    The statements of one ``WITH`` run on one snapshot and do not see each other's rows, so a statement joins
    the waiting writes only if it names none of their tables; otherwise they are sent first. Either way each
    statement sees what the ones before it wrote, as if each had been sent alone. A write that fails (a broken
    uniqueness rule: :class:`~.base.Conflict`) raises where it is sent, still inside the transaction."""

    def __init__(self, connection: asyncpg.Connection, where: str) -> None:
        super().__init__(connection, where, lock=" FOR UPDATE", held=True)
        self._waiting: list[tuple[str, tuple]] = []
        self._waiting_tables: frozenset[str] = frozenset()

    async def one(self, sql: str, params: Sequence[Any] = ()) -> asyncpg.Record | None:
        return await super().one(*await self._after_waiting(sql, params))

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return await super().all(*await self._after_waiting(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        if _WRITE.match(sql) and "RETURNING" not in sql.upper():
            tables = _tables(sql)
            if tables & self._waiting_tables:
                await self.flush()
            self._waiting.append((sql, tuple(params)))
            self._waiting_tables |= tables
            return
        await super().execute(*await self._after_waiting(sql, params))

    async def execute_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        await self.flush()
        await super().execute_many(sql, params)

    async def flush(self) -> None:
        """Send the waiting writes (the last one as the statement the others are ``WITH`` clauses of)."""
        if self._waiting:
            *before, (last, params) = self._waiting
            self._waiting = before
            await super().execute(*self._chained(last, params))

    async def _after_waiting(self, sql: str, params: Sequence[Any]) -> tuple[str, Sequence[Any]]:
        """``sql`` with the waiting writes before it, when it names none of their tables; else they go first."""
        if self._waiting and (sql.lstrip()[:4].upper() == "WITH" or _tables(sql) & self._waiting_tables):
            await self.flush()
        return self._chained(sql, params)

    def _chained(self, sql: str, params: Sequence[Any]) -> tuple[str, list[Any]]:
        """``sql`` as the statement the waiting writes are ``WITH`` clauses of; they wait no more."""
        waiting, self._waiting, self._waiting_tables = self._waiting, [], frozenset()
        if not waiting:
            return sql, list(params)
        clauses = ", ".join(f"waiting_{n} AS ({write})" for n, (write, _) in enumerate(waiting, 1))
        return f"WITH {clauses} {sql}", [value for _, written in waiting for value in written] + list(params)


class PostgresReads(PostgresSql):
    """Reads on any free connection of the pool. A connection the server dropped (a restart) fails once and
    leaves the pool; the read is asked again on another, since reading twice changes nothing."""

    async def one(self, sql: str, params: Sequence[Any] = ()) -> asyncpg.Record | None:
        return await self._read(lambda: self.runner.fetchrow(numbered(sql), *params))

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return await self._read(lambda: self.runner.fetch(numbered(sql), *params))

    async def _read(self, ask):
        try:
            return await self._run(ask())
        except DatabaseUnavailable:
            return await self._run(ask())


class PostgresStore(Store):
    def __init__(self, url: str, pool: asyncpg.Pool, applied: list[Migration], process: str = "") -> None:
        self.url = url
        self.pool = pool
        self.applied = applied
        self.reads = Session(PostgresReads(pool, shown(url)))
        #: what this process's connections tell the wake-ups they send, so that it does not wake itself
        self.process = process

    @classmethod
    async def open(cls, url: str, migrations: Path = MIGRATIONS_DIR / "postgresql",
                   pool_size: int | None = None, *,
                   before_migrating: Callable[[asyncpg.Connection], Awaitable[None]] | None = None
                   ) -> "PostgresStore":
        """Connect, check the server, and bring the schema up to date. Raises :class:`DatabaseUnavailable`
        naming the server and what to fix. ``before_migrating`` looks at the database first and may refuse
        it (raising) before anything is written (the copy refuses a database that is not empty)."""
        where = shown(url)
        pool_size = pool_size or configured_pool(os.environ.get("SY_DATABASE_POOL", ""))
        named = {} if "application_name" in urlsplit(url).query else {"application_name": APPLICATION_NAME}
        process = secrets.token_hex(6)
        named[PROCESS_SETTING] = process  # (.wakeups) the wake-ups its commands send name it
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, command_timeout=60,
                                             server_settings=named, reset=_nothing_to_reset)
        except asyncpg.InvalidPasswordError:
            raise DatabaseUnavailable(f"cannot open the database {where}: the password (or user) is wrong") from None
        except asyncpg.InvalidCatalogNameError as exc:
            raise DatabaseUnavailable(f"cannot open the database {where}: {_why(exc)}; create it first "
                                      "(createdb, or CREATE DATABASE)") from None
        except (*_UNAVAILABLE, asyncpg.PostgresError, ValueError) as exc:
            raise DatabaseUnavailable(f"cannot open the database {where}: {_why(exc)}") from None
        try:
            async with pool.acquire() as connection:
                version = connection.get_server_version()
            if version.major < OLDEST_SERVER:
                raise DatabaseUnavailable(f"cannot use the database {where}: the server is PostgreSQL "
                                          f"{version.major}, older than {OLDEST_SERVER}; upgrade it")
            if before_migrating is not None:
                async with pool.acquire() as connection:
                    await before_migrating(connection)
            applied = await migrate(pool, migrations, where)
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool, applied, process)

    @functools.cached_property
    def where(self) -> str:
        """The server and database, without the password (every command's transaction names it)."""
        return shown(self.url)

    async def close(self) -> None:
        await self.pool.close()

    def wakeups(self, on_owed, on_reconnect=None) -> Wakeups:
        """Other processes on this database queue work for this one: a connection of its own listens for it."""
        return Wakeups(self.url, self.where, on_owed, on_reconnect, process=self.process)

    async def schema_version(self) -> int:
        return await schema_version(self.pool)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        """One command: commits at the end of the block, rolls back on any exception (a server gone half-way
        keeps nothing of it either). A connection lost once the COMMIT is on its way raises
        :class:`~.base.OutcomeUnknown`: the server may have committed before the answer was lost."""
        connection, transaction = await self._begin()
        try:
            try:
                sql = PostgresCommandSql(connection, self.where)
                yield Session(sql)
                await sql.flush()
            except BaseException:
                await transaction.rollback()
                raise
            try:
                await transaction.commit()
            except _UNAVAILABLE as exc:
                raise OutcomeUnknown(f"the database {self.where} went away while committing: {_why(exc)}") from exc
        except _UNAVAILABLE as exc:
            raise DatabaseUnavailable(f"the database {self.where} is unavailable: {_why(exc)}") from exc
        finally:
            await self.pool.release(connection)

    async def _begin(self) -> tuple[asyncpg.Connection, Any]:
        """A connection with a transaction begun. A connection the server dropped since it was last used (a
        restart) fails at BEGIN, before anything is written: it leaves the pool and the next one is tried."""
        for attempt in range(2):
            try:
                connection = await self.pool.acquire()
            except _UNAVAILABLE as exc:
                raise DatabaseUnavailable(f"the database {self.where} is unavailable: {_why(exc)}") from exc
            transaction = connection.transaction()
            try:
                await transaction.start()
                return connection, transaction
            except _UNAVAILABLE as exc:
                await self.pool.release(connection)
                if attempt:
                    raise DatabaseUnavailable(f"the database {self.where} is unavailable: {_why(exc)}") from exc
        raise AssertionError("unreachable")


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """What a connection needs before it goes back to the pool, beyond the rollback of an open transaction that
    the pool does anyway: nothing. The bot sets no session settings, listens to nothing, keeps no cursor and
    releases its one advisory lock itself, so asyncpg's default reset (RESET ALL, UNLISTEN *, ...) would be a
    round trip to the server after every command and every read, for nothing."""


def _pool_size(where: str) -> int:
    text = os.environ.get("SY_DATABASE_POOL", "").strip()
    if not text:
        return POOL_SIZE
    if not text.isdigit() or int(text) < 1:
        raise DatabaseUnavailable(f"cannot open the database {where}: SY_DATABASE_POOL must be a whole number of "
                                  f"connections, at least 1, not {text!r}")
    return int(text)


async def schema_version(runner: asyncpg.Pool | asyncpg.Connection) -> int:
    found = await runner.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not found:
        return 0
    return int(await runner.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(pool: asyncpg.Pool, directory: Path, where: str, target: int | None = None) -> list[Migration]:
    """Apply the files after the database's version (up to ``target``), each with its number in one
    transaction. Processes starting at once take turns (an advisory lock): each file runs once."""
    migrations = find_migrations(directory)
    latest = len(migrations) if target is None else target
    async with pool.acquire() as connection:
        await connection.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
        try:
            current = await schema_version(connection)
            if current == 0:  # (a user without CREATE starts the bot on a database its owner migrated)
                await connection.execute("CREATE TABLE IF NOT EXISTS schema_version "
                                         "(version BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            if current > len(migrations):
                raise MigrationError(f"the database is at version {current}, newer than this code "
                                     f"({len(migrations)}): run a newer version of the bot")
            applied = []
            for migration in migrations[current:latest]:
                async with connection.transaction():
                    await connection.execute(migration.path.read_text(encoding="utf-8"))
                    await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", migration.version)
                applied.append(migration)
            return applied
        except asyncpg.InsufficientPrivilegeError as exc:
            raise DatabaseUnavailable(f"cannot update the tables of the database {where}: {_why(exc)}; let the "
                                      "bot's user own the database, or run python -m bot migrate as its owner "
                                      "first") from None
        except asyncpg.PostgresError as exc:
            raise DatabaseUnavailable(f"cannot use the database {where}: {_why(exc)}") from None
        finally:
            await connection.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
