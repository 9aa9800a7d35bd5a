"""Statistics from finished games: who played which side, and who won."""

from __future__ import annotations

from bot.games import KIND_SPAN

from .core import ServiceCore
from .models import PlayerStats


class Statistics(ServiceCore):
    """Each person's figures in a guild. Computer players count by kind (``bot.games.as_kind``: all hard
    computers are one row), never as a person."""

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """The person's finished games in this guild: played and won, as Mr. X and as a detective."""
        found = await self._reads.stats.player_stats(guild_id, user_id, kind_span=KIND_SPAN)
        return found[0] if found else PlayerStats(user_id, 0, 0, 0, 0, 0, 0)

    async def leaderboard(self, guild_id: int, limit: int | None = 10) -> list[PlayerStats]:
        """Most wins first (then fewer games), finished games of this guild only (``limit`` None: everyone's)."""
        return (await self._reads.stats.player_stats(guild_id, kind_span=KIND_SPAN))[:limit]
