"""A detective's menu: the post that hands the detectives their turn carries one **Move** button for
everyone; a click opens a private menu of the clicker's own legal moves: their pawn (when several
may move), the station, then the ticket when more than one reaches it. Each step is checked again
by the service when the move is made; every step is also reachable with ``/sy move``.

Each component is a :class:`discord.ui.DynamicItem` whose custom id (``sy:d...``) carries the game
and the round, so a menu keeps working after a restart.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

import discord

from bot.games.london.engine import MRX
from bot.i18n import reader
from bot.service.models import RUNNING

from bot.chat import finder
from bot.chat.context import ChatContext, fresh_context
from bot.chat.replies import OfferedOnly, Refused, defer, guarded, key, quiet_done
from bot.chat.words import pawn_name, station
from bot.games.london.presenter.menu_parts import MAX_OPTIONS, destination_options, ticket_button
from bot.games.london.presenter.moves import detective_destinations


def turn_buttons(game_id: int, view, nxt: Mapping[str, Any] | None, tr) -> discord.ui.View | None:
    """The **Move** button under a post that hands the turn to detectives (it opens a private menu);
    none when the turn is Mr. X's, has moved on, or only computers owe it."""
    if view.outcome is not None or not nxt or not nxt.get("pawns") or MRX in nxt["pawns"]:
        return None
    if nxt.get("round") != view.round or not any(p in view.to_move for p in nxt["pawns"]):
        return None  # posted late: the turn has moved on
    if nxt.get("user_ids") and all(u < 0 for u in nxt["user_ids"]):
        return None  # only computers owe a move: they press no buttons
    return move_button_view(game_id, tr)


async def detective_menu(ctx: ChatContext, interaction: discord.Interaction, game_id: int, *,
                         pawn: str | None = None, edit: bool = False) -> None:
    """The **Move** button (or a step back in the menu): the clicker's own legal moves, privately."""
    service = ctx.service
    async with guarded(interaction, game_id):
        game = await finder.game(service, game_id)
        if game.status != RUNNING:
            raise Refused("This game is not running any more.")
        me = await finder.me(service, game, interaction.user.id)
        if MRX in me.pawns:
            raise Refused("You are Mr. X: your moves come by DM (or `/sy move` here, privately).")
        mine = [p for p in game.to_move if p in me.pawns]
        if pawn is not None:
            mine = [p for p in mine if p == pawn]
        if not mine:
            if pawn is None:
                raise Refused("It is not your turn yet; you'll be mentioned when it is.")
            raise Refused("That pawn has moved already or cannot move now.")
        view = await service.public_view(game_id)
        if len(mine) > 1:
            tr = reader()
            labels = [(p, tr._("{pawn} at {station}").format(pawn=pawn_name(view, p, tr),
                                                             station=view.pawn(p).station)) for p in mine]
            text = tr._("🧭 Which pawn do you move?")
            menu = detective_pawn_view(game_id, view.round, labels)
        else:
            reach = detective_destinations(view, mine[0])
            if not reach:
                raise Refused("{pawn} has no move this round.", pawn=pawn_name(view, mine[0]))
            text = reader()._("🧭 {pawn} at {station}: where to?").format(
                pawn=pawn_name(view, mine[0], reader()), station=station(view.pawn(mine[0]).station))
            menu = detective_destination_view(game_id, view.round, mine[0], reach, view.board)
        if edit:
            await interaction.response.edit_message(content=text, view=menu)
        else:
            await interaction.response.send_message(text, view=menu, ephemeral=True)


async def detective_station(ctx: ChatContext, interaction: discord.Interaction, game_id: int, round_: int,
                            pawn: str, to: int) -> None:
    """A station picked in the menu: ride there now if one ticket does it, else ask which."""
    async with guarded(interaction, game_id):
        view = await ctx.service.public_view(game_id)
        tickets = detective_destinations(view, pawn).get(to, ()) if view.round == round_ else ()
        if len(tickets) == 1:
            await detective_choice(ctx, interaction, game_id, round_, pawn, to, tickets[0])
            return
        if not tickets:
            raise Refused("That move is no longer possible: press **Move** again for your moves now.")
        text = reader()._("🧭 {pawn} to {station} with which ticket?").format(
            pawn=pawn_name(view, pawn, reader()), station=station(to))
        menu = detective_ticket_view(game_id, round_, pawn, to, tickets, view.board)
        await interaction.response.edit_message(content=text, view=menu)


async def detective_choice(ctx: ChatContext, interaction: discord.Interaction, game_id: int, round_: int,
                           pawn: str, to: int, ticket: str) -> None:
    """Ride from the menu; the menu goes away, and the channel's post says what happened."""
    if not await defer(interaction, ephemeral=True, thinking=False):
        return
    async with guarded(interaction, game_id):
        result = await ctx.service.move(game_id, interaction.user.id, pawn, to, ticket, key(interaction), round_)
        if result.duplicate:
            await interaction.edit_original_response(content=reader()._("That move was already made."), view=None)
        else:
            await quiet_done(interaction)
        await ctx.announce(game_id)


