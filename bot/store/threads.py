"""Games played in a thread of their own (``game_threads``) and the servers that play every new game so
(``guild_threads``)."""

from __future__ import annotations

from .base import Sql


class Threads:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def of_game(self, game_id: int) -> tuple[bool, int | None]:
        """(whether the game plays in a thread of its own, the thread's id once it is open)."""
        row = await self.sql.one("SELECT thread_id FROM game_threads WHERE game_id = ?", (game_id,))
        return (False, None) if row is None else (True, row["thread_id"])

    async def want(self, game_id: int, wanted: bool, now: float) -> None:
        """Ask for a thread (or, while none is open, no longer)."""
        if wanted:
            await self.sql.execute("INSERT INTO game_threads (game_id, thread_id, updated_at) VALUES (?, NULL, ?) "
                                   "ON CONFLICT (game_id) DO NOTHING", (game_id, now))
        else:
            await self.sql.execute("DELETE FROM game_threads WHERE game_id = ? AND thread_id IS NULL", (game_id,))

    async def opened(self, game_id: int, thread_id: int, now: float) -> None:
        await self.sql.execute(
            "INSERT INTO game_threads (game_id, thread_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (game_id) "
            "DO UPDATE SET thread_id = excluded.thread_id, updated_at = excluded.updated_at", (game_id, thread_id, now))

    async def game_in(self, thread_id: int) -> int | None:
        """The game whose own thread this is. A game that plays in its channel (no thread opened, or the thread
        lost) names its channel as its place: that channel is no game's thread."""
        row = await self.sql.one("SELECT t.game_id FROM game_threads t JOIN games g ON g.id = t.game_id "
                                 "WHERE t.thread_id = ? AND g.channel_id <> t.thread_id", (thread_id,))
        return None if row is None else row["game_id"]

    async def guild_default(self, guild_id: int) -> bool:
        row = await self.sql.one("SELECT threads FROM guild_threads WHERE guild_id = ?", (guild_id,))
        return bool(row and row["threads"])

    async def set_guild_default(self, guild_id: int, threads: bool, now: float) -> None:
        await self.sql.execute(
            "INSERT INTO guild_threads (guild_id, threads, updated_at) VALUES (?, ?, ?) ON CONFLICT (guild_id) "
            "DO UPDATE SET threads = excluded.threads, updated_at = excluded.updated_at",
            (guild_id, int(threads), now))
