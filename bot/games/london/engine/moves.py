"""Which moves the rules allow now: every pawn's rides, Mr. X's double and triple moves, reveals and trades."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .actions import MRX, DoubleMove, Move, Trade
from .pieces import MRX_PHASE, GameData
from .tickets import BLACK, DOUBLE

#: a move of the lists below, one object per (pawn, station, ticket): moves are values, and handing one out
#: again is several times cheaper than making a frozen dataclass anew (every view lists every pawn's moves)
_move = lru_cache(maxsize=1 << 16)(Move)


def legal_moves(state: GameData, pawn: str | None = None) -> list[Move]:
    """Single moves for ``pawn`` (default: every pawn that may act now). Empty when it is not its turn."""
    pawns = state.to_move() if pawn is None else [pawn] if pawn in state.to_move() else []
    moves: list[Move] = []
    for p in pawns:
        moves.extend(pawn_moves(state, p))
    return moves


def can_move(state: GameData, pawn: str) -> bool:
    """Whether ``pawn`` has a ride from where it stands (asked after nearly every action, for the pawn next to move
    and for every detective at the end of a round). A detective's is worked out as :func:`pawn_moves` finds his
    rides, without making them: whether some station his tickets reach is not held by another detective."""
    here = state.positions[pawn]
    if here is None:
        return False
    if pawn == MRX:
        return _mrx_can_move(state, here)
    blocked = state.blockers()
    wallet = state.tickets(pawn)
    bobby = state.pawn[pawn].wallet is None
    for ticket in state.board.ride_tickets:
        if (bobby or wallet[ticket]) and not blocked.issuperset(targets(state, here, ticket)):
            return True
    return False


def _mrx_can_move(state: GameData, here: int) -> bool:
    """Whether Mr. X has a move from ``here``, worked out as :func:`mrx_moves` finds his moves, without making them."""
    wallet = state.wallets[MRX]
    if state.options.get("cut_off"):  # (a ride over a detective is cut off: each ride asked in turn, as mrx_moves does)
        for _ in mrx_moves(state, here, wallet, state.blockers()):  # (the first move found answers)
            return True
        return False
    blocked = state.blockers()
    for ticket in (*state.board.ride_tickets, BLACK):
        count = wallet[ticket]
        if (count is None or count > 0) and not blocked.issuperset(targets(state, here, ticket, mrx=True)):
            return True
    return _may_stay(state, wallet)


def detectives_can_move(state: GameData) -> bool:
    return any(can_move(state, p.id) for p in state.pawns if p.role != "mrx")


def pawn_moves(state: GameData, pawn: str) -> Iterator[Move]:
    """Every ride ``pawn`` could take from where it stands, whether or not it is its turn."""
    here = state.positions[pawn]
    if here is None:
        return
    if pawn == MRX:
        yield from mrx_moves(state, here, state.wallets[MRX], state.blockers())
        return
    blocked = state.blockers()
    wallet = state.tickets(pawn)
    bobby = state.pawn[pawn].wallet is None
    for ticket in state.board.ride_tickets:
        if bobby or wallet[ticket]:
            for target in targets(state, here, ticket):
                if target not in blocked:
                    yield _move(pawn, target, ticket)


def mrx_moves(state: GameData, here: int, wallet: dict[str, int | None], blocked: set[int]) -> Iterator[Move]:
    for ticket in (*state.board.ride_tickets, BLACK):
        count = wallet[ticket]
        if count is None or count > 0:
            for target in targets(state, here, ticket, mrx=True):
                if target not in blocked and not cut_off(state, here, target, ticket):
                    yield _move(MRX, target, ticket)
    if _may_stay(state, wallet):
        yield _move(MRX, here, state.rules.stay_put_ticket)


def _may_stay(state: GameData, wallet: dict[str, int | None]) -> bool:
    """Whether Mr. X may stay put with a ticket of ``wallet`` (a variant's ticket, when the rules have one)."""
    stay = state.rules.stay_put_ticket
    return stay is not None and (wallet.get(stay) is None or wallet[stay] > 0) and stay in wallet


def rides(state: GameData, ticket: str, mrx: bool = False) -> tuple[str, ...]:
    """The transports ``ticket`` pays for, for Mr. X or for a detective, by this game's rules."""
    if mrx:
        return state.tracker.rides.get(ticket, ())
    if ticket == BLACK:
        return ()
    paid = state.board.ticket_transports.get(ticket, ())
    extra = state.rules.detective_extra_rides.get(ticket)  # (a variant's: most rules add none)
    return (*paid, *extra) if extra else paid


def targets(state: GameData, here: int, ticket: str, mrx: bool = False) -> tuple[int, ...]:
    """The stations one ride on ``ticket`` reaches from ``here`` (each once, in the board's order)."""
    by = state.board.neighbours[here]
    paid = rides(state, ticket, mrx)
    if len(paid) == 1:
        return by.get(paid[0], ())
    # In the board's transport order, each station once (the order menus and players see).
    return tuple(dict.fromkeys(t for r in paid for t in by.get(r, ())))


def cut_off(state: GameData, here: int, target: int, ticket: str) -> bool:
    """mb1985's cut-off: Mr. X may not ride over a station another pawn stands on."""
    if not state.options.get("cut_off"):
        return False
    occupied = state.blockers()
    board = state.board
    paid = [r for r in rides(state, ticket, mrx=True) if target in board.neighbours_by(here, r)]
    # A black ticket may take any transport that joins the two: blocked only if every one is cut off.
    return all(occupied.intersection(board.passes(r, here, target)) for r in paid)


def can_double(state: GameData) -> bool:
    return (
        state.phase == MRX_PHASE
        and state.outcome is None
        and bool(state.wallets[MRX][DOUBLE])
        and state.entries_left >= 2
    )


def can_triple(state: GameData) -> bool:
    """A triple move (a variant) spends both double-move tickets at once."""
    return (
        state.rules.max_multi_move >= 3
        and can_double(state)
        and (state.wallets[MRX][DOUBLE] or 0) >= 2
        and state.entries_left >= 3
    )


def second_moves(state: GameData, first: Move) -> list[Move]:
    """Mr. X's legal second parts of a double move that starts with ``first``."""
    if not can_double(state) or first not in set(pawn_moves(state, MRX)):
        return []
    return seconds(state, first)


def seconds(state: GameData, first: Move) -> list[Move]:
    """The second parts after ``first``, which the caller knows to be a legal first move."""
    wallet = dict(state.wallets[MRX])
    if wallet[first.ticket] is not None:
        wallet[first.ticket] -= 1
    return list(mrx_moves(state, first.to, wallet, state.blockers()))


def third_moves(state: GameData, first: Move, second: Move) -> list[Move]:
    """Mr. X's legal third parts of a triple move that starts with ``first`` and ``second``."""
    if not can_triple(state) or second not in set(second_moves(state, first)):
        return []
    return thirds(state, first, second)


def thirds(state: GameData, first: Move, second: Move) -> list[Move]:
    """The third parts after ``first`` and ``second``, which the caller knows to start a legal triple move."""
    wallet = dict(state.wallets[MRX])
    for part in (first, second):
        if wallet[part.ticket] is not None:
            wallet[part.ticket] -= 1
    return list(mrx_moves(state, second.to, wallet, state.blockers()))


def legal_double_moves(state: GameData) -> Iterator[DoubleMove]:
    if not can_double(state):
        return
    for first in legal_moves(state, MRX):
        for second in second_moves(state, first):
            yield DoubleMove(first, second)


def can_reveal(state: GameData) -> bool:
    """Mr. X may show himself now (voluntary surfacing, or sanssouci's reveal for a black ticket)."""
    return (state.rules.voluntary_reveal is not None and state.phase == MRX_PHASE and state.outcome is None
            and bool(state.logbook) and not state.logbook[-1].shown)


def legal_trades(state: GameData, pawn: str) -> list[Trade]:
    """The tickets ``pawn`` may hand to another detective now (ticket trading, a variant)."""
    if not state.rules.ticket_trading or pawn not in state.to_move() or pawn == MRX:
        return []
    giver = state.pawn[pawn]
    if giver.role != "detective":
        return []
    wallet = state.wallets[giver.wallet]  # type: ignore[index]
    return [Trade(pawn, other.id, t) for other in state.pawns
            if other.role == "detective" and other.wallet != giver.wallet and state.positions[other.id] is not None
            for t in state.board.ride_tickets if wallet[t]]
