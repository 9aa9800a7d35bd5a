"""The dice game's buttons and menus: restart-safe (every custom id carries the game, the round and
what the click needs; the classes are registered in ``setup_hook`` through the presenter's
``DYNAMIC_ITEMS``) and idempotent (the interaction id is the service's key; a roll's button has a key of
its own, the button and the clicker, and names the roll it acts on). Every select takes only what it
offered (:class:`bot.chat.replies.OfferedOnly`).

Under the channel's post that hands over the turn: a select of start stations, the 🎲 **Roll**
button, then the dice to ride with (one select of "die → station" choices), **Roll again** while
tokens are left and **Stay** when nothing fits. In Mr. X's DM: a select of his start, or one of
his rides (each die the detectives used, a black ticket, the helicopter), and the double move's
two steps. No rule lives here: the service accepts or refuses every click.
"""

from __future__ import annotations

import io
import re
from typing import Any, Mapping, Sequence

import discord

from bot.games.dice.engine import MRX, DiceMrXView, DicePublicView, MrXMove, Skip, StaleRoll
from bot.games.dice.ticket_words import DIE_EMOJI, ticket_name
from bot.i18n import N_, Speaker, reader, speaker
from bot.service.models import RUNNING

from bot.chat.context import ChatContext, fresh_context
from bot.chat.replies import OfferedOnly, Refused, defer, guarded, key, quiet_done, say
from bot.chat.turn_posts import TURN
from bot.games.dice.family import roll_request
from bot.games.dice.presenter.mrx_messages import mrx_moved_text, mrx_prompt_text

MAX_OPTIONS = 25
#: at most this many selects of one kind in a message (Discord allows five rows)
MAX_PARTS = 2
MARK = {"black": "⬛", "helicopter": "🚁"}


def _mark(ticket: str) -> str:
    return DIE_EMOJI.get(ticket) or MARK.get(ticket, "❔")


def _chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [options[i:i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)][:MAX_PARTS]


def _select(custom_id: str, placeholder: str, options: list[discord.SelectOption] | None,
            select: discord.ui.Select | None) -> discord.ui.Select:
    if select is not None:
        return select
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150],
                             options=options or [discord.SelectOption(label="-", value="0")])


# -- the channel: starts, rolls, rides -----------------------------------------------------------


