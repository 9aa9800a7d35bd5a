"""Actions and events as JSON objects, one line each: what a host stores and replays.

    {"type": "lay_tiles", "tiles": [{"letter": "A", "column": 0, "row": 0, "side": "standard"}, ...]}
    {"type": "start", "pawn": "red", "station": 3}
    {"type": "roll", "pawn": "red", "faces": ["taxi", "x", "bus", "taxi"]}
    {"type": "reroll", "pawn": "red", "faces": [...]}
    {"type": "move", "pawn": "red", "to": 9, "die": "bus"}
    {"type": "skip", "pawn": "blue", "reason": "declined"}
    {"type": "mrx_move", "to": 21, "ticket": "bus"}
    {"type": "mrx_double", "first": {...mrx_move...}, "second": {...}}
    {"type": "resign", "side": "mrx"}

Events are ``{"type": "PawnMoved", "round": 3, ...}`` with the event's fields. Mr. X's actions
name his station: their JSON is never shown to a detective (events are public).
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from .actions import Action, DiceMove, LayTiles, MrXDouble, MrXMove, PickStart, Reroll, Resign, Roll, Skip
from .board import Placement, placement_from_json, placement_json
from .errors import BadRecord
from .events import EVENT_TYPES, GameEnded, Outcome, TilesLaid


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, LayTiles):
        return {"type": "lay_tiles", "tiles": [placement_json(p) for p in action.tiles]}
    if isinstance(action, PickStart):
        return {"type": "start", "pawn": action.pawn, "station": action.station}
    if isinstance(action, (Roll, Reroll)):
        return {"type": "roll" if isinstance(action, Roll) else "reroll", "pawn": action.pawn,
                "faces": list(action.faces)}
    if isinstance(action, DiceMove):
        return {"type": "move", "pawn": action.pawn, "to": action.to, "die": action.die}
    if isinstance(action, Skip):
        return {"type": "skip", "pawn": action.pawn, "reason": action.reason}
    if isinstance(action, MrXMove):
        return {"type": "mrx_move", "to": action.to, "ticket": action.ticket}
    if isinstance(action, MrXDouble):
        return {"type": "mrx_double", "first": action_to_json(action.first), "second": action_to_json(action.second)}
    if isinstance(action, Resign):
        return {"type": "resign", "side": action.side}
    raise TypeError(f"not an action: {action!r}")


def action_from_json(data: dict[str, Any]) -> Action:
    try:
        kind = data["type"]
        if kind == "lay_tiles":
            return LayTiles(tuple(placement_from_json(p) for p in data["tiles"]))
        if kind == "start":
            return PickStart(str(data["pawn"]), int(data["station"]))
        if kind in ("roll", "reroll"):
            faces = tuple(str(f) for f in data["faces"])
            return (Roll if kind == "roll" else Reroll)(str(data["pawn"]), faces)
        if kind == "move":
            return DiceMove(str(data["pawn"]), int(data["to"]), str(data["die"]))
        if kind == "skip":
            return Skip(str(data["pawn"]), str(data["reason"]))
        if kind == "mrx_move":
            return MrXMove(int(data["to"]), str(data["ticket"]))
        if kind == "mrx_double":
            first, second = action_from_json(data["first"]), action_from_json(data["second"])
            if not (isinstance(first, MrXMove) and isinstance(second, MrXMove)):
                raise ValueError("both parts of a double move are Mr. X's moves")
            return MrXDouble(first, second)
        if kind == "resign":
            return Resign(str(data["side"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"A stored action cannot be read ({exc!r}).") from None
    raise BadRecord(f"A stored action has an unknown type {kind!r}.")


_EVENTS = {cls.__name__: cls for cls in EVENT_TYPES}


def _plain(value: Any) -> Any:
    if isinstance(value, Placement):
        return placement_json(value)
    if isinstance(value, Outcome):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def event_to_json(event: Any) -> dict[str, Any]:
    if type(event).__name__ not in _EVENTS:
        raise TypeError(f"not an event: {event!r}")
    return {"type": type(event).__name__, **{f.name: _plain(getattr(event, f.name)) for f in fields(event)}}


def event_from_json(data: dict[str, Any]) -> Any:
    try:
        cls = _EVENTS[data["type"]]
        values = {f.name: data[f.name] for f in fields(cls)}
        if cls is TilesLaid:
            values["tiles"] = tuple(placement_from_json(p) for p in values["tiles"])
        elif cls is GameEnded:
            values["outcome"] = Outcome(**values["outcome"])
        else:
            values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
        return cls(**values)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"A stored event cannot be read ({exc!r}).") from None


def dumps(item: Any) -> str:
    """An action or an event as one line of JSON."""
    data = event_to_json(item) if type(item).__name__ in _EVENTS else action_to_json(item)
    return json.dumps(data, separators=(",", ":"))


def loads(line: str) -> Any:
    """The action or event in one line of JSON (see :func:`dumps`)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        raise BadRecord("A stored line is not JSON.") from None
    if not isinstance(data, dict):
        raise BadRecord("A stored line must hold a JSON object.")
    return event_from_json(data) if data.get("type") in _EVENTS else action_from_json(data)
