"""The ``turn_notices`` table: DMs owed to people who asked to be told when a turn becomes theirs, each linking to
the post that handed it to them, held back (``due_at``) through the person's quiet hours."""

from __future__ import annotations

from typing import Iterable

from .base import Sql, listed
from .records import NoticeRow


class Notices:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def queue(self, game_id: int, owed: Iterable[tuple[int, float]], key: str, turn: int, channel_id: int,
                    message_id: int, now: float) -> None:
        """A notice for each (person, due at) of the post ``key``; one a post already owes a person stays as it is."""
        await self.sql.execute_many(
            "INSERT INTO turn_notices (game_id, user_id, key, turn, channel_id, message_id, due_at, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id, key) DO NOTHING",
            [(game_id, user_id, key, turn, channel_id, message_id, due_at, now) for user_id, due_at in owed])

    async def games_due(self, now: float) -> list[int]:
        """The games that owe a notice due now."""
        found = await self.sql.all("SELECT DISTINCT game_id FROM turn_notices WHERE sent_at IS NULL AND due_at <= ? "
                                   "ORDER BY game_id", (now,))
        return [row["game_id"] for row in found]

    async def due(self, game_id: int, now: float) -> list[NoticeRow]:
        found = await self.sql.all("SELECT * FROM turn_notices WHERE game_id = ? AND sent_at IS NULL AND due_at <= ? "
                                   "ORDER BY id", (game_id, now))
        return [NoticeRow(r["id"], r["game_id"], r["user_id"], r["key"], r["turn"], r["channel_id"], r["message_id"],
                          r["due_at"]) for r in found]

    async def sent(self, notice_ids: Iterable[int], now: float) -> None:
        ids = sorted(set(notice_ids))
        if ids:
            await self.sql.execute(f"UPDATE turn_notices SET sent_at = ? WHERE id IN ({listed(len(ids))}) "
                                   "AND sent_at IS NULL", (now, *ids))
