"""The commitments to Mr. X's hidden route (``commitments``): append-only, one per entry of a game; a take-back of his
move moves the ones it withdraws, unchanged, to ``withdrawn_commitments`` (never changed either)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Sql


@dataclass(frozen=True)
class Published:
    """A commitment as published: its entry, its attempt (0, then 1 after a withdrawn one, ...), its value, when,
    and whether a take-back withdrew it."""

    entry: int
    attempt: int
    commitment: str
    at: float
    withdrawn: bool


class Commitments:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def count(self, game_id: int) -> int:
        row = await self.sql.one("SELECT COUNT(*) AS n FROM commitments WHERE game_id = ?", (game_id,))
        return int(row["n"]) if row else 0

    async def add(self, game_id: int, entry: int, commitment: str, at: float, position: int | None = None) -> None:
        """The commitment to entry ``entry``; ``position``: its place among all the game's published commitments
        (withdrawn ones included; None: the entry's, as in a game without take-backs)."""
        await self.sql.execute("INSERT INTO commitments (game_id, entry, commitment, at, position) "
                               "VALUES (?, ?, ?, ?, ?)", (game_id, entry, commitment, at,
                                                          entry if position is None else position))

    async def listed(self, game_id: int) -> list[tuple[int, str, float]]:
        """(entry, commitment, when it was written) of each entry, in order."""
        rows = await self.sql.all("SELECT entry, commitment, at FROM commitments WHERE game_id = ? ORDER BY entry",
                                  (game_id,))
        return [(int(r["entry"]), str(r["commitment"]), float(r["at"])) for r in rows]

    async def withdrawn(self, game_id: int) -> dict[int, int]:
        """entry -> how many of its commitments were withdrawn (empty in a game without take-backs of Mr. X)."""
        rows = await self.sql.all("SELECT entry, COUNT(*) AS n FROM withdrawn_commitments WHERE game_id = ? "
                                  "GROUP BY entry", (game_id,))
        return {int(r["entry"]): int(r["n"]) for r in rows}

    async def withdraw(self, game_id: int, from_entry: int, takeback: int, now: float) -> int:
        """Withdraw the commitments of entries ``from_entry`` on (a take-back of the move that wrote them, action
        ``takeback``): each moves, unchanged, to ``withdrawn_commitments``. Returns how many."""
        found = await self.sql.all(
            "SELECT entry, commitment, at, position FROM commitments WHERE game_id = ? AND entry >= ? ORDER BY entry",
            (game_id, from_entry))
        if not found:
            return 0
        earlier = await self.withdrawn(game_id)
        for row in found:
            entry = int(row["entry"])
            await self.sql.execute(
                "INSERT INTO withdrawn_commitments (game_id, entry, attempt, commitment, at, position, withdrawn_at, "
                "takeback) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, entry, earlier.get(entry, 0), row["commitment"], row["at"],
                 entry if row["position"] is None else row["position"], now, takeback))
        # (naming withdrawn_commitments, the delete goes after the inserts: its trigger reads them)
        await self.sql.execute(
            "DELETE FROM commitments WHERE game_id = ? AND entry >= ? AND EXISTS (SELECT 1 FROM withdrawn_commitments w "
            "WHERE w.game_id = commitments.game_id AND w.entry = commitments.entry "
            "AND w.commitment = commitments.commitment)", (game_id, from_entry))
        return len(found)

    async def published(self, game_id: int) -> list[Published]:
        """Every commitment the game published, withdrawn ones included, in the order they were published."""
        live = await self.sql.all("SELECT entry, commitment, at, COALESCE(position, entry) AS position "
                                  "FROM commitments WHERE game_id = ?", (game_id,))
        gone = await self.sql.all("SELECT entry, attempt, commitment, at, COALESCE(position, entry) AS position "
                                  "FROM withdrawn_commitments WHERE game_id = ?", (game_id,))
        attempts: dict[int, int] = {}
        for row in gone:
            attempts[int(row["entry"])] = attempts.get(int(row["entry"]), 0) + 1
        found = [(int(r["position"]), Published(int(r["entry"]), int(r["attempt"]), str(r["commitment"]),
                                                 float(r["at"]), True)) for r in gone]
        found += [(int(r["position"]), Published(int(r["entry"]), attempts.get(int(r["entry"]), 0),
                                                  str(r["commitment"]), float(r["at"]), False)) for r in live]
        return [p for _, p in sorted(found, key=lambda f: (f[0], f[1].withdrawn is False))]

    async def withdrawals(self, game_id: int) -> list[tuple[int, int]]:
        """(first entry withdrawn, commitments published before it) of each take-back that withdrew commitments, in
        order: the withdrawal links of the seal chain (``docs/fairness.md``)."""
        rows = await self.sql.all("SELECT MIN(entry) AS entry, MAX(COALESCE(position, entry)) AS last "
                                  "FROM withdrawn_commitments WHERE game_id = ? GROUP BY takeback ORDER BY takeback",
                                  (game_id,))
        return [(int(r["entry"]), int(r["last"]) + 1) for r in rows]
