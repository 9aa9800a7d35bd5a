"""Game records in the ``scotland-yard-dice-record/1`` shape (issue 13): writing one, and reading its actions
back (:mod:`.replay` plays them again).

Keys may be added to the shape over time; none may be renamed (other tools read it). Added so far:
``tileset``, ``dead_ends``, ``dice`` (dice per round), a pawn's ``colour`` and ``seats``, a skip's
``reason``, ``capture`` on the move that ends the game.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, DiceMove, MrXDouble, MrXMove, Reroll, Resign, Roll, Skip
from .board import placement_json
from .errors import BadRecord
from .pieces import DiceData
from .rules import MRX, PASS

FORMAT = "scotland-yard-dice-record/1"


def export_record(state: DiceData) -> dict[str, Any]:
    board = state.board
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.name,
        "tileset": state.tileset.name,
        "seed": state.seed,
        "players": state.players,
        "options": dict(sorted(state.options.items())),
        "tiles": [],
        "stations": [],
        "roads": [],
        "diagonals": [],
        "dead_ends": [],
        "dice_faces": list(state.rules.dice_faces),
        "dice": state.dice_per_round,
        "pawns": [{"id": p.id, "role": p.role, "colour": p.colour, "seats": list(p.seats)} for p in state.pawns],
        "start": dict(state.start),
        "start_tile": state.start_tile,
        "tickets": {MRX: dict(state.start_tickets)},
        "reroll_tokens": state.rules.reroll_tokens,
        "actions": [dict(a) for a in state.history],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }
    if board is not None:
        record["tiles"] = [placement_json(p) for p in board.placements]
        record["stations"] = [
            {"number": s.number, "column": s.column, "row": s.row, "tile": s.tile, "transports": list(s.transports)}
            for s in board.stations.values()
        ]
        record["roads"] = [{"from": r.start, "to": r.end, "oneway": r.oneway} for r in board.roads]
        record["diagonals"] = [list(d) for d in board.diagonals]
        record["dead_ends"] = [list(d) for d in board.dead_ends]
    return record


def actions_from_history(history: list[dict[str, Any]]) -> list[Action]:
    """The player and chance actions behind a list of action records (the engine's own skips and
    passes are left out: replay makes them again)."""
    actions: list[Action] = []
    first: MrXMove | None = None
    for i, record in enumerate(history):
        try:
            pawn = record["pawn"]
            if record.get("resign"):
                actions.append(Resign(pawn))
            elif "roll" in record:
                actions.append(Roll(pawn, tuple(str(f) for f in record["roll"])))
            elif "reroll" in record:
                actions.append(Reroll(pawn, tuple(str(f) for f in record["reroll"])))
            elif record.get("skip"):
                if record.get("reason") != "stuck":
                    actions.append(Skip(pawn, str(record.get("reason", "timeout"))))
            elif pawn == MRX:
                if record["ticket"] == PASS:
                    continue
                move = MrXMove(int(record["to"]), str(record["ticket"]))
                if not record.get("double"):
                    actions.append(move)
                elif first is None:
                    first = move
                else:
                    actions.append(MrXDouble(first, move))
                    first = None
            else:
                actions.append(DiceMove(pawn, int(record["to"]), str(record["die"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"Action #{i + 1} of the record cannot be read ({exc!r}).") from None
    if first is not None:
        raise BadRecord("The record ends in the middle of a double move.")
    return actions
