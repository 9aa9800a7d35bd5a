"""Engine actions as JSON, for the ``actions`` table: the stored truth that replays a game.

    {"type": "move", "pawn": "red", "to": 54, "ticket": "taxi"}
    {"type": "double", "first": {...move...}, "second": {...move...}}
    {"type": "pass", "pawn": "blue", "reason": "timeout"}
    {"type": "surface", "take": [["red", "bus"], ["blue", "taxi"]]}
    {"type": "resign", "side": "mrx"}

Mr. X's moves name his station: this JSON is never shown to a detective.
"""

from __future__ import annotations

from typing import Any

from bot.game import Action, BadRecord, DoubleMove, Move, Pass, Resign, Surface, Ticket


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"type": "move", "pawn": action.pawn, "to": action.to, "ticket": action.ticket.value}
    if isinstance(action, DoubleMove):
        return {"type": "double", "first": action_to_json(action.first), "second": action_to_json(action.second)}
    if isinstance(action, Pass):
        return {"type": "pass", "pawn": action.pawn, "reason": action.reason}
    if isinstance(action, Surface):
        return {"type": "surface", "take": [[pawn, ticket.value] for pawn, ticket in action.take]}
    if isinstance(action, Resign):
        return {"type": "resign", "side": action.side}
    raise TypeError(f"not an action: {action!r}")


def action_from_json(data: dict[str, Any]) -> Action:
    try:
        kind = data["type"]
        if kind == "move":
            return Move(str(data["pawn"]), int(data["to"]), Ticket(data["ticket"]))
        if kind == "double":
            first, second = action_from_json(data["first"]), action_from_json(data["second"])
            assert isinstance(first, Move) and isinstance(second, Move)
            return DoubleMove(first, second)
        if kind == "pass":
            return Pass(str(data["pawn"]), str(data["reason"]))
        if kind == "surface":
            return Surface(tuple((str(pawn), Ticket(ticket)) for pawn, ticket in data["take"]))
        if kind == "resign":
            return Resign(str(data["side"]))
    except (KeyError, TypeError, ValueError, AssertionError) as exc:
        raise BadRecord(f"A stored action cannot be read ({exc!r}).") from None
    raise BadRecord(f"A stored action has an unknown type {kind!r}.")
