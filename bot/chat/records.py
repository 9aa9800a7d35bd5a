"""Game records as the engine reads them.

``GameService.record`` returns the engine's ``scotland-yard-record/1`` dict but puts the list of
people under ``players``, where the shape holds the number of seats (an int), so the engine's
``replay`` refuses it. Until the service keeps the key, the bot restores the shape: ``players``
back to the seat count, the people under ``people`` (an added key, which the shape allows).
"""

from __future__ import annotations

from typing import Any


def engine_record(record: dict[str, Any]) -> dict[str, Any]:
    people = record.get("players")
    if not isinstance(people, list):
        return dict(record)
    seats = [seat for pawn in record.get("pawns", ()) for seat in pawn.get("seats", ())]
    fixed = dict(record)
    fixed["players"] = max(seats) + 1 if seats else len([p for p in people if p.get("seat") is not None])
    fixed["people"] = people
    return fixed
