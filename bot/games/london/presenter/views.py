"""Buttons and menus that keep working after a restart.

Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` (``sy:...``) carries the
game id and, for moves, the round it was offered in; the bot registers the classes in
``setup_hook``. A click from an earlier round is refused by the service (``StaleAction``) or by
:meth:`Table.mrx_menu_view`.

Mr. X's DM menu, built for a phone: a select of destinations (label: the tickets that reach it),
then one button per ticket (and a ⏩ button per ticket to start a double move, which opens the
select of second steps). Every step is also reachable with ``/sy move``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import discord

from bot.games import family_for_rules
from bot.i18n import N_, Speaker, reader

from bot.games.london.presenter import messages
from bot.games.london.presenter.moves import mrx_destinations, mrx_second_steps, mrx_third_steps
from bot.chat.replies import guarded

if TYPE_CHECKING:
    from bot.chat.client import ScotlandYardBot

MAX_OPTIONS = 25
LOBBY_BUTTONS = (
    ("join_d", N_("Join as detective"), "🕵️", discord.ButtonStyle.primary),
    ("join_x", N_("Join as Mr. X"), "🎩", discord.ButtonStyle.secondary),
    ("leave", N_("Leave"), None, discord.ButtonStyle.secondary),
    ("start", N_("Start"), "🚦", discord.ButtonStyle.success),
)
#: button styles for the ride tickets, in the board's order (Discord has only these colours)
RIDE_STYLES = (discord.ButtonStyle.success, discord.ButtonStyle.primary, discord.ButtonStyle.danger)


def _ticket_button(board, ticket: str, label: str | None = None) -> dict:
    """Label, emoji and style of a ticket's button (plain when rebuilt from its custom id alone)."""
    if board is None:
        return {"label": label or ticket, "style": discord.ButtonStyle.secondary}
    name = board.ticket_name(ticket, reader().language)
    rides = board.ride_tickets
    style = RIDE_STYLES[rides.index(ticket) % len(RIDE_STYLES)] if ticket in rides else discord.ButtonStyle.secondary
    return {"label": label or name[:1].upper() + name[1:], "emoji": board.ticket_emoji(ticket), "style": style}


def _bot(interaction: discord.Interaction) -> "ScotlandYardBot":
    return interaction.client  # type: ignore[return-value]


def _fresh(interaction: discord.Interaction) -> "ScotlandYardBot | None":
    """The bot, or None for an interaction it has handled already (a re-delivery)."""
    bot = _bot(interaction)
    return bot if bot.seen.first_time(interaction.id) else None


def _t(text: str) -> str:
    return text


# -- the lobby ---------------------------------------------------------------------------------


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:lobby:(?P<game>\d+):(?P<action>\w+)"):
    def __init__(self, game_id: int, action: str, tr: Speaker | None = None) -> None:
        label, emoji, style = next(((lb, em, st) for a, lb, em, st in LOBBY_BUTTONS if a == action),
                                   (action, None, discord.ButtonStyle.secondary))
        label = (tr or reader())._(label)
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=style,
                                           custom_id=f"sy:lobby:{game_id}:{action}"))
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "LobbyButton":
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        table = bot.table
        if self.action == "join_d":
            await table.lobby_change(interaction, "join", "detective", button_game=self.game_id)
        elif self.action == "join_x":
            await table.lobby_change(interaction, "join", "mrx", button_game=self.game_id)
        elif self.action == "leave":
            await table.lobby_change(interaction, "leave", button_game=self.game_id)
        elif self.action == "start":
            await table.lobby_change(interaction, "start", button_game=self.game_id)


def lobby_view(game_id: int, rules: str | None = None, chosen: Mapping[str, bool] | None = None,
               tr: Speaker | None = None) -> discord.ui.View:
    """The lobby's buttons, and for rules with variants the host's select of them (in ``tr``, the
    game's language: everyone reads the lobby)."""
    from bot.i18n.reference import OPTION_WORDS

    tr = tr or reader()
    view = discord.ui.View(timeout=None)
    for action, *_ in LOBBY_BUTTONS:
        view.add_item(LobbyButton(game_id, action, tr))
    entry = family_for_rules(rules).rules_entry(rules) if rules else None
    offered = entry.options if entry else ()
    if offered:
        words = {name: OPTION_WORDS.get(name, (title, description)) for name, title, description in offered}
        options = [discord.SelectOption(label=tr._(words[name][0])[:100], value=name,
                                        description=tr._(words[name][1])[:100],
                                        default=bool((chosen or {}).get(name))) for name, _, _ in offered][:MAX_OPTIONS]
        view.add_item(VariantSelect(game_id, options, placeholder=tr._("Variants (host)")))
    view.add_item(ComputerSelect(game_id, tr))
    return view


