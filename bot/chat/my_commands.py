"""The ``/sy-me`` command: what a person sets for themselves, whatever the game: time away from their games, turn
notices by DM and the channel's mention, quiet hours, the language of their answers.

``/sy`` holds the table's commands (Discord allows 25 under one command); a person's own settings live here. The
old name ``/sy language`` still answers for a release (:mod:`bot.chat.renamed`).
"""

from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands

from bot.i18n import AUTO, personal_language, speaker

from bot.chat import away as time_away, choices, personal
from bot.chat.context import ChatContext
from bot.chat.options import LANGUAGE_CHOICES
from bot.chat.replies import guarded, say


class MyCommands(app_commands.Group):
    def __init__(self, context: ChatContext | None = None) -> None:
        """``context``: what the commands act with (None builds the tree only, for tools that read its words)."""
        super().__init__(
            name="sy-me", description="Scotland Yard: your own settings, in every game",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )
        self.ctx = context

    def _new(self, interaction: discord.Interaction) -> bool:
        return self.ctx.first_time(interaction)

    async def my_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await choices.games(self.ctx, interaction, current, every_role=True)

    @app_commands.command(name="away", description="Away for some days: your turns wait, no reminder, no deadline")
    @app_commands.describe(days="For how many days (the host's limit: 14 in all per game unless set otherwise)",
                           reason="Why, for the table (optional)",
                           game="Only this game (default: every game you play)")
    @app_commands.autocomplete(game=my_games)
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[float, 0.01, 365.0],
                   reason: Optional[app_commands.Range[str, 1, 100]] = None, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await time_away.go_away(self.ctx, interaction, days, reason, game)

    @app_commands.command(name="back", description="Back before your time away ends: the clock runs again")
    @app_commands.describe(game="Only this game (default: every game you are away from)")
    @app_commands.autocomplete(game=my_games)
    async def back(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await time_away.come_back(self.ctx, interaction, game)

    @app_commands.command(name="notices", description="How you hear that it is your turn: a DM, the channel's mention")
    @app_commands.describe(dm="A DM with a link to the post when a turn becomes yours",
                           mentions="The channel's post mentions you when a turn becomes yours")
    async def notices(self, interaction: discord.Interaction, dm: Optional[bool] = None,
                      mentions: Optional[bool] = None) -> None:
        await personal.notices(self.ctx, interaction, dm, mentions)

    @app_commands.command(name="quiet", description="Quiet hours: reminders and DMs to you wait until they end")
    @app_commands.describe(start="From (your time of day, like 22:00)", end="Until (like 07:00)",
                           timezone="Your time zone (like Europe/Berlin)", off="No quiet hours")
    @app_commands.rename(start="from", end="until")
    async def quiet(self, interaction: discord.Interaction, start: Optional[app_commands.Range[str, 1, 10]] = None,
                    end: Optional[app_commands.Range[str, 1, 10]] = None,
                    timezone: Optional[app_commands.Range[str, 1, 60]] = None, off: bool = False) -> None:
        await personal.quiet(self.ctx, interaction, start, end, timezone, off)

    @quiet.autocomplete("timezone")
    async def quiet_zone(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices.time_zones(current)

    @app_commands.command(name="language", description="The language of the replies only you see")
    @app_commands.describe(language="Deutsch, English, or automatic: your Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        if not self._new(interaction):
            return
        async with guarded(interaction):
            choice = None if language.value == AUTO else language.value
            await self.ctx.service.set_user_language(interaction.user.id, choice)
            t = speaker(personal_language(choice, interaction.locale))
            text = (t._("🌐 I will answer you in English.") if choice == "en"
                    else t._("🌐 I will answer you in German.") if choice == "de"
                    else t._("🌐 I will answer you in your Discord language."))
            await say(interaction, text, ephemeral=True)
