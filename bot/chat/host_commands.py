"""The ``/sy-host`` command: the host's tools and the server managers' defaults.

``/sy`` holds the table's commands (Discord allows 25 under one command); what the host or a server manager does
to a game or a server lives here. Each command hands its interaction to the module that does the job
(:mod:`bot.chat.host`, :mod:`bot.chat.lobby`). The old names under ``/sy`` still answer for a release
(:mod:`bot.chat.renamed`).
"""

from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands

from bot.chat import host, lobby
from bot.chat.context import ChatContext
from bot.chat.options import GAME_LANGUAGES, LEVELS, RULES, ROLES, SCOPES, value


class HostCommands(app_commands.Group):
    def __init__(self, context: ChatContext | None = None) -> None:
        """``context``: what the commands act with (None builds the tree only, for tools that read its words)."""
        super().__init__(
            name="sy-host", description="Scotland Yard: the host's tools and the server's defaults",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )
        self.ctx = context

    def _new(self, interaction: discord.Interaction) -> bool:
        return self.ctx.first_time(interaction)

    @app_commands.command(name="settings",
                          description="Reminders, deadline and tracker of this game, or the server's defaults")
    @app_commands.describe(reminder_hours="Mention the player after this many hours without a move (0: off)",
                           deadline_hours="After this many hours the host may skip or replace an absent player (0: off)",
                           tracker="Round summaries shade the stations where Mr. X may be",
                           scope="This channel's game, or the defaults for the server's new games (server managers)",
                           rules="Server defaults only: the rules /sy new plays when none are chosen",
                           language="The language of the game's posts in the channel",
                           thread="The game's posts in a thread of their own (before the start; server default)",
                           away_days="The days each player may be away in the game, in all (0: nobody may be away)",
                           takebacks="This game: players may ask to take back their last move (the other side "
                                     "decides)")
    @app_commands.choices(scope=SCOPES, rules=RULES, language=GAME_LANGUAGES)
    async def settings(self, interaction: discord.Interaction, reminder_hours: Optional[float] = None,
                       deadline_hours: Optional[float] = None, tracker: Optional[bool] = None,
                       scope: Optional[app_commands.Choice[str]] = None,
                       rules: Optional[app_commands.Choice[str]] = None,
                       language: Optional[app_commands.Choice[str]] = None,
                       thread: Optional[bool] = None, away_days: Optional[float] = None,
                       takebacks: Optional[bool] = None) -> None:
        if self._new(interaction):
            await host.settings(self.ctx, interaction, reminder_hours, deadline_hours, tracker, value(scope),
                                value(rules), value(language), thread, away_days, takebacks)

    @app_commands.command(name="pause", description="Pause the game: nobody moves, no clock runs (host or moderator)")
    @app_commands.describe(reason="Why, for the table (optional)")
    async def pause(self, interaction: discord.Interaction,
                    reason: Optional[app_commands.Range[str, 1, 100]] = None) -> None:
        if self._new(interaction):
            await host.pause(self.ctx, interaction, reason)

    @app_commands.command(name="resume", description="Let a paused game go on (host or moderator)")
    async def resume(self, interaction: discord.Interaction) -> None:
        if self._new(interaction):
            await host.resume(self.ctx, interaction)

    @app_commands.command(name="addbot",
                          description="Host: seat a computer player; in a running game, for a player past the deadline")
    @app_commands.describe(role="Lobby: Mr. X or detective (default: detective)", level="How strong (default: normal)",
                           player="Running game: the absent player whose seat the computer plays")
    @app_commands.choices(role=ROLES, level=LEVELS)
    async def addbot(self, interaction: discord.Interaction, role: Optional[app_commands.Choice[str]] = None,
                     level: Optional[app_commands.Choice[str]] = None, player: Optional[discord.User] = None) -> None:
        if self._new(interaction):
            await lobby.add_computer(self.ctx, interaction, value(role), value(level) or "normal", player)

    @app_commands.command(name="removebot", description="Host: take the computer player seated last out of the lobby")
    @app_commands.describe(role="Only a computer Mr. X, or only a computer detective")
    @app_commands.choices(role=ROLES)
    async def removebot(self, interaction: discord.Interaction,
                        role: Optional[app_commands.Choice[str]] = None) -> None:
        if self._new(interaction):
            await lobby.change(self.ctx, interaction, "removebot", value(role))

    @app_commands.command(name="replace", description="Host: give a player's seat to someone else")
    @app_commands.describe(old="Who leaves", new="Who takes the seat")
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        if self._new(interaction):
            await host.replace(self.ctx, interaction, old, new)

    @app_commands.command(name="cancel", description="End this channel's game without a result (host or moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        if self._new(interaction):
            await host.cancel(self.ctx, interaction)
