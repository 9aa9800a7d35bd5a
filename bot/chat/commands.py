"""The slash commands: ``/sy`` for the table (the lobby, playing, looking, the record), ``/sy-host`` for the host's
tools and the server's defaults (:mod:`bot.chat.host_commands`), ``/sy-me`` for a person's own settings
(:mod:`bot.chat.my_commands`). Discord allows 25 subcommands (or groups) under one command.

Each command checks that its interaction is new and hands it down to the module that does the job:
:mod:`bot.chat.lobby`, :mod:`bot.chat.moves`, :mod:`bot.chat.looks`, :mod:`bot.chat.host`,
:mod:`bot.chat.records`; what is offered while typing comes from :mod:`bot.chat.choices`. The commands that moved
out of ``/sy`` still answer there under their old names for a release (:mod:`bot.chat.renamed`).
"""

from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands

from bot.games import family_for_rules
from bot.games.family import MRX
from bot.i18n import reference

from bot.chat import choices, finder, lobby, looks, moves, my_games, records, takebacks
from bot.chat.context import ChatContext
from bot.chat.host_commands import HostCommands
from bot.chat.my_commands import MyCommands
from bot.chat.options import LOOK_GAME, ROLES, RULES, value
from bot.chat.presenters import presenter
from bot.chat.renamed import RENAMED, renamed
from bot.chat.replies import guarded, is_dm, say, speaker_for
from bot.chat.status import show_processes
from bot.chat.words import rules_title

