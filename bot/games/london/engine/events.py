"""What happened, as the engine reports it after each action.

Every event here is public: it carries only what the detectives may know. Mr. X's hidden
station never appears in an event (a revealed or surfaced station is public by then).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.outcome import OUTCOME_SENTENCES, Outcome  # noqa: F401  (the engine's outcome)





@dataclass(frozen=True, slots=True)
class MrXMoved:
    round: int
    entry: int
    ticket: str
    double: bool
    #: the station, only when this entry is a reveal
    revealed: int | None
    #: one of three entries of a triple move (a sanssouci variant)
    triple: bool = False


@dataclass(frozen=True, slots=True)
class MrXSurfaced:
    round: int
    entry: int
    station: int
    taken: tuple[tuple[str, str], ...]
    #: a used black ticket came back to Mr. X (sanssouci's reveal variant)
    black_returned: bool = False


@dataclass(frozen=True, slots=True)
class PawnMoved:
    round: int
    pawn: str
    start: int
    to: int
    ticket: str
    captured: bool


@dataclass(frozen=True, slots=True)
class PawnPassed:
    round: int
    pawn: str
    reason: str


@dataclass(frozen=True, slots=True)
class TicketHandedOver:
    round: int
    pawn: str
    to: str
    ticket: str


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = MrXMoved | MrXSurfaced | PawnMoved | PawnPassed | TicketHandedOver | RoundEnded | GameEnded
