"""Turn timing: when the current turn started, and which turns have waited too long.

A turn starts whenever someone new owes a move: Mr. X's turn, then each detective's (in seat
order), or the detectives' turn as a whole when they move in any order (the ones still to move
have been waiting since it began).

A turn's clock stands still while everyone who owes it is away, or the host has paused the game; reminders and
deadlines count the time on the clock only.
"""

from __future__ import annotations

from typing import Iterable, Mapping


def next_turn(before: tuple[str, ...], after: tuple[str, ...], turn: int, started: float | None,
              now: float) -> tuple[int, float | None]:
    """The turn number and its start time after the pawns to move went from ``before`` to ``after``."""
    if not after or (before and set(after) <= set(before)):
        return turn, started
    return turn + 1, now


def clock_stands(paused: bool, owing: Iterable[int], away: Mapping[int, float], at: float) -> bool:
    """Whether a turn's clock stands still at ``at``: the host has paused the game, or every person who owes the
    turn is away (``away``: person -> when their time away runs out). A computer (an id below 0) is never away,
    and a turn nobody owes has no clock to stop."""
    people = [u for u in owing if u > 0]
    if paused:
        return True
    return bool(people) and all(away.get(u, 0.0) > at for u in people)


def clock_after(started: float | None, stopped_at: float | None, stands: bool,
                at: float) -> tuple[float | None, float | None]:
    """(turn start, clock stopped at) once the clock stands (``stands``) or runs from ``at`` on: a clock that
    starts again moves the turn's start on by the time it stood, so the time away never counts."""
    if stands and stopped_at is None:
        return started, at
    if not stands and stopped_at is not None:
        at = max(at, stopped_at)
        return (None if started is None else started + at - stopped_at), None
    return started, stopped_at


def turn_waited(started: float | None, stopped_at: float | None, now: float) -> float:
    """How long the turn has waited on its clock (the time it stood still does not count)."""
    if started is None:
        return 0.0
    return (now if stopped_at is None else stopped_at) - started
