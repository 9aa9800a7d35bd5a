"""What a backend is: the interface the game service speaks to, whichever database keeps the games.

A backend (:mod:`.sqlite`, the embedded default; :mod:`.postgres`, a database server) opens a :class:`Store`. The service takes one
transaction per command (:meth:`Store.transaction`) and reads outside commands through :attr:`Store.reads`;
either way it holds a :class:`Session`, whose parts each keep one concern's tables (:mod:`.games`,
:mod:`.seats`, :mod:`.actions`, :mod:`.commands`, :mod:`.outbox`, :mod:`.settings`, :mod:`.stats`,
:mod:`.commitments`, :mod:`.claims`, :mod:`.absences`, :mod:`.people`, :mod:`.notices`, :mod:`.ratings`,
:mod:`.takebacks`). The parts write their SQL once, with ``?`` placeholders; a backend's :class:`~.base.Sql` runs it in its dialect.

Three promises hold on every backend:

- one transaction per command: everything a command writes commits together or not at all;
- a game read inside a transaction is locked until the transaction ends, so two commands on one game run one
  after the other, the second against what the first left;
- a write that breaks a uniqueness rule (an idempotency key used twice, a second active game in a channel,
  a second installation secret) raises :class:`~.base.Conflict`, after which the caller may run the command
  again in a new transaction and find what the other one stored.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .absences import Absences
from .actions import Actions
from .base import Row, Sql
from .claims import Claims
from .commands import Commands
from .commitments import Commitments
from .games import Games
from .migrations import Migration
from .notices import Notices
from .outbox import Outbox
from .people import People
from .processes import Processes
from .ratings import Ratings
from .takebacks import Takebacks
from .seats import Seats
from .settings import Settings
from .stats import Stats
from .threads import Threads

if TYPE_CHECKING:
    from .wakeups import Wakeups


class Session:
    """The tables, one concern each, as one connection (a transaction, or the readers) sees them."""

    def __init__(self, sql: Sql) -> None:
        #: the SQL runner under the parts, for tools and tests that look past them
        self.sql = sql
        self.games = Games(sql)
        self.seats = Seats(sql)
        self.actions = Actions(sql)
        self.commands = Commands(sql)
        self.outbox = Outbox(sql)
        self.settings = Settings(sql)
        self.stats = Stats(sql)
        self.commitments = Commitments(sql)
        self.threads = Threads(sql)
        self.claims = Claims(sql)
        self.processes = Processes(sql)
        self.absences = Absences(sql)
        self.people = People(sql)
        self.notices = Notices(sql)
        self.ratings = Ratings(sql)
        self.takebacks = Takebacks(sql)


class Store(ABC):
    """An open database with the schema brought up to date. ``async with store.transaction() as tx:`` commits
    at the end of the block and rolls everything back on any exception."""

    #: the migrations this opening applied
    applied: list[Migration]
    #: reads outside any command: each sees the last commit
    reads: Session

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Session]: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @property
    @abstractmethod
    def where(self) -> str:
        """The database as a log line names it (a path; never a password)."""

    def wakeups(self, on_owed: Callable[[int], Any],
                on_reconnect: Callable[[], Any] | None = None) -> "Wakeups | None":
        """What tells this process that another one has queued work (:mod:`.wakeups`): ``on_owed(game_id)``
        for each game that owes posts, ``on_reconnect()`` after the listening connection was lost and is back
        (what it missed meanwhile is for the caller to look up). None: no other process shares the database."""
        return None

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """A raw read for tools and tests (the service reads through :attr:`reads`' parts)."""
        return await self.reads.sql.one(sql, params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.reads.sql.all(sql, params)
