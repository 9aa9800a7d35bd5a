"""A throwaway PostgreSQL server for the tests, started from the installed binaries (Debian's ``postgresql``).

The first test that asks for a PostgreSQL database starts one server for the rest of its process (so each
pytest-xdist worker has a server of its own, and tests never share a database at once): ``initdb`` in a
temporary folder (as the ``postgres`` user when the tests run as root: ``initdb`` refuses root), listening on
a Unix socket only, with ``fsync=off`` (nothing here needs to survive a power cut) and no autovacuum. Every test
gets a fresh database: a copy of a template the migrations have run on once, or one an earlier test had, emptied
again. A database whose test left its schema as the template's has every table emptied and its sequences started
again after the test (about 5 ms of the server's CPU), and goes to the next test; any other is dropped. Copying
the template cost the server 0.1-0.2 s of CPU a test. The connections that make, empty and drop the databases are
kept from test to test, on an event loop of their own: a new connection's first look at the catalogue cost the
server three times what a kept one's does.

Without the binaries the PostgreSQL tests skip, saying how to install them; with ``CI`` set they fail, so a
CI machine that lost its PostgreSQL cannot pass by skipping.
"""

from __future__ import annotations

import asyncio
import atexit
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable, TypeVar
from urllib.parse import urlsplit

import asyncpg
import pytest

INSTALL = "apt-get install postgresql (Debian's package; the tests start their own server from its binaries)"
TEMPLATE = "sy_template"
T = TypeVar("T")


