"""Game records in the ``scotland-yard-dice-record/1`` shape (issue 13), and replay from them.

Keys may be added to the shape over time; none may be renamed (other tools read it). Added so far:
``tileset``, ``dead_ends``, ``dice`` (dice per round), a pawn's ``colour`` and ``seats``, a skip's
``reason``, ``capture`` on the move that ends the game.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, DiceMove, LayTiles, MrXDouble, MrXMove, PickStart, Reroll, Resign, Roll, Skip
from .board import placement_from_json, placement_json
from .errors import BadRecord, GameError
from .rules import MRX, PASS
from .state import DiceState
from .tiles import load_tiles

FORMAT = "scotland-yard-dice-record/1"


def export_record(state: DiceState) -> dict[str, Any]:
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


def replay(record: dict[str, Any], upto: int | None = None) -> DiceState:
    """Play a record again from its setup; raises :class:`BadRecord` if anything is illegal or the
    replay does not give back the record's actions. With ``upto``, stop after that many action
    records (for pictures of a past round)."""
    if record.get("format") != FORMAT:
        raise BadRecord(f"Unknown record format {record.get('format')!r}.")
    try:
        state = DiceState.new(int(record["players"]), int(record["seed"]), record.get("options") or {},
                              load_tiles(record.get("tileset", "dice")))
        tiles = LayTiles(tuple(placement_from_json(p) for p in record["tiles"]))
        start = {str(k): int(v) for k, v in record["start"].items()}
    except KeyError as exc:
        raise BadRecord(f"The record has no {exc.args[0]!r}.") from None
    except (TypeError, ValueError, AttributeError):
        raise BadRecord("The record's players, seed, tiles or start cannot be read.") from None
    except GameError as exc:
        raise BadRecord(f"The record cannot be set up: {exc.message}") from None
    setup: list[Action] = [tiles] if tiles.tiles else []  # a game given up before its layout has none
    setup += [PickStart(p.id, start[p.id]) for p in state.pawns[1:] if p.id in start]
    if MRX in start:
        setup.append(PickStart(MRX, start[MRX]))
    history = list(record.get("actions") or [])
    if upto is not None:
        history = history[:upto]
    for action in setup:
        try:
            state.apply(action)
        except GameError as exc:
            raise BadRecord(f"The record's setup is not legal ({action}): {exc.message}") from None
    for i, action in enumerate(actions_from_history(history)):
        try:
            state.apply(action)
        except GameError as exc:
            raise BadRecord(f"Action #{i + 1} ({action}) is not legal on replay: {exc.message}") from None
    made = state.history if upto is None else state.history[: len(history)]
    if made != history:
        at = next((i for i, (a, b) in enumerate(zip(made, history)) if a != b), min(len(made), len(history)))
        raise BadRecord(f"The replay differs from the record at action #{at + 1}.")
    return state
