"""Mr. X's turn: one move with a die the detectives used, a black ticket or the helicopter, or his double
move; refused with a sentence that may name his own station (he alone sees it)."""

from __future__ import annotations

from collections import Counter

from .actions import MrXDouble, MrXMove
from .errors import IllegalMove, InvalidAction, Listed, NoSuchDie, NoTicket, NotYourTurn, StationOccupied
from .events import Event
from .logbook import write_entry
from .moves import mrx_singles
from .pieces import LAYOUT, MRX_PHASE, START, DiceData
from .rounds import end_mrx_turn, finish
from .rules import BLACK, HELICOPTER, TRANSPORTS


def _require_mrx(state: DiceData) -> None:
    if state.phase != MRX_PHASE:
        if state.phase in (LAYOUT, START):
            raise NotYourTurn("The game has not started yet.")
        raise NotYourTurn("It is the detectives' turn; Mr. X moves when they have all had theirs.")


def _check_mrx_move(state: DiceData, move: MrXMove, here: int, faces: Counter, black: bool, part: str = "") -> None:
    """Refuse an illegal move of Mr. X. He knows his own station, so the message may name it."""
    board = state.board
    assert board is not None
    ticket = move.ticket
    if ticket in TRANSPORTS:
        if faces[ticket] <= 0:
            left = sorted(f for f, n in faces.items() if n > 0)
            if left:
                raise NoSuchDie("{part}No detective used a {die} die this round; you can take {dice}.", part=part,
                                die=ticket, dice=Listed(left, "or"))
            raise NoSuchDie("{part}No detective used a {die} die this round; there is no die left for you.",
                            part=part, die=ticket)
        if ticket not in board.stations[here].transports:
            raise IllegalMove("{part}Station {station} is not a {die} stop.", part=part, station=here,
                              die=ticket)
    elif ticket == BLACK:
        if not black:
            if state.tickets[BLACK] <= 0:
                raise NoTicket("{part}You have no black tickets left.", part=part)
            raise NoTicket("{part}A double move takes at most one black ticket, with a die.", part=part)
    elif ticket == HELICOPTER:
        if part:
            raise InvalidAction("The helicopter is not part of a double move.")
        if state.tickets[HELICOPTER] <= 0:
            raise NoTicket("You have used your helicopter.")
        if not board.edges(here):
            raise IllegalMove("The helicopter leaves only from the board's edge; station {station} is not on it.",
                              station=here)
    else:
        raise InvalidAction("Move with a die the detectives used (taxi, bus, underground), "
                            "a black ticket or the helicopter.")
    if move.to not in board.stations:
        raise IllegalMove("{part}There is no station {station} on this board.", part=part, station=move.to)
    if move.to not in board.targets(here, ticket):
        if ticket == HELICOPTER:
            raise IllegalMove("The helicopter flies from {station} only to a station on the opposite edge.",
                              station=here)
        if ticket == BLACK:
            raise IllegalMove("{part}Station {to} is not one ride from {station} with a black ticket.", part=part,
                              to=move.to, station=here)
        raise IllegalMove("{part}Station {to} is not one ride from {station} by {die}.", part=part, to=move.to,
                          station=here, die=ticket)


def mrx_move(state: DiceData, move: MrXMove, events: list[Event]) -> None:
    _require_mrx(state)
    here = state.mrx_station
    _check_mrx_move(state, move, here, Counter(state.used_faces()), state.tickets[BLACK] > 0)
    capture = move.to in state.detective_stations()
    if capture and move.ticket == HELICOPTER:
        raise StationOccupied("Station {station} is held by a detective; the helicopter lands only on a free "
                              "station.", station=move.to)
    if capture and mrx_singles(state)[0]:
        raise StationOccupied("Station {station} is held by a detective; you may move there only when "
                              "you have no other move.", station=move.to)
    write_entry(state, move.ticket, here, move.to, False, events)
    if capture:
        state.history[-1]["capture"] = True
        finish(state, "detectives", "walked_into", events)
    else:
        end_mrx_turn(state, events)


def mrx_double(state: DiceData, action: MrXDouble, events: list[Event]) -> None:
    _require_mrx(state)
    if state.tickets["double"] <= 0:
        raise NoTicket("You have used your double move.")
    if state.entries_left < 2:
        raise IllegalMove("A double move needs two free entries in your log; only one is left.")
    first, second = action.first, action.second
    here = state.mrx_station
    faces = Counter(state.used_faces())
    _check_mrx_move(state, first, here, faces, state.tickets[BLACK] > 0, "First move: ")
    hunters = state.detective_stations()
    if first.to in hunters:
        raise StationOccupied("First move: station {station} is held by a detective.", station=first.to)
    if first.ticket in TRANSPORTS:
        faces[first.ticket] -= 1
    black = state.tickets[BLACK] > 0 and first.ticket != BLACK
    _check_mrx_move(state, second, first.to, faces, black, "Second move: ")
    if second.to in hunters:
        raise StationOccupied("Second move: station {station} is held by a detective.", station=second.to)
    state.tickets["double"] -= 1
    write_entry(state, first.ticket, here, first.to, True, events)
    write_entry(state, second.ticket, first.to, second.to, True, events)
    end_mrx_turn(state, events)
