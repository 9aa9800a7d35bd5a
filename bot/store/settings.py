"""Settings kept beside the games: a server's defaults for new games, a person's language, and facts about this
installation (its secret, the commands last synced to Discord)."""

from __future__ import annotations

from .base import Sql
from .records import GuildSettingsRow


class Settings:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def guild(self, guild_id: int) -> GuildSettingsRow | None:
        row = await self.sql.one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return None
        return GuildSettingsRow(row["guild_id"], row["default_rules"], row["reminder_hours"], row["deadline_hours"],
                                bool(row["show_tracker"]), row["language"], row["away_days"])

    async def set_guild(self, guild_id: int, default_rules: str, reminder_hours: float | None,
                        deadline_hours: float | None, tracker: bool, language: str | None, now: float,
                        away_days: float = 14.0) -> None:
        await self.sql.execute(
            "INSERT INTO guild_settings (guild_id, default_rules, reminder_hours, deadline_hours, show_tracker, "
            "language, updated_at, away_days) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "default_rules = excluded.default_rules, reminder_hours = excluded.reminder_hours, "
            "deadline_hours = excluded.deadline_hours, show_tracker = excluded.show_tracker, "
            "language = excluded.language, updated_at = excluded.updated_at, away_days = excluded.away_days",
            (guild_id, default_rules, reminder_hours, deadline_hours, int(tracker), language, now, away_days))

    async def user_language(self, user_id: int) -> str | None:
        row = await self.sql.one("SELECT language FROM user_languages WHERE user_id = ?", (user_id,))
        return None if row is None else row["language"]

    async def set_user_language(self, user_id: int, language: str | None, now: float) -> None:
        """Keep the person's language; None forgets it."""
        if language is None:
            await self.sql.execute("DELETE FROM user_languages WHERE user_id = ?", (user_id,))
        else:
            await self.sql.execute(
                "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
                (user_id, language, now))

    async def installation_value(self, key: str) -> str | None:
        row = await self.sql.one("SELECT value FROM installation WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_installation_value(self, key: str, value: str, now: float, *, replace: bool = True) -> None:
        """Keep ``value`` under ``key``; ``replace`` False: only if the key has none yet (else :class:`~.base.Conflict`)."""
        if replace:
            await self.sql.execute(
                "INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) "
                "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at", (key, value, now))
        else:
            await self.sql.execute("INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?)",
                                   (key, value, now))
