"""Rule systems as data. The engine reads these numbers and flags; it never asks for a preset's name.

Every value follows ``docs/rules.md`` (the project's rules digest); where it departs from a rulebook,
the comment says so. An optional variant is data too: an :class:`Option` names the rule fields it
changes, and :meth:`RuleSet.with_options` gives the rules a game is played by.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from bot.games.errors import BadPlayerCount, OptionUnavailable, RulesUnavailable, quoted

from .board import board_exists
from .wording import no_such_option, options_clash

DETECTIVE_COLOURS = ("red", "blue", "green", "yellow", "purple")


@dataclass(frozen=True)
class Option:
    name: str
    title: str
    description: str
    #: what the board data must carry for the option to work (None: nothing)
    needs_board_data: str | None = None
    #: the RuleSet fields the option sets when it is chosen
    changes: Mapping[str, object] = field(default_factory=dict)
    #: how the book groups it ("against a strong Mr. X", "against strong agents"); "" for none
    group: str = ""


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    summary: str
    board: str
    #: people at the table, Mr. X included
    min_players: int
    max_players: int
    #: detective players -> one tuple of detective indexes per player (index into ``detective_colours``)
    detective_seats: Mapping[int, tuple[tuple[int, ...], ...]]
    #: detective players -> number of bobbies (moved by the whole detective team)
    bobbies: Mapping[int, int]
    #: detective players -> True when the detectives share one ticket pool
    pooled_tickets: Mapping[int, bool]
    detective_colours: tuple[str, ...]
    #: ticket (as the board names it) -> how many each detective starts with
    detective_tickets: Mapping[str, int]
    #: Mr. X's regular tickets at the start; None means an unlimited supply
    mrx_tickets: Mapping[str, int] | None
    #: Mr. X's black tickets: a number, or None for "one per detective"
    mrx_black_tickets: int | None
    mrx_double_tickets: int
    #: where a detective's spent ticket goes: "mrx" or "supply"
    spent_tickets_to: str
    #: start-card decks on the board: detectives (and bobbies) draw from the first, Mr. X from the second;
    #: the same name twice means one shared deck, drawn without replacement
    detective_deck: str
    mrx_deck: str
    reveal_entries: frozenset[int]
    log_entries: int
    #: Mr. X wins after the detectives' turn of this round (None: only the logbook limits the game)
    max_rounds: int | None
    any_order: bool
    #: a pawn that cannot move leaves the board instead of blocking its station
    stuck_pawn_leaves: bool = False
    # -- what optional variants change (all off in the presets) ----------------------------------
    #: Mr. X may reveal himself on his turn: "take_tickets" (mb1985: one ticket from each
    #: detective) or "return_black" (sanssouci: one used black ticket comes back); None: never
    voluntary_reveal: str | None = None
    #: Mr. X may not ride over a station another pawn holds (needs the board's route stations)
    cut_off: bool = False
    #: every logbook entry (and the start) shows Mr. X's station
    mrx_always_visible: bool = False
    #: the ticket with which Mr. X may stay where he is (the entry repeats his station); None: never
    stay_put_ticket: str | None = None
    #: the most logbook entries one turn can fill: 2 (double move), 3 (triple move: both tickets)
    max_multi_move: int = 2
    #: detectives may hand tickets to one another on their turn, before moving
    ticket_trading: bool = False
    #: where a black ticket takes Mr. X: "all" transports, "land" (no Mr. X-only ones: no boats),
    #: or "mrx_only" (only the Mr. X-only ones: black tickets are for the boats)
    black_rides: str = "all"
    #: ticket -> more transports it pays for a detective (sanssouci: Schnellbahn tickets on ViP)
    detective_extra_rides: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: one detective player takes one more detective (with its own tickets)
    extra_detective: bool = False
    options: tuple[Option, ...] = ()
    #: pairs of options that cannot be chosen together, each with the reason a player reads
    clashes: tuple[tuple[str, str, str], ...] = ()
    available: bool = True
    unavailable_reason: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    # -- queries -------------------------------------------------------------------------------

    @property
    def playable(self) -> bool:
        """Available, and its board is installed."""
        return self.available and board_exists(self.board)

    def require_available(self, board_given: bool = False) -> None:
        """Refuse rules that cannot be played (unless a board is handed in, the installed one is needed)."""
        if not self.available:
            raise RulesUnavailable(f"The {self.title} rules cannot be played yet: {self.unavailable_reason}")
        if not board_given and not board_exists(self.board):
            raise RulesUnavailable(f"The {self.title} rules cannot be played yet: the {self.board} board "
                                   "is not installed.")

    def detective_players(self, players: int) -> int:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                f"{self.title} needs {self.min_players} to {self.max_players} players, Mr. X included "
                f"(you asked for {players})."
            )
        return players - 1

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise no_such_option(self.title, name, [o.name for o in self.options])

    def clash(self, chosen: Mapping[str, bool]) -> OptionUnavailable | None:
        """Why the ``chosen`` options cannot be played together (the refusal), or None when they can."""
        for first, second, why in self.clashes:
            if chosen.get(first) and chosen.get(second):
                return options_clash(self.option(first).title, self.option(second).title, why)
        return None

    def is_reveal(self, entry: int) -> bool:
        return self.mrx_always_visible or entry in self.reveal_entries

    def with_options(self, chosen: Mapping[str, bool]) -> RuleSet:
        """The rules a game with the ``chosen`` options on is played by."""
        changes: dict[str, object] = {}
        for name, on in chosen.items():
            if on:
                changes.update(self.option(name).changes)
        return replace(self, **changes) if changes else self


def _fixed(*seats: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(seats)


#: three to five detective players: one detective each
_ONE_EACH = {n: tuple((i,) for i in range(n)) for n in (3, 4, 5)}


VOLUNTARY_SURFACING = Option(
    "voluntary_surfacing",
    "Voluntary surfacing",
    "On his turn, before moving, Mr. X may show where he is; in return he takes one ticket of his "
    "choice from each detective.",
    changes={"voluntary_reveal": "take_tickets"},
)
CUT_OFF = Option(
    "cut_off",
    "Cut-off",
    "Mr. X may not pass over a station occupied by another pawn on a bus or underground ride.",
    needs_board_data="route_stations",
    changes={"cut_off": True},
)

# Mister X in Sanssouci: the book's two tables of variants, each off by default.
_STRONG_MRX = "against a strong Mr. X"
_STRONG_AGENTS = "against strong agents"
SANSSOUCI_OPTIONS = (
    Option("extra_agent", "Extra agent", "One agent more, with its own tickets (Mr. X gets one more black "
           "ticket, as he has one per agent).", changes={"extra_detective": True}, group=_STRONG_MRX),
    Option("any_order", "Any order", "The agents move in any order each round.",
           changes={"any_order": True}, group=_STRONG_MRX),
    Option("trade_tickets", "Ticket trading", "On their own turn, before moving, agents may hand tickets to "
           "one another.", changes={"ticket_trading": True}, group=_STRONG_MRX),
    Option("mrx_visible", "Mr. X always visible", "Mr. X's station is shown at every move.",
           changes={"mrx_always_visible": True}, group=_STRONG_MRX),
    Option("no_boats", "No boats", "Mr. X may not take the boats.", changes={"black_rides": "land"},
           group=_STRONG_MRX),
    Option("black_for_boats", "Black tickets for boats only", "Mr. X's black tickets ride only the boats.",
           changes={"black_rides": "mrx_only"}, group=_STRONG_MRX),
    Option("sbahn_for_vip", "Schnellbahn tickets on ViP", "Agents may pay a ViP ride with a Schnellbahn ticket.",
           changes={"detective_extra_rides": {"sbahn": ("vip",)}}, group=_STRONG_MRX),
    Option("stay_put", "Stay put", "Mr. X may stay where he is with a walking ticket (the entry repeats his "
           "station).", changes={"stay_put_ticket": "walk"}, group=_STRONG_AGENTS),
    Option("reveal_returns_black", "Reveal for a black ticket", "On his turn Mr. X may show where he is; if "
           "he has used a black ticket, one comes back to him.", changes={"voluntary_reveal": "return_black"},
           group=_STRONG_AGENTS),
    Option("triple_move", "Triple move", "Mr. X may spend both double-move tickets at once for three moves.",
           changes={"max_multi_move": 3}, group=_STRONG_AGENTS),
)

CLASSIC = RuleSet(
    name="classic",
    title="Classic (Ravensburger 2000)",
    summary="Mr. X against 2-5 detectives; reveals at moves 3, 8, 13, 18, 24; spent tickets go to Mr. X.",
    board="london",
    min_players=2,
    max_players=6,
    # Two detective players control two detectives each; one player (not in the book: for
    # two-person games online) controls four.
    detective_seats={1: _fixed((0, 1, 2, 3)), 2: _fixed((0, 1), (2, 3)), **_ONE_EACH},
    bobbies={},
    pooled_tickets={},
    detective_colours=DETECTIVE_COLOURS,
    detective_tickets={"taxi": 10, "bus": 8, "underground": 4},
    mrx_tickets={"taxi": 4, "bus": 3, "underground": 3},
    mrx_black_tickets=None,
    mrx_double_tickets=2,
    spent_tickets_to="mrx",
    detective_deck="classic",
    mrx_deck="classic",
    reveal_entries=frozenset({3, 8, 13, 18, 24}),
    log_entries=24,
    max_rounds=None,
    any_order=False,
)

MB1985 = replace(
    CLASSIC,
    name="mb1985",
    title="Milton Bradley 1985",
    summary="Always five detectives shared among the detective players; Mr. X has five black tickets.",
    detective_seats={
        # Not in the book: one detective player (a two-person game online) moves all five.
        1: _fixed((0, 1, 2, 3, 4)),
        2: _fixed((0, 3, 4), (1, 2)),
        3: _fixed((0, 3), (1, 2), (4,)),
        4: _fixed((0, 3), (1,), (2,), (4,)),
        5: _fixed((0,), (1,), (2,), (3,), (4,)),
    },
    # Milton Bradley's table: purple, red, green, yellow, blue shared among the detective players.
    detective_colours=("purple", "red", "green", "yellow", "blue"),
    mrx_black_tickets=5,
    options=(VOLUNTARY_SURFACING, CUT_OFF),
    notes=("The book names the last ferry stop 118; the board says 108, and the board data is used.",),
)

MASTER = replace(
    CLASSIC,
    name="master",
    title="Scotland Yard Master (2013, basic game)",
    summary="Up to 22 rounds; bobbies help small teams; detectives move in any order; spent tickets go to the supply.",
    detective_seats={1: _fixed((0, 1)), 2: _fixed((0,), (1,)), **_ONE_EACH},
    bobbies={1: 2, 2: 2, 3: 1},
    pooled_tickets={1: True},
    detective_tickets={"taxi": 11, "bus": 8, "underground": 4},
    mrx_tickets=None,
    mrx_black_tickets=5,
    spent_tickets_to="supply",
    # The D/X split of the current edition, assumed to be the Master box's (docs/rules.md).
    detective_deck="D",
    mrx_deck="X",
    max_rounds=22,
    any_order=True,
)

SANSSOUCI = replace(
    CLASSIC,
    name="sanssouci",
    title="Mister X in Sanssouci (Potsdam)",
    summary="Agents hunt Mr. X through Potsdam by foot, ViP and Schnellbahn; boats for Mr. X only.",
    board="potsdam",
    # Walking, ViP and Schnellbahn take the places of taxi, bus and underground.
    detective_tickets={"walk": 10, "vip": 8, "sbahn": 4},
    mrx_tickets={"walk": 4, "vip": 3, "sbahn": 3},
    detective_deck="start",
    mrx_deck="start",
    reveal_entries=frozenset({3, 8, 12, 18, 24}),
    stuck_pawn_leaves=True,
    # A sixth colour for the extra agent with five detective players.
    detective_colours=(*DETECTIVE_COLOURS, "orange"),
    options=SANSSOUCI_OPTIONS,
    # docs/rules.md: both narrow where a black ticket rides, and together they leave it nowhere.
    clashes=(("no_boats", "black_for_boats", "black tickets would have no use"),),
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, MB1985, MASTER, SANSSOUCI)}


def get_rules(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesUnavailable(f"There are no rules called {quoted(name)} (known: {known}).") from None
