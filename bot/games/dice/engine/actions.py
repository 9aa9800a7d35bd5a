"""Actions: small hashable values, like python-chess's ``Move``.

Chance is an action too: the engine never rolls by itself. A roll, a re-roll and the layout of the
tiles carry their outcome, which the host draws (:mod:`bot.games.dice.engine.chance`) from a
``random.Random`` seeded with the game's secret-mixed seed; the action log then replays exactly.

* :class:`LayTiles`: the tiles, where they lie and which side is up (the first action of a game).
* :class:`PickStart`: a detective picks a taxi-only start station; then Mr. X picks his in secret.
* :class:`Roll`: the detective whose turn it is rolls the dice not yet used this round.
* :class:`Reroll`: he spends a shared roll-again token to roll the same dice again.
* :class:`DiceMove`: a detective's pawn rides with one rolled die (``die`` is its face).
* :class:`Skip`: a pawn stays: nothing fits (``declined``: rather than spend a token), or
  ``timeout`` (passed by the host). The engine skips a pawn itself (``stuck``) when it has no choice.
* :class:`MrXMove`: Mr. X rides with a die a detective used this round (``ticket`` is its face),
  a ``black`` ticket, or his ``helicopter``. The engine passes him itself when nothing fits.
* :class:`MrXDouble`: his one double move, two entries.
* :class:`Resign`: one side gives up.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Placement
from .rules import MRX


@dataclass(frozen=True, slots=True)
class LayTiles:
    tiles: tuple[Placement, ...]

    @property
    def pawn(self) -> str:
        return "table"

    def __str__(self) -> str:
        return "lay " + " ".join(f"{p.letter}{'*' if p.side == 'expert' else ''}" for p in self.tiles)


@dataclass(frozen=True, slots=True)
class PickStart:
    pawn: str
    station: int

    def __str__(self) -> str:
        return f"{self.pawn} starts at {self.station}"


@dataclass(frozen=True, slots=True)
class Roll:
    pawn: str
    faces: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.pawn} rolls {' '.join(self.faces)}"


@dataclass(frozen=True, slots=True)
class Reroll:
    pawn: str
    faces: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.pawn} rolls again: {' '.join(self.faces)}"


@dataclass(frozen=True, slots=True)
class DiceMove:
    pawn: str
    to: int
    die: str

    def __str__(self) -> str:
        return f"{self.pawn} {self.die} {self.to}"


@dataclass(frozen=True, slots=True)
class Skip:
    pawn: str
    reason: str = "declined"  # "declined", "timeout" or (the engine's own) "stuck"

    def __str__(self) -> str:
        return f"{self.pawn} stays ({self.reason})"


@dataclass(frozen=True, slots=True)
class MrXMove:
    to: int
    ticket: str  # a die face (taxi, bus, underground), "black" or "helicopter"

    @property
    def pawn(self) -> str:
        return MRX

    def __str__(self) -> str:
        return f"mrx {self.ticket} {self.to}"


@dataclass(frozen=True, slots=True)
class MrXDouble:
    first: MrXMove
    second: MrXMove

    @property
    def pawn(self) -> str:
        return MRX

    def __str__(self) -> str:
        return f"{self.first} then {self.second.ticket} {self.second.to}"


@dataclass(frozen=True, slots=True)
class Resign:
    side: str  # "mrx" or "detectives"

    @property
    def pawn(self) -> str:
        return self.side


Action = LayTiles | PickStart | Roll | Reroll | DiceMove | Skip | MrXMove | MrXDouble | Resign
#: actions whose outcome is chance, drawn by the host
CHANCE_ACTIONS = (LayTiles, Roll, Reroll)
