"""Statistics: the result of each finished game and who won it (``results``, ``result_players``)."""

from __future__ import annotations

from .base import Sql
from .records import PlayerStats


class Stats:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def save_result(self, game_id: int, guild_id: int, rules: str, winner: str, reason: str, rounds: int,
                          now: float) -> None:
        """The finished game's result. Everyone who held a seat to the end shares the side's result; a player who
        resigned lost."""
        await self.sql.execute(
            "INSERT INTO results (game_id, guild_id, rules, winner, reason, rounds, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", (game_id, guild_id, rules, winner, reason, rounds, now))
        await self.sql.execute(
            "INSERT INTO result_players (game_id, user_id, role, won) SELECT game_id, user_id, role, "
            "CASE WHEN status = 'playing' AND (CASE role WHEN 'mrx' THEN 'mrx' ELSE 'detectives' END) = ? "
            "THEN 1 ELSE 0 END "
            "FROM players WHERE game_id = ? AND status IN ('playing', 'resigned') AND role IS NOT NULL",
            (winner, game_id))

    async def player_stats(self, guild_id: int, user_id: int | None = None, *, kind_span: int) -> list[PlayerStats]:
        """Each person's figures in the guild (or one person's), most wins first, then fewer games. A computer
        (a negative id) counts by its kind: ``-(-id % kind_span)`` (``bot.games.as_kind``)."""
        who = f"CASE WHEN rp.user_id < 0 THEN -((-rp.user_id) % {int(kind_span)}) ELSE rp.user_id END"
        only = f"AND {who} = ?" if user_id is not None else ""
        found = await self.sql.all(
            f"SELECT {who} AS user_id, COUNT(*) AS games, SUM(rp.won) AS wins, "
            "SUM(CASE WHEN rp.role = 'mrx' THEN 1 ELSE 0 END) AS mrx_games, "
            "SUM(CASE WHEN rp.role = 'mrx' AND rp.won = 1 THEN 1 ELSE 0 END) AS mrx_wins, "
            "SUM(CASE WHEN rp.role = 'detective' THEN 1 ELSE 0 END) AS detective_games, "
            "SUM(CASE WHEN rp.role = 'detective' AND rp.won = 1 THEN 1 ELSE 0 END) AS detective_wins "
            f"FROM result_players rp JOIN results r USING (game_id) WHERE r.guild_id = ? {only} "
            f"GROUP BY {who} ORDER BY wins DESC, games ASC, user_id",
            (guild_id,) if user_id is None else (guild_id, user_id))
        return [PlayerStats(int(r["user_id"]), int(r["games"]), int(r["wins"]), int(r["mrx_games"]),
                            int(r["mrx_wins"]), int(r["detective_games"]), int(r["detective_wins"])) for r in found]
