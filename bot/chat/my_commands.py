"""The ``/sy-me`` command: what a person sets for themselves, whatever the game: the language of their answers.

``/sy`` holds the table's commands (Discord allows 25 under one command); a person's own settings live here. The
old name ``/sy language`` still answers for a release (:mod:`bot.chat.renamed`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import AUTO, personal_language, speaker

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
