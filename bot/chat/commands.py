"""The ``/sy`` command group: every action of the game is reachable from here."""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands

from bot.games import all_rules, family_for_rules, get_family
from bot.games.london.engine import MRX, GameError
from bot.games.london.engine.rules import PRESETS
from bot.i18n import Speaker, game_language, personal_language, reader, reference, speaker
from bot.service.errors import GameNotFound, GameNotOver
from bot.service.models import LOBBY, RUNNING, GameSettings, GuildSettings

from bot.games.london.presenter import messages
from bot.games.london.presenter.moves import detective_destinations, mrx_destinations, mrx_second_steps
from bot.chat.presenters import presenter
from bot.chat.replies import defer, guarded, is_dm, key, reader_language, say
from bot.chat.table import Refused

if TYPE_CHECKING:
    from bot.chat.client import ScotlandYardBot

log = logging.getLogger(__name__)

#: the rule systems the families can play now
RULES = [app_commands.Choice(name=r.name, value=r.name) for r in all_rules(available_only=True)]
ROLES = [app_commands.Choice(name="detective", value="detective"), app_commands.Choice(name="Mr. X", value="mrx")]
LEVELS = [app_commands.Choice(name="easy", value="easy"), app_commands.Choice(name="normal", value="normal"),
          app_commands.Choice(name="hard", value="hard")]
LANGUAGE_CHOICES = [app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en"),
                    app_commands.Choice(name="automatic (my Discord language)", value="auto")]
