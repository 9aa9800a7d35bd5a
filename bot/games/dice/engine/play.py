"""Applying an action: refuse a malformed or illegal one with a sentence a player can read (changing
nothing), or play it and let the round flow on."""

from __future__ import annotations

from functools import cache

from .actions import Action, DiceMove, LayTiles, MrXDouble, MrXMove, PickStart, Reroll, Resign, Roll, Skip
from .board import Placement
from .detective_turn import dice_move, reroll, roll, skip
from .errors import GameOver, InvalidAction
from .events import Event
from .mrx_turn import mrx_double, mrx_move
from .pieces import DiceData
from .rounds import advance, finish
from .setup import lay_tiles, pick_start


def apply(state: DiceData, action: Action) -> list[Event]:
    """Play ``action`` or raise a :class:`~bot.games.errors.GameError`; returns what happened.
    A refused action changes nothing."""
    if state.outcome is not None:
        raise GameOver("The game is over.")
    events: list[Event] = []
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise InvalidAction(f"Unknown action {action!r}.")
    _check_form(action)
    handler(state, action, events)
    advance(state, events)
    return events


def _resign(state: DiceData, action: Resign, events: list[Event]) -> None:
    if action.side not in ("mrx", "detectives"):
        raise InvalidAction("Only 'mrx' or 'detectives' can resign.")
    state.history.append({"round": state.round, "pawn": action.side, "resign": True})
    winner = "detectives" if action.side == "mrx" else "mrx"
    finish(state, winner, f"{action.side}_resigned", events)


def _check_form(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (say, from a hand-made record)."""
    if isinstance(action, MrXDouble):
        parts = [action.first, action.second]
        if not all(isinstance(p, MrXMove) for p in parts):
            raise InvalidAction("A double move is two of Mr. X's moves.")
        for part in parts:
            _check_form(part)
        return
    if isinstance(action, LayTiles):
        ok = isinstance(action.tiles, (tuple, list)) and all(
            isinstance(p, Placement) and isinstance(p.letter, str) and isinstance(p.side, str)
            and type(p.column) is int and type(p.row) is int for p in action.tiles)
    else:
        ok = True
        for name, kind in _field_kinds(type(action)):
            value = getattr(action, name)
            if kind is int:
                ok = type(value) is int
            elif kind is tuple:
                ok = isinstance(value, (tuple, list)) and all(isinstance(f, str) for f in value)
            else:
                ok = isinstance(value, str)
            if not ok:
                break
    if not ok:
        raise InvalidAction(f"The action {action!r} is malformed.")


@cache
def _field_kinds(action_type: type) -> tuple[tuple[str, type], ...]:
    """Each field of an action type with what it must hold, by its name: a station (``to``, ``station``) a whole
    number, the ``faces`` a tuple (or list) of words, any other field a word. Kept per type: every action of every
    move and replay is checked, and reading the names' kinds again was a fifth of applying one."""
    return tuple((name, int if name in ("to", "station") else tuple if name == "faces" else str)
                 for name in action_type.__dataclass_fields__)


_HANDLERS = {
    LayTiles: lay_tiles,
    PickStart: pick_start,
    Roll: roll,
    Reroll: reroll,
    DiceMove: dice_move,
    Skip: skip,
    MrXMove: mrx_move,
    MrXDouble: mrx_double,
    Resign: _resign,
}
