"""The commitments to Mr. X's hidden route (``commitments``): append-only, one per entry of a game."""

from __future__ import annotations

from .base import Sql


class Commitments:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def count(self, game_id: int) -> int:
        row = await self.sql.one("SELECT COUNT(*) AS n FROM commitments WHERE game_id = ?", (game_id,))
        return int(row["n"]) if row else 0

    async def add(self, game_id: int, entry: int, commitment: str, at: float) -> None:
        await self.sql.execute("INSERT INTO commitments (game_id, entry, commitment, at) VALUES (?, ?, ?, ?)",
                               (game_id, entry, commitment, at))

    async def listed(self, game_id: int) -> list[tuple[int, str, float]]:
        """(entry, commitment, when it was written) of each entry, in order."""
        rows = await self.sql.all("SELECT entry, commitment, at FROM commitments WHERE game_id = ? ORDER BY entry",
                                  (game_id,))
        return [(int(r["entry"]), str(r["commitment"]), float(r["at"])) for r in rows]
