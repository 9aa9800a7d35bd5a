"""The bot's processes (``processes``): each writes its row about once a minute, so any of them can say which
are running, with which shards, and which are gone; and how many posts the bot owes (``announcements``)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Sql
from .claims import OUTBOX


@dataclass(frozen=True)
class ProcessRow:
    name: str
    shards: str
    shard_count: int | None
    #: seconds between a gateway heartbeat and its answer (the shards' mean); None before the first
    latency: float | None
    started_at: float
    seen_at: float


@dataclass(frozen=True)
class OwedPosts:
    count: int
    #: when the oldest of them was queued (None: nothing owed)
    oldest: float | None
    #: of them, those each process has in hand (the games whose posts it has claimed, ``claims``), by its name
    in_hand: dict[str, int]


class Processes:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def beat(self, row: ProcessRow) -> None:
        """Write the process's row (a new one, or its latest state)."""
        await self.sql.execute(
            "INSERT INTO processes (name, shards, shard_count, latency, started_at, seen_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET shards = excluded.shards, shard_count = excluded.shard_count, "
            "latency = excluded.latency, started_at = excluded.started_at, seen_at = excluded.seen_at",
            (row.name, row.shards, row.shard_count, row.latency, row.started_at, row.seen_at))

    async def forget(self, name: str) -> None:
        """The process stopped cleanly: it is not gone, it is not there."""
        await self.sql.execute("DELETE FROM processes WHERE name = ?", (name,))

    async def forget_before(self, seen_before: float) -> None:
        """Rows of processes not seen since ``seen_before`` (gone long ago) go."""
        await self.sql.execute("DELETE FROM processes WHERE seen_at < ?", (seen_before,))

    async def all(self) -> list[ProcessRow]:
        found = await self.sql.all("SELECT * FROM processes ORDER BY shards, name")
        return [ProcessRow(r["name"], r["shards"], r["shard_count"], r["latency"], r["started_at"], r["seen_at"])
                for r in found]

    async def owed_posts(self, now: float) -> OwedPosts:
        row = await self.sql.one("SELECT COUNT(*) AS owed, MIN(created_at) AS oldest FROM announcements "
                                 "WHERE posted_at IS NULL")
        held = await self.sql.all(
            "SELECT c.holder, COUNT(*) AS owed FROM announcements a JOIN claims c ON c.game_id = a.game_id "
            "AND c.work = ? WHERE a.posted_at IS NULL AND c.expires_at > ? GROUP BY c.holder", (OUTBOX, now))
        return OwedPosts(int(row["owed"]) if row else 0, row["oldest"] if row else None,
                         {r["holder"]: int(r["owed"]) for r in held})
