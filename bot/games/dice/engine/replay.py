"""Playing a game record again from its setup, checking every action on the way; and its chance drawn again."""

from __future__ import annotations

from typing import Any, Callable

from . import chance
from .chance import chance_label
from .actions import Action, LayTiles, PickStart, Reroll, Roll
from .board import placement_from_json, placement_json
from .errors import BadRecord, GameError
from .record import FORMAT, actions_from_history
from .rules import MRX
from .state import DiceState
from .tiles import load_tiles


def _set_up(record: dict[str, Any]) -> tuple[DiceState, LayTiles, list[Action]]:
    """A new game as the record deals it, its recorded tiles and the rest of its setup (the start picks)."""
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
    picks: list[Action] = [PickStart(p.id, start[p.id]) for p in state.pawns[1:] if p.id in start]
    if MRX in start:
        picks.append(PickStart(MRX, start[MRX]))
    return state, tiles, picks


def _apply_setup(state: DiceState, setup: list[Action]) -> None:
    for action in setup:
        try:
            state.apply(action)
        except GameError as exc:
            raise BadRecord(f"The record's setup is not legal ({action}): {exc.message}") from None


def replay(record: dict[str, Any], upto: int | None = None) -> DiceState:
    """Play a record again from its setup; raises :class:`BadRecord` if anything is illegal or the
    replay does not give back the record's actions. With ``upto``, stop after that many action
    records (for pictures of a past round)."""
    state, tiles, picks = _set_up(record)
    _apply_setup(state, ([tiles] if tiles.tiles else []) + picks)  # a game given up before its layout has none
    history = list(record.get("actions") or [])
    if upto is not None:
        history = history[:upto]
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


def redraw(record: dict[str, Any], hidden: int | None, draws: Callable[[str], Any]) -> list[tuple[str, int, Any, Any]]:
    """Every chance draw of the record against what ``draws`` (label -> a generator) deals in its place:
    (kind, number, recorded, drawn) with kind "tiles" (the layout, as placements) or "throw" (its faces). The game
    is played on with what the record holds, so one changed throw shows as one difference; where the record stops
    replaying, so does this (the replay says why). ``hidden`` is unused: Mr. X picks his start himself."""
    state, tiles, picks = _set_up(record)
    found: list[tuple[str, int, Any, Any]] = []
    if tiles.tiles:
        drawn = chance.lay_tiles(state, draws(chance_label(state)))
        found.append(("tiles", 0, [placement_json(p) for p in tiles.tiles], [placement_json(p) for p in drawn.tiles]))
    try:
        _apply_setup(state, ([tiles] if tiles.tiles else []) + picks)
        for action in actions_from_history(list(record.get("actions") or [])):
            if isinstance(action, (Roll, Reroll)):
                label, number = chance_label(state), state.rolls + 1
                dealt = (chance.roll(state, draws(label)) if isinstance(action, Roll)
                         else chance.reroll(state, draws(label), action.pawn))
                found.append(("throw", number, list(action.faces), list(dealt.faces)))
            state.apply(action)
    except GameError:
        pass
    return found
