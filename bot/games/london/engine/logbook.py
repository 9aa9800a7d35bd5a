"""Mr. X's logbook: writing an entry for each of his moves, and showing his station when he surfaces."""

from __future__ import annotations

from bot.games.errors import InvalidAction, quoted

from .actions import MRX, Move, Surface
from .events import Event, MrXMoved, MrXSurfaced
from .pieces import GameData, LogEntry
from .tickets import BLACK
from .wording import none_to_give, only_rides_change_hands


def write_entry(state: GameData, move: Move, double: bool, events: list[Event], triple: bool = False) -> None:
    """Mr. X makes ``move``: he spends its ticket, fills the next entry, and is shown on a reveal entry."""
    wallet = state.wallets[MRX]
    if wallet[move.ticket] is not None:
        wallet[move.ticket] -= 1
    start = state.mrx_station
    number = len(state.logbook) + 1
    revealed = state.rules.is_reveal(number)
    state.logbook.append(LogEntry(number, move.ticket, move.to, state.round, double, revealed, triple=triple))
    state.positions[MRX] = move.to
    state.tracker.mrx_moved(move.ticket, state.blockers())
    if revealed:
        state.tracker.revealed(move.to)
    state.history.append({
        "round": state.round, "pawn": MRX, "from": start, "to": move.to, "ticket": move.ticket,
        "entry": number, "double": double, "revealed": revealed,
    })
    if triple:
        state.history[-1]["triple"] = True
    events.append(MrXMoved(state.round, number, move.ticket, double, move.to if revealed else None, triple))


def surface(state: GameData, action: Surface, events: list[Event]) -> None:
    """Mr. X shows his station on a hidden entry (mb1985's voluntary surfacing, or sanssouci's reveal for a
    black ticket)."""
    mode = state.rules.voluntary_reveal
    if mode is None:
        raise InvalidAction("Voluntary surfacing is not part of this game's rules.")
    state.require_turn(MRX)
    if not state.logbook:
        raise InvalidAction("Mr. X can surface once he has made his first move.")
    last = state.logbook[-1]
    if last.shown:
        raise InvalidAction("Mr. X is already showing where he is.")
    take = dict(action.take)
    if mode == "return_black":
        _reveal_for_black(state, action, last, events)
        return
    if len(take) != len(action.take):
        raise InvalidAction("Take one ticket from each detective, not two from one.")
    for pawn in take:
        if pawn not in state.pawn or state.pawn[pawn].role != "detective":
            raise InvalidAction("{pawn} is not a detective in this game.", pawn=quoted(pawn))
    board = state.board
    wallets = {w: dict(c) for w, c in state.wallets.items()}
    for pawn in (p for p in state.pawns if p.role == "detective"):
        wallet = wallets[pawn.wallet]  # type: ignore[index]
        if pawn.id not in take:
            if any(wallet[t] for t in board.ride_tickets):
                raise InvalidAction("Choose which ticket to take from {pawn}.", pawn=pawn.label)
            continue
        ticket = take[pawn.id]
        if ticket not in board.ride_tickets:
            raise only_rides_change_hands(board, taken=True)
        if not wallet[ticket]:
            raise none_to_give(board, pawn.label, ticket, taken=True)
        wallet[ticket] -= 1
        if wallets[MRX][ticket] is not None:
            wallets[MRX][ticket] += 1
    state.wallets = wallets
    station = _show(state, last)
    taken = tuple((p, take[p]) for p in take)
    state.history.append({
        "round": state.round, "pawn": MRX, "surface": True, "entry": last.number, "station": station,
        "take": {p: t for p, t in taken},
    })
    events.append(MrXSurfaced(state.round, last.number, station, taken))


def _reveal_for_black(state: GameData, action: Surface, last: LogEntry, events: list[Event]) -> None:
    """Sanssouci's variant: a voluntary reveal on a hidden entry returns one used black ticket."""
    if action.take:
        raise InvalidAction("In this game Mr. X takes no tickets from the agents when he shows himself.")
    used = sum(1 for e in state.logbook if e.ticket == BLACK)
    returned = sum(1 for h in state.history if h.get("black_returned"))
    back = used > returned
    if back:
        state.wallets[MRX][BLACK] = (state.wallets[MRX][BLACK] or 0) + 1
    station = _show(state, last)
    state.history.append({
        "round": state.round, "pawn": MRX, "surface": True, "entry": last.number, "station": station,
        "take": {}, "black_returned": back,
    })
    events.append(MrXSurfaced(state.round, last.number, station, (), back))


def _show(state: GameData, last: LogEntry) -> int:
    """Mark the latest entry surfaced and tell the tracker where Mr. X stands; returns his station."""
    station = state.mrx_station
    state.logbook[-1] = LogEntry(last.number, last.ticket, last.station, last.round, last.double, False, True,
                                 last.triple)
    state.tracker.revealed(station)
    return station


def surface_take(state: GameData, prefer: str | None = None) -> tuple[tuple[str, str], ...]:
    """The tickets Mr. X takes when he surfaces without naming one per detective: ``prefer`` from
    each detective who has it, otherwise the kind that detective has most of (first in board
    order on a tie). Detectives without tickets give nothing, and nobody does in sanssouci's
    variant (a black ticket comes back instead)."""
    if state.rules.voluntary_reveal == "return_black":
        return ()
    take = []
    for pawn in (p for p in state.pawns if p.role == "detective"):
        wallet = state.wallets[pawn.wallet]  # type: ignore[index]
        have = {t: wallet[t] or 0 for t in state.board.ride_tickets}
        if prefer is not None and have.get(prefer):
            take.append((pawn.id, prefer))
        elif any(have.values()):
            take.append((pawn.id, max(have, key=lambda t: have[t])))
    return tuple(take)
