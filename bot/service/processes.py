"""The bot's processes as the service keeps them: each one's heartbeat, and the report of all of them with the
posts the bot owes (for the owner's ``/sy status processes:`` and a log line every few minutes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bot.store import Store
from bot.store.processes import OwedPosts, ProcessRow

#: a process that has not written its row for this long (seconds) is gone: it died, or lost its database
GONE_AFTER = 180.0
#: rows of processes gone this long (seconds) are forgotten
FORGET_AFTER = 7 * 24 * 3600.0


@dataclass(frozen=True)
class ProcessReport:
    """The processes (each with whether it is gone), and the posts owed, at ``now``."""

    now: float
    processes: list[tuple[ProcessRow, bool]]
    owed: OwedPosts


class ProcessBook:
    """One process's heartbeat (its row, written by :meth:`beat`) and everyone's report."""

    def __init__(self, store: Store, clock: Callable[[], float], name: str) -> None:
        self._store = store
        self._clock = clock
        self.name = name
        self.started_at = clock()

    async def beat(self, shards: str, shard_count: int | None, latency: float | None) -> None:
        now = self._clock()
        async with self._store.transaction() as tx:
            await tx.processes.beat(ProcessRow(self.name, shards, shard_count, latency, self.started_at, now))
            await tx.processes.forget_before(now - FORGET_AFTER)

    async def stopped(self) -> None:
        async with self._store.transaction() as tx:
            await tx.processes.forget(self.name)


async def process_report(store: Store, clock: Callable[[], float]) -> ProcessReport:
    """Every process's row (with whether it is gone) and the posts the bot owes."""
    reads = store.reads.processes
    now = clock()
    rows = await reads.all()
    return ProcessReport(now, [(row, now - row.seen_at > GONE_AFTER) for row in rows], await reads.owed_posts(now))
