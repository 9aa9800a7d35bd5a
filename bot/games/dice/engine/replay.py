"""Playing a game record again from its setup, checking every action on the way."""

from __future__ import annotations

from typing import Any

from .actions import Action, LayTiles, PickStart
from .board import placement_from_json
from .errors import BadRecord, GameError
from .record import FORMAT, actions_from_history
from .rules import MRX
from .state import DiceState
from .tiles import load_tiles


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
