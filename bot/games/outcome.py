"""How a game ended, in every family: who won, why, in which round, and the sentence that says it.

A family whose games end for other reasons (or say it otherwise) subclasses :class:`Outcome` and
gives its own :meth:`Outcome.sentences`."""

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