class ScotlandYardCommands(app_commands.Group):
    def __init__(self, context: ChatContext | None = None) -> None:
        """``context``: what the commands act with (None builds the tree only, for tools that read its words)."""
        super().__init__(
            name="sy", description="Scotland Yard: hunt Mr. X across London",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )
        self.ctx = context

    def _new(self, interaction: discord.Interaction) -> bool:
        return self.ctx.first_time(interaction)

    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await choices.games(self.ctx, interaction, current)

    # -- the lobby -------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game in this channel (you host it and join)")
    @app_commands.describe(rules="Which rules to play (default: the server's)", seed="Fix the shuffle (optional)",
                           surfacing="mb1985 only: Mr. X may surface on his turn to take tickets",
                           thread="Play in a thread of its own; the lobby stays here (default: the server's)")
    @app_commands.choices(rules=RULES)
    async def new(self, interaction: discord.Interaction, rules: Optional[app_commands.Choice[str]] = None,
                  seed: Optional[int] = None, surfacing: bool = False, thread: Optional[bool] = None) -> None:
        if self._new(interaction):
            await lobby.open_game(self.ctx, interaction, value(rules), seed, surfacing, thread)

    @app_commands.command(name="join", description="Join the game in this channel (or take back your seat from the computer)")
    @app_commands.describe(role="Detective or Mr. X (leave empty: either)")
    @app_commands.choices(role=ROLES)
    async def join(self, interaction: discord.Interaction, role: Optional[app_commands.Choice[str]] = None) -> None:
        if self._new(interaction):
            await lobby.change(self.ctx, interaction, "join", value(role))

    @app_commands.command(name="leave", description="Leave the lobby of this channel's game")
    async def leave(self, interaction: discord.Interaction) -> None:
        if self._new(interaction):
            await lobby.change(self.ctx, interaction, "leave")

    @app_commands.command(name="start", description="Host: deal the pawns and start the game")
    async def start(self, interaction: discord.Interaction) -> None:
        if self._new(interaction):
            await lobby.change(self.ctx, interaction, "start")

    # -- playing ---------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move your pawn (Mr. X: here privately, or in my DMs)")
    @app_commands.describe(to="Station to go to", ticket="Ticket to ride with (needed only when several reach it)",
                           pawn="Which of your pawns (if you move several)",
                           then_to="Mr. X's double move: the second station",
                           then_ticket="Mr. X's double move: the second ticket",
                           game="Which game (when you are Mr. X in several)",
                           die="The dice game: the die you ride with (taxi, bus, underground)")
    @app_commands.autocomplete(game=game_choices)
    async def move(self, interaction: discord.Interaction, to: int,
                   ticket: Optional[app_commands.Range[str, 1, 40]] = None, pawn: Optional[str] = None, then_to: Optional[int] = None,
                   then_ticket: Optional[app_commands.Range[str, 1, 40]] = None, game: Optional[int] = None,
                   die: Optional[app_commands.Range[str, 1, 40]] = None) -> None:
        if self._new(interaction):
            await moves.move(self.ctx, interaction, to, ticket or die, pawn, then_to, then_ticket, game)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await choices.of_family(self.ctx, interaction, "move", "to", current)

    @move.autocomplete("ticket")
    async def move_ticket(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The tickets (in the board's words) that take the mover to the chosen station."""
        return await choices.of_family(self.ctx, interaction, "move", "ticket", current)

    @move.autocomplete("die")
    async def move_die(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The dice game: the dice that take the mover to the chosen station."""
        return await choices.of_family(self.ctx, interaction, "move", "die", current)

    @move.autocomplete("then_to")
    async def move_then_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await choices.of_family(self.ctx, interaction, "move", "then_to", current, side=MRX)

    @move.autocomplete("then_ticket")
    async def move_then_ticket(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        return await choices.of_family(self.ctx, interaction, "move", "then_ticket", current, side=MRX)

    @move.autocomplete("pawn")
    async def move_pawn(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await choices.my_pawns(self.ctx, interaction, current)

    @app_commands.command(name="trade", description="Sanssouci variant: before moving, hand a ticket to another agent")
    @app_commands.describe(to="The agent who gets the ticket", ticket="The ticket you hand over",
                           pawn="Which of your pawns gives it (if you move several)",
                           game="Which game (when several are played from this channel)")
    @app_commands.autocomplete(game=game_choices)
    async def trade(self, interaction: discord.Interaction, to: app_commands.Range[str, 1, 40],
                    ticket: app_commands.Range[str, 1, 40], pawn: Optional[str] = None,
                    game: Optional[int] = None) -> None:
        if self._new(interaction):
            await moves.trade(self.ctx, interaction, to, ticket, pawn, game)

    @trade.autocomplete("to")
    async def trade_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await choices.other_agents(self.ctx, interaction, current)

    @trade.autocomplete("ticket")
    async def trade_ticket(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await choices.of_family(self.ctx, interaction, "trade", "ticket", current, side="detective")

    @app_commands.command(name="surface", description="Mr. X: show where you are (if the rules allow)")
    @app_commands.describe(take="The ticket kind to take from each detective (default: what they have most of)")
    @app_commands.autocomplete(game=game_choices)
    async def surface(self, interaction: discord.Interaction, take: Optional[app_commands.Range[str, 1, 40]] = None,
                      game: Optional[int] = None) -> None:
        if self._new(interaction):
            await moves.surface(self.ctx, interaction, take, game)

    @surface.autocomplete("take")
    async def surface_take(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await choices.of_family(self.ctx, interaction, "surface", "take", current, side=MRX)

    @app_commands.command(name="takeback", description="Ask to take back your last move (the other side decides)")
    @app_commands.describe(game="Which game (when you are Mr. X in several)")
    @app_commands.autocomplete(game=game_choices)
    async def takeback(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await takebacks.ask(self.ctx, interaction, game)

    @app_commands.command(name="resign", description="Give up: Mr. X ends the game, a detective hands over")
    @app_commands.autocomplete(game=game_choices)
    async def resign(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await moves.resign(self.ctx, interaction, game)

    # -- looking ---------------------------------------------------------------------------------

    @app_commands.command(name="board",
                          description="The board as everyone sees it (Mr. X: your own; at the end: his route)")
    @app_commands.describe(tracker="Shade the stations where Mr. X may be", game=LOOK_GAME)
    @app_commands.autocomplete(game=game_choices)
    async def board(self, interaction: discord.Interaction, tracker: bool = False,
                    game: Optional[int] = None) -> None:
        await looks.look(self.ctx, interaction, game,
                         lambda ctx, interaction, info: looks.board(ctx, interaction, info, tracker))

    @app_commands.command(name="log", description="Mr. X's logbook")
    @app_commands.describe(game=LOOK_GAME)
    @app_commands.autocomplete(game=game_choices)
    async def log(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await looks.look(self.ctx, interaction, game, looks.log)

    @app_commands.command(name="games", description="Your games in every server: whose turn, and a link to each")
    async def games(self, interaction: discord.Interaction) -> None:
        await my_games.games(self.ctx, interaction)

    @app_commands.command(name="status", description="Round, whose turn, every pawn's station and tickets")
    @app_commands.describe(game=LOOK_GAME,
                           processes="Instead: the bot's processes, their shards and the posts owed (its owner only)")
    @app_commands.autocomplete(game=game_choices)
    async def status(self, interaction: discord.Interaction, game: Optional[int] = None,
                     processes: bool = False) -> None:
        if not processes:
            await looks.look(self.ctx, interaction, game, looks.status)
        elif self._new(interaction):
            await show_processes(self.ctx, interaction)

    @app_commands.command(name="rules", description="The rules in force, in short")
    @app_commands.choices(rules=RULES)
    async def rules(self, interaction: discord.Interaction, rules: Optional[app_commands.Choice[str]] = None) -> None:
        if not self._new(interaction):
            return
        async with guarded(interaction):
            name, options = (value(rules), None) if rules else await self._rules_here(interaction)
            t = await speaker_for(interaction)
            await say(interaction, presenter(family_for_rules(name or "classic")).rules_text(t, name, options),
                      ephemeral=True)

    async def _rules_here(self, interaction: discord.Interaction) -> tuple[str | None, dict | None]:
        """(rules, variants) in play where the caller asks: the channel's (or thread's) game, else the server's
        default; in DMs, the caller's one running game (None when there is none, or several)."""
        service = self.ctx.service
        if is_dm(interaction):
            mine = await finder.my_games(service, interaction.user.id)
            return (mine[0].game.rules, mine[0].game.options) if len(mine) == 1 else (None, None)
        game = await finder.game_here(service, interaction.channel_id)
        if game is not None:
            return game.rules, game.options
        return (await service.guild_settings(interaction.guild_id)).default_rules, None

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        if not self._new(interaction):
            return
        async with guarded(interaction):
            name, _ = await self._rules_here(interaction)
            t = await speaker_for(interaction)
            if name is None:
                await say(interaction, reference.help_text(t), ephemeral=True)
                return
            t = t.on(family_for_rules(name).rules_entry(name).board)  # Sanssouci's agents
            await say(interaction, reference.help_text(t, rules_title(name, t),
                                                       presenter(family_for_rules(name)).help_tickets(t, name)),
                      ephemeral=True)

    # -- after the game --------------------------------------------------------------------------

    @app_commands.command(name="export", description="The record of a finished game, as JSON")
    @app_commands.describe(game="The game's number (default: this channel's latest finished game)")
    async def export(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await records.export(self.ctx, interaction, game)

    @app_commands.command(name="verify", description="Check a finished game: the rules, and every seal on Mr. X's moves")
    @app_commands.describe(game="The game's number (default: this channel's latest finished game)")
    async def verify(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if self._new(interaction):
            await records.verify(self.ctx, interaction, game)

    @app_commands.command(name="stats", description="Rating, wins and games on this server")
    async def stats(self, interaction: discord.Interaction, user: Optional[discord.User] = None) -> None:
        if self._new(interaction):
            await records.stats(self.ctx, interaction, user)

    @app_commands.command(name="leaderboard", description="The best rated players on this server")
    @app_commands.describe(show="Post it for the channel to see (default: only you see it)",
                           role="Only the ratings as Mr. X, or as a detective (default: all games)")
    @app_commands.choices(role=ROLES)
    async def leaderboard(self, interaction: discord.Interaction, show: bool = False,
                          role: Optional[app_commands.Choice[str]] = None) -> None:
        if self._new(interaction):
            await records.leaderboard(self.ctx, interaction, show, value(role))


def all_commands(context: ChatContext | None = None) -> list[app_commands.Group]:
    """The bot's top-level commands, ``/sy`` with the old names of the commands that moved out of it
    (``context`` None: the tree only, for tools that read its words)."""
    table, host, me = ScotlandYardCommands(context), HostCommands(context), MyCommands(context)
    moved = {"sy-host": host, "sy-me": me}
    for old, (group, name) in RENAMED.items():
        table.add_command(renamed(moved[group].get_command(name), table, old))
    return [table, host, me]