#: the lobby's computer choices: (value, label, emoji)
COMPUTER_CHOICES = (
    ("detective:easy", N_("Computer detective: easy"), "🕵️"),
    ("detective:normal", N_("Computer detective: normal"), "🕵️"),
    ("detective:hard", N_("Computer detective: hard"), "🕵️"),
    ("mrx:easy", N_("Computer Mr. X: easy"), "🎩"),
    ("mrx:normal", N_("Computer Mr. X: normal"), "🎩"),
    ("mrx:hard", N_("Computer Mr. X: hard"), "🎩"),
    ("remove", N_("Remove the computer added last"), "➖"),
)


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sy:bots:(?P<game>\d+)"):
    """The host fills empty seats with computer players (or takes the last one out again)."""

    def __init__(self, game_id: int, tr: Speaker | None = None, select: discord.ui.Select | None = None) -> None:
        if select is None:
            tr = tr or reader()
            select = discord.ui.Select(
                custom_id=f"sy:bots:{game_id}", placeholder=tr._("🤖 Computer players (host)"),
                options=[discord.SelectOption(label=tr._(label)[:100], value=value, emoji=emoji)
                         for value, label, emoji in COMPUTER_CHOICES])
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ComputerSelect":
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        choice = (self.item.values or ["remove"])[0]
        if choice == "remove":
            await bot.table.lobby_change(interaction, "removebot", button_game=self.game_id)
        else:
            role, _, level = choice.partition(":")
            await bot.table.lobby_change(interaction, "addbot", role, button_game=self.game_id, level=level)


class VariantSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sy:variants:(?P<game>\d+)"):
    """The host picks the game's variants in the lobby (any number, none included)."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None, placeholder: str = "Variants (host)") -> None:
        if select is None:
            options = options or [discord.SelectOption(label="none", value="none")]
            select = discord.ui.Select(custom_id=f"sy:variants:{game_id}", placeholder=placeholder,
                                       min_values=0, max_values=len(options), options=options)
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "VariantSelect":
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.choose_variants(interaction, self.game_id, list(self.item.values))


# -- Mr. X's menu ------------------------------------------------------------------------------


def destination_options(reach: Mapping[int, Sequence[str]], board) -> list[discord.SelectOption]:
    options = []
    for station, tickets in list(reach.items())[:MAX_OPTIONS]:
        emoji = "".join(board.ticket_emoji(t) for t in tickets)
        options.append(discord.SelectOption(label=messages.destination_label(station, tickets, board, reader()),
                                            value=str(station), description=emoji))
    return options


class MrXDestination(discord.ui.DynamicItem[discord.ui.Select],
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
        first = (int(match["to"]), _t(match["ticket"])) if match["to"] else None
        return cls(int(match["game"]), int(match["round"]), first, select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await bot.table.mrx_menu_view(interaction, self.game_id, self.round)
            station = int(self.item.values[0])
            if self.first is None:
                tickets = mrx_destinations(mview).get(station, ())
                text = reader()._("🎩 Go to {station} with which ticket?").format(station=messages.station(station))
                view = ticket_view(self.game_id, self.round, station, tickets, mview.can_double,
                                   board=mview.public.board)
            else:
                tickets = mrx_second_steps(mview, *self.first).get(station, ())
                text = reader()._("🎩 ⏩ Double move: first {ticket} to {first}, then to {second} with which "
                                  "ticket?").format(ticket=messages.ticket(self.first[1], mview.public.board, reader()),
                                                    first=messages.station(self.first[0]),
                                                    second=messages.station(station))
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
        super().__init__(discord.ui.Button(custom_id=custom_id, **_ticket_button(board, ride[1], label)))
        self.game_id, self.round, self.first, self.second, self.third = game_id, round_, first, second, third

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXGo":
        second = (int(match["to2"]), _t(match["ticket2"])) if match["to2"] else None
        third = (int(match["to3"]), _t(match["ticket3"])) if match["to3"] else None
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), _t(match["ticket"])), second,
                   third=third)

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.mrx_choice(interaction, self.game_id, self.round, self.first, self.second, self.third)


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
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), _t(match["ticket"])),
                   (int(match["to2"]), _t(match["ticket2"])))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await bot.table.mrx_menu_view(interaction, self.game_id, self.round)
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
                              "ride at once.").format(first=messages.ticket(self.first[1], board, reader()),
                                                      one=messages.station(self.first[0]),
                                                      second=messages.ticket(self.second[1], board, reader()),
                                                      two=messages.station(self.second[0]))
            await interaction.response.edit_message(content=text, view=view)


class MrXThird(discord.ui.DynamicItem[discord.ui.Select],
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
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), _t(match["ticket"])),
                   (int(match["to2"]), _t(match["ticket2"])), int(match["part"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        to, _, ticket = self.item.values[0].partition(":")
        await bot.table.mrx_choice(interaction, self.game_id, self.round, self.first, self.second,
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
        return cls(int(match["game"]), int(match["round"]), (int(match["to"]), _t(match["ticket"])))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await bot.table.mrx_menu_view(interaction, self.game_id, self.round)
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
                ticket=messages.ticket(self.first[1], mview.public.board, reader()), first=messages.station(self.first[0]))
            await interaction.response.edit_message(content=text, view=view)


class MrXBack(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:xback:(?P<game>\d+):(?P<round>\d+)"):
    def __init__(self, game_id: int, round_: int) -> None:
        super().__init__(discord.ui.Button(label=reader()._("Back"), emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:xback:{game_id}:{round_}"))
        self.game_id, self.round = game_id, round_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MrXBack":
        return cls(int(match["game"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        async with guarded(interaction, self.game_id):
            mview = await bot.table.mrx_menu_view(interaction, self.game_id, self.round)
            game = await bot.service.get_game(self.game_id)
            text = messages.mrx_prompt_text(game, mview, f"<#{game.channel_id}>", await bot.table.reader(interaction))
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


# -- a detective's menu ----------------------------------------------------------------------
#
# The "your turn" post carries one **Move** button for everyone; a click opens a private menu of
# the clicker's own legal moves: their pawn (when several may move), the station, then the ticket
# when more than one reaches it. Each step is checked again by the service when the move is made.


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
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.detective_menu(interaction, self.game_id)


def move_button_view(game_id: int, tr=None) -> discord.ui.View:
    """The **Move** button, labelled in the game's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(MoveButton(game_id, tr._("Move") if tr is not None else "Move"))
    return view


