"""Game records in the ``scotland-yard-record/1`` shape, and replay from them.

Keys may be added to the shape over time; none may be renamed (other tools read it).
"""

from __future__ import annotations

from typing import Any

from .actions import MRX, Action, DoubleMove, Move, Pass, Resign, Surface
from .errors import BadRecord, GameError
from .state import GameState
from .tickets import Ticket

FORMAT = "scotland-yard-record/1"


def export_record(state: GameState) -> dict[str, Any]:
    tickets: dict[str, dict[str, int | None]] = {}
    pooled: dict[str, str] = {}
    for pawn in state.pawns:
        if pawn.wallet is None:
            continue
        if pawn.wallet != pawn.id:
            pooled[pawn.id] = pawn.wallet
            continue
        tickets[pawn.id] = {t.value: n for t, n in state.start_wallets[pawn.wallet].items()}
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.name,
        "board": state.board.name,
        "seed": state.seed,
        "players": state.players,
        "options": dict(sorted(state.options.items())),
        "pawns": [{"id": p.id, "role": p.role, "colour": p.colour, "seats": list(p.seats)} for p in state.pawns],
        "start": dict(state.start),
        "tickets": tickets,
        "actions": [dict(a) for a in state.history],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }
    if pooled:
        record["pooled_tickets"] = pooled  # pawn -> the pawn whose tickets it spends
    return record


def actions_from_history(history: list[dict[str, Any]]) -> list[Action]:
    """The player actions behind a list of action records (the engine's own passes are left out)."""
    actions: list[Action] = []
    pending_first: Move | None = None
    for i, record in enumerate(history):
        try:
            pawn = record["pawn"]
            if record.get("resign"):
                actions.append(Resign(pawn))
            elif record.get("surface"):
                actions.append(Surface(tuple((p, Ticket(t)) for p, t in record["take"].items())))
            elif record.get("skip"):
                if record.get("reason") != "stuck":  # stuck pawns are passed by the engine itself
                    actions.append(Pass(pawn, record.get("reason", "timeout")))
            else:
                move = Move(pawn, int(record["to"]), Ticket(record["ticket"]))
                if pawn == MRX and record.get("double"):
                    if pending_first is None:
                        pending_first = move
                    else:
                        actions.append(DoubleMove(pending_first, move))
                        pending_first = None
                else:
                    actions.append(move)
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"Action #{i + 1} of the record cannot be read ({exc}).") from None
    if pending_first is not None:
        raise BadRecord("The record ends in the middle of a double move.")
    return actions


def replay(record: dict[str, Any]) -> GameState:
    """Play a record's actions again from its setup; raises :class:`BadRecord` if any is illegal."""
    if record.get("format") not in (FORMAT, "scotland-yard-state/1"):
        raise BadRecord(f"Unknown record format {record.get('format')!r}.")
    try:
        players = int(record["players"])
        state = GameState.new(record["rules"], players=players, seed=int(record["seed"]),
                              options=record.get("options") or {})
    except KeyError as exc:
        raise BadRecord(f"The record has no {exc.args[0]!r}.") from None
    except (TypeError, ValueError):
        raise BadRecord("The record's 'players' and 'seed' must be whole numbers.") from None
    if record.get("start") and {k: int(v) for k, v in record["start"].items()} != state.start:
        raise BadRecord("The record's start stations do not match its seed.")
    for i, action in enumerate(actions_from_history(record.get("actions") or record.get("history") or [])):
        try:
            state.apply(action)
        except GameError as exc:
            raise BadRecord(f"Action #{i + 1} ({action}) is not legal on replay: {exc.message}") from None
    return state