class StartSelect(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
                  template=r"sy:dice:start:(?P<game>\d+):(?P<pawn>[a-z]+):(?P<part>\d)"):
    """A start station for ``pawn`` (a detective in the channel, Mr. X in his DM)."""

    def __init__(self, game_id: int, pawn: str, part: int = 0, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None, placeholder: str = "Start station") -> None:
        super().__init__(_select(f"sy:dice:start:{game_id}:{pawn}:{part}", placeholder, options, select))
        self.game_id, self.pawn = game_id, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "StartSelect":
        return cls(int(match["game"]), match["pawn"], int(match["part"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        station = int(self.item.values[0])
        if self.pawn == MRX:
            await mrx_done(ctx, interaction, self.game_id, lambda: ctx.service.move(
                self.game_id, interaction.user.id, MRX, station, "", key(interaction)))
            return
        await channel_play(ctx, interaction, self.game_id, lambda: ctx.service.move(
            self.game_id, interaction.user.id, self.pawn, station, "", key(interaction)))


class RollButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sy:dice:(?P<what>roll|again):(?P<game>\d+):(?P<round>\d+)(?::(?P<rolls>\d+))?"):
    """🎲 Roll the dice, or roll them again with a shared token. The custom id carries how many times the
    dice had been thrown when the button was posted (``rolls``): the click acts on that roll only. Its
    idempotency key is the button and the clicker, so a double click rolls once (the second hears that
    the roll was replaced already), and a button of an earlier roll is refused by the engine.

    A button posted before buttons carried ``rolls`` (no ``rolls`` in its custom id): **Roll** works as it
    did (a second roll is refused anyway); **Roll again** is refused, and the live post gets new buttons."""

    def __init__(self, game_id: int, round_: int, what: str = "roll", label: str | None = None,
                 rolls: int | None = None) -> None:
        custom_id = f"sy:dice:{what}:{game_id}:{round_}" + ("" if rolls is None else f":{rolls}")
        super().__init__(discord.ui.Button(
            label=label or ("Roll" if what == "roll" else "Roll again"), emoji="🎲" if what == "roll" else "🔁",
            style=discord.ButtonStyle.success if what == "roll" else discord.ButtonStyle.secondary,
            custom_id=custom_id))
        self.game_id, self.round, self.what, self.rolls = game_id, round_, what, rolls

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "RollButton":
        return cls(int(match["game"]), int(match["round"]), match["what"], rolls=_rolls(match))

    def request_key(self, interaction: discord.Interaction) -> str:
        """The same for every click of this button by one person: the service applies it once."""
        if self.rolls is None:
            return key(interaction)
        return f"dice:{self.what}:{self.game_id}:{self.round}:{self.rolls}:{interaction.user.id}"

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        if self.rolls is None and self.what == "again":
            await renew_old_buttons(ctx, interaction, self.game_id)
            return
        what = "roll" if self.what == "roll" else "reroll"
        said = (N_("🎲 You have rolled already: the post shows the dice.") if what == "roll" else
                N_("🔁 That roll was already replaced: the post shows the new dice."))
        await channel_play(ctx, interaction, self.game_id, lambda: ctx.service.request(
            self.game_id, interaction.user.id, roll_request(what, self.rolls), self.request_key(interaction),
            self.round), duplicate=said)


async def renew_old_buttons(ctx: ChatContext, interaction: discord.Interaction, game_id: int) -> None:
    """**Roll again** from before the buttons carried their roll cannot tell a double click from a new
    wish: refused, and when it sits on the live turn post, that post gets today's buttons."""
    if not await defer(interaction, thinking=False):
        return
    async with guarded(interaction, game_id):
        if not await renew_live_post(ctx, interaction, game_id):
            raise Refused("This button is from an older version of the bot: use the buttons under the latest "
                          "post.")
        raise Refused("This button is from an older version of the bot: its post has new buttons now. Press "
                      "**Roll again** once more if you still want to.")


async def renew_live_post(ctx: ChatContext, interaction: discord.Interaction, game_id: int) -> bool:
    """When the clicked post is the game's live turn post, give it today's buttons (the clicker's copy may
    show an earlier roll's: an edit that did not reach them). True when it was renewed."""
    game = await ctx.service.get_game(game_id)
    live = await ctx.service.message_for(game_id, TURN)
    if (game.status != RUNNING or live is None or interaction.message is None
            or live.message_id != interaction.message.id):
        return False
    renewed = detective_view(game_id, await ctx.service.public_view(game_id), speaker(game.language, game.board))
    if renewed is None:
        return False
    await interaction.edit_original_response(view=renewed)
    return True


class RideSelect(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"sy:dice:go:(?P<game>\d+):(?P<round>\d+)(?::(?P<rolls>\d+))?:(?P<part>\d)"):
    """A detective's ride: each option is ``pawn:station:die``. The custom id carries the throws so far
    (``rolls``) when the menu was posted: a ride from dice thrown again since is refused, and the live post
    gets the new dice's menu. A menu posted before menus carried ``rolls`` rides with the dice as they are."""

    def __init__(self, game_id: int, round_: int, part: int = 0, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None, placeholder: str = "Die and station",
                 rolls: int | None = None) -> None:
        super().__init__(_select(f"sy:dice:go:{game_id}:{round_}" + ("" if rolls is None else f":{rolls}")
                                 + f":{part}", placeholder, options, select))
        self.game_id, self.round, self.rolls = game_id, round_, rolls

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "RideSelect":
        return cls(int(match["game"]), int(match["round"]), int(match["part"]), select=item,  # type: ignore[arg-type]
                   rolls=_rolls(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        pawn, to, die = self.item.values[0].split(":")
        await channel_play(ctx, interaction, self.game_id, lambda: ctx.service.move(
            self.game_id, interaction.user.id, pawn, int(to), die, key(interaction), self.round,
            chance_seen=self.rolls))


class StayButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sy:dice:stay:(?P<game>\d+):(?P<round>\d+)(?::(?P<rolls>\d+))?:(?P<pawn>[a-z]+)"):
    """Nothing fits: ``pawn`` stays (keeping the roll-again tokens). Like the ride menu, it carries the
    throws so far (``rolls``): staying on dice thrown again since is refused."""

    def __init__(self, game_id: int, round_: int, pawn: str, label: str | None = None,
                 rolls: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or f"Stay ({pawn})", emoji="🚫", style=discord.ButtonStyle.danger,
            custom_id=f"sy:dice:stay:{game_id}:{round_}" + ("" if rolls is None else f":{rolls}") + f":{pawn}"))
        self.game_id, self.round, self.pawn, self.rolls = game_id, round_, pawn, rolls

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "StayButton":
        return cls(int(match["game"]), int(match["round"]), match["pawn"], rolls=_rolls(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await channel_play(ctx, interaction, self.game_id, lambda: ctx.service.act(
            self.game_id, interaction.user.id, Skip(self.pawn, "declined"), key(interaction), self.round,
            chance_seen=self.rolls))


def _rolls(match: re.Match[str]) -> int | None:
    """The throws a custom id names; None for one posted before custom ids named them."""
    return int(match["rolls"]) if match["rolls"] is not None else None


async def channel_play(ctx: ChatContext, interaction: discord.Interaction, game_id: int, play,
                       duplicate: str = N_("That was done already.")) -> None:
    """Play a click from the channel: a refusal is answered privately; otherwise the channel's post
    is the answer. The click is acknowledged as a deferred update: no "thinking…" flashes by.
    ``duplicate``: what a click the service had applied already hears (a message id)."""
    if not await defer(interaction, thinking=False):
        return
    async with guarded(interaction, game_id):
        try:
            result = await play()
        except StaleRoll:  # the clicker's copy of the post shows dice thrown since: refused, the post renewed
            await renew_live_post(ctx, interaction, game_id)
            raise
        if result.duplicate:
            await say(interaction, reader()._(duplicate), ephemeral=True)
        else:
            await quiet_done(interaction)
        await ctx.announce(game_id)


def start_options(view: DicePublicView, stations: Sequence[int], tr: Speaker) -> list[discord.SelectOption]:
    board = view.board
    return [discord.SelectOption(label=tr._("Station {n} (tile {tile})").format(n=s, tile=board.stations[s].tile),
                                 value=str(s)) for s in stations]


def ride_options(view: DicePublicView, tr: Speaker) -> list[discord.SelectOption]:
    several = len(view.to_move) > 1
    options = []
    for pawn in view.to_move:
        for move in view.moves.get(pawn, ()):
            label = f"{ticket_name(move.die, tr)} → {move.to}"
            if several:
                label = f"{view.pawn(pawn).label}: {label}"
            options.append(discord.SelectOption(label=label[:100], value=f"{pawn}:{move.to}:{move.die}",
                                                emoji=_mark(move.die)))
    return options


def turn_buttons(game_id: int, view: DicePublicView, nxt: Mapping[str, Any] | None,
                 tr: Speaker) -> discord.ui.View | None:
    """The components under a post that hands over the turn: only while that turn is still on."""
    if view.outcome is None and nxt and nxt.get("round") == view.round and list(nxt.get("pawns", ())) == list(
            view.to_move) and MRX not in view.to_move:
        return detective_view(game_id, view, tr)
    return None


def detective_view(game_id: int, view: DicePublicView, tr: Speaker) -> discord.ui.View | None:
    menu = discord.ui.View(timeout=None)
    if view.awaiting == "start":
        pawn = view.to_move[0]
        for part, options in enumerate(_chunks(start_options(view, view.start_choices, tr))):
            menu.add_item(StartSelect(game_id, pawn, part, options,
                                      placeholder=tr._("📍 {pawn}: pick a start station").format(
                                          pawn=view.pawn(pawn).label)))
    elif view.awaiting == "roll":
        menu.add_item(RollButton(game_id, view.round, "roll", tr._("Roll the dice"), view.rolls))
    elif view.awaiting == "move":
        for part, options in enumerate(_chunks(ride_options(view, tr))):
            menu.add_item(RideSelect(game_id, view.round, part, options, placeholder=tr._("Pick a die and a station"),
                                     rolls=view.rolls))
        if view.can_reroll:
            menu.add_item(RollButton(game_id, view.round, "again", tr.ngettext(
                "Roll again ({n} token left)", "Roll again ({n} tokens left)", view.reroll_tokens).format(
                n=view.reroll_tokens), view.rolls))
        if view.can_skip:
            for pawn in view.to_move:
                menu.add_item(StayButton(game_id, view.round, pawn, tr._("{pawn} stays").format(
                    pawn=view.pawn(pawn).label), view.rolls))
    return menu if menu.children else None


# -- Mr. X's DM -----------------------------------------------------------------------------------


class MrXRide(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
              template=r"sy:dice:(?P<kind>x|xd):(?P<game>\d+):(?P<round>\d+):(?P<part>\d)"):
    """Mr. X's ride (``x``: go now) or the first ride of his double move (``xd``: then pick the second).
    Each option is ``station:ticket``."""

    def __init__(self, game_id: int, round_: int, kind: str = "x", part: int = 0,
                 options: list[discord.SelectOption] | None = None, select: discord.ui.Select | None = None,
                 placeholder: str = "Where to?") -> None:
        super().__init__(_select(f"sy:dice:{kind}:{game_id}:{round_}:{part}", placeholder, options, select))
        self.game_id, self.round, self.kind = game_id, round_, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXRide":
        return cls(int(match["game"]), int(match["round"]), match["kind"], int(match["part"]),
                   select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        to, ticket = self.item.values[0].split(":")
        if self.kind == "x":
            await mrx_done(ctx, interaction, self.game_id, lambda: ctx.service.move(
                self.game_id, interaction.user.id, MRX, int(to), ticket, key(interaction), self.round))
            return
        async with guarded(interaction, self.game_id):
            mview = await ctx.service.mrx_view(self.game_id, interaction.user.id, expected_round=self.round)
            tr = reader()
            first = MrXMove(int(to), ticket)
            seconds = mview.second_moves.get(first, ())
            if not seconds:
                await say(interaction, tr._("No second ride is possible from there; pick a single move."))
                return
            menu = discord.ui.View(timeout=None)
            for part, options in enumerate(_chunks(mrx_options(seconds, tr))):
                menu.add_item(MrXSecond(self.game_id, self.round, first, part, options,
                                        placeholder=tr._("⏩ Then where? (second ride)")))
            menu.add_item(MrXBack(self.game_id, self.round, tr.pgettext("button", "Back")))
            text = tr._("🎩 ⏩ Double move: first {ticket} to {station}. Where next?").format(
                ticket=f"{_mark(ticket)} {ticket_name(ticket, tr)}", station=f"**{to}**")
            await interaction.response.edit_message(content=text, view=menu)


class MrXSecond(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
                template=r"sy:dice:xd2:(?P<game>\d+):(?P<round>\d+):(?P<to>\d+):(?P<ticket>[a-z]+):(?P<part>\d)"):
    """The second ride of his double move; the first is in the custom id."""

    def __init__(self, game_id: int, round_: int, first: MrXMove, part: int = 0,
                 options: list[discord.SelectOption] | None = None, select: discord.ui.Select | None = None,
                 placeholder: str = "Then where?") -> None:
        super().__init__(_select(f"sy:dice:xd2:{game_id}:{round_}:{first.to}:{first.ticket}:{part}", placeholder,
                                 options, select))
        self.game_id, self.round, self.first = game_id, round_, first

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXSecond":
        return cls(int(match["game"]), int(match["round"]), MrXMove(int(match["to"]), match["ticket"]),
                   int(match["part"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        to, ticket = self.item.values[0].split(":")
        first = (self.first.to, self.first.ticket)
        await mrx_done(ctx, interaction, self.game_id, lambda: ctx.service.double_move(
            self.game_id, interaction.user.id, first, (int(to), ticket), key(interaction), self.round))


class MrXBack(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:dice:xback:(?P<game>\d+):(?P<round>\d+)"):
    def __init__(self, game_id: int, round_: int, label: str = "Back") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:dice:xback:{game_id}:{round_}"))
        self.game_id, self.round = game_id, round_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXBack":
        return cls(int(match["game"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await ctx.service.mrx_view(self.game_id, interaction.user.id, expected_round=self.round)
            game = await ctx.service.get_game(self.game_id)
            text = mrx_prompt_text(game, mview, f"<#{game.channel_id}>", reader())
            await interaction.response.edit_message(content=text, view=mrx_menu(self.game_id, mview))


async def mrx_done(ctx: ChatContext, interaction: discord.Interaction, game_id: int, play) -> None:
    """Play Mr. X's pick from his DM menu: the menu turns into his receipt, with his board."""
    if not await defer(interaction, thinking=False):  # a deferred update of the menu message
        return
    async with guarded(interaction, game_id):
        result = await play()
        tr = reader()
        if result.duplicate:
            await interaction.edit_original_response(content=tr._("That move was already made."), view=None)
            return
        mview = await ctx.service.mrx_view(game_id, interaction.user.id)
        png = await ctx.pictures.mrx_board(mview, language=tr.language)
        files = [discord.File(io.BytesIO(png), "mrx-board.png")] if png else []
        await interaction.edit_original_response(content=mrx_moved_text(result.events, mview.station, tr),
                                                 view=None, attachments=files)
        await ctx.announce(game_id)


def mrx_options(moves: Sequence[MrXMove], tr: Speaker) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"{m.to} · {ticket_name(m.ticket, tr)}"[:100], value=f"{m.to}:{m.ticket}",
                                 emoji=_mark(m.ticket)) for m in moves]


def mrx_menu(game_id: int, mview: DiceMrXView) -> discord.ui.View:
    """His DM menu (in the reader's language): his start, or his rides and his double move."""
    tr = reader()
    menu = discord.ui.View(timeout=None)
    public = mview.public
    if public.awaiting == "start" and mview.start_choices:
        for part, options in enumerate(_chunks(start_options(public, mview.start_choices, tr))):
            menu.add_item(StartSelect(game_id, MRX, part, options, placeholder=tr._("🎩 Your start station")))
        return menu
    if public.awaiting != "mrx":
        return menu
    for part, options in enumerate(_chunks(mrx_options(mview.moves, tr))):
        menu.add_item(MrXRide(game_id, public.round, "x", part, options, placeholder=tr._("Where to, Mr. X?")))
    if mview.can_double:
        firsts = [m for m in mview.moves if mview.second_moves.get(m)]
        for part, options in enumerate(_chunks(mrx_options(firsts, tr))):
            menu.add_item(MrXRide(game_id, public.round, "xd", part, options,
                                  placeholder=tr._("⏩ Double move: the first ride")))
    return menu


DYNAMIC_ITEMS = (StartSelect, RollButton, RideSelect, StayButton, MrXRide, MrXSecond, MrXBack)

__all__ = ["DYNAMIC_ITEMS", "detective_view", "mrx_menu", "turn_buttons"]