GAME_LANGUAGES = [app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en")]
SCOPES = [app_commands.Choice(name="this game", value="game"),
          app_commands.Choice(name="server defaults", value="server")]
NO_PINGS = discord.AllowedMentions.none()


def _hours(new: float | None, old: float | None) -> float | None:
    """An hours option: left out keeps the old value, 0 turns it off (the service checks the rest)."""
    return old if new is None else (None if new == 0 else new)


def _bot(interaction: discord.Interaction) -> "ScotlandYardBot":
    return interaction.client  # type: ignore[return-value]


async def _speaker(interaction: discord.Interaction) -> Speaker:
    """The gettext helpers of a reply only the caller sees: their chosen language, else their Discord one."""
    return speaker(await reader_language(interaction))


def _first_time(interaction: discord.Interaction) -> bool:
    return _bot(interaction).seen.first_time(interaction.id)


def _int(text: object) -> int | None:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return None


def _matching(reach: dict[int, tuple[str, ...]], current: str, board,
              tr: Speaker | None = None) -> list[app_commands.Choice[int]]:
    typed = str(current or "").strip()
    return [app_commands.Choice(name=messages.destination_label(s, t, board, tr or messages.EN), value=s)
            for s, t in reach.items() if str(s).startswith(typed)][:25]


#: what the bot needs in a game's channel (the README's invite link asks for these)
NEEDED = (("view_channel", "View Channel"), ("send_messages", "Send Messages"), ("embed_links", "Embed Links"),
          ("attach_files", "Attach Files"))


def missing_permissions(permissions: discord.Permissions) -> str:
    names = [label for flag, label in NEEDED if not getattr(permissions, flag)]
    return ", ".join(names)


async def _game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's own running games (in DMs: those where they are Mr. X)."""
    bot = _bot(interaction)
    try:
        games = await bot.table.my_games(interaction.user.id, "mrx" if is_dm(interaction) else None)
    except Exception:
        return []
    choices = []
    tr = await _speaker(interaction)
    for g in games:
        turn = " · " + tr._("your move") if g.your_turn else ""
        name = f"#{g.game.id} · " + tr._("round {n}").format(n=g.game.round) + turn
        if str(current or "").strip() in str(g.game.id):
            choices.append(app_commands.Choice(name=name, value=g.game.id))
    return choices[:25]


class ScotlandYardCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(
            name="sy", description="Scotland Yard: hunt Mr. X across London",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )

    # -- the lobby -------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game in this channel (you host it and join)")
    @app_commands.describe(rules="Which rules to play (default: the server's)", seed="Fix the shuffle (optional)",
                           surfacing="mb1985 only: Mr. X may surface on his turn to take tickets")
    @app_commands.choices(rules=RULES)
    async def new(self, interaction: discord.Interaction, rules: Optional[app_commands.Choice[str]] = None,
                  seed: Optional[int] = None, surfacing: bool = False) -> None:
        if not _first_time(interaction):
            return
        bot = _bot(interaction)
        async with guarded(interaction) as scope:
            if is_dm(interaction):
                raise Refused("Games live in a server channel: use `/sy new` there.")
            missing = missing_permissions(interaction.app_permissions)
            if missing:
                raise Refused("I can't run a game in this channel: I need {missing} here. "
                              "Ask someone who manages the channel to allow it.", missing=missing)
            user = interaction.user
            result = await bot.service.create_game(interaction.guild_id, interaction.channel_id, user.id,
                                                   user.display_name, rules.value if rules else None, seed,
                                                   {"voluntary_surfacing": True} if surfacing else None,
                                                   key=key(interaction), server_locale=interaction.guild_locale)
            scope.game_id = result.game.id
            if result.duplicate:
                await say(interaction, reader()._("That game is already open."), ephemeral=True)
                return
            from bot.games.london.presenter.views import lobby_view

            message = await say(interaction, None, ephemeral=False,
                                embed=messages.lobby_embed(result.game, result.players,
                                                           speaker(result.game.language, result.game.board)),
                                view=lobby_view(result.game.id, result.game.rules, result.game.options,
                                                speaker(result.game.language, result.game.board)))
            if message is None:
                message = await interaction.original_response()
            await bot.service.record_message(result.game.id, "lobby", interaction.channel_id, message.id)

    @app_commands.command(name="join", description="Join the game in this channel (or take back your seat from the computer)")
    @app_commands.describe(role="Detective or Mr. X (leave empty: either)")
    @app_commands.choices(role=ROLES)
    async def join(self, interaction: discord.Interaction, role: Optional[app_commands.Choice[str]] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.lobby_change(interaction, "join", role.value if role else None)

    @app_commands.command(name="leave", description="Leave the lobby of this channel's game")
    async def leave(self, interaction: discord.Interaction) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.lobby_change(interaction, "leave")

    @app_commands.command(name="addbot",
                          description="Host: seat a computer player; in a running game, for a player past the deadline")
    @app_commands.describe(role="Lobby: Mr. X or detective (default: detective)", level="How strong (default: normal)",
                           player="Running game: the absent player whose seat the computer plays")
    @app_commands.choices(role=ROLES, level=LEVELS)
    async def addbot(self, interaction: discord.Interaction, role: Optional[app_commands.Choice[str]] = None,
                     level: Optional[app_commands.Choice[str]] = None, player: Optional[discord.User] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.add_computer(interaction, role.value if role else None,
                                                       level.value if level else "normal", player)

    @app_commands.command(name="removebot", description="Host: take the computer player seated last out of the lobby")
    @app_commands.describe(role="Only a computer Mr. X, or only a computer detective")
    @app_commands.choices(role=ROLES)
    async def removebot(self, interaction: discord.Interaction,
                        role: Optional[app_commands.Choice[str]] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.lobby_change(interaction, "removebot", role.value if role else None)

    @app_commands.command(name="start", description="Host: deal the pawns and start the game")
    async def start(self, interaction: discord.Interaction) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.lobby_change(interaction, "start")

    # -- playing ---------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move your pawn (Mr. X: here privately, or in my DMs)")
    @app_commands.describe(to="Station to go to", ticket="Ticket to ride with (needed only when several reach it)",
                           pawn="Which of your pawns (if you move several)",
                           then_to="Mr. X's double move: the second station",
                           then_ticket="Mr. X's double move: the second ticket",
                           game="Which game (when you are Mr. X in several)",
                           die="The dice game: the die you ride with (taxi, bus, underground)")
    @app_commands.autocomplete(game=_game_choices)
    async def move(self, interaction: discord.Interaction, to: int,
                   ticket: Optional[app_commands.Range[str, 1, 40]] = None, pawn: Optional[str] = None, then_to: Optional[int] = None,
                   then_ticket: Optional[app_commands.Range[str, 1, 40]] = None, game: Optional[int] = None,
                   die: Optional[app_commands.Range[str, 1, 40]] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.move(interaction, to, ticket or die, pawn, then_to, then_ticket, game)

    @move.autocomplete("ticket")
    async def move_ticket(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The tickets (in the board's words) that take the mover to the chosen station."""
        found = await self._mover(interaction)
        to = _int(getattr(interaction.namespace, "to", None))
        if found is None:
            return []
        game, pawn, mview = found
        if (own := await _family_choices(interaction, found, "ticket", current)) is not None:
            return own
        if pawn == MRX:
            board, reach = mview.public.board, mrx_destinations(mview)
        else:
            view = await _bot(interaction).service.public_view(game.id)
            board, reach = view.board, detective_destinations(view, pawn)
        tickets = reach.get(to, ()) if to is not None else tuple(dict.fromkeys(t for ts in reach.values() for t in ts))
        return _ticket_choices(board, tickets, current, (await _speaker(interaction)).language)

    @move.autocomplete("then_ticket")
    async def move_then_ticket(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        found = await self._mover(interaction)
        first, second = (_int(getattr(interaction.namespace, n, None)) for n in ("to", "then_to"))
        if found is None or found[1] != MRX or first is None:
            return []
        mview = found[2]
        board = mview.public.board
        tickets: list[str] = []
        for t in mrx_destinations(mview).get(first, ()):
            for station, seconds in mrx_second_steps(mview, first, t).items():
                if second is None or station == second:
                    tickets.extend(s for s in seconds if s not in tickets)
        return _ticket_choices(board, tickets, current, (await _speaker(interaction)).language)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await self._mover(interaction)
        if found is None:
            return []
        game, pawn, mview = found
        if (own := await _family_choices(interaction, found, "to", current)) is not None:
            return own
        tr = await _speaker(interaction)
        if pawn == MRX:
            return _matching(mrx_destinations(mview), current, mview.public.board, tr)
        view = await _bot(interaction).service.public_view(game.id)
        return _matching(detective_destinations(view, pawn), current, view.board, tr)

    @move.autocomplete("die")
    async def move_die(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The dice game: the dice that take the mover to the chosen station."""
        found = await self._mover(interaction)
        if found is None:
            return []
        return await _family_choices(interaction, found, "ticket", current) or []

    @move.autocomplete("then_to")
    async def move_then_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await self._mover(interaction)
        if found is None or found[1] != MRX:
            return []
        mview = found[2]
        first = _int(getattr(interaction.namespace, "to", None))
        if first is None:
            return []
        ticket_text = getattr(interaction.namespace, "ticket", None)
        tickets = mrx_destinations(mview).get(first, ())
        if ticket_text:
            try:
                tickets = tuple(t for t in tickets if t == mview.public.board.parse_ticket(str(ticket_text)))
            except GameError:
                return []
        reach: dict[int, list[str]] = {}
        for t in tickets:
            for station, seconds in mrx_second_steps(mview, first, t).items():
                for s in seconds:
                    if s not in reach.setdefault(station, []):
                        reach[station].append(s)
        return _matching({s: tuple(t) for s, t in sorted(reach.items())}, current, mview.public.board,
                         await _speaker(interaction))

    @move.autocomplete("pawn")
    async def move_pawn(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        bot = _bot(interaction)
        try:
            game = await bot.table.game_for(interaction, _int(getattr(interaction.namespace, "game", None)))
            me = await bot.table.me(game, interaction.user.id)
            view = await bot.service.public_view(game.id)
        except Exception:
            return []
        choices = []
        for pawn in me.pawns:
            p = view.pawn(pawn)
            where = "" if p.station is None else f" at {p.station}"
            turn = " (to move)" if pawn in view.to_move else ""
            name = f"{messages.pawn_emoji(p.role, p.colour)} {p.label}{where}{turn}"
            if str(current or "").lower() in name.lower():
                choices.append(app_commands.Choice(name=name, value=pawn))
        return choices[:25]

    async def _mover(self, interaction: discord.Interaction):
        """(game, pawn, Mr. X's view or None) for the caller's move now, or None."""
        bot = _bot(interaction)
        try:
            game = await bot.table.game_for(interaction, _int(getattr(interaction.namespace, "game", None)))
            if game.status != RUNNING:
                return None
            me = await bot.table.me(game, interaction.user.id)
            pawn = await bot.table.pick_pawn(game, me, getattr(interaction.namespace, "pawn", None) or None,
                                             is_dm(interaction))
            if pawn not in game.to_move:
                return None
            mview = await bot.service.mrx_view(game.id, interaction.user.id) if pawn == MRX else None
            return game, pawn, mview
        except Exception:
            return None

    @app_commands.command(name="trade", description="Sanssouci variant: before moving, hand a ticket to another agent")
    @app_commands.describe(to="The agent who gets the ticket", ticket="The ticket you hand over",
                           pawn="Which of your pawns gives it (if you move several)")
    async def trade(self, interaction: discord.Interaction, to: app_commands.Range[str, 1, 40],
                    ticket: app_commands.Range[str, 1, 40], pawn: Optional[str] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.trade(interaction, to, ticket, pawn)

    @trade.autocomplete("to")
    async def trade_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._trader(interaction)
        if found is None:
            return []
        pawn, view = found
        return [app_commands.Choice(name=messages.pawn_name(view, p.id), value=p.id) for p in view.detectives
                if p.id != pawn and str(current or "").lower() in p.label.lower()][:25]

    @trade.autocomplete("ticket")
    async def trade_ticket(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._trader(interaction)
        if found is None:
            return []
        pawn, view = found
        wallet = view.pawn(pawn).tickets or {}
        return _ticket_choices(view.board, [t for t in view.board.ride_tickets if wallet.get(t)], current,
                               (await _speaker(interaction)).language)

    async def _trader(self, interaction: discord.Interaction):
        """(the caller's agent to move now, the public view), or None when they have nothing to trade."""
        found = await self._mover(interaction)
        if found is None or found[1] == MRX:
            return None
        return found[1], await _bot(interaction).service.public_view(found[0].id)

    @app_commands.command(name="surface", description="Mr. X: show where you are (if the rules allow)")
    @app_commands.describe(take="The ticket kind to take from each detective (default: what they have most of)")
    @app_commands.autocomplete(game=_game_choices)
    async def surface(self, interaction: discord.Interaction, take: Optional[app_commands.Range[str, 1, 40]] = None,
                      game: Optional[int] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.surface(interaction, take, game)

    @surface.autocomplete("take")
    async def surface_take(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._mover(interaction)
        if found is None or found[1] != MRX:
            return []
        public = found[2].public
        rules = PRESETS.get(public.rules)
        if rules is None or rules.with_options(public.options).voluntary_reveal != "take_tickets":
            return []  # nothing is taken (sanssouci's variant returns a black ticket instead)
        return _ticket_choices(public.board, public.board.ride_tickets, current,
                               (await _speaker(interaction)).language)

    @app_commands.command(name="resign", description="Give up: Mr. X ends the game, a detective hands over")
    @app_commands.autocomplete(game=_game_choices)
    async def resign(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if _first_time(interaction):
            await _bot(interaction).table.resign(interaction, game)

    # -- looking ---------------------------------------------------------------------------------

    @app_commands.command(name="board", description="The board as everyone sees it (Mr. X: your own)")
    @app_commands.describe(tracker="Shade the stations where Mr. X may be")
    @app_commands.autocomplete(game=_game_choices)
    async def board(self, interaction: discord.Interaction, tracker: bool = False,
                    game: Optional[int] = None) -> None:
        await _look(interaction, game, lambda bot, info: _show_board(bot, interaction, info, tracker))

    @app_commands.command(name="log", description="Mr. X's logbook")
    @app_commands.autocomplete(game=_game_choices)
    async def log(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await _look(interaction, game, lambda bot, info: _show_log(bot, interaction, info))

    @app_commands.command(name="status", description="Round, whose turn, every pawn's station and tickets")
    @app_commands.autocomplete(game=_game_choices)
    async def status(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await _look(interaction, game, lambda bot, info: _show_status(bot, interaction, info))

    @app_commands.command(name="rules", description="The rules in force, in short")
    @app_commands.choices(rules=RULES)
    async def rules(self, interaction: discord.Interaction, rules: Optional[app_commands.Choice[str]] = None) -> None:
        if not _first_time(interaction):
            return
        bot = _bot(interaction)
        async with guarded(interaction):
            name, options = (rules.value if rules else None), None
            if name is None and not is_dm(interaction):
                game = await bot.service.game_in_channel(interaction.channel_id)
                if game is not None:
                    name, options = game.rules, game.options
            if name is None and interaction.guild_id:
                name = (await bot.service.guild_settings(interaction.guild_id)).default_rules
            t = await _speaker(interaction)
            words = presenter(family_for_rules(name or "classic"))
            text = (words.rules_text(t, name, options) if hasattr(words, "rules_text")
                    else reference.rules_text(t, name or "classic", options))
            await say(interaction, text, ephemeral=True)

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        if _first_time(interaction):
            await say(interaction, reference.help_text(await _speaker(interaction)), ephemeral=True)

    @app_commands.command(name="language", description="The language of the replies only you see")
    @app_commands.describe(language="Deutsch, English, or automatic: your Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        if not _first_time(interaction):
            return
        from bot.i18n import AUTO

        async with guarded(interaction):
            choice = None if language.value == AUTO else language.value
            await _bot(interaction).service.set_user_language(interaction.user.id, choice)
            t = speaker(personal_language(choice, interaction.locale))
            text = (t._("🌐 I will answer you in English.") if choice == "en"
                    else t._("🌐 I will answer you in German.") if choice == "de"
                    else t._("🌐 I will answer you in your Discord language."))
            await say(interaction, text, ephemeral=True)

    # -- the host --------------------------------------------------------------------------------

    @app_commands.command(name="cancel", description="End this channel's game without a result (host or moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        if not _first_time(interaction) or not await defer(interaction, ephemeral=True):
            return
        bot = _bot(interaction)
        async with guarded(interaction) as scope:
            game = await bot.table.channel_game(interaction)
            scope.game_id = game.id
            manages = bool(interaction.permissions.manage_channels)
            await bot.service.cancel(interaction.channel_id, interaction.user.id, manages, key=key(interaction))
            await say(interaction, reader()._("🛑 Cancelled."), ephemeral=True)
            await bot.table.refresh_lobby(game.id)
            await bot.announce(game.id)

    @app_commands.command(name="replace", description="Host: give a player's seat to someone else")
    @app_commands.describe(old="Who leaves", new="Who takes the seat")
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        if not _first_time(interaction) or not await defer(interaction, ephemeral=True):
            return
        bot = _bot(interaction)
        async with guarded(interaction) as scope:
            game = await bot.table.channel_game(interaction)
            scope.game_id = game.id
            if new.bot:
                raise Refused("A bot cannot take a seat.")
            result = await bot.service.replace(interaction.channel_id, interaction.user.id, old.id, new.id,
                                               new.display_name, key=key(interaction))
            await say(interaction, reader()._("🔁 {new} takes over from {old}.").format(new=new.mention, old=old.mention),
                      ephemeral=True)
            if result.game.status == LOBBY:
                await bot.table.refresh_lobby(game.id)
                await bot.get_partial_messageable(game.channel_id).send(
                    f"🔁 {new.mention} takes over from {old.mention} in the lobby.")
            await bot.announce(game.id)

    @app_commands.command(name="settings",
                          description="Reminders, deadline and tracker of this game, or the server's defaults")
    @app_commands.describe(reminder_hours="Mention the player after this many hours without a move (0: off)",
                           deadline_hours="After this many hours the host may skip or replace an absent player (0: off)",
                           tracker="Round summaries shade the stations where Mr. X may be",
                           scope="This channel's game, or the defaults for the server's new games (server managers)",
                           rules="Server defaults only: the rules /sy new plays when none are chosen",
                           language="The language of the game's posts in the channel")
    @app_commands.choices(scope=SCOPES, rules=RULES, language=GAME_LANGUAGES)
    async def settings(self, interaction: discord.Interaction, reminder_hours: Optional[float] = None,
                       deadline_hours: Optional[float] = None, tracker: Optional[bool] = None,
                       scope: Optional[app_commands.Choice[str]] = None,
                       rules: Optional[app_commands.Choice[str]] = None,
                       language: Optional[app_commands.Choice[str]] = None) -> None:
        if not _first_time(interaction):
            return
        bot = _bot(interaction)
        async with guarded(interaction) as scope_:
            changes = (reminder_hours is not None or deadline_hours is not None or tracker is not None
                       or language is not None)
            if is_dm(interaction):
                raise Refused("Settings belong to a server's games: use `/sy settings` in the server.")
            game = await bot.service.game_in_channel(interaction.channel_id)
            server = scope.value == "server" if scope else game is None
            if server:
                current = await bot.service.guild_settings(interaction.guild_id)
                if changes or rules is not None:
                    wanted = GuildSettings(rules.value if rules else current.default_rules,
                                           _hours(reminder_hours, current.reminder_hours),
                                           _hours(deadline_hours, current.deadline_hours),
                                           current.tracker if tracker is None else tracker,
                                           current.language if language is None else language.value)
                    current = await bot.service.set_guild_settings(interaction.guild_id, wanted,
                                                                   bool(interaction.permissions.manage_guild))
                tr = reader()
                text = tr._("⚙️ Server defaults for new games: {rules}, {settings}.").format(
                    rules=messages.rules_title(current.default_rules, tr), settings=messages.settings_words(current, tr))
                if game is None and not changes and rules is None:
                    text += " " + tr._("There is no game in this channel; `/sy new` opens one.")
                await say(interaction, text, ephemeral=not (changes or rules is not None))
                return
            if rules is not None:
                raise Refused("The rules of a game are chosen when it opens (`/sy new rules:`); "
                              "`scope: server` sets the server's default.")
            game = await bot.table.channel_game(interaction)
            scope_.game_id = game.id
            current = await bot.service.settings(game.id)
            if changes:
                wanted = GameSettings(_hours(reminder_hours, current.reminder_hours),
                                      _hours(deadline_hours, current.deadline_hours),
                                      current.tracker if tracker is None else tracker,
                                      current.language if language is None else language.value)
                current = await bot.service.update_settings(game.id, interaction.user.id, wanted,
                                                            bool(interaction.permissions.manage_channels))
            tr = speaker(current.language) if changes else reader()  # a change is posted to the channel
            await say(interaction, tr._("⚙️ Game #{id}: {settings}.").format(
                id=game.id, settings=messages.settings_words(current, tr)), ephemeral=not changes)
            if changes and game.status == LOBBY:
                await bot.table.refresh_lobby(game.id)  # the lobby shows the game's language

    # -- after the game --------------------------------------------------------------------------

    @app_commands.command(name="export", description="The record of a finished game, as JSON")
    @app_commands.describe(game="The game's number (default: this channel's latest finished game)")
    async def export(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        if not _first_time(interaction) or not await defer(interaction, ephemeral=True):
            return
        bot = _bot(interaction)
        async with guarded(interaction, game) as scope:
            latest = None if game is not None else await bot.service.latest_game(interaction.channel_id)
            game_id = game if game is not None else latest.id if latest else None
            if game_id is None:
                active = None if is_dm(interaction) else await bot.service.game_in_channel(interaction.channel_id)
                if active is not None:
                    raise GameNotOver("The record is available once the game is over.")
                raise Refused("Which game? Give its number with the `game` option (shown in the game's messages).")
            scope.game_id = game_id
            info = await bot.service.get_game(game_id)
            if interaction.guild_id is not None and info.guild_id != interaction.guild_id:
                raise GameNotFound()  # the same answer as for a game that does not exist
            in_server = interaction.guild_id == info.guild_id or await _member_of(bot, info.guild_id, interaction.user)
            record = await bot.service.record(game_id, user_id=interaction.user.id, in_server=in_server)
            data = json.dumps(record, indent=1).encode()
            await say(interaction, reader()._("📦 The record of game #{id} (`{format}`).").format(
                id=game_id, format=record.get("format", "scotland-yard-record/1")), ephemeral=True,
                      file=discord.File(io.BytesIO(data), f"scotland-yard-{game_id}.json"))

    @app_commands.command(name="stats", description="Wins and games on this server")
    async def stats(self, interaction: discord.Interaction, user: Optional[discord.User] = None) -> None:
        if not _first_time(interaction):
            return
        bot = _bot(interaction)
        async with guarded(interaction):
            if is_dm(interaction):
                raise Refused("Statistics are per server: ask in a server channel.")
            who = user or interaction.user
            found = await bot.service.stats(interaction.guild_id, who.id)
            await say(interaction, messages.stats_text(who.id, found, reader()), ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="leaderboard", description="The best players on this server")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if not _first_time(interaction):
            return
        bot = _bot(interaction)
        async with guarded(interaction):
            if is_dm(interaction):
                raise Refused("The leaderboard is per server: ask in a server channel.")
            rows = await bot.service.leaderboard(interaction.guild_id)
            server = await bot.service.guild_settings(interaction.guild_id)  # a public post: the server's language
            tr = speaker(game_language(None, server.language, interaction.guild_locale))
            await say(interaction, messages.leaderboard_text(rows, tr), ephemeral=False, allowed_mentions=NO_PINGS)


async def _player_or_none(bot: "ScotlandYardBot", game, user_id: int):
    try:
        return await bot.table.me(game, user_id)
    except GameError:
        return None


# -- looking: private answers, Mr. X sees his own ------------------------------------------------


async def _look(interaction: discord.Interaction, game_id: int | None, show) -> None:
    """Acknowledge privately, find the game, and let ``show(bot, game)`` answer."""
    if not _first_time(interaction) or not await defer(interaction, ephemeral=True):
        return
    bot = _bot(interaction)
    async with guarded(interaction) as scope:
        info = await bot.table.game_for(interaction, game_id)
        scope.game_id = info.id
        await show(bot, info)


async def _show_board(bot: "ScotlandYardBot", interaction: discord.Interaction, info, tracker: bool) -> None:
    me = await _player_or_none(bot, info, interaction.user.id)
    if me is not None and MRX in me.pawns:
        mview = await bot.service.mrx_view(info.id, interaction.user.id)
        png, name = await bot.pictures.mrx_board(mview, language=reader().language), "mrx-board.png"
        text = reader()._("🎩 Your board, Mr. X: you are at {station}.").format(station=messages.station(mview.station))
    else:
        view = await bot.service.public_view(info.id)
        png, name = await bot.pictures.board(view, tracker=tracker, language=reader().language), "board.png"
        text = reader()._("🗺️ Game #{id}, round {n}.").format(id=info.id, n=view.round)
    files = [discord.File(io.BytesIO(png), name)] if png else []
    await say(interaction, text if png else text + " " + reader()._("(No picture available right now.)"),
              ephemeral=True, files=files)


async def _show_log(bot: "ScotlandYardBot", interaction: discord.Interaction, info) -> None:
    view = await bot.service.public_view(info.id)
    embed = discord.Embed(title=reader()._("📒 Mr. X's logbook, game #{id}").format(id=info.id), colour=messages.COLOUR,
                          description=bot.pictures.logbook_text(view, reader().language))
    png = await bot.pictures.logbook(view, language=reader().language)
    files = []
    if png:
        files.append(discord.File(io.BytesIO(png), "logbook.png"))
        embed.set_image(url="attachment://logbook.png")
    await say(interaction, embed=embed, files=files, ephemeral=True)


async def _show_status(bot: "ScotlandYardBot", interaction: discord.Interaction, info) -> None:
    players = await bot.service.players(info.id)
    if info.status == LOBBY:
        await say(interaction, embed=messages.lobby_embed(info, players, await _speaker(interaction)), ephemeral=True)
        return
    view = await bot.service.public_view(info.id)
    t = await _speaker(interaction)
    words = presenter(get_family(info.family))
    embed = words.status_embed(info, view, players, await _waiting(bot, info, t), tr=t)
    me = next((p for p in players if p.user_id == interaction.user.id and p.status == "playing"), None)
    text = None
    if me is not None and MRX in me.pawns and view.outcome is None and hasattr(words, "mrx_status_text"):
        text = words.mrx_status_text(await bot.service.mrx_view(info.id, interaction.user.id), t)
    elif me is not None and MRX in me.pawns and view.outcome is None:
        mview = await bot.service.mrx_view(info.id, interaction.user.id)
        text = t._("🎩 Only you see this: you are at {station}.").format(station=messages.station(mview.station))
        if view.to_move == (MRX,):
            reach = ", ".join(messages.destination_label(s, ts, view.board, t)
                              for s, ts in mrx_destinations(mview).items())
            text += ("\n" + t._("You can go to: {stations}.").format(stations=reach))[:1500]
    await say(interaction, text, embed=embed, ephemeral=True)


async def _waiting(bot: "ScotlandYardBot", info, t: Speaker) -> list[str]:
    """How long the turn has waited, and when its deadline falls (for ``/sy status``)."""
    if info.status != RUNNING or info.turn_started_at is None:
        return []
    settings = await bot.service.settings(info.id)
    waited = bot.clock() - info.turn_started_at
    lines = [t._("⏳ The turn has been waiting for {waited}.").format(waited=messages.waited(waited, t))]
    if settings.deadline_hours is not None:
        left = settings.deadline_hours * 3600 - waited
        lines.append(t._("⌛ The deadline is in {left}.").format(left=messages.waited(left, t)) if left > 0 else
                     t._("⌛ The deadline passed {ago} ago: the host may skip or `/sy replace` the player.").format(
                         ago=messages.waited(-left, t)))
    return lines


async def _member_of(bot, guild_id: int, user: discord.abc.User) -> bool:
    """Whether ``user`` is a member of the server (asked of Discord: the bot keeps no member lists)."""
    guild = bot.get_guild(guild_id)
    if guild is None:
        return False
    try:
        await guild.fetch_member(user.id)
    except discord.NotFound:
        return False
    return True


async def _family_choices(interaction: discord.Interaction, found, option: str, current: str):
    """A family's own autocomplete for ``/sy move`` (its presenter's ``move_choices``), or None."""
    game, pawn, mview = found
    words = presenter(get_family(game.family))
    if not hasattr(words, "move_choices"):
        return None
    view = mview if mview is not None else await _bot(interaction).service.public_view(game.id)
    return words.move_choices(view, pawn, option, current, _int(getattr(interaction.namespace, "to", None)),
                              await _speaker(interaction))


def _ticket_choices(board, tickets, current: str, language: str = "en") -> list[app_commands.Choice[str]]:
    """Autocomplete choices for tickets, in the board's words: "🚶 walking ticket" -> walk."""
    wanted = str(current or "").strip().lower()
    choices = []
    for t in tickets:
        label = f"{board.ticket_emoji(t)} {board.ticket_name(t, language)}"
        if wanted in label.lower() or wanted in t:
            choices.append(app_commands.Choice(name=label, value=t))
    return choices[:25]
