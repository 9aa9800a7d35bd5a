"""What happened, as the engine reports it after each action.

Every event here is public: it carries only what the detectives may know. Mr. X's hidden
station never appears in an event (a revealed or surfaced station is public by then).
"""

from __future__ import annotations

from dataclasses import dataclass



@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str  # "mrx" or "detectives"
    reason: str  # captured, mrx_stuck, escaped, detectives_stuck, resigned
    round: int

    def describe(self) -> str:
        return self.sentences()[self.reason].format(round=self.round)

    @staticmethod
    def sentences() -> dict[str, str]:
        """The sentence for each reason (a game family with other endings gives its own)."""
        return OUTCOME_SENTENCES

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "round": self.round}


OUTCOME_SENTENCES = {
    "captured": "The detectives caught Mr. X in round {round}.",
    "mrx_stuck": "Mr. X was cornered in round {round}: he had nowhere left to go.",
    "escaped": "Mr. X escaped: the detectives did not catch him by the end of round {round}.",
    "detectives_stuck": "Mr. X escaped in round {round}: no detective could move any more.",
    "mrx_resigned": "Mr. X gave up in round {round}.",
    "detectives_resigned": "The detectives gave up in round {round}.",
}


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
