"""Actions: small hashable values, like python-chess's ``Move``.

* :class:`Move`: one pawn rides one edge. For Mr. X it fills one logbook entry. For a bobby
  ``ticket`` names the transport ridden (bobbies spend nothing).
* :class:`DoubleMove`: Mr. X's two moves on one double-move ticket, applied as one action.
* :class:`Pass`: a pawn does not move. The engine passes a stuck pawn itself ("stuck"); a
  host may pass an absent detective after a deadline ("timeout").
* :class:`Surface`: Mr. X shows where he is (an advanced option) and takes one ticket from each detective.
* :class:`Resign`: one side gives up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.errors import InvalidAction, quoted

if TYPE_CHECKING:
    from .board import Board

MRX = "mrx"


@dataclass(frozen=True, slots=True)
class Move:
    pawn: str
    to: int
    ticket: str  # a ticket the board names ("taxi"), or "black"

    def __str__(self) -> str:
        return f"{self.pawn} {self.ticket} {self.to}"

    @classmethod
    def parse(cls, pawn: str, text: str, board: "Board") -> "Move":
        """Read ``"54 taxi"`` or ``"taxi 54"`` for ``pawn``, in the words of ``board``."""
        words = text.replace(",", " ").split()
        numbers = [w for w in words if re.fullmatch(r"\d{1,4}", w)]
        others = [w for w in words if w not in numbers]
        if len(numbers) != 1 or not others:
            example = f"54 {board.ride_tickets[0]}" if board.ride_tickets else "54 black"
            raise InvalidAction(f"Write a move as a station and a ticket, e.g. '{example}' (not {quoted(text)}).")
        return cls(pawn, int(numbers[0]), board.parse_ticket(" ".join(others)))


@dataclass(frozen=True, slots=True)
class DoubleMove:
    first: Move
    second: Move

    @property
    def pawn(self) -> str:
        return self.first.pawn

    def __str__(self) -> str:
        return f"{self.first} then {self.second.ticket} {self.second.to}"


@dataclass(frozen=True, slots=True)
class Pass:
    pawn: str
    reason: str = "stuck"  # "stuck" (no legal move) or "timeout" (passed by the host)


@dataclass(frozen=True, slots=True)
class Surface:
    #: (detective pawn, ticket Mr. X takes from it), one pair per detective that has tickets
    take: tuple[tuple[str, str], ...]
    pawn: str = MRX
    #: with an empty ``take``: the kind to take where a detective has it (GameState.surface_take
    #: fills the rest in before the action is applied and stored)
    prefer: str | None = None


@dataclass(frozen=True, slots=True)
class Resign:
    side: str  # "mrx" or "detectives"

    @property
    def pawn(self) -> str:
        return MRX if self.side == "mrx" else "detectives"


@dataclass(frozen=True, slots=True)
class TripleMove:
    """Mr. X's three moves on both double-move tickets (a sanssouci variant), applied as one action."""

    first: Move
    second: Move
    third: Move

    @property
    def pawn(self) -> str:
        return self.first.pawn

    @property
    def parts(self) -> tuple[Move, Move, Move]:
        return self.first, self.second, self.third

    def __str__(self) -> str:
        return f"{self.first} then {self.second.ticket} {self.second.to} then {self.third.ticket} {self.third.to}"


@dataclass(frozen=True, slots=True)
class Trade:
    """A detective hands one ticket to another detective, on its own turn before moving (a variant)."""

    pawn: str
    to: str
    ticket: str


Action = Move | DoubleMove | TripleMove | Pass | Surface | Resign | Trade


def in_board_words(action: Action, board: "Board") -> Action:
    """``action`` with every ticket as ``board`` names it (a player may type "Tube" or "U-Bahn")."""
    if isinstance(action, Move):
        return Move(action.pawn, action.to, board.parse_ticket(action.ticket))
    if isinstance(action, DoubleMove):
        return DoubleMove(in_board_words(action.first, board), in_board_words(action.second, board))  # type: ignore[arg-type]
    if isinstance(action, TripleMove):
        return TripleMove(*(in_board_words(m, board) for m in action.parts))  # type: ignore[arg-type]
    if isinstance(action, Trade):
        return Trade(action.pawn, action.to, board.parse_ticket(action.ticket))
    if isinstance(action, Surface):
        prefer = board.parse_ticket(action.prefer) if action.prefer else None
        return Surface(tuple((p, board.parse_ticket(t)) for p, t in action.take), action.pawn, prefer)
    return action
