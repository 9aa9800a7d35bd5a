"""What happened, as the engine reports it after each action.

Every event is public: Mr. X's hidden station never appears in one (a revealed station, and the
route up to a reveal, are public by then). His start is told only by its tile letter.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.outcome import Outcome as GameOutcome

from .board import Placement


@dataclass(frozen=True, slots=True)
class Outcome(GameOutcome):
    """The London engine's outcome (winner, reason, round), with the dice game's sentences:
    reasons captured, walked_into, escaped, mrx_resigned, detectives_resigned."""

    @staticmethod
    def sentences() -> dict[str, str]:
        return OUTCOME_SENTENCES


OUTCOME_SENTENCES = {
    "captured": "The detectives caught Mr. X in round {round}.",
    "walked_into": "Mr. X had nowhere else to go and ran into a detective in round {round}.",
    "escaped": "Mr. X escaped: the detectives' last turn in round {round} did not catch him.",
    "mrx_resigned": "Mr. X gave up in round {round}.",
    "detectives_resigned": "The detectives gave up in round {round}.",
}


@dataclass(frozen=True, slots=True)
class TilesLaid:
    tiles: tuple[Placement, ...]


@dataclass(frozen=True, slots=True)
class StartPicked:
    pawn: str
    station: int


@dataclass(frozen=True, slots=True)
class MrXStarted:
    #: the letter of the tile he starts on; his station stays secret
    tile: str


@dataclass(frozen=True, slots=True)
class DiceRolled:
    round: int
    pawn: str
    faces: tuple[str, ...]
    again: bool  # a roll-again token was spent
    tokens_left: int


@dataclass(frozen=True, slots=True)
class PawnMoved:
    round: int
    pawn: str
    start: int
    to: int
    die: str
    captured: bool


@dataclass(frozen=True, slots=True)
class PawnSkipped:
    round: int
    pawn: str
    reason: str


@dataclass(frozen=True, slots=True)
class MrXMoved:
    round: int
    entry: int
    #: what everyone sees: the die face (taxi, bus, underground) or black, helicopter, pass
    ticket: str
    double: bool
    #: the station, only when this entry is a reveal (or he ran into a detective)
    revealed: int | None
    #: at a reveal the dice come off his log: his start and every station up to here
    route: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    #: the next round is the detectives' last turn (Mr. X's logbook is full)
    final_next: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = (TilesLaid | StartPicked | MrXStarted | DiceRolled | PawnMoved | PawnSkipped | MrXMoved | RoundEnded
         | GameEnded)
EVENT_TYPES = (TilesLaid, StartPicked, MrXStarted, DiceRolled, PawnMoved, PawnSkipped, MrXMoved, RoundEnded,
               GameEnded)
