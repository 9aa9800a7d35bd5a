"""The bot's side of the outbox: the messages owed and not yet posted, and marking one as posted."""

from __future__ import annotations

from .core import ServiceCore
from .models import Announcement


class Announcements(ServiceCore):
    async def pending_announcements(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        return await self._reads.outbox.pending(game_id)

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int) -> None:
        async with self._store.transaction() as tx:
            await tx.outbox.mark_posted(announcement_id, channel_id, message_id, self._clock())
