"""The ``absences`` table: a player away from a game for a while (``/sy-me away``), and the time each has used.

The game row keeps its open absences too (``games.away``, :meth:`.games.Games.set_clock`), so that a move reads no
other table to know whether the turn's clock should stand still."""

from __future__ import annotations

from .base import Sql
from .records import AbsenceRow


class Absences:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def start(self, game_id: int, user_id: int, starts_at: float, ends_at: float, reason: str | None) -> int:
        row = await self.sql.one(
            "INSERT INTO absences (game_id, user_id, starts_at, ends_at, reason) VALUES (?, ?, ?, ?, ?) RETURNING id",
            (game_id, user_id, starts_at, ends_at, reason))
        assert row is not None
        return row["id"]

    async def open(self, game_id: int, user_id: int) -> AbsenceRow | None:
        """The person's absence from the game that has not ended yet (its time may have run out meanwhile)."""
        row = await self.sql.one("SELECT * FROM absences WHERE game_id = ? AND user_id = ? AND back_at IS NULL "
                                 "ORDER BY id DESC LIMIT 1", (game_id, user_id))
        return _absence(row)

    async def of_game(self, game_id: int) -> list[AbsenceRow]:
        """The game's absences that have not ended, earliest end first."""
        found = await self.sql.all("SELECT * FROM absences WHERE game_id = ? AND back_at IS NULL ORDER BY ends_at, id",
                                   (game_id,))
        return [_absence(row) for row in found]

    async def change(self, absence_id: int, ends_at: float, reason: str | None) -> None:
        await self.sql.execute("UPDATE absences SET ends_at = ?, reason = ? WHERE id = ?", (ends_at, reason, absence_id))

    async def end(self, absence_id: int, back_at: float) -> None:
        await self.sql.execute("UPDATE absences SET back_at = ? WHERE id = ? AND back_at IS NULL", (back_at, absence_id))

    async def used(self, game_id: int, user_id: int, now: float) -> float:
        """Seconds the person has been away from the game: ended absences whole, an open one up to now (or its
        end, if that came first)."""
        row = await self.sql.one(
            "SELECT COALESCE(SUM(CASE WHEN back_at IS NOT NULL THEN back_at - starts_at "
            "WHEN ends_at < ? THEN ends_at - starts_at ELSE ? - starts_at END), 0) AS used "
            "FROM absences WHERE game_id = ? AND user_id = ? AND starts_at <= ?", (now, now, game_id, user_id, now))
        return float(row["used"]) if row else 0.0

    async def games_running_out(self, now: float) -> list[int]:
        """Running games with an absence whose time has run out and that the bot has not ended yet."""
        found = await self.sql.all(
            "SELECT DISTINCT a.game_id FROM absences a JOIN games g ON g.id = a.game_id "
            "WHERE a.back_at IS NULL AND a.ends_at <= ? AND g.status = 'running' ORDER BY a.game_id", (now,))
        return [row["game_id"] for row in found]


def _absence(row) -> AbsenceRow | None:
    if row is None:
        return None
    return AbsenceRow(row["id"], row["game_id"], row["user_id"], row["starts_at"], row["ends_at"], row["reason"],
                      row["back_at"])
