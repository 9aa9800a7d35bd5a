"""Mr. X's DM menu, built for a phone: a select of destinations (label: the tickets that reach it),
then one button per ticket (and a ⏩ button per ticket to start a double move, which opens the
select of second steps; in the triple-move variant a ⏭️ button for a third). Every step is also
reachable with ``/sy move``.

Each component is a :class:`discord.ui.DynamicItem` whose custom id (``sy:x...``) carries the game,
the round it was offered in and the rides chosen so far, so a menu keeps working after a restart;
the service refuses a click from an earlier round or turn.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import discord

from bot.games.london.engine import MRX, Move, TripleMove
from bot.i18n import reader

from bot.chat.context import ChatContext, fresh_context
from bot.chat.receipts import mrx_receipt
from bot.chat.replies import OfferedOnly, defer, guarded, key, speaker_for
from bot.chat.words import station as station_word
from bot.games.london.presenter.board_words import ticket as ticket_word
from bot.games.london.presenter.menu_parts import MAX_OPTIONS, destination_options, ticket_button
from bot.games.london.presenter.moves import mrx_destinations, mrx_second_steps, mrx_third_steps
from bot.games.london.presenter.mrx_messages import mrx_prompt_text


async def mrx_choice(ctx: ChatContext, interaction: discord.Interaction, game_id: int, round_: int,
                     first: tuple[int, str], second: tuple[int, str] | None,
                     third: tuple[int, str] | None = None) -> None:
    """Mr. X's move from the DM menu: the message turns into his receipt."""
    if not await defer(interaction, thinking=False):  # a deferred update of the menu message
        return
    service = ctx.service
    async with guarded(interaction, game_id):
        if third is not None and second is not None:
            action = TripleMove(*(Move(MRX, to, ticket) for to, ticket in (first, second, third)))
            result = await service.act(game_id, interaction.user.id, action, key(interaction), round_)
        elif second is None:
            result = await service.move(game_id, interaction.user.id, MRX, first[0], first[1], key(interaction), round_)
        else:
            result = await service.double_move(game_id, interaction.user.id, first, second, key(interaction), round_)
        text, files = await mrx_receipt(ctx, result, interaction)
        await interaction.edit_original_response(content=text, view=None, attachments=files)
        await ctx.announce(game_id)


async def _menu_view(ctx: ChatContext, interaction: discord.Interaction, game_id: int, round_: int):
    """Mr. X's view for a menu step; the service refuses a menu from an earlier round or turn."""
    return await ctx.service.mrx_view(game_id, interaction.user.id, expected_round=round_)


class MrXDestination(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
                     template=r"sy:xto:(?P<game>\d+):(?P<round>\d+)(?::(?P<to>\d+):(?P<ticket>[a-z]+))?"):
    """Where to go: the first ride, or (with ``to``/``ticket`` of the first) the second of a double move."""

    def __init__(self, game_id: int, round_: int, first: tuple[int, str] | None = None,
                 options: list[discord.SelectOption] | None = None, select: discord.ui.Select | None = None) -> None:
        custom_id = f"sy:xto:{game_id}:{round_}" + (f":{first[0]}:{first[1]}" if first else "")
        if select is None:
            placeholder = reader()._("Then where? (second ride)") if first else reader()._("Where to, Mr. X?")
            select = discord.ui.Select(custom_id=custom_id, placeholder=placeholder,
                                       options=options or [discord.SelectOption(label="nowhere", value="0")])
        super().__init__(select)
        self.game_id, self.round, self.first = game_id, round_, first

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXDestination":
        first = (int(match["to"]), match["ticket"]) if match["to"] else None
        return cls(int(match["game"]), int(match["round"]), first, select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await _menu_view(ctx, interaction, self.game_id, self.round)
            station = int(self.item.values[0])
            if self.first is None:
                tickets = mrx_destinations(mview).get(station, ())
                text = reader()._("🎩 Go to {station} with which ticket?").format(station=station_word(station))
                view = ticket_view(self.game_id, self.round, station, tickets, mview.can_double,
                                   board=mview.public.board)
            else:
                tickets = mrx_second_steps(mview, *self.first).get(station, ())
                text = reader()._("🎩 ⏩ Double move: first {ticket} to {first}, then to {second} with which "
                                  "ticket?").format(ticket=ticket_word(self.first[1], mview.public.board, reader()),
                                                    first=station_word(self.first[0]),
                                                    second=station_word(station))
                view = ticket_view(self.game_id, self.round, station, tickets, False, first=self.first,
                                   board=mview.public.board, can_triple=mview.can_triple)
            await interaction.response.edit_message(content=text, view=view)


class MrXGo(discord.ui.DynamicItem[discord.ui.Button],
            template=r"sy:xgo:(?P<game>\d+):(?P<round>\d+):(?P<to>\d+):(?P<ticket>[a-z]+)"
                     r"(?::(?P<to2>\d+):(?P<ticket2>[a-z]+))?(?::(?P<to3>\d+):(?P<ticket3>[a-z]+))?"):
    """Ride now: a single move, or the double (triple) move whose parts are all in the custom id."""

    def __init__(self, game_id: int, round_: int, first: tuple[int, str],
                 second: tuple[int, str] | None = None, board=None, third: tuple[int, str] | None = None) -> None:
        custom_id = f"sy:xgo:{game_id}:{round_}:{first[0]}:{first[1]}"
        ride = third or second or first
        for part in (second, third):
            if part:
                custom_id += f":{part[0]}:{part[1]}"
        label = f"{third[0]} · {board.ticket_name(third[1], reader().language)}" if third and board is not None else None
        super().__init__(discord.ui.Button(custom_id=custom_id, **ticket_button(board, ride[1], label)))
        self.game_id, self.round, self.first, self.second, self.third = game_id, round_, first, second, third

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXGo":
        second = (int(match["to2"]), match["ticket2"]) if match["to2"] else None
        third = (int(match["to3"]), match["ticket3"]) if match["to3"] else None
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), match["ticket"]), second,
                   third=third)

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await mrx_choice(ctx, interaction, self.game_id, self.round, self.first, self.second, self.third)