class DetectivePawn(discord.ui.DynamicItem[discord.ui.Select], template=r"sy:dpawn:(?P<game>\d+):(?P<round>\d+)"):
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
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.detective_menu(interaction, self.game_id, pawn=self.item.values[0], edit=True)


class DetectiveDestination(discord.ui.DynamicItem[discord.ui.Select],
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
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.detective_station(interaction, self.game_id, self.round, self.pawn, int(self.item.values[0]))


class DetectiveGo(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"sy:dgo:(?P<game>\d+):(?P<round>\d+):(?P<pawn>[a-z0-9]+):(?P<to>\d+):(?P<ticket>[a-z]+)"):
    def __init__(self, game_id: int, round_: int, pawn: str, to: int, ticket: str, board=None) -> None:
        super().__init__(discord.ui.Button(custom_id=f"sy:dgo:{game_id}:{round_}:{pawn}:{to}:{ticket}",
                                           **_ticket_button(board, ticket)))
        self.game_id, self.round, self.pawn, self.to, self.ticket = game_id, round_, pawn, to, ticket

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectiveGo":
        return cls(int(match["game"]), int(match["round"]), match["pawn"], int(match["to"]), match["ticket"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.detective_choice(interaction, self.game_id, self.round, self.pawn, self.to, self.ticket)


class DetectiveBack(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"sy:dback:(?P<game>\d+):(?P<pawn>[a-z0-9]+)"):
    def __init__(self, game_id: int, pawn: str) -> None:
        super().__init__(discord.ui.Button(label=reader()._("Back"), emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sy:dback:{game_id}:{pawn}"))
        self.game_id, self.pawn = game_id, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "DetectiveBack":
        return cls(int(match["game"]), match["pawn"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.detective_menu(interaction, self.game_id, pawn=self.pawn, edit=True)


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


# -- the host's deadline buttons ---------------------------------------------------------------


class SkipButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sy:skip:(?P<game>\d+):(?P<round>\d+):(?P<pawn>[a-z0-9]+)"):
    def __init__(self, game_id: int, round_: int, pawn: str, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or reader()._("Skip {pawn}").format(pawn=pawn), emoji="⏭️",
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"sy:skip:{game_id}:{round_}:{pawn}"))
        self.game_id, self.round, self.pawn = game_id, round_, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "SkipButton":
        return cls(int(match["game"]), int(match["round"]), match["pawn"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.skip(interaction, self.game_id, self.round, self.pawn)


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:resign:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=reader()._("Yes, resign"), emoji="🏳️", style=discord.ButtonStyle.danger,
                                           custom_id=f"sy:resign:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ResignButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (bot := _fresh(interaction)) is None:
            return
        await bot.table.resign(interaction, self.game_id, confirmed=True)


def resign_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id))
    return view


DYNAMIC_ITEMS = (LobbyButton, VariantSelect, ComputerSelect, MrXDestination, MrXGo, MrXDouble, MrXTriple, MrXThird, MrXBack, MoveButton, DetectivePawn,
                 DetectiveDestination, DetectiveGo, DetectiveBack, SkipButton, ResignButton)
