"""The messages the bot edits later (a lobby, a board picture): where each one is."""

from __future__ import annotations

from .core import ServiceCore
from .models import MessageRef


class Messages(ServiceCore):
    async def record_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message the bot edits later (kind "lobby", "board", ...); replaces the previous one."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO messages (game_id, kind, channel_id, message_id, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, updated_at = excluded.updated_at",
                (game_id, kind, channel_id, message_id, self._clock()))

    async def message_for(self, game_id: int, kind: str) -> MessageRef | None:
        row = await self._db.one("SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
                                 (game_id, kind))
        return MessageRef(row["channel_id"], row["message_id"]) if row else None
