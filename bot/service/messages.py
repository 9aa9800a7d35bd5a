"""The messages the bot edits later (a lobby, a board picture): where each one is."""

from __future__ import annotations

from .core import ServiceCore
from .models import MessageRef


class Messages(ServiceCore):
    async def record_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message the bot edits later (kind "lobby", "board", ...); replaces the previous one."""
        async with self._store.transaction() as tx:
            await tx.outbox.record_message(game_id, kind, channel_id, message_id, self._clock())

    async def message_for(self, game_id: int, kind: str) -> MessageRef | None:
        return await self._reads.outbox.message(game_id, kind)

    async def public_posts(self, game_id: int) -> list[MessageRef]:
        """Where the game's public posts are (its lobby, its announcements): ``/sy verify`` reads them back."""
        return await self._reads.outbox.public_posts(game_id)