# -- the components ------------------------------------------------------------------------------


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:dmove:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "Move") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="🧭", style=discord.ButtonStyle.primary,
                                           custom_id=f"sy:dmove:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MoveButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await detective_menu(ctx, interaction, self.game_id)


def move_button_view(game_id: int, tr=None) -> discord.ui.View:
    """The **Move** button, labelled in the game's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(MoveButton(game_id, tr.pgettext("button", "Move") if tr is not None else "Move"))
    return view


class DetectivePawn(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select], template=r"sy:dpawn:(?P<game>\d+):(?P<round>\d+)"):
    """Which of my pawns to move (shown when several of the clicker's pawns may move now)."""

    def __init__(self, game_id: int, round_: int, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            select = discord.ui.Select(custom_id=f"sy:dpawn:{game_id}:{round_}", placeholder=reader()._("Which pawn?"),
                                       options=options or [discord.SelectOption(label="none", value="none")])
        super().__init__(select)
        self.game_id, self.round = game_id, round_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectivePawn":
        return cls(int(match["game"]), int(match["round"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await detective_menu(ctx, interaction, self.game_id, pawn=self.item.values[0], edit=True)


class DetectiveDestination(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
                           template=r"sy:dto:(?P<game>\d+):(?P<round>\d+):(?P<pawn>[a-z0-9]+):(?P<part>\d)"):
    """Where to go (a select holds 25 stations; a pawn with more gets a second select)."""

    def __init__(self, game_id: int, round_: int, pawn: str, part: int = 0,
                 options: list[discord.SelectOption] | None = None, select: discord.ui.Select | None = None) -> None:
        if select is None:
            first = options[0].value if options else "?"
            placeholder = (reader()._("Where to?") if part == 0
                           else reader()._("More stations (from {first})").format(first=first))
            select = discord.ui.Select(custom_id=f"sy:dto:{game_id}:{round_}:{pawn}:{part}", placeholder=placeholder,
                                       options=options or [discord.SelectOption(label="nowhere", value="0")])
        super().__init__(select)
        self.game_id, self.round, self.pawn = game_id, round_, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectiveDestination":
        return cls(int(match["game"]), int(match["round"]), match["pawn"], int(match["part"]),
                   select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await detective_station(ctx, interaction, self.game_id, self.round, self.pawn, int(self.item.values[0]))


class DetectiveGo(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"sy:dgo:(?P<game>\d+):(?P<round>\d+):(?P<pawn>[a-z0-9]+):(?P<to>\d+):(?P<ticket>[a-z]+)"):
    def __init__(self, game_id: int, round_: int, pawn: str, to: int, ticket: str, board=None) -> None:
        super().__init__(discord.ui.Button(custom_id=f"sy:dgo:{game_id}:{round_}:{pawn}:{to}:{ticket}",
                                           **ticket_button(board, ticket)))
        self.game_id, self.round, self.pawn, self.to, self.ticket = game_id, round_, pawn, to, ticket

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectiveGo":
        return cls(int(match["game"]), int(match["round"]), match["pawn"], int(match["to"]), match["ticket"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await detective_choice(ctx, interaction, self.game_id, self.round, self.pawn, self.to, self.ticket)


class DetectiveBack(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"sy:dback:(?P<game>\d+):(?P<pawn>[a-z0-9]+)"):
    def __init__(self, game_id: int, pawn: str) -> None:
        super().__init__(discord.ui.Button(label=reader().pgettext("button", "Back"), emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:dback:{game_id}:{pawn}"))
        self.game_id, self.pawn = game_id, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectiveBack":
        return cls(int(match["game"]), match["pawn"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await detective_menu(ctx, interaction, self.game_id, pawn=self.pawn, edit=True)


def detective_pawn_view(game_id: int, round_: int, pawns: Sequence[tuple[str, str]]) -> discord.ui.View:
    """A select of the clicker's pawns that may move: (pawn id, label)."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=label[:100], value=pawn) for pawn, label in pawns[:MAX_OPTIONS]]
    view.add_item(DetectivePawn(game_id, round_, options))
    return view


def detective_destination_view(game_id: int, round_: int, pawn: str, reach: Mapping[int, Sequence[str]],
                               board) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    items = list(reach.items())
    for part in range(min(4, (len(items) + MAX_OPTIONS - 1) // MAX_OPTIONS)):
        chunk = dict(items[part * MAX_OPTIONS:(part + 1) * MAX_OPTIONS])
        view.add_item(DetectiveDestination(game_id, round_, pawn, part, destination_options(chunk, board)))
    return view


def detective_ticket_view(game_id: int, round_: int, pawn: str, to: int, tickets: Sequence[str],
                          board) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for t in tickets:
        view.add_item(DetectiveGo(game_id, round_, pawn, to, t, board=board))
    view.add_item(DetectiveBack(game_id, pawn))
    return view



#: registered in ``setup_hook`` (through the presenter) so that earlier runs' menus keep working
DYNAMIC_ITEMS = (MoveButton, DetectivePawn, DetectiveDestination, DetectiveGo, DetectiveBack)
