"""Settings: a game's reminders, deadline, tracker, language and time away, and a server's defaults for new games."""

from __future__ import annotations

from bot.store import Session

from . import rows as read
from . import steps
from .core import ServiceCore
from .errors import GameClosed, NotAllowed, NotHost
from .models import LOBBY, RUNNING, GameSettings, GuildSettings
from .validation import check_away_days, check_hours, check_language, rules_named


class Settings(ServiceCore):
    async def settings(self, game_id: int) -> GameSettings:
        game = await read.game_row(self._reads, game_id)
        return GameSettings(game.reminder_hours, game.deadline_hours, game.show_tracker,
                            game.language, game.away_days)

    async def update_settings(self, game_id: int, user_id: int, settings: GameSettings,
                              can_manage_channel: bool = False) -> GameSettings:
        """The host (or a channel manager) changes reminders, the deadline and the summaries' tracker."""
        check_hours(settings.reminder_hours, settings.deadline_hours)
        check_language(settings.language)
        check_away_days(settings.away_days)
        async with self._store.transaction() as tx:
            now = self._clock()
            game = await read.game_row(tx, game_id)
            if game.status not in (LOBBY, RUNNING):
                raise GameClosed("This game is over; its settings can no longer change.")
            if game.host_id != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can change the game's settings.")
            await tx.games.set_settings(game_id, settings.reminder_hours, settings.deadline_hours, settings.tracker,
                                        settings.language, settings.away_days)
            await steps.bump(tx, now, game)
        return settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await guild_defaults(self._reads, guild_id)

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings,
                                 can_manage_guild: bool) -> GuildSettings:
        if not can_manage_guild:
            raise NotAllowed("Only someone who manages this server can change its game settings.")
        rules_named(settings.default_rules)
        check_hours(settings.reminder_hours, settings.deadline_hours)
        check_away_days(settings.away_days)
        if settings.language is not None:
            check_language(settings.language)
        async with self._store.transaction() as tx:
            await tx.settings.set_guild(guild_id, settings.default_rules, settings.reminder_hours,
                                        settings.deadline_hours, settings.tracker, settings.language, self._clock(),
                                        settings.away_days)
        return settings


async def guild_defaults(session: Session, guild_id: int) -> GuildSettings:
    row = await session.settings.guild(guild_id)
    if row is None:
        return GuildSettings()
    return GuildSettings(row.default_rules, row.reminder_hours, row.deadline_hours, row.show_tracker, row.language,
                         row.away_days)
