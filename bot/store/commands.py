"""Idempotency: every command that carried a key, with what it produced, so that a retry gets it back."""

from __future__ import annotations

import json
from typing import Any

from .base import Sql, to_json
from .records import CommandRow


class Commands:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def find(self, key: str) -> CommandRow | None:
        row = await self.sql.one("SELECT c.*, g.channel_id FROM commands c JOIN games g ON g.id = c.game_id "
                                 "WHERE c.key = ?", (key,))
        if row is None:
            return None
        return CommandRow(row["key"], row["game_id"], row["channel_id"], row["user_id"], row["name"], row["version"],
                          json.loads(row["events"]))

    async def remember(self, key: str, game_id: int, user_id: int, name: str, version: int, events: list[Any],
                       now: float) -> None:
        """Keep a command's result under its key (a key used twice raises :class:`~.base.Conflict`)."""
        await self.sql.execute(
            "INSERT INTO commands (key, game_id, user_id, name, version, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, game_id, user_id, name, version, to_json(events), now))
