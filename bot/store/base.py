"""What the store's parts and its backends share: the contract of a backend's SQL runner (:class:`Sql`) and the
store's own errors. The interface the service speaks to is in :mod:`.interface`.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Protocol, Sequence
from urllib.parse import urlsplit


#: ``json.dumps(value)``, and the compact form (no spaces) snapshots are kept in: the same text, written faster.
#: What the store writes as JSON is plain data made for it (a snapshot, an action, events, a payload), never a value
#: that holds itself, so the encoders skip the check for cycles: a fifth of the time of a move's snapshot (~400 keys)
to_json = json.JSONEncoder(check_circular=False).encode
to_compact_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def listed(count: int) -> str:
    """``?, ?, ?``: the placeholders of an ``IN (...)`` list of ``count`` values."""
    return ", ".join("?" * count)


class DatabaseUnavailable(Exception):
    """The database cannot be opened, or has gone away while the bot runs. The message names the
    database and the reason in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class OutcomeUnknown(DatabaseUnavailable):
    """A transaction's COMMIT was sent and no answer came back (the connection dropped, the file's disk failed): it
    may have been kept or not. The caller finds out before saying either (a command: by its idempotency key)."""

    #: how to find out, in a new transaction (``look_up(tx)``), when the raiser's caller knows (the game service
    #: sets it for a command with a key); None: nobody can tell
    look_up = None


#: connections per process on PostgreSQL (``SY_DATABASE_POOL``): commands in flight at once, plus reads
POOL_SIZE = 20
#: a URL's scheme (``mysql://``, ``postgresq://``); two letters at least, so that a drive letter stays a path
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+)://")
#: the schemes of a PostgreSQL server's URL, as libpq writes them
POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_url(target: object) -> bool:
    """Whether a database setting is a PostgreSQL server's URL (else it is a SQLite file's path)."""
    return isinstance(target, str) and target.startswith(tuple(f"{scheme}://" for scheme in POSTGRES_SCHEMES))


def refuse_foreign_url(target: object) -> None:
    """A database setting that is a URL of anything but PostgreSQL (``mysql://``, a typo such as ``postgresq://``)
    is refused in one line, before it could become a SQLite file of that name; a path stays a path."""
    if not isinstance(target, str):
        return
    found = _SCHEME.match(target.strip())
    if found and found[1] not in POSTGRES_SCHEMES:
        parts = urlsplit(target.strip())
        where = f"{found[1]}://{parts.hostname or ''}{parts.path}"  # without a user or password
        raise DatabaseUnavailable(f"cannot use the database {where}: the bot keeps its games in a SQLite file (give "
                                  f"a path) or on PostgreSQL (a postgresql:// URL), not in a {found[1]}:// database")


def pool_size(text: str) -> int:
    """``SY_DATABASE_POOL`` as written (empty: the default); a bad one is refused in one line."""
    text = text.strip()
    if not text:
        return POOL_SIZE
    if not text.isdigit() or int(text) < 1:
        raise DatabaseUnavailable(f"SY_DATABASE_POOL must be a whole number of connections, at least 1 (default "
                                  f"{POOL_SIZE}), not {text!r}")
    return int(text)


class Conflict(Exception):
    """A write broke a uniqueness rule: another transaction stored the same thing first."""


class Row(Protocol):
    """A row as a backend's driver gives it: by column name or position (``row["id"]``, ``row[0]``)."""

    def __getitem__(self, key: str | int) -> Any: ...

    def keys(self) -> Iterable[str]: ...


class Sql(Protocol):
    """Runs SQL written with ``?`` placeholders on one connection (or, for reads, on any free one)."""

    #: what ends a query that locks the rows it reads until the transaction ends: " FOR UPDATE" inside a
    #: transaction on a server; "" where a transaction holds the whole database already (SQLite) and for reads
    lock: str
    #: True inside a command's transaction: a game it has read (and its seats) stays as it was read until the
    #: transaction ends, but for the transaction's own writes, so the parts may keep what they read (a server
    #: locks the game on reading it, SQLite holds the whole file); False for reads, which must see each commit
    held: bool

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    async def execute_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None: ...
