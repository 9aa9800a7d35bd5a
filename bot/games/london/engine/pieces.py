"""What one London-style game is made of: its pawns, Mr. X's logbook entries, the phase of the round, and
:class:`GameData`, the fields of one game with the questions every rule asks of them.

:class:`~bot.games.london.engine.state.GameState` adds the verbs. The modules that do one job each (the deal,
the legal moves, applying actions, the logbook, the flow of a round, snapshots) take a ``GameData``, so that
none of them needs the class that gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from bot.games.errors import InvalidAction, NotYourTurn, quoted

from .actions import MRX
from .board import Board
from .events import Outcome
from .rules import RuleSet
from .tracker import Tracker

MRX_PHASE = "mrx"
DETECTIVE_PHASE = "detectives"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Pawn:
    id: str
    role: str  # "mrx", "detective" or "bobby"
    colour: str
    #: seats that may move this pawn: 0 is Mr. X, 1.. are the detective players
    seats: tuple[int, ...]
    #: whose tickets the pawn spends (None: a bobby, who needs none)
    wallet: str | None

    @property
    def label(self) -> str:
        if self.role == "mrx":
            return "Mr. X"
        if self.role == "bobby":
            return f"Bobby {self.id[1:]}"
        return self.colour.title()


@dataclass(frozen=True, slots=True)
class LogEntry:
    number: int
    ticket: str
    station: int  # hidden unless revealed: only the private view and the record show it
    round: int
    double: bool
    revealed: bool  # a reveal entry of the rules
    surfaced: bool = False  # shown later by voluntary surfacing
    triple: bool = False  # one of three entries of a triple move

    @property
    def shown(self) -> bool:
        return self.revealed or self.surfaced


class GameData:
    """The fields of one game of a London-style Scotland Yard, and whose turn it is."""

    def __init__(self) -> None:  # use GameState.new() or GameState.from_snapshot()
        self.rules: RuleSet
        self.board: Board
        self.seed: int
        #: the number Mr. X's start card was drawn with, apart from the seed (None: from the seed)
        self.hidden_draw: int | None = None
        self.players: int
        self.options: dict[str, bool]
        self.pawns: tuple[Pawn, ...]
        self.pawn: dict[str, Pawn]
        self.start: dict[str, int]
        self.positions: dict[str, int | None]
        self.wallets: dict[str, dict[str, int | None]]
        self.start_wallets: dict[str, dict[str, int | None]]
        self.start_candidates: frozenset[int]
        self.round = 1
        self.phase = MRX_PHASE
        self.pending: list[str] = []
        self.logbook: list[LogEntry] = []
        self.history: list[dict[str, Any]] = []
        self.outcome: Outcome | None = None
        self.tracker: Tracker

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def mrx_station(self) -> int:
        """Mr. X's true station. Hidden information: never show it to a detective."""
        station = self.positions[MRX]
        assert station is not None
        return station

    @property
    def entries_left(self) -> int:
        return self.rules.log_entries - len(self.logbook)

    def detectives(self) -> list[Pawn]:
        """Every pawn of the detectives' side (detectives and bobbies), in seat order."""
        return [p for p in self.pawns if p.role != "mrx"]

    def tickets(self, pawn: str) -> dict[str, int | None]:
        """The tickets ``pawn`` can spend (a bobby: none needed, empty dict)."""
        wallet = self.pawn[pawn].wallet
        return self.wallets[wallet] if wallet else {}

    def to_move(self) -> list[str]:
        """The pawns that may act now: Mr. X, the next detective, or (any order) every detective still to move."""
        if self.outcome is not None:
            return []
        if self.phase == MRX_PHASE:
            return [MRX]
        return list(self.pending) if self.rules.any_order else self.pending[:1]

    def blockers(self) -> set[int]:
        """Stations held by detectives and bobbies: Mr. X may not enter them, nor may they share one."""
        return {s for p, s in self.positions.items() if p != MRX and s is not None}

    def seat_pawns(self, seat: int) -> list[str]:
        return [p.id for p in self.pawns if seat in p.seats]

    def require_turn(self, pawn: str) -> None:
        """Refuse an action of ``pawn`` when it is not its turn, saying whose turn it is."""
        if pawn not in self.pawn:
            raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=quoted(pawn))
        if pawn not in self.to_move():
            if pawn == MRX:
                raise NotYourTurn("It is the detectives' turn; Mr. X moves at the start of the next round.")
            if self.phase == MRX_PHASE:
                raise NotYourTurn("Mr. X has not moved yet this round; wait for his move.")
            if pawn not in self.pending:
                raise NotYourTurn("{pawn} has already moved this round.", pawn=self.pawn[pawn].label)
            raise NotYourTurn("It is {pawn}'s turn, not {pawn2}'s.", pawn=self.pawn[self.pending[0]].label,
                              pawn2=self.pawn[pawn].label)

    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.positions = dict(self.positions)
        other.wallets = {w: dict(c) for w, c in self.wallets.items()}
        other.pending = list(self.pending)
        other.logbook = list(self.logbook)
        other.history = list(self.history)
        other.tracker = self.tracker.copy()
        return other
