"""The bot's processes as the service keeps them: each one's hold on its gateway shards (a lease, renewed by its
heartbeat), and the report of all of them with the posts the bot owes (for the owner's ``/sy status processes:`` and
a log line every few minutes).

The rule that keeps one process per shard, whatever Discord accepts (it lets several sessions identify as one shard):

- A process takes its shards before it connects (:meth:`ProcessBook.hold`), looking at every other row under a lock,
  so of several processes starting at once each sees the others. Another process *clashes* when it is live (its
  lease has not ended, it has not given up) and holds one of the same shards, runs another shard count, or runs
  every shard (no SY_SHARDS).
- A clashing process that renews its lease while the new one watches is alive: the new one refuses to start, in one
  line naming it. One that does not renew for a whole lease of its own (its row says how long: ``expires_at -
  seen_at``) is dead, killed at any line: its lease is ended and the new one starts. So a process killed without a
  word delays the restart on its shards by its lease at most: ``SY_CLAIM_LEASE`` (30 s), at least
  :data:`SHORTEST_LEASE` (10 s).
- The lock is held for a few statements only: a process frozen while it holds it (on a server, which several
  processes share) has its transaction ended by the server after :data:`bot.store.processes.LOCK_IDLE_MS`, so the
  others go on taking and renewing their shards meanwhile.
- A running process renews its lease every third of it (:meth:`ProcessBook.renew`). One that finds a live clashing
  process then (it was frozen, or cut off from the database, for longer than its lease, and another took its shards
  meanwhile) gives its shards up: its row says so, and who holds them, until it is forgotten.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Awaitable, Callable, Iterable

from bot.store import Store
from bot.store.processes import OwedPosts, ProcessRow

#: rows of processes gone this long (seconds) are forgotten
FORGET_AFTER = 7 * 24 * 3600.0
#: the shortest hold on shards (seconds): a process starting up (importing, connecting its shards) may not get to
#: renew for a few seconds on a busy machine, and must not lose its shards for that
SHORTEST_LEASE = 10.0


class ShardsTaken(Exception):
    """Another live process holds this one's shards (or runs another shard count), at the start or while this one
    ran (then it gave them up): the message names it, in one line, for the one who runs the bot."""

    def __init__(self, message: str, other: ProcessRow | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.other = other


def shards_label(shard_ids: Iterable[int] | None, shard_count: int | None) -> str:
    """``0-3``, ``0,2,5`` or ``0-1,4``: the shards as SY_SHARDS writes them; every shard when ``shard_ids`` is
    None (``0-7`` of 8; ``all`` before the count is known)."""
    if shard_ids is None:
        if not shard_count:
            return "all"
        shard_ids = range(shard_count)
    ids = sorted(set(shard_ids))
    if not ids:
        return "none"
    parts, first, last = [], ids[0], ids[0]
    for shard in ids[1:] + [None]:
        if shard is not None and shard == last + 1:
            last = shard
            continue
        parts.append(str(first) if first == last else f"{first}-{last}")
        if shard is not None:
            first = last = shard
    return ",".join(parts)


@dataclass(frozen=True)
class Shards:
    """The shards a process holds: ``ids`` of ``count`` (ids None: every one; count None: Discord's number, not
    known before the process connects)."""

    ids: frozenset[int] | None
    count: int | None

    @classmethod
    def of(cls, shard_ids: Iterable[int] | None, shard_count: int | None) -> "Shards":
        ids = None if shard_ids is None else frozenset(shard_ids)
        if ids is not None and shard_count and ids == frozenset(range(shard_count)):
            ids = None
        return cls(ids, shard_count)

    @classmethod
    def of_row(cls, row: ProcessRow) -> "Shards":
        """The shards a row names (its label read back)."""
        if row.shards == "all":
            return cls(None, row.shard_count)
        ids: set[int] = set()
        for part in row.shards.split(",") if row.shards not in ("", "none") else ():
            first, _, last = part.partition("-")
            ids.update(range(int(first), int(last or first) + 1))
        return cls.of(ids, row.shard_count)

    @property
    def label(self) -> str:
        return f"{shards_label(self.ids, self.count)} of {self.count or '?'}"

    def clash(self, other: "Shards", name: str) -> str | None:
        """Why a process holding ``other`` (called ``name``) cannot run beside this one; None: they can."""
        if self.count is not None and other.count is not None and self.count != other.count:
            return (f"process {name} runs shards {other.label}: every process of the bot must run the same "
                    "SY_SHARD_COUNT")
        if self.count is None or other.count is None or self.ids is None or other.ids is None:
            return f"process {name} runs shards {other.label}, and a process that runs every shard must run alone"
        common = self.ids & other.ids
        if common:
            which = "shard" if len(common) == 1 else "shards"
            return (f"process {name} holds {which} {shards_label(common, self.count)} of {self.count} already: give "
                    "every shard to exactly one process")
        return None


def live(row: ProcessRow, now: float) -> bool:
    """Whether the process still holds its shards: its lease has not ended and it has not given them up."""
    return row.gave_up is None and row.expires_at > now


@dataclass(frozen=True)
class ProcessReport:
    """The processes (each with whether it is gone: its lease ended without a word), and the posts owed, at
    ``now``."""

    now: float
    processes: list[tuple[ProcessRow, bool]]
    owed: OwedPosts


#: what :meth:`ProcessBook.hold` says while it waits for a clashing process's lease: (its row, why it clashes)
Waiting = Callable[[ProcessRow, str], Awaitable[None] | None]


class ProcessBook:
    """One process's hold on its shards (its row, taken by :meth:`hold`, renewed by :meth:`renew`) and everyone's
    report. ``lease``: seconds the hold lasts unless renewed."""

    def __init__(self, store: Store, clock: Callable[[], float], name: str, lease: float = 30.0) -> None:
        self._store = store
        self._clock = clock
        self.name = name
        self.lease = max(lease, SHORTEST_LEASE)
        self.started_at = clock()
        #: the process that held this one's shards too, once this one gave them up
        self.gave_up: ProcessRow | None = None

    async def hold(self, shard_ids: Iterable[int] | None, shard_count: int | None, *,
                   waiting: Waiting | None = None, sleep=asyncio.sleep, monotonic=time.monotonic) -> None:
        """Take the shards, waiting for the lease of a process that stopped renewing; raises :class:`ShardsTaken`
        (naming the other process) when a live one holds them or runs another shard count. ``waiting`` hears of
        each process waited for, once."""
        mine = Shards.of(shard_ids, shard_count)
        watched: dict[str, tuple[float, float]] = {}  # name: (its seen_at, our monotonic clock) when first seen
        while True:
            now = self._clock()
            clashing: list[tuple[ProcessRow, str]] = []
            async with self._store.transaction() as tx:
                await tx.processes.lock()
                for row in await tx.processes.all():
                    why = mine.clash(Shards.of_row(row), row.name) if row.name != self.name and live(row, now) else None
                    if why is None:
                        continue
                    seen_at, since = watched.get(row.name) or (row.seen_at, monotonic())
                    if row.seen_at != seen_at:  # it renewed while this one watched: it is alive
                        raise ShardsTaken(f"this process (shards {mine.label}) does not start: {why} (that process "
                                          "is running: it renewed its hold while this one waited)", row)
                    if monotonic() - since >= row.expires_at - row.seen_at:  # silent for a whole lease: dead
                        await tx.processes.end_lease(row.name, row.seen_at, now)
                        continue
                    clashing.append((row, why))
                if not clashing:
                    await tx.processes.beat(self._row(mine, None, now))
                    return
            for row, why in clashing:
                if row.name not in watched:
                    watched[row.name] = (row.seen_at, monotonic())
                    if waiting is not None and (said := waiting(row, why)) is not None:
                        await said
            await sleep(min(row.expires_at - row.seen_at for row, _ in clashing) / 10)

    async def renew(self, shard_ids: Iterable[int] | None, shard_count: int | None,
                    latency: float | None) -> ProcessRow | None:
        """Renew the hold; None, or the live process that holds this one's shards too: then this one has given
        them up (its row says so)."""
        if self.gave_up is not None:  # given up for good
            return self.gave_up
        mine = Shards.of(shard_ids, shard_count)
        now = self._clock()
        async with self._store.transaction() as tx:
            await tx.processes.lock()
            for row in await tx.processes.all():
                if row.name != self.name and live(row, now) and mine.clash(Shards.of_row(row), row.name):
                    self.gave_up = row
                    await tx.processes.beat(self._row(mine, latency, now, gave_up=row.name))
                    return row
            await tx.processes.beat(self._row(mine, latency, now))
            await tx.processes.forget_before(now - FORGET_AFTER)
        return None

    def _row(self, mine: Shards, latency: float | None, now: float, gave_up: str | None = None) -> ProcessRow:
        return ProcessRow(self.name, shards_label(mine.ids, mine.count), mine.count, latency, self.started_at, now,
                          now if gave_up else now + self.lease, gave_up)

    async def stopped(self) -> None:
        """A clean stop: the row goes (the shards are free at once), but the row of one that gave its shards up,
        which stays for the owner to read."""
        if self.gave_up is not None:
            return
        async with self._store.transaction() as tx:
            await tx.processes.forget(self.name)


async def process_report(store: Store, clock: Callable[[], float]) -> ProcessReport:
    """Every process's row (with whether it is gone) and the posts the bot owes."""
    reads = store.reads.processes
    now = clock()
    rows = await reads.all()
    return ProcessReport(now, [(row, row.gave_up is None and not live(row, now)) for row in rows],
                         await reads.owed_posts(now))
