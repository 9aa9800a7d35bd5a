"""What one dice game is made of: its pawns, Mr. X's log entries, the phases of the game, and
:class:`DiceData`, the fields of one game with the questions every rule asks of them.

:class:`~bot.games.dice.engine.state.DiceState` adds the verbs. The modules that do one job each (the setup,
the legal actions, the detectives' and Mr. X's turns, the log, the flow of a round, snapshots, records) take a
``DiceData``, so that none of them needs the class that gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from .board import DiceBoard
from .events import Outcome
from .rules import MRX, TRANSPORTS, DiceRules, X
from .tiles import TileSet
from .tracker import DiceTracker

LAYOUT, START, DETECTIVES, MRX_PHASE, OVER = "layout", "start", "detectives", "mrx", "over"


@dataclass(frozen=True, slots=True)
class DicePawn:
    id: str
    role: str  # "mrx" or "detective"
    colour: str
    #: seats that may act for this pawn: 0 is Mr. X, 1.. are the detective players
    seats: tuple[int, ...]

    @property
    def label(self) -> str:
        return "Mr. X" if self.role == "mrx" else self.colour.title()


@dataclass(frozen=True, slots=True)
class LogEntry:
    number: int
    ticket: str  # taxi, bus, underground, black, helicopter or pass
    station: int  # hidden until a reveal: only Mr. X's view and the record show it
    round: int
    double: bool
    revealed: bool  # a reveal entry of the rules

    @property
    def face(self) -> str:
        """The die face that covers the entry: the transport, or X for black, helicopter and pass."""
        return self.ticket if self.ticket in TRANSPORTS else X


class DiceData:
    """The fields of one game of Hunting Mister X, and whose turn it is."""

    def __init__(self) -> None:  # use DiceState.new() or DiceState.from_snapshot()
        self.rules: DiceRules
        self.tileset: TileSet
        self.seed: int
        self.players: int
        self.detective_players: int
        self.options: dict[str, bool]
        self.pawns: tuple[DicePawn, ...]
        self.pawn: dict[str, DicePawn]
        self.board: DiceBoard | None = None
        self.phase = LAYOUT
        self.start: dict[str, int] = {}
        self.start_tile: str | None = None
        self.positions: dict[str, int] = {}
        self.round = 0
        #: the detectives' turns still to come this round; each lists the pawns one roll may move
        self.slots: list[list[str]] = []
        self.rolled: tuple[str, ...] | None = None
        #: (pawn, face) of every die a detective used this round, in order
        self.used: list[tuple[str, str]] = []
        self.tokens = 0
        self.tickets: dict[str, int] = {}
        self.start_tickets: dict[str, int] = {}
        self.final = False
        self.logbook: list[LogEntry] = []
        self.history: list[dict[str, Any]] = []
        self.outcome: Outcome | None = None
        self.tracker: DiceTracker | None = None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def expert(self) -> bool:
        return self.options.get("expert", False)

    @property
    def mrx_station(self) -> int:
        """Mr. X's true station. Hidden information: never show it to a detective."""
        return self.positions[MRX]

    @property
    def entries_left(self) -> int:
        return self.rules.log_entries - len(self.logbook)

    @property
    def dice_per_round(self) -> int:
        return self.rules.dice[self.detective_players]

    @property
    def rolls(self) -> int:
        """How many times the dice were thrown this game (rolls and re-rolls). A roll's button carries
        this number, so that a click acts on the roll it was shown with and on no later one."""
        counted, count = self.__dict__.get("_rolls", (0, 0))
        if counted > len(self.history):  # history only grows; recount if it did not
            counted, count = 0, 0
        count += sum(1 for r in self.history[counted:] if "roll" in r or "reroll" in r)
        self._rolls = (len(self.history), count)
        return count

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll throws: those not yet used this round."""
        return self.dice_per_round - len(self.used)

    def detectives(self) -> list[DicePawn]:
        return [p for p in self.pawns if p.role == "detective"]

    def seat_pawns(self, seat: int) -> list[str]:
        return [p.id for p in self.pawns if seat in p.seats]

    def detective_stations(self) -> set[int]:
        return {s for p, s in self.positions.items() if p != MRX}

    def starter(self) -> str | None:
        """The detective who starts this round (the starting-player marker)."""
        if self.round < 1:
            return None
        seat = (self.round - 1) % self.detective_players + 1
        return self.seat_pawns(seat)[0]

    def used_faces(self) -> list[str]:
        return [face for _, face in self.used]

    def next_picker(self) -> str:
        """Who picks a start station next: each detective in seat order, then Mr. X."""
        for p in self.pawns[1:]:
            if p.id not in self.start:
                return p.id
        return MRX

    def to_move(self) -> list[str]:
        """The pawns that may act now: the next to pick a start, the detectives of this turn, or Mr. X."""
        if self.outcome is not None or self.phase == LAYOUT:
            return []
        if self.phase == START:
            return [self.next_picker()]
        if self.phase == DETECTIVES:
            return list(self.slots[0])
        return [MRX]

    @property
    def awaiting(self) -> str | None:
        """What the game waits for: "layout", "start", "roll", "move" (a detective has rolled), "mrx"."""
        if self.outcome is not None:
            return None
        if self.phase == DETECTIVES:
            return "roll" if self.rolled is None else "move"
        return self.phase

    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.start = dict(self.start)
        other.positions = dict(self.positions)
        other.slots = [list(s) for s in self.slots]
        other.used = list(self.used)
        other.tickets = dict(self.tickets)
        other.logbook = list(self.logbook)
        other.history = list(self.history)
        other.tracker = self.tracker.copy() if self.tracker else None
        return other
