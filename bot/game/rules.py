"""Rule systems as data. The engine reads these numbers and flags; it never asks for a preset's name.

Every value follows ``RULES.md`` (the project's rules digest); where it departs from a rulebook,
the comment says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from .errors import BadPlayerCount, OptionUnavailable, RulesUnavailable

DETECTIVE_COLOURS = ("red", "blue", "green", "yellow", "purple")


@dataclass(frozen=True)
class Option:
    name: str
    title: str
    description: str
    #: what the board data must carry for the option to work (None: nothing)
    needs_board_data: str | None = None


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
    options: tuple[Option, ...] = ()
    available: bool = True
    unavailable_reason: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    # -- queries -------------------------------------------------------------------------------

    def require_available(self) -> None:
        if not self.available:
            raise RulesUnavailable(f"The {self.title} rules cannot be played yet: {self.unavailable_reason}")

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
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionUnavailable(f"The {self.title} rules have no option {name!r} (options: {known}).")

    def is_reveal(self, entry: int) -> bool:
        return entry in self.reveal_entries


def _fixed(*seats: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(seats)


VOLUNTARY_SURFACING = Option(
    "voluntary_surfacing",
    "Voluntary surfacing",
    "On his turn, before moving, Mr. X may show where he is; in return he takes one ticket of his "
    "choice from each detective.",
)
CUT_OFF = Option(
    "cut_off",
    "Cut-off",
    "Mr. X may not pass over a station occupied by another pawn on a bus or underground ride.",
    needs_board_data="route_stations",
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
    detective_seats={
        1: _fixed((0, 1, 2, 3)),
        2: _fixed((0, 1), (2, 3)),
        3: _fixed((0,), (1,), (2,)),
        4: _fixed((0,), (1,), (2,), (3,)),
        5: _fixed((0,), (1,), (2,), (3,), (4,)),
    },
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
    detective_seats={
        1: _fixed((0, 1)),
        2: _fixed((0,), (1,)),
        3: _fixed((0,), (1,), (2,)),
        4: _fixed((0,), (1,), (2,), (3,)),
        5: _fixed((0,), (1,), (2,), (3,), (4,)),
    },
    bobbies={1: 2, 2: 2, 3: 1},
    pooled_tickets={1: True},
    detective_tickets={"taxi": 11, "bus": 8, "underground": 4},
    mrx_tickets=None,
    mrx_black_tickets=5,
    spent_tickets_to="supply",
    # The D/X split of the current edition, assumed to be the Master box's (RULES.md).
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
    available=False,
    unavailable_reason="no machine-readable Potsdam board exists yet; it must be transcribed from the "
    "author's printed plan before this system can be played.",
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, MB1985, MASTER, SANSSOUCI)}


def get_rules(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesUnavailable(f"There are no rules called {name!r} (known: {known}).") from None