def binaries() -> Path | None:
    """The folder with ``initdb``, ``pg_ctl`` and ``postgres``: Debian's newest, else one on the PATH."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda f: int(f.split("/")[-2]), reverse=True):
        if Path(folder, "initdb").is_file():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


#: what a database's schema is, read from its catalogue: its tables, columns, defaults, constraints, indexes,
#: triggers, functions, sequences and extensions (every schema but PostgreSQL's own), and the migrations it records
SCHEMA = """
SELECT md5(string_agg(item, E'\\n' ORDER BY item)) FROM (
    SELECT n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(a.attname || ' '
           || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
           || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), '') AS item
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
    UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function ' || pg_get_functiondef(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'schema ' || nspname FROM pg_namespace
    UNION ALL SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
    UNION ALL SELECT 'migration ' || version FROM schema_version
) AS catalogue
"""
#: the tables a test writes (all but the migrations' record), and the sequences, of the schema's public part
TABLES = ("SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_version' "
          "ORDER BY tablename")
SEQUENCES = ("SELECT quote_ident(sequencename), start_value FROM pg_sequences WHERE schemaname = 'public' "
             "ORDER BY sequencename")


def emptying(tables: list[str], sequences: list[tuple[str, int]]) -> str:
    """The statements that empty ``tables`` and start each of ``sequences`` (name, start value) again.

    DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each table new files (53-76 ms of the
    server's CPU for the schema's tables, against 5 ms). Foreign keys are not checked while the tables are
    emptied (``session_replication_role``)."""
    restart = ", ".join(f"setval('{name}', {start}, false)" for name, start in sequences)
    return "".join(["SET session_replication_role = replica;", *(f"DELETE FROM {table};" for table in tables),
                    f"SELECT {restart};" if restart else "", "RESET session_replication_role;"])


class Server:
    """One running server: ``url(name)`` reaches database ``name`` over the socket."""

    def __init__(self, folder: Path, bin_dir: Path) -> None:
        self.folder = folder
        self.bin = bin_dir
        self.data = folder / "data"
        self._names = itertools.count(1)
        #: the template's schema (SCHEMA), once the template is made, and the statement that empties a database
        #: made from it again
        self._schema: str | None = None
        self._empty_again = ""
        #: databases made from the template and handed to a test, and those emptied again for the next test
        self._copies: set[str] = set()
        self._spare: list[str] = []
        #: the connections kept to the databases handed out and emptied again, and to ``postgres`` (:meth:`_kept`),
        #: on the server's own event loop (:meth:`_aside`)
        self._keepers: dict[str, asyncpg.Connection] = {}
        self._tending: asyncio.AbstractEventLoop | None = None

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:  # initdb and the server refuse to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        # --no-sync: a throwaway server's files need not reach the disk (initdb's own sync took 3.5 of its 4.5 s)
        self._run("initdb", "--no-sync", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C")
        self.resume()

    def stop(self) -> None:
        if self._tending is not None:
            asyncio.run_coroutine_threadsafe(self._let_go(), self._tending).result(timeout=10)
            self._tending.call_soon_threadsafe(self._tending.stop)
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except (subprocess.SubprocessError, OSError):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)

    def restart(self) -> None:
        """Stop the server at once (as a crash would) and start it again on the same data."""
        self.halt()
        self.resume()

    def halt(self) -> None:
        """Stop the server at once, as a crash would; :meth:`resume` starts it again on the same data."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        # (no autovacuum: its workers visited every database the tests made and emptied, 13% of the server's CPU)
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -c fsync=off "
                   "-c full_page_writes=off -c max_connections=300 -c autovacuum=off")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "server.log"), "-w", "start")

    async def new_database(self, empty: bool = False) -> str:
        """A fresh database with the schema up to date (``empty``: as ``createdb`` makes it); returns its URL. One an
        earlier test emptied again is handed out without a word to the server."""
        return await self._aside(self._new_database(empty))

    async def release_database(self, url: str) -> None:
        """A test is done with a database: one made from the template whose schema is still the template's is emptied
        (its connections ended first) and kept for the next test; any other is dropped."""
        await self._aside(self._release(url))

    async def drop_database(self, url: str) -> None:
        await self._aside(self._drop(urlsplit(url).path.lstrip("/")))

    async def _aside(self, work: Awaitable[T]) -> T:
        """``work`` done on this server's own event loop, in a thread of its own, where the connections it keeps
        live: a test's loop ends with the test, and these outlive it."""
        if self._tending is None:
            self._tending = asyncio.new_event_loop()
            threading.Thread(target=self._tending.run_forever, name="test-postgresql", daemon=True).start()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._tending))

    async def _new_database(self, empty: bool) -> str:
        if not empty and self._spare:
            name = self._spare.pop()
            self._copies.add(name)
            return self.url(name)
        name = f"sy_test_{os.getpid()}_{next(self._names)}"
        if empty:
            await self._kept("postgres", lambda admin: admin.execute(f"CREATE DATABASE {name}"))
            return self.url(name)
        if self._schema is None:
            await self._make_template()
        # a file copy of the small template is several times quicker than PostgreSQL 15's default
        await self._kept("postgres", lambda admin: admin.execute(
            f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}"
            + (" STRATEGY FILE_COPY" if admin.get_server_version().major >= 15 else "")))
        self._copies.add(name)
        return self.url(name)

    async def _make_template(self) -> None:
        """The template every test's database starts as: the migrations run once; its schema read, for
        :meth:`release_database` to compare with. No connection to it is kept: a copy needs it alone."""
        from bot.store.postgres import PostgresStore

        await self._kept("postgres", lambda admin: admin.execute(f"CREATE DATABASE {TEMPLATE}"))
        await (await PostgresStore.open(self.url(TEMPLATE), pool_size=1)).close()
        template = await asyncpg.connect(self.url(TEMPLATE))
        try:
            schema = await template.fetchval(SCHEMA)
            tables = [row[0] for row in await template.fetch(TABLES)]
            sequences = [tuple(row) for row in await template.fetch(SEQUENCES)]
        finally:
            await template.close()
        self._empty_again = emptying(tables, sequences)
        self._schema = schema

    async def _release(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        if name not in self._copies:
            await self._drop(name)
            return
        self._copies.discard(name)
        try:
            kept = await self._kept(name, self._emptied_again)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):  # the test dropped it, or the server is down
            kept = False
        if kept:
            self._spare.append(name)
        else:
            await self._drop(name)

    async def _emptied_again(self, conn: asyncpg.Connection) -> bool:
        """Whether the database still has the template's schema; if so, emptied again, its other connections ended."""
        await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        if await conn.fetchval(SCHEMA) != self._schema:
            return False
        await conn.execute(self._empty_again)
        return True

    async def _drop(self, name: str) -> None:
        kept = self._keepers.pop(name, None)
        if kept is not None:
            kept.terminate()
        await self._kept("postgres", lambda admin: admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    async def _let_go(self) -> None:
        for conn in self._keepers.values():
            conn.terminate()
        self._keepers.clear()

    async def _kept(self, name: str, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """``work`` done on this server's connection to database ``name``, kept for the next time. A connection's
        first look at the catalogue costs the server most (the release of a database: 22 ms of CPU on a new
        connection, 7 on one that did it before), and a new connection 4 ms more. A kept connection the server has
        closed since (stopped, or the database dropped) is replaced, once."""
        conn = self._keepers.pop(name, None)
        if conn is not None:
            try:
                result = await work(conn)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                conn.terminate()
            else:
                self._keepers[name] = conn
                return result
        conn = await asyncpg.connect(self.url(name))
        try:
            result = await work(conn)
        except BaseException:
            conn.terminate()
            raise
        self._keepers[name] = conn
        return result


_server: Server | None = None


def server() -> Server:
    """The run's server, started on first use; skips (fails under CI) when PostgreSQL is not installed."""
    global _server
    if _server is None:
        bin_dir = binaries()
        if bin_dir is None:
            if os.environ.get("CI"):
                pytest.fail(f"PostgreSQL binaries not found, and CI must run these tests: {INSTALL}")
            pytest.skip(f"PostgreSQL binaries not found: {INSTALL}")
        started = Server(Path(tempfile.mkdtemp(prefix="sy-pg-")), bin_dir)
        try:
            started.start()
        except subprocess.CalledProcessError as exc:
            log = (started.folder / "server.log")
            detail = log.read_text()[-2000:] if log.is_file() else ""
            started.stop()
            pytest.fail(f"the test PostgreSQL server did not start: {exc.stderr or exc}\n{detail}")
        atexit.register(started.stop)
        _server = started
    return _server


@asynccontextmanager
async def fresh_database(empty: bool = False) -> AsyncIterator[str]:
    """A new database on the test server (started if need be), its URL; released at the end of the block (emptied
    for a later test, or dropped: :meth:`Server.release_database`). ``empty``: without the bot's schema, as
    ``createdb`` leaves it."""
    pg = server()
    url = await pg.new_database(empty)
    try:
        yield url
    finally:
        await pg.release_database(url)
