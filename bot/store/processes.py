"""The bot's processes (``processes``): each holds its gateway shards for a lease it renews with its heartbeat, so
any of them can say which are running, with which shards, and which are gone; and how many posts the bot owes
(``announcements``). Taking shards looks at every row and writes one's own under a lock (:meth:`Processes.lock`):
of several processes starting at once, each sees the others' rows."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Sql
from .claims import OUTBOX

#: the advisory lock a server's transaction takes to look at and write the processes' rows, one at a time
_BOOK_LOCK = 0x5359_7072_6F63  # "SYproc"
#: milliseconds a transaction holding that lock may wait on its own process before the server ends it: its statements
#: follow each other at once, so a process silent that long inside is frozen (a stalled machine, SIGSTOP), and
#: would otherwise keep every other process from starting and renewing until it woke
LOCK_IDLE_MS = 5000


@dataclass(frozen=True)
class ProcessRow:
    name: str
    #: the shards as SY_SHARDS writes them (``0-3``), ``all`` (every shard of a count not known yet), ``none``
    shards: str
    shard_count: int | None
    #: seconds between a gateway heartbeat and its answer (the shards' mean); None before the first
    latency: float | None
    started_at: float
    seen_at: float
    #: until when the process holds its shards unless it renews them (0: a row older than leases)
    expires_at: float = 0.0
    #: the process gave its shards up: who held them too (None: it runs)
    gave_up: str | None = None


@dataclass(frozen=True)
class OwedPosts:
    count: int
    #: when the oldest of them was queued (None: nothing owed)
    oldest: float | None
    #: of them, those each process has in hand (the games whose posts it has claimed, ``claims``), by its name
    in_hand: dict[str, int]
    #: of them, those that failed at least once (Discord refused them, say): each is tried again on every poll
    failing: int = 0
    #: the latest failure among them: (game, why)
    last_failure: tuple[int, str] | None = None


class Processes:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def lock(self) -> None:
        """Hold the processes' rows until the transaction ends: a process taking its shards sees every other's
        row as it stands (SQLite's transaction holds the whole file already). On a server the transaction ends,
        its connection with it, once it has waited :data:`LOCK_IDLE_MS` on its process (the process's next
        statement fails, and its next beat tries again)."""
        if self.sql.lock:  # a server's transaction
            await self.sql.one("SELECT set_config('idle_in_transaction_session_timeout', ?, true), "
                               "pg_advisory_xact_lock(?)", (str(LOCK_IDLE_MS), _BOOK_LOCK))

    async def beat(self, row: ProcessRow) -> None:
        """Write the process's row (a new one, or its latest state)."""
        await self.sql.execute(
            "INSERT INTO processes (name, shards, shard_count, latency, started_at, seen_at, expires_at, gave_up) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET shards = excluded.shards, "
            "shard_count = excluded.shard_count, latency = excluded.latency, started_at = excluded.started_at, "
            "seen_at = excluded.seen_at, expires_at = excluded.expires_at, gave_up = excluded.gave_up",
            (row.name, row.shards, row.shard_count, row.latency, row.started_at, row.seen_at, row.expires_at,
             row.gave_up))

    async def end_lease(self, name: str, seen_at: float, now: float) -> None:
        """The process stopped renewing (it was last seen at ``seen_at``, and has not been since): its lease ends
        now, and its shards are free."""
        await self.sql.execute("UPDATE processes SET expires_at = ? WHERE name = ? AND seen_at = ? AND expires_at > ?",
                               (now, name, seen_at, now))

    async def forget(self, name: str) -> None:
        """The process stopped cleanly: it is not gone, it is not there."""
        await self.sql.execute("DELETE FROM processes WHERE name = ?", (name,))

    async def forget_before(self, seen_before: float) -> None:
        """Rows of processes not seen since ``seen_before`` (gone long ago) go."""
        await self.sql.execute("DELETE FROM processes WHERE seen_at < ?", (seen_before,))

    async def all(self) -> list[ProcessRow]:
        found = await self.sql.all("SELECT * FROM processes ORDER BY shards, name")
        return [ProcessRow(r["name"], r["shards"], r["shard_count"], r["latency"], r["started_at"], r["seen_at"],
                           r["expires_at"], r["gave_up"]) for r in found]

    async def owed_posts(self, now: float) -> OwedPosts:
        row = await self.sql.one("SELECT COUNT(*) AS owed, MIN(created_at) AS oldest FROM announcements "
                                 "WHERE posted_at IS NULL")
        held = await self.sql.all(
            "SELECT c.holder, COUNT(*) AS owed FROM announcements a JOIN claims c ON c.game_id = a.game_id "
            "AND c.work = ? WHERE a.posted_at IS NULL AND c.expires_at > ? GROUP BY c.holder", (OUTBOX, now))
        failing = await self.sql.one("SELECT COUNT(*) AS failing FROM announcements WHERE posted_at IS NULL "
                                     "AND failures > 0")
        last = await self.sql.one("SELECT game_id, last_error FROM announcements WHERE posted_at IS NULL "
                                  "AND failures > 0 ORDER BY failed_at DESC, id DESC LIMIT 1")
        return OwedPosts(int(row["owed"]) if row else 0, row["oldest"] if row else None,
                         {r["holder"]: int(r["owed"]) for r in held}, int(failing["failing"]) if failing else 0,
                         (last["game_id"], last["last_error"] or "?") if last else None)
