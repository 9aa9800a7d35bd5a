"""Take-backs asked for (``takebacks``): one per action, with the other side's answer. An accepted take-back is also
an action of its own (``actions``), and a withdrawn commitment moves to ``withdrawn_commitments``."""

from __future__ import annotations

import json

from .base import Sql
from .records import LastAction, TakebackRow


class Takebacks:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def ask(self, game_id: int, seq: int, user_id: int, now: float) -> None:
        """A take-back of action ``seq`` asked for (a second ask of the same action raises Conflict)."""
        await self.sql.execute("INSERT INTO takebacks (game_id, seq, asked_by, asked_at) VALUES (?, ?, ?, ?)",
                               (game_id, seq, user_id, now))

    async def get(self, game_id: int, seq: int) -> TakebackRow | None:
        row = await self.sql.one("SELECT * FROM takebacks WHERE game_id = ? AND seq = ?", (game_id, seq))
        return TakebackRow.of(row) if row else None

    async def waiting(self, game_id: int) -> TakebackRow | None:
        """The take-back that waits for an answer, if any (the latest asked)."""
        row = await self.sql.one("SELECT * FROM takebacks WHERE game_id = ? AND answer IS NULL ORDER BY seq DESC "
                                 "LIMIT 1", (game_id,))
        return TakebackRow.of(row) if row else None

    async def answer(self, game_id: int, seq: int, answer: str, user_id: int | None, now: float) -> None:
        await self.sql.execute("UPDATE takebacks SET answer = ?, answered_by = ?, answered_at = ? "
                               "WHERE game_id = ? AND seq = ? AND answer IS NULL", (answer, user_id, now, game_id, seq))

    async def last_action(self, game_id: int) -> LastAction | None:
        """The game's last action, with the name of the command that played it ('act', 'request', 'skip', ...;
        None for one with no key)."""
        row = await self.sql.one(
            "SELECT a.seq, a.round, a.user_id, a.action, c.name FROM actions a LEFT JOIN commands c ON c.key = a.key "
            "WHERE a.game_id = ? ORDER BY a.seq DESC LIMIT 1", (game_id,))
        if row is None:
            return None
        return LastAction(int(row["seq"]), int(row["round"]), int(row["user_id"]), json.loads(row["action"]),
                          row["name"])

    async def action(self, game_id: int, seq: int) -> dict | None:
        row = await self.sql.one("SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
        return None if row is None else json.loads(row["action"])

    async def allow(self, game_id: int, allowed: bool) -> None:
        await self.sql.execute("UPDATE games SET takebacks = ? WHERE id = ?", (int(allowed), game_id))

    async def taken_back(self, game_id: int, count: int) -> None:
        await self.sql.execute("UPDATE games SET taken_back = ? WHERE id = ?", (count, game_id))
