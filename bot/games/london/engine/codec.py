"""The engine's one codec: actions and events as plain JSON, and back.

Actions, as the ``actions`` table stores them (the truth a game replays from)::

    {"type": "move", "pawn": "red", "to": 54, "ticket": "taxi"}
    {"type": "double", "first": {...move...}, "second": {...move...}}
    {"type": "pass", "pawn": "blue", "reason": "timeout"}
    {"type": "surface", "take": [["red", "bus"], ["blue", "taxi"]]}
    {"type": "resign", "side": "mrx"}

Mr. X's moves name his station: this JSON is never shown to a detective. Events are public by
construction (:mod:`bot.games.london.engine.events`) and travel as ``{"type": "PawnMoved", "round": 3, ...}``.
:func:`actions_from_history` reads the action records of a game record (``state.history``).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from .actions import MRX, Action, DoubleMove, Move, Pass, Resign, Surface, Trade, TripleMove
from bot.games.errors import BadRecord
from .events import GameEnded, MrXMoved, MrXSurfaced, Outcome, PawnMoved, PawnPassed, RoundEnded, TicketHandedOver


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"type": "move", "pawn": action.pawn, "to": action.to, "ticket": action.ticket}
    if isinstance(action, DoubleMove):
        return {"type": "double", "first": action_to_json(action.first), "second": action_to_json(action.second)}
    if isinstance(action, TripleMove):
        return {"type": "triple", "parts": [action_to_json(m) for m in action.parts]}
    if isinstance(action, Trade):
        return {"type": "trade", "pawn": action.pawn, "to": action.to, "ticket": action.ticket}
    if isinstance(action, Pass):
        return {"type": "pass", "pawn": action.pawn, "reason": action.reason}
    if isinstance(action, Surface):
        return {"type": "surface", "take": [[pawn, ticket] for pawn, ticket in action.take]}
    if isinstance(action, Resign):
        return {"type": "resign", "side": action.side}
    raise TypeError(f"not an action: {action!r}")


def action_from_json(data: Any) -> Action:
    kind = None
    try:
        kind = data["type"]
        if kind == "move":
            return Move(str(data["pawn"]), int(data["to"]), str(data["ticket"]))
        if kind == "double":
            first, second = action_from_json(data["first"]), action_from_json(data["second"])
            if not (isinstance(first, Move) and isinstance(second, Move)):
                raise BadRecord("A stored double move must hold two moves.")
            return DoubleMove(first, second)
        if kind == "triple":
            parts = [action_from_json(part) for part in data["parts"]]
            if len(parts) != 3 or not all(isinstance(p, Move) for p in parts):
                raise BadRecord("A stored triple move must hold three moves.")
            return TripleMove(*parts)  # type: ignore[arg-type]
        if kind == "trade":
            return Trade(str(data["pawn"]), str(data["to"]), str(data["ticket"]))
        if kind == "pass":
            return Pass(str(data["pawn"]), str(data["reason"]))
        if kind == "surface":
            return Surface(tuple((str(pawn), str(ticket)) for pawn, ticket in data["take"]))
        if kind == "resign":
            return Resign(str(data["side"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"A stored action cannot be read ({exc!r}).") from None
    raise BadRecord(f"A stored action has an unknown type {kind!r}.")


def actions_from_history(history: list[dict[str, Any]]) -> list[Action]:
    """The player actions behind a list of action records (the engine's own passes are left out)."""
    actions: list[Action] = []
    parts: list[Move] = []  # the entries of a double or triple move read so far
    for i, record in enumerate(history):
        try:
            pawn = record["pawn"]
            if record.get("resign"):
                actions.append(Resign(pawn))
            elif record.get("surface"):
                actions.append(Surface(tuple((str(p), str(t)) for p, t in record["take"].items())))
            elif record.get("skip"):
                if record.get("reason") != "stuck":  # stuck pawns are passed by the engine itself
                    actions.append(Pass(pawn, record.get("reason", "timeout")))
            elif "trade" in record:
                actions.append(Trade(pawn, str(record["trade"]), str(record["ticket"])))
            else:
                move = Move(pawn, int(record["to"]), str(record["ticket"]))
                if pawn == MRX and record.get("double"):
                    parts.append(move)
                    if len(parts) == (3 if record.get("triple") else 2):
                        actions.append(TripleMove(*parts) if len(parts) == 3 else DoubleMove(*parts))
                        parts = []
                else:
                    actions.append(move)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadRecord(f"Action #{i + 1} of the record cannot be read ({exc}).") from None
    if parts:
        raise BadRecord("The record ends in the middle of a double move.")
    return actions


# -- events -----------------------------------------------------------------------------------

ENGINE_EVENTS: dict[str, type] = {
    cls.__name__: cls for cls in (MrXMoved, MrXSurfaced, PawnMoved, PawnPassed, TicketHandedOver, RoundEnded,
                                  GameEnded)
}


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def event_to_json(event: Any) -> dict[str, Any]:
    """``{"type": "PawnMoved", "round": 3, ...}``: plain JSON, readable by the bot and by people.

    Serves any event dataclass (the service's own events too); the type's name is the tag."""
    data = {f.name: getattr(event, f.name) for f in fields(event)}
    if isinstance(event, GameEnded):
        data["outcome"] = asdict(event.outcome)
    return {"type": type(event).__name__, **_plain(data)}


def event_from_json(data: dict[str, Any], extra: dict[str, type] | None = None) -> Any:
    """The event ``data`` encodes; ``extra`` adds event types beyond the engine's (by name)."""
    known = {**ENGINE_EVENTS, **(extra or {})}
    cls = known[data["type"]]
    values = {f.name: data[f.name] for f in fields(cls) if f.name in data}  # fields added later have defaults
    if cls is GameEnded:
        values["outcome"] = Outcome(**values["outcome"])
    elif cls is MrXSurfaced:
        values["taken"] = tuple((str(p), str(t)) for p, t in values["taken"])
    return cls(**values)
