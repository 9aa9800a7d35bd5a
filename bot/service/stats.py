"""Statistics from finished games: who played which side, and who won."""

from __future__ import annotations

import aiosqlite

from bot.games import KIND_SPAN
from bot.store import rows

from .core import ServiceCore
from .models import PlayerStats


async def player_stats(conn: aiosqlite.Connection, guild_id: int, user_id: int | None = None) -> list[PlayerStats]:
    """Each person's figures in the guild (or one person's), most wins first, then fewer games. Computer
    players count by kind (``bot.games.as_kind``: all hard computers are one row), never as a person."""
    who = f"CASE WHEN rp.user_id < 0 THEN -((-rp.user_id) % {KIND_SPAN}) ELSE rp.user_id END"
    only = f"AND {who} = ?" if user_id is not None else ""
    found = await rows(
        conn,
        f"SELECT {who} AS user_id, COUNT(*) AS games, SUM(rp.won) AS wins, "
        "SUM(rp.role = 'mrx') AS mrx_games, SUM(rp.role = 'mrx' AND rp.won) AS mrx_wins, "
        "SUM(rp.role = 'detective') AS detective_games, SUM(rp.role = 'detective' AND rp.won) AS detective_wins "
        f"FROM result_players rp JOIN results r USING (game_id) WHERE r.guild_id = ? {only} "
        f"GROUP BY {who} ORDER BY wins DESC, games ASC, user_id",
        (guild_id,) if user_id is None else (guild_id, user_id))
    return [PlayerStats(r["user_id"], r["games"], r["wins"], r["mrx_games"], r["mrx_wins"],
                        r["detective_games"], r["detective_wins"]) for r in found]


class Statistics(ServiceCore):
    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """The person's finished games in this guild: played and won, as Mr. X and as a detective."""
        found = await player_stats(self._db.reader, guild_id, user_id)
        return found[0] if found else PlayerStats(user_id, 0, 0, 0, 0, 0, 0)

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """Most wins first (then fewer games), finished games of this guild only."""
        return (await player_stats(self._db.reader, guild_id))[:limit]
