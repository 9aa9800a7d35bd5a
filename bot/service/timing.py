"""Turn timing: when the current turn started, and which turns have waited too long.

A turn starts whenever someone new owes a move: Mr. X's turn, then each detective's (in seat
order), or the detectives' turn as a whole when they move in any order (the ones still to move
have been waiting since it began).
"""

from __future__ import annotations


def next_turn(before: tuple[str, ...], after: tuple[str, ...], turn: int, started: float | None,
              now: float) -> tuple[int, float | None]:
    """The turn number and its start time after the pawns to move went from ``before`` to ``after``."""
    if not after or (before and set(after) <= set(before)):
        return turn, started
    return turn + 1, now
