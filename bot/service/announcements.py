"""The bot's side of the outbox: the messages owed and not yet posted, and marking one as posted."""

from __future__ import annotations

from . import outbox
from .core import ServiceCore
from .models import Announcement


class Announcements(ServiceCore):
    async def pending_announcements(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        where, params = ("AND a.game_id = ?", (game_id,)) if game_id is not None else ("", ())
        found = await self._db.all(
            "SELECT a.*, g.guild_id, g.channel_id AS game_channel_id FROM announcements a "
            f"JOIN games g ON g.id = a.game_id WHERE a.posted_at IS NULL {where} ORDER BY a.id", params)
        return [outbox.announcement(row) for row in found]

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE announcements SET posted_at = ?, channel_id = ?, message_id = ? "
                             "WHERE id = ? AND posted_at IS NULL",
                             (self._clock(), channel_id, message_id, announcement_id))
