"""What a player can do, shared by the slash commands and the buttons: find the game, call the
service, answer the player, and let the announcer post what the channel is owed.

No rule lives here: the service (through the engine) accepts or refuses every action.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.games.london.engine import MRX, GameError, Move, MrXView, PawnMoved, Trade, TripleMove
from bot.games import get_family
from bot.i18n import N_, Speaker, reader, reading_about, speaker
from bot.service.errors import GameAlreadyStarted, NoGameHere, NotInGame, NotYourPawn, ServiceError
from bot.service.models import LOBBY, RUNNING, CommandResult, GameInfo, Player, UserGame

from bot.games.london.presenter import messages, views
from bot.chat.presenters import presenter
from bot.games.london.presenter.moves import detective_destinations, mrx_destinations, mrx_second_steps
from bot.chat.replies import defer, guarded, is_dm, key, reader_language, say

if TYPE_CHECKING:
    from bot.chat.client import ScotlandYardBot

log = logging.getLogger(__name__)

DMS_CLOSED = N_(
    "⚠️ {who}, I can't send you direct messages. To get Mr. X's moves by DM, allow direct messages "
    "from members of this server (server name ▸ Privacy Settings ▸ Direct Messages). Until then you can "
    "play from this channel: `/sy move` and `/sy status` answer you privately."
)


class Refused(GameError):
    """A refusal decided in the Discord layer (where to play, which pawn), phrased for the player."""


class Table:
    def __init__(self, bot: "ScotlandYardBot") -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    # -- finding the game ------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        """The game an answer is about (its replies then speak its board's words)."""
        game = await self.service.get_game(game_id)
        reading_about(game.board)
        return game

    async def channel_game(self, interaction: discord.Interaction) -> GameInfo:
        if is_dm(interaction):
            raise Refused("Use this in the game's channel on the server.")
        game = await self.service.game_in_channel(interaction.channel_id)
        if game is None:
            raise NoGameHere("There is no game in this channel: start one with `/sy new`.")
        reading_about(game.board)
        return game

    async def my_games(self, user_id: int, role: str | None = None) -> list[UserGame]:
        games = await self.service.games_of_user(user_id)
        return [g for g in games if g.game.status == RUNNING and (role is None or g.role == role)]

    async def dm_game(self, interaction: discord.Interaction, game_id: int | None) -> GameInfo:
        """Mr. X's game, for a command used in DMs (``game_id`` picks one when he plays several)."""
        mine = await self.my_games(interaction.user.id, "mrx")
        if len(mine) == 1 or game_id is not None:
            for g in mine:
                if g.game.id == game_id or game_id is None:
                    reading_about(g.game.board)
                    return g.game
        if game_id is not None:
            raise Refused("You are not Mr. X in a running game #{game_id}.", game_id=game_id)
        if len(mine) > 1:
            ids = ", ".join(f"#{g.game.id}" for g in mine)
            raise Refused("You are Mr. X in several games ({ids}): add the `game` option to say which.", ids=ids)
        if await self.my_games(interaction.user.id, "detective"):
            raise Refused("Detectives play in the game's channel: use `/sy` commands there.")
        raise Refused("You are not Mr. X in any running game. Start one in a server channel with `/sy new`.")

    async def game_for(self, interaction: discord.Interaction, game_id: int | None = None) -> GameInfo:
        """The game a command acts on: in DMs Mr. X's (``game_id`` picks one), in a channel the
        channel's. A ``game`` option naming another game is never ignored: it is refused, saying
        where that game is played."""
        if is_dm(interaction):
            return await self.dm_game(interaction, game_id)
        if game_id is not None:
            here = await self.service.game_in_channel(interaction.channel_id)
            if here is None or here.id != game_id:
                raise Refused(await self.played_where(game_id, interaction.user.id, here))
        return await self.channel_game(interaction)

    async def played_where(self, game_id: int, user_id: int, here: GameInfo | None) -> str:
        """Why a ``game`` option naming another game is refused, and where to go instead."""
        this = f" (this channel's game is #{here.id})" if here else ""
        try:
            named = await self.service.get_game(game_id)
        except ServiceError:
            named = None
        mine = named is not None and any(p.user_id == user_id for p in await self.service.players(game_id))
        if named is None or not mine:
            return f"You are not playing in a game #{game_id}{this}."
        if MRX in next(p.pawns for p in await self.service.players(game_id) if p.user_id == user_id):
            return (f"Game #{game_id} is played in <#{named.channel_id}>{this}: as Mr. X, move there or in my "
                    "DMs. Nothing was done here.")
        return f"Game #{game_id} is played in <#{named.channel_id}>{this}: use the command there. Nothing was done here."

    async def me(self, game: GameInfo, user_id: int) -> Player:
        for p in await self.service.players(game.id):
            if p.user_id == user_id and p.status == "playing":
                return p
        raise NotInGame("You are not playing in this game.")

    async def pick_pawn(self, game: GameInfo, me: Player, asked: str | None, dm: bool) -> str:
        if dm:
            if MRX not in me.pawns:
                raise Refused("Detectives play in the game's channel: use `/sy move` there.")
            return MRX
        if asked:
            return self.parse_pawn(asked, me)
        if MRX in me.pawns:
            return MRX
        if not me.pawns:
            raise NotYourPawn("You have no pawn to move in this game.")
        mine_now = [p for p in game.to_move if p in me.pawns]
        if mine_now:
            return mine_now[0]
        if game.to_move == (MRX,):
            raise Refused("It is Mr. X's turn; you'll be mentioned when it's yours.")
        raise Refused("It is not your turn yet; you'll be mentioned when it is.")

    @staticmethod
    def parse_pawn(text: str, me: Player) -> str:
        wanted = text.strip().lower().replace("bobby ", "b").replace(" ", "")
        for pawn in me.pawns:
            if pawn.lower() == wanted:
                return pawn
        if wanted in ("mrx", "x", "mr.x"):
            return MRX
        return wanted  # the service says whose it is

    # -- the lobby -------------------------------------------------------------------------------

    async def refresh_lobby(self, game_id: int) -> None:
        """Bring the lobby message up to date (closed once the game starts or ends)."""
        ref = await self.service.message_for(game_id, "lobby")
        if ref is None:
            return
        game = await self.game(game_id)
        players = await self.service.players(game_id)
        tr = speaker(game.language, game.board)
        if game.status == LOBBY:
            embed = messages.lobby_embed(game, players, tr)
            view = views.lobby_view(game.id, game.rules, game.options, tr)
        else:
            why = {"running": tr._("The game has started. Good luck, detectives!"),
                   "cancelled": tr._("This game was cancelled.")}.get(game.status, tr._("This game is over."))
            embed, view = messages.lobby_closed_embed(game, players, why, tr), None
        try:
            await self.bot.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id).edit(
                embed=embed, view=view)
        except discord.HTTPException:
            log.warning("could not update the lobby message of game %s", game_id)

    async def lobby_change(self, interaction: discord.Interaction, what: str, role: str | None = None,
                           *, button_game: int | None = None, level: str = "normal") -> None:
        """join / leave / start / addbot / removebot, from a slash command or the lobby's buttons and
        select. ``/sy join`` in a running game takes the caller's seat back from a computer."""
        async with guarded(interaction) as scope:
            if button_game is not None:
                game = await self.game(button_game)
                if game.status != LOBBY:
                    raise GameAlreadyStarted("This lobby is closed." if game.status != RUNNING else
                                             "The game has already started; the lobby is closed.")
            else:
                game = await self.channel_game(interaction)
            scope.game_id = game.id
            user = interaction.user
            if what == "join" and game.status == RUNNING and button_game is None:
                await self.service.take_back(game.id, user.id, key=key(interaction))
                await say(interaction, reader()._("👋 Welcome back: your pawns are yours again."), ephemeral=True)
                await self.bot.announce(game.id)
                return
            if what == "join":
                result = await self.service.join(game.channel_id, user.id, user.display_name, role, key=key(interaction))
            elif what == "addbot":
                result = await self.service.add_computer(game.channel_id, user.id, role or "detective", level,
                                                         key=key(interaction))
            elif what == "removebot":
                result = await self.service.remove_computer(game.channel_id, user.id, role, key=key(interaction))
            elif what == "leave":
                result = await self.service.leave(game.channel_id, user.id, key=key(interaction))
            else:
                if not await defer(interaction, ephemeral=True):
                    return
                result = await self.service.start(game.channel_id, user.id, key=key(interaction))
            await self._after_lobby(interaction, result, what, role, from_button=button_game is not None)

    async def _after_lobby(self, interaction: discord.Interaction, result: CommandResult, what: str,
                           role: str | None, *, from_button: bool) -> None:
        game = result.game
        tr = speaker(game.language, game.board)
        lines = [line for line in (messages.lobby_event_line(e, tr) for e in result.events) if line]
        if what == "start":
            await self._quiet_done(interaction)  # the channel's start post is the answer
            await self.refresh_lobby(game.id)
            await self.bot.announce(game.id)
            return
        if from_button and game.status == LOBBY and not result.duplicate:
            embed = messages.lobby_embed(game, result.players, tr)
            await interaction.response.edit_message(embed=embed, view=views.lobby_view(game.id, game.rules,
                                                                                        game.options, tr))
            if lines:
                await interaction.followup.send("\n".join(lines), ephemeral=True)
        else:
            await say(interaction, "\n".join(lines) or tr._("✅ Done."), ephemeral=from_button,
                      allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_lobby(game.id)
        if what == "join" and role == "mrx" and not result.duplicate:
            await self.check_dms(interaction.user, game, await self.reader(interaction))
        if game.status != LOBBY:
            await self.bot.announce(game.id)

    async def add_computer(self, interaction: discord.Interaction, role: str | None, level: str,
                           player: discord.abc.User | None) -> None:
        """``/sy addbot``: in the lobby a computer takes a seat of its own; in a running game it plays
        the seat of ``player``, who let a turn's deadline pass, until they take it back."""
        if player is None:
            game = await self.service.game_in_channel(interaction.channel_id)
            if game is None or game.status == LOBBY:  # a seat of its own (or the answer that there is no lobby)
                await self.lobby_change(interaction, "addbot", role, level=level)
                return
        async with guarded(interaction) as scope:
            game = await self.channel_game(interaction)
            scope.game_id = game.id
            if player is None:
                raise Refused("The game is running: name the absent `player` whose seat the computer plays.")
            if game.status == LOBBY:
                raise Refused("In the lobby a computer takes a seat of its own: leave out `player`.")
            await self.service.hand_to_computer(game.id, interaction.user.id, player.id, level, key=key(interaction))
            await say(interaction, reader()._("🤖 Done: the computer plays that seat now."), ephemeral=True)
            await self.bot.announce(game.id)

    async def choose_variants(self, interaction: discord.Interaction, game_id: int, names: list[str]) -> None:
        """The host's pick in the lobby's variant select: the lobby shows the variants now in force."""
        async with guarded(interaction, game_id):
            game = await self.game(game_id)
            if game.status != LOBBY:
                raise GameAlreadyStarted("The game has started; its variants are fixed.")
            chosen = {name: True for name in names}
            result = await self.service.set_options(game.channel_id, interaction.user.id, chosen, key=key(interaction))
            game = result.game
            await interaction.response.edit_message(embed=messages.lobby_embed(game, result.players,
                                                                               speaker(game.language, game.board)),
                                                    view=views.lobby_view(game.id, game.rules, game.options,
                                                                          speaker(game.language, game.board)))

    async def check_dms(self, user: discord.abc.User, game: GameInfo, tr: Speaker) -> bool:
        """Say hello by DM (in ``tr``, the joiner's language); if DMs are closed, tell the channel (in the
        game's language) what to change."""
        try:
            await user.send(tr._("🎩 You'll play Mr. X in game #{id} ({channel}). Your secret moves will come "
                                 "here.").format(id=game.id, channel=f"<#{game.channel_id}>"))
            return True
        except discord.Forbidden:
            await self.bot.get_partial_messageable(game.channel_id).send(
                speaker(game.language, game.board)._(DMS_CLOSED).format(who=messages.mention(user.id)))
            return False

    # -- moving ----------------------------------------------------------------------------------

    async def move(self, interaction: discord.Interaction, to: int, ticket: str | None, pawn: str | None = None,
                   then_to: int | None = None, then_ticket: str | None = None, game_id: int | None = None,
                   expected_round: int | None = None) -> None:
        """``/sy move``: a detective in the channel, Mr. X in DMs (or privately in the channel)."""
        if not await defer(interaction, ephemeral=True):
            return
        async with guarded(interaction) as scope:
            game = await self.game_for(interaction, game_id)
            scope.game_id = game.id
            if game.status != RUNNING:
                raise Refused("The game has not started yet: the host starts it with `/sy start`.")
            me = await self.me(game, interaction.user.id)
            who = await self.pick_pawn(game, me, pawn, is_dm(interaction))
            words = presenter(get_family(game.family))
            if hasattr(words, "table_move"):  # a family that moves in its own way (the dice game)
                await words.table_move(self, interaction, game, who, to, ticket, then_to, then_ticket,
                                       expected_round)
                return
            if then_to is None and then_ticket is not None:
                raise Refused("For a double move give `then_to`, the second station, as well.")
            if then_to is not None and who != MRX:
                raise Refused("Only Mr. X can make a double move.")
            if ticket is None or (then_to is not None and then_ticket is None):
                ticket, then_ticket = await self._tickets_for(game, interaction.user.id, who, to, ticket,
                                                              then_to, then_ticket)
            if then_to is not None:
                result = await self.service.double_move(game.id, interaction.user.id, (to, ticket),
                                                        (then_to, then_ticket), key(interaction), expected_round)
            else:
                result = await self.service.move(game.id, interaction.user.id, who, to, ticket, key(interaction),
                                                 expected_round)
            if who == MRX:
                await self._mrx_receipt(interaction, result)
                await self.retire_prompt(game.id)
            elif result.duplicate:
                await say(interaction, reader()._("That move was already made."), ephemeral=True)
            else:
                await self._quiet_done(interaction)  # the channel shows the move: no private echo
            await self.bot.announce(game.id)

    async def _tickets_for(self, game: GameInfo, user_id: int, pawn: str, to: int, ticket: str | None,
                           then_to: int | None, then_ticket: str | None) -> tuple[str, str | None]:
        """The ticket (and a double move's second ticket) when the player left it out: the only one
        that reaches the station; several, or none, are refused with what to do instead."""
        if pawn == MRX:
            mview = await self.service.mrx_view(game.id, user_id)
            board, reach = mview.public.board, mrx_destinations(mview)
        else:
            view = await self.service.public_view(game.id)
            board, reach = view.board, detective_destinations(view, pawn)

        def only(options: tuple[str, ...] | list[str], station: int, option: str) -> str:
            if len(options) == 1:
                return options[0]
            if not options:
                raise Refused("You can't reach {station} from where you are now: `/sy move` offers the stations "
                              "you can reach.", station=messages.station(station))
            names = messages.tickets_list(options, board, reader())
            raise Refused("More than one ticket takes you to {station} ({names}): choose one with `{option}`.",
                          station=messages.station(station), names=names, option=option)

        if ticket is None:
            ticket = only(reach.get(to, ()), to, "ticket")
        if then_to is not None and then_ticket is None:
            seconds = mrx_second_steps(mview, to, board.parse_ticket(ticket)).get(then_to, ()) if pawn == MRX else ()
            then_ticket = only(seconds, then_to, "then_ticket")
        return ticket, then_ticket

    async def _quiet_done(self, interaction: discord.Interaction) -> None:
        """Close the private "thinking…" answer without a word: the channel's post is the answer."""
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            await say(interaction, reader()._("✅ Done."), ephemeral=True)

    async def _mrx_receipt(self, interaction: discord.Interaction, result: CommandResult) -> None:
        """Mr. X's private receipt, with his board as it is now (he alone sees it)."""
        text, files = await self.mrx_receipt(result, interaction)
        await say(interaction, text, ephemeral=True, files=files)

    @staticmethod
    async def reader(interaction: discord.Interaction) -> Speaker:
        """The language of a reply only the caller sees: their chosen one, else their Discord language."""
        return speaker(await reader_language(interaction))

    async def mrx_receipt(self, result: CommandResult,
                          interaction: discord.Interaction) -> tuple[str, list[discord.File]]:
        user_id = interaction.user.id
        text = await self.moved_text(result, MRX, user_id, await self.reader(interaction))
        if result.duplicate:
            return text, []
        try:
            mview = await self.service.mrx_view(result.game.id, user_id)
        except GameError:
            return text, []
        png = await self.bot.pictures.mrx_board(mview, language=(await self.reader(interaction)).language)
        return text, [discord.File(io.BytesIO(png), "mrx-board.png")] if png else []

    async def mrx_choice(self, interaction: discord.Interaction, game_id: int, round_: int,
                         first: tuple[int, str], second: tuple[int, str] | None,
                         third: tuple[int, str] | None = None) -> None:
        """Mr. X's move from the DM menu: the message turns into a receipt."""
        if not await defer(interaction, thinking=False):  # a deferred update of the menu message
            return
        async with guarded(interaction, game_id):
            if third is not None and second is not None:
                action = TripleMove(*(Move(MRX, to, ticket) for to, ticket in (first, second, third)))
                result = await self.service.act(game_id, interaction.user.id, action, key(interaction), round_)
            elif second is None:
                result = await self.service.move(game_id, interaction.user.id, MRX, first[0], first[1],
                                                 key(interaction), round_)
            else:
                result = await self.service.double_move(game_id, interaction.user.id, first, second,
                                                        key(interaction), round_)
            text, files = await self.mrx_receipt(result, interaction)
            await interaction.edit_original_response(content=text, view=None, attachments=files)
            await self.bot.announce(game_id)

    async def moved_text(self, result: CommandResult, pawn: str, user_id: int, tr: Speaker = messages.EN) -> str:
        if result.duplicate:
            return tr._("That move was already made.")
        if pawn == MRX:
            try:
                now_at = (await self.service.mrx_view(result.game.id, user_id)).station
            except GameError:
                now_at = None
            return messages.mrx_moved_text(result.events, result.view.board, now_at, tr)
        view = result.view
        lines = [messages.event_line(e, view, {}, tr) for e in result.events if isinstance(e, PawnMoved)]
        return "✅ " + " ".join(lines) if lines else tr._("✅ Done.")

    async def trade(self, interaction: discord.Interaction, to: str, ticket: str, pawn: str | None) -> None:
        """``/sy trade`` (a sanssouci variant): on its own turn, before moving, an agent hands one ticket
        to another agent. The channel's post is the answer."""
        if not await defer(interaction, ephemeral=True):
            return
        async with guarded(interaction) as scope:
            game = await self.channel_game(interaction)
            scope.game_id = game.id
            if game.status != RUNNING:
                raise Refused("The game has not started yet.")
            me = await self.me(game, interaction.user.id)
            giver = await self.pick_pawn(game, me, pawn, False)
            view = await self.service.public_view(game.id)
            wanted = to.strip().lower()
            taker = next((p.id for p in view.pawns if wanted in (p.id, p.label.lower())), wanted)
            result = await self.service.act(game.id, interaction.user.id,
                                            Trade(giver, taker, view.board.parse_ticket(ticket)), key(interaction))
            if result.duplicate:
                await say(interaction, reader()._("That was done already."), ephemeral=True)
            else:
                await self._quiet_done(interaction)
            await self.bot.announce(game.id)

    async def surface(self, interaction: discord.Interaction, take: str | None, game_id: int | None) -> None:
        if not await defer(interaction, ephemeral=True):
            return
        async with guarded(interaction) as scope:
            game = await self.game_for(interaction, game_id)
            scope.game_id = game.id
            await self.service.surface(game.id, interaction.user.id, None, key(interaction), prefer=take)
            await say(interaction, reader()._("✅ You surfaced: everyone sees where you are now."), ephemeral=True)
            await self.bot.announce(game.id)

    async def resign(self, interaction: discord.Interaction, game_id: int | None, *, confirmed: bool = False) -> None:
        """``/sy resign`` asks first (a button); the button resigns."""
        if not await defer(interaction, ephemeral=True):
            return
        async with guarded(interaction, game_id) as scope:
            if game_id is not None and confirmed:
                game = await self.game(game_id)
            else:
                game = await self.game_for(interaction, game_id)
            scope.game_id = game.id
            if game.status == LOBBY:
                raise Refused("The game has not started: use `/sy leave` to leave the lobby.")
            if not confirmed:
                me = await self.me(game, interaction.user.id)
                tr = reader()
                what = (tr._("Mr. X resigning ends the game: the detectives win.") if MRX in me.pawns else
                        tr._("Your pawns go to the other detectives (if nobody is left, Mr. X wins)."))
                await say(interaction, tr._("🏳️ Really resign from game #{id}? {what}").format(id=game.id, what=what),
                          ephemeral=True,
                          view=views.resign_view(game.id))
                return
            await self.service.resign(game.id, interaction.user.id, key(interaction))
            await say(interaction, reader()._("🏳️ You resigned."), ephemeral=True)
            await self.bot.announce(game.id)

    async def skip(self, interaction: discord.Interaction, game_id: int, round_: int, pawn: str) -> None:
        if not await defer(interaction, ephemeral=True):
            return
        async with guarded(interaction, game_id):
            await self.service.skip(game_id, interaction.user.id, pawn, key(interaction), round_)
            await say(interaction, reader()._("⏭️ Skipped."), ephemeral=True)
            await self.bot.announce(game_id)

    async def retire_prompt(self, game_id: int) -> None:
        """Mr. X moved with ``/sy move``: his DM menu for this turn loses its controls."""
        ref = await self.service.message_for(game_id, "mrx_prompt")
        if ref is None:
            return
        try:
            await self.bot.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id).edit(
                content=reader()._("✅ You moved with `/sy move`; this menu is closed."), view=None)
        except discord.HTTPException:
            log.info("could not close Mr. X's menu of game %s", game_id)

    # -- a detective's menu ----------------------------------------------------------------------

    async def detective_menu(self, interaction: discord.Interaction, game_id: int, *, pawn: str | None = None,
                             edit: bool = False) -> None:
        """The **Move** button (or a step back in the menu): the clicker's own legal moves, privately."""
        async with guarded(interaction, game_id):
            game = await self.game(game_id)
            if game.status != RUNNING:
                raise Refused("This game is not running any more.")
            me = await self.me(game, interaction.user.id)
            if MRX in me.pawns:
                raise Refused("You are Mr. X: your moves come by DM (or `/sy move` here, privately).")
            mine = [p for p in game.to_move if p in me.pawns]
            if pawn is not None:
                mine = [p for p in mine if p == pawn]
            if not mine:
                if pawn is None:
                    raise Refused("It is not your turn yet; you'll be mentioned when it is.")
                raise Refused("That pawn has moved already or cannot move now.")
            view = await self.service.public_view(game_id)
            if len(mine) > 1:
                tr = reader()
                labels = [(p, tr._("{pawn} at {station}").format(pawn=messages.pawn_name(view, p, tr),
                                                                 station=view.pawn(p).station)) for p in mine]
                text = tr._("🧭 Which pawn do you move?")
                menu = views.detective_pawn_view(game_id, view.round, labels)
            else:
                reach = detective_destinations(view, mine[0])
                if not reach:
                    raise Refused("{pawn} has no move this round.", pawn=messages.pawn_name(view, mine[0]))
                text = reader()._("🧭 {pawn} at {station}: where to?").format(
                    pawn=messages.pawn_name(view, mine[0], reader()), station=messages.station(view.pawn(mine[0]).station))
                menu = views.detective_destination_view(game_id, view.round, mine[0], reach, view.board)
            if edit:
                await interaction.response.edit_message(content=text, view=menu)
            else:
                await interaction.response.send_message(text, view=menu, ephemeral=True)

    async def detective_station(self, interaction: discord.Interaction, game_id: int, round_: int, pawn: str,
                                to: int) -> None:
        """A station picked in the menu: ride there now if one ticket does it, else ask which."""
        async with guarded(interaction, game_id):
            view = await self.service.public_view(game_id)
            tickets = detective_destinations(view, pawn).get(to, ()) if view.round == round_ else ()
            if len(tickets) == 1:
                await self.detective_choice(interaction, game_id, round_, pawn, to, tickets[0])
                return
            if not tickets:
                raise Refused("That move is no longer possible: press **Move** again for your moves now.")
            text = reader()._("🧭 {pawn} to {station} with which ticket?").format(
                pawn=messages.pawn_name(view, pawn, reader()), station=messages.station(to))
            menu = views.detective_ticket_view(game_id, round_, pawn, to, tickets, view.board)
            await interaction.response.edit_message(content=text, view=menu)

    async def detective_choice(self, interaction: discord.Interaction, game_id: int, round_: int, pawn: str,
                               to: int, ticket: str) -> None:
        """Ride from the menu; the menu goes away, and the channel's post says what happened."""
        if not await defer(interaction, ephemeral=True, thinking=False):
            return
        async with guarded(interaction, game_id):
            result = await self.service.move(game_id, interaction.user.id, pawn, to, ticket, key(interaction),
                                             round_)
            if result.duplicate:
                await interaction.edit_original_response(content="That move was already made.", view=None)
            else:
                await self._quiet_done(interaction)
            await self.bot.announce(game_id)

    # -- Mr. X's menu ----------------------------------------------------------------------------

    async def mrx_menu_view(self, interaction: discord.Interaction, game_id: int, round_: int) -> MrXView:
        """Mr. X's view for a menu step; the service refuses a menu from an earlier round or turn."""
        return await self.service.mrx_view(game_id, interaction.user.id, expected_round=round_)
