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

from .errors import InvalidAction
from .tickets import Ticket

MRX = "mrx"


@dataclass(frozen=True, slots=True)
class Move:
    pawn: str
    to: int
    ticket: Ticket

    def __str__(self) -> str:
        return f"{self.pawn} {self.ticket.value} {self.to}"

    @classmethod
    def parse(cls, pawn: str, text: str) -> "Move":
        """Read ``"54 taxi"`` or ``"taxi 54"`` for ``pawn``."""
        words = text.replace(",", " ").split()
        numbers = [w for w in words if re.fullmatch(r"\d{1,4}", w)]
        others = [w for w in words if w not in numbers]
        if len(numbers) != 1 or len(others) != 1:
            raise InvalidAction(f"Write a move as a station and a ticket, e.g. '54 taxi' (not {text!r}).")
        return cls(pawn, int(numbers[0]), Ticket.parse(others[0]))


@dataclass(frozen=True, slots=True)
class DoubleMove:
    first: Move
    second: Move

    @property
    def pawn(self) -> str:
        return self.first.pawn

    def __str__(self) -> str:
        return f"{self.first} then {self.second.ticket.value} {self.second.to}"


@dataclass(frozen=True, slots=True)
class Pass:
    pawn: str
    reason: str = "stuck"  # "stuck" (no legal move) or "timeout" (passed by the host)


@dataclass(frozen=True, slots=True)
class Surface:
    #: (detective pawn, ticket Mr. X takes from it), one pair per detective that has tickets
    take: tuple[tuple[str, Ticket], ...]
    pawn: str = MRX


@dataclass(frozen=True, slots=True)
class Resign:
    side: str  # "mrx" or "detectives"

    @property
    def pawn(self) -> str:
        return MRX if self.side == "mrx" else "detectives"


Action = Move | DoubleMove | Pass | Surface | Resign
