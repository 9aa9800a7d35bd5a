"""The ``person_settings`` table: what a person chose for themselves in every game: a DM when a turn becomes theirs,
the channel's mention of it, and quiet hours in their own time zone."""

from __future__ import annotations

from typing import Iterable

from .base import Sql, listed
from .records import PersonRow


class People:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def get(self, user_id: int) -> PersonRow:
        """The person's settings (the defaults when they chose none)."""
        return (await self.of([user_id]))[user_id]

    async def of(self, user_ids: Iterable[int]) -> dict[int, PersonRow]:
        """Each person's settings, the defaults for those who chose none."""
        ids = sorted(set(user_ids))
        found = {u: PersonRow(u) for u in ids}
        if ids:
            for row in await self.sql.all(f"SELECT * FROM person_settings WHERE user_id IN ({listed(len(ids))})", ids):
                found[row["user_id"]] = PersonRow(row["user_id"], bool(row["dm_turns"]), bool(row["mentions"]),
                                                  row["quiet_from"], row["quiet_until"], row["time_zone"])
        return found

    async def set(self, person: PersonRow, now: float) -> None:
        await self.sql.execute(
            "INSERT INTO person_settings (user_id, dm_turns, mentions, quiet_from, quiet_until, time_zone, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns, "
            "mentions = excluded.mentions, quiet_from = excluded.quiet_from, quiet_until = excluded.quiet_until, "
            "time_zone = excluded.time_zone, updated_at = excluded.updated_at",
            (person.user_id, int(person.dm_turns), int(person.mentions), person.quiet_from, person.quiet_until,
             person.time_zone, now))