class MrXTriple(discord.ui.DynamicItem[discord.ui.Button],
                template=r"sy:xtri:(?P<game>\d+):(?P<round>\d+):(?P<to>\d+):(?P<ticket>[a-z]+)"
                         r":(?P<to2>\d+):(?P<ticket2>[a-z]+)"):
    """Go on to a third ride after the first two (the triple-move variant): shows the third steps."""

    def __init__(self, game_id: int, round_: int, first: tuple[int, str], second: tuple[int, str],
                 board=None) -> None:
        name = board.ticket_name(second[1], reader().language) if board is not None else second[1]
        super().__init__(discord.ui.Button(
            label=reader()._("{ticket}, then a third ride").format(ticket=name[:1].upper() + name[1:]), emoji="⏭️",
            style=discord.ButtonStyle.secondary,
            custom_id=f"sy:xtri:{game_id}:{round_}:{first[0]}:{first[1]}:{second[0]}:{second[1]}"))
        self.game_id, self.round, self.first, self.second = game_id, round_, first, second

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXTriple":
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), match["ticket"]),
                   (int(match["to2"]), match["ticket2"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await _menu_view(ctx, interaction, self.game_id, self.round)
            board = mview.public.board
            thirds = mrx_third_steps(mview, self.first, self.second)
            if not thirds:
                await interaction.response.send_message(reader()._("No third ride is possible from there."),
                                                        ephemeral=True)
                return
            rides = [(s, t) for s, ts in thirds.items() for t in ts]
            view = discord.ui.View(timeout=None)
            for part in range(min(4, (len(rides) + MAX_OPTIONS - 1) // MAX_OPTIONS)):
                chunk = rides[part * MAX_OPTIONS:(part + 1) * MAX_OPTIONS]
                options = [discord.SelectOption(label=f"{s} — {board.ticket_name(t, reader().language)}", value=f"{s}:{t}",
                                                emoji=board.ticket_emoji(t)) for s, t in chunk]
                view.add_item(MrXThird(self.game_id, self.round, self.first, self.second, part, options))
            view.add_item(MrXBack(self.game_id, self.round))
            text = reader()._("🎩 ⏭️ Triple move: {first} to {one}, then {second} to {two}. Pick the third ride: you "
                              "ride at once.").format(first=ticket_word(self.first[1], board, reader()),
                                                      one=station_word(self.first[0]),
                                                      second=ticket_word(self.second[1], board, reader()),
                                                      two=station_word(self.second[0]))
            await interaction.response.edit_message(content=text, view=view)


class MrXThird(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select],
               template=r"sy:xthird:(?P<game>\d+):(?P<round>\d+):(?P<to>\d+):(?P<ticket>[a-z]+)"
                        r":(?P<to2>\d+):(?P<ticket2>[a-z]+):(?P<part>\d)"):
    """The third ride of a triple move: picking one rides all three at once."""

    def __init__(self, game_id: int, round_: int, first: tuple[int, str], second: tuple[int, str], part: int = 0,
                 options: list[discord.SelectOption] | None = None, select: discord.ui.Select | None = None) -> None:
        if select is None:
            select = discord.ui.Select(
                custom_id=f"sy:xthird:{game_id}:{round_}:{first[0]}:{first[1]}:{second[0]}:{second[1]}:{part}",
                placeholder=reader()._("Third ride (rides at once)"),
                options=options or [discord.SelectOption(label="nowhere", value="0:none")])
        super().__init__(select)
        self.game_id, self.round, self.first, self.second = game_id, round_, first, second

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXThird":
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), match["ticket"]),
                   (int(match["to2"]), match["ticket2"]), int(match["part"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        to, _, ticket = self.item.values[0].partition(":")
        await mrx_choice(ctx, interaction, self.game_id, self.round, self.first, self.second,
                                   (int(to), ticket))


class MrXDouble(discord.ui.DynamicItem[discord.ui.Button],
                template=r"sy:xdbl:(?P<game>\d+):(?P<round>\d+):(?P<to>\d+):(?P<ticket>[a-z]+)"):
    """Start a double move with this ride: shows the second steps."""

    def __init__(self, game_id: int, round_: int, first: tuple[int, str], board=None) -> None:
        name = board.ticket_name(first[1], reader().language) if board is not None else first[1]
        super().__init__(discord.ui.Button(label=reader()._("{ticket}, then again").format(
                                               ticket=name[:1].upper() + name[1:]), emoji="⏩",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:xdbl:{game_id}:{round_}:{first[0]}:{first[1]}"))
        self.game_id, self.round, self.first = game_id, round_, first

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXDouble":
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), match["ticket"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await _menu_view(ctx, interaction, self.game_id, self.round)
            steps = mrx_second_steps(mview, *self.first)
            if not steps:
                await interaction.response.send_message(
                    reader()._("No second ride is possible from there; pick a single move."), ephemeral=True)
                return
            view = discord.ui.View(timeout=None)
            view.add_item(MrXDestination(self.game_id, self.round, self.first,
                                         destination_options(steps, mview.public.board)))
            view.add_item(MrXBack(self.game_id, self.round))
            text = reader()._("🎩 ⏩ Double move: first {ticket} to {first}. Where next?").format(
                ticket=ticket_word(self.first[1], mview.public.board, reader()), first=station_word(self.first[0]))
            await interaction.response.edit_message(content=text, view=view)


class MrXBack(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:xback:(?P<game>\d+):(?P<round>\d+)"):
    def __init__(self, game_id: int, round_: int) -> None:
        super().__init__(discord.ui.Button(label=reader().pgettext("button", "Back"), emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:xback:{game_id}:{round_}"))
        self.game_id, self.round = game_id, round_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXBack":
        return cls(int(match["game"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await _menu_view(ctx, interaction, self.game_id, self.round)
            game = await ctx.service.get_game(self.game_id)
            text = mrx_prompt_text(game, mview, f"<#{game.channel_id}>", await speaker_for(interaction))
            await interaction.response.edit_message(content=text, view=mrx_menu(self.game_id, mview))


def mrx_menu(game_id: int, mview) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    reach = mrx_destinations(mview)
    if reach:
        view.add_item(MrXDestination(game_id, mview.public.round, None, destination_options(reach, mview.public.board)))
    return view


def ticket_view(game_id: int, round_: int, station: int, tickets: Sequence[str], can_double: bool,
                first: tuple[int, str] | None = None, board=None, can_triple: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for t in tickets:
        if first is None:
            view.add_item(MrXGo(game_id, round_, (station, t), board=board))
        else:
            view.add_item(MrXGo(game_id, round_, first, (station, t), board=board))
    if can_double and first is None:
        for t in tickets:
            view.add_item(MrXDouble(game_id, round_, (station, t), board=board))
    if can_triple and first is not None:
        for t in tickets:
            view.add_item(MrXTriple(game_id, round_, first, (station, t), board=board))
    view.add_item(MrXBack(game_id, round_))
    return view



#: registered in ``setup_hook`` (through the presenter) so that earlier runs' menus keep working
DYNAMIC_ITEMS = (MrXDestination, MrXGo, MrXDouble, MrXTriple, MrXThird, MrXBack)
