"""A detective's turn: rolling the dice not yet used, rolling again with a token, moving with one die, or
staying when no die fits."""

from __future__ import annotations

from .actions import DiceMove, Reroll, Roll, Skip
from .errors import IllegalMove, InvalidAction, Listed, NoSuchDie, NoTicket, NotYourTurn, RollFirst, StationOccupied
from .events import DiceRolled, Event, PawnMoved
from .moves import legal_moves
from .pieces import DETECTIVES, MRX_PHASE, DiceData
from .rounds import end_turn, finish, record_skip
from .rules import MRX, X


def _require_detective(state: DiceData, pawn: str) -> None:
    if pawn not in state.pawn:
        raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=repr(pawn))
    if pawn == MRX:
        raise InvalidAction("Mr. X neither rolls nor stays by choice: after the detectives' turns he "
                            "reuses a die they used.")
    if state.phase != DETECTIVES:
        if state.phase == MRX_PHASE:
            raise NotYourTurn("It is Mr. X's turn; the detectives roll again in the next round.")
        raise NotYourTurn("The detectives' turns begin once every start station is picked.")
    if pawn not in state.slots[0]:
        if not any(pawn in slot for slot in state.slots):
            raise NotYourTurn("{pawn} has already had a turn this round.", pawn=state.pawn[pawn].label)
        raise NotYourTurn("It is {names}'s turn, not {pawn}'s.", pawn=state.pawn[pawn].label,
                          names=Listed((state.pawn[p].label for p in state.slots[0]), "or"))


def _check_faces(state: DiceData, faces: tuple[str, ...], count: int) -> None:
    if len(faces) != count:
        raise InvalidAction("This roll throws {count} dice, not {n}.", count=count, n=len(faces))
    bad = [f for f in faces if f not in state.rules.dice_faces]
    if bad:
        raise InvalidAction("A die has no face {face}.", face=repr(bad[0]))


def roll(state: DiceData, action: Roll, events: list[Event]) -> None:
    _require_detective(state, action.pawn)
    if state.rolled is not None:
        raise InvalidAction("The dice are already rolled: move with one, or roll again with a token.")
    faces = tuple(action.faces)
    _check_faces(state, faces, state.dice_to_roll)
    state.rolled = faces
    state.history.append({"round": state.round, "pawn": action.pawn, "roll": list(faces)})
    events.append(DiceRolled(state.round, action.pawn, faces, False, state.tokens))


def reroll(state: DiceData, action: Reroll, events: list[Event]) -> None:
    _require_detective(state, action.pawn)
    if state.rolled is None:
        raise RollFirst("Roll the dice first.")
    if state.tokens <= 0:
        raise NoTicket("The detectives have no roll-again tokens left.")
    faces = tuple(action.faces)
    _check_faces(state, faces, len(state.rolled))
    state.tokens -= 1
    state.rolled = faces
    state.history.append({"round": state.round, "pawn": action.pawn, "reroll": list(faces)})
    events.append(DiceRolled(state.round, action.pawn, faces, True, state.tokens))


def dice_move(state: DiceData, action: DiceMove, events: list[Event]) -> None:
    _require_detective(state, action.pawn)
    if state.rolled is None:
        raise RollFirst("Roll the dice first.")
    board = state.board
    assert board is not None
    pawn, label = action.pawn, state.pawn[action.pawn].label
    die = action.die
    if die == X:
        raise NoSuchDie("An X die cannot be used.")
    if die not in state.rolled:
        raise NoSuchDie("No {die} die was rolled; the dice show {dice}.", die=die, dice=Listed(state.rolled))
    here = state.positions[pawn]
    if action.to not in board.stations:
        raise IllegalMove("There is no station {station} on this board.", station=action.to)
    if die not in board.stations[here].transports:
        raise IllegalMove("{pawn} stands on {station}, which is not a {die} stop.", pawn=label, station=here,
                          die=die)
    if action.to not in board.neighbours[here].get(die, ()):
        raise IllegalMove("{pawn}: station {to} is not one {die} ride from {station}.", pawn=label, to=action.to,
                          die=die, station=here)
    for other, station in state.positions.items():
        # Mr. X never blocks a detective: moving onto him is a capture.
        if other != MRX and other != pawn and station == action.to:
            raise StationOccupied("Station {station} is occupied by {pawn}.", station=action.to,
                                  pawn=state.pawn[other].label)
    state.positions[pawn] = action.to
    state.used.append((pawn, die))
    end_turn(state, pawn)
    captured = action.to == state.positions[MRX]
    record = {"round": state.round, "pawn": pawn, "from": here, "to": action.to, "die": die}
    state.history.append(record)
    assert state.tracker is not None
    if captured:
        record["capture"] = True
        state.tracker.revealed(action.to)
    else:
        state.tracker.searched(action.to)
    events.append(PawnMoved(state.round, pawn, here, action.to, die, captured))
    if captured:
        finish(state, "detectives", "captured", events)


def skip(state: DiceData, action: Skip, events: list[Event]) -> None:
    _require_detective(state, action.pawn)
    if action.reason == "declined":
        if state.rolled is None:
            raise RollFirst("Roll the dice first: a detective stays only when no die fits.")
        if legal_moves(state):
            raise IllegalMove("{pawn} can still move, so must move.", pawn=state.pawn[action.pawn].label)
    elif action.reason == "stuck":
        raise InvalidAction("The game skips a stuck pawn by itself.")
    elif action.reason != "timeout":
        raise InvalidAction("Unknown reason to stay: {reason}.", reason=repr(action.reason))
    record_skip(state, action.pawn, action.reason, events)
