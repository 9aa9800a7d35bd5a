"""Which actions the rules allow now: start stations, the detectives' moves with the dice they rolled, and
Mr. X's moves with the dice they used, his black tickets, his helicopter and his double move."""

from __future__ import annotations

from collections import Counter

from .actions import Action, DiceMove, MrXDouble, MrXMove, PickStart, Skip
from .pieces import DETECTIVES, MRX_PHASE, START, DiceData
from .rules import BLACK, HELICOPTER, MRX, X


def start_choices(state: DiceData, pawn: str | None = None) -> list[int]:
    """The stations the pawn picking now may start on."""
    if state.phase != START or state.board is None:
        return []
    picker = state.next_picker()
    if pawn is not None and pawn != picker:
        return []
    taken = set(state.start.values())
    pool = state.board.stations if picker == MRX else state.board.taxi_only
    return [s for s in pool if s not in taken]


def legal_moves(state: DiceData, pawn: str | None = None) -> list[DiceMove] | list[MrXMove]:
    """Single moves for ``pawn`` (default: every pawn that may act now). For a detective, with
    the dice he rolled; for Mr. X, with the dice the detectives used, a black ticket or the
    helicopter. Empty when it is not the pawn's turn."""
    pawns = state.to_move() if pawn is None else [pawn] if pawn in state.to_move() else []
    if state.phase == MRX_PHASE and MRX in pawns:
        free, forced = mrx_singles(state)
        return free or forced
    if state.phase != DETECTIVES or state.rolled is None:
        return []
    moves: list[DiceMove] = []
    for p in pawns:
        moves.extend(detective_moves(state, p))
    return moves


def legal_actions(state: DiceData, pawn: str | None = None) -> list[Action]:
    """Every action a player may choose now (not chance actions: see :mod:`.chance`; not the
    host's timeouts). Rolling is a chance action: when :attr:`awaiting` is "roll" this is empty."""
    if state.outcome is not None:
        return []
    if state.phase == START:
        picker = state.next_picker()
        if pawn not in (None, picker):
            return []
        return [PickStart(picker, s) for s in start_choices(state)]
    if state.phase == MRX_PHASE:
        if pawn not in (None, MRX):
            return []
        return [*legal_moves(state, MRX), *legal_doubles(state)]
    if state.phase == DETECTIVES and state.rolled is not None:
        moves: list[Action] = list(legal_moves(state, pawn))
        if not legal_moves(state) and may_decline(state):
            moves.extend(Skip(p, "declined") for p in state.to_move() if pawn in (None, p))
        return moves
    return []


def can_reroll(state: DiceData) -> bool:
    return state.phase == DETECTIVES and state.rolled is not None and state.tokens > 0 and state.outcome is None


def may_decline(state: DiceData) -> bool:
    """Nothing fits: whether the detective has a choice (roll again, or which pawn stays)."""
    return state.tokens > 0 or len(state.slots[0]) > 1


def detective_moves(state: DiceData, pawn: str) -> list[DiceMove]:
    assert state.board is not None and state.rolled is not None
    here = state.positions[pawn]
    others = {s for p, s in state.positions.items() if p != MRX and p != pawn}
    by = state.board.neighbours[here]
    return [DiceMove(pawn, to, face) for face in dict.fromkeys(state.rolled) if face != X
            for to in by.get(face, ()) if to not in others]


def mrx_singles(state: DiceData) -> tuple[list[MrXMove], list[MrXMove]]:
    """Mr. X's single moves: onto free stations, and onto detectives (legal only when he has
    no other move: then he must, and is caught)."""
    board = state.board
    assert board is not None
    here = state.positions[MRX]
    hunters = state.detective_stations()
    free: list[MrXMove] = []
    forced: list[MrXMove] = []
    tickets = [f for f in dict.fromkeys(state.used_faces())]
    if state.tickets[BLACK] > 0:
        tickets.append(BLACK)
    if state.tickets[HELICOPTER] > 0:
        tickets.append(HELICOPTER)
    for ticket in tickets:
        for to in board.targets(here, ticket):
            if to not in hunters:
                free.append(MrXMove(to, ticket))
            elif ticket != HELICOPTER:  # the helicopter lands only on a free station
                forced.append(MrXMove(to, ticket))
    return free, forced


def can_double(state: DiceData) -> bool:
    return (state.phase == MRX_PHASE and state.outcome is None and state.tickets["double"] > 0
            and state.entries_left >= 2 and bool(mrx_singles(state)[0]))


def second_moves(state: DiceData, first: MrXMove) -> list[MrXMove]:
    """Mr. X's legal second parts of a double move that starts with ``first``: another die the
    detectives used, or a black ticket when the first part used a die (never two black tickets,
    never the helicopter)."""
    if not can_double(state) or first not in mrx_singles(state)[0]:
        return []
    return _seconds(state, first)


def _seconds(state: DiceData, first: MrXMove) -> list[MrXMove]:
    if first.ticket == HELICOPTER:
        return []
    board = state.board
    assert board is not None
    faces = Counter(state.used_faces())
    tickets: list[str] = []
    if first.ticket in faces:
        faces[first.ticket] -= 1
        if state.tickets[BLACK] > 0:
            tickets.append(BLACK)
    tickets[:0] = [f for f, n in faces.items() if n > 0]
    hunters = state.detective_stations()
    return [MrXMove(to, t) for t in tickets for to in board.targets(first.to, t) if to not in hunters]


def legal_doubles(state: DiceData) -> list[MrXDouble]:
    if not can_double(state):
        return []
    return [MrXDouble(first, second) for first in mrx_singles(state)[0] for second in _seconds(state, first)]


def double_options(state: DiceData) -> dict[MrXMove, tuple[MrXMove, ...]]:
    """For each of Mr. X's first moves, the legal second parts of a double move (empty when he
    cannot double)."""
    if not can_double(state):
        return {}
    return {first: tuple(_seconds(state, first)) for first in mrx_singles(state)[0]}
