"""The outbox: the messages the bot owes (``announcements``), queued with the change they report, and the
messages it edits later (``messages``)."""

from __future__ import annotations

import json
from typing import Any

from .base import Sql, listed, to_json
from .claims import Claims
from .records import Announcement, MessageRef


class Outbox:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql
        #: inside a command's transaction (``Sql.held``), the games whose ``outbox`` claim row it has made sure of:
        #: nothing deletes one, so a second message queued in the same command needs no second statement for it
        self._claimed: set[int] | None = set() if sql.held else None

    async def queue(self, game_id: int, key: str, kind: str, payload: dict[str, Any], now: float,
                    recipient_id: int | None = None) -> None:
        """Owe a message; a key is queued at most once per game (a second time changes nothing)."""
        await self.queue_all(game_id, [(key, kind, payload, recipient_id)], now)

    async def queue_all(self, game_id: int, owed: list[tuple[str, str, dict[str, Any], int | None]],
                        now: float) -> None:
        """Owe several messages, (key, kind, payload, recipient) each, in this order, in one statement."""
        if not owed:
            return
        await self.sql.execute(
            "INSERT INTO announcements (game_id, key, kind, recipient_id, payload, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(owed)) + " ON CONFLICT (game_id, key) DO NOTHING",
            [value for key, kind, payload, recipient in owed
             for value in (game_id, key, kind, recipient, to_json(payload), now)])
        if self._claimed is None or game_id not in self._claimed:
            await Claims(self.sql).ensure_outbox(game_id)  # what the bot processes claim to post them (.claims)
            if self._claimed is not None:
                self._claimed.add(game_id)

    async def pending(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        return await self.pending_of(None if game_id is None else [game_id])

    async def pending_of(self, game_ids: list[int] | None) -> list[Announcement]:
        """Messages owed by these games (None: every game) and not yet posted, oldest first."""
        where, params = "", ()
        if game_ids is not None:
            if not game_ids:
                return []
            where, params = f"AND a.game_id IN ({listed(len(game_ids))})", tuple(game_ids)
        found = await self.sql.all(
            "SELECT a.*, g.guild_id, g.channel_id AS game_channel_id FROM announcements a "
            f"JOIN games g ON g.id = a.game_id WHERE a.posted_at IS NULL {where} ORDER BY a.id", params)
        return [Announcement(
            id=row["id"], game_id=row["game_id"], guild_id=row["guild_id"], channel_id=row["game_channel_id"],
            key=row["key"], kind=row["kind"], recipient_id=row["recipient_id"], payload=json.loads(row["payload"]),
            created_at=row["created_at"]) for row in found]

    async def owing(self, game_ids: list[int]) -> list[int]:
        """Those of the games that owe messages not yet posted."""
        if not game_ids:
            return []
        found = await self.sql.all(
            f"SELECT DISTINCT game_id FROM announcements WHERE posted_at IS NULL AND game_id IN "
            f"({listed(len(game_ids))}) ORDER BY game_id", tuple(game_ids))
        return [row["game_id"] for row in found]

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int, now: float) -> None:
        await self.sql.execute("UPDATE announcements SET posted_at = ?, channel_id = ?, message_id = ? "
                               "WHERE id = ? AND posted_at IS NULL", (now, channel_id, message_id, announcement_id))

    async def failed(self, announcement_id: int, reason: str, now: float) -> None:
        """One more failed try to post the announcement, ``reason`` the last."""
        await self.sql.execute("UPDATE announcements SET failures = failures + 1, failed_at = ?, last_error = ? "
                               "WHERE id = ? AND posted_at IS NULL", (now, reason, announcement_id))

    async def readdress(self, game_id: int, old_user_id: int, new_user_id: int) -> None:
        """The private messages not yet sent to ``old_user_id`` go to ``new_user_id`` instead."""
        await self.sql.execute("UPDATE announcements SET recipient_id = ? WHERE game_id = ? AND recipient_id = ? "
                               "AND posted_at IS NULL", (new_user_id, game_id, old_user_id))

    async def owes(self, game_id: int, recipient_id: int, key: str) -> bool:
        """Whether a private message under ``key`` (or ``key:...``) waits to be sent to ``recipient_id``."""
        return await self.sql.one(
            "SELECT 1 FROM announcements WHERE game_id = ? AND recipient_id = ? AND posted_at IS NULL "
            "AND (key = ? OR key LIKE ?)", (game_id, recipient_id, key, f"{key}:%")) is not None

    async def record_message(self, game_id: int, kind: str, channel_id: int, message_id: int, now: float) -> None:
        """Where the game's message of ``kind`` is now (it replaces the one before)."""
        await self.sql.execute(
            "INSERT INTO messages (game_id, kind, channel_id, message_id, updated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id, updated_at = excluded.updated_at",
            (game_id, kind, channel_id, message_id, now))

    async def public_posts(self, game_id: int) -> list[MessageRef]:
        """Where the game's public posts went: its lobby, and every announcement posted for everyone, in order."""
        rows = await self.sql.all(
            "SELECT channel_id, message_id FROM announcements WHERE game_id = ? AND recipient_id IS NULL "
            "AND message_id > 0 UNION SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = 'lobby' "
            "AND message_id > 0 ORDER BY message_id", (game_id, game_id))
        return [MessageRef(row["channel_id"], row["message_id"]) for row in rows]

    async def message(self, game_id: int, kind: str) -> MessageRef | None:
        row = await self.sql.one("SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
                                 (game_id, kind))
        return MessageRef(row["channel_id"], row["message_id"]) if row else None
