"""Mr. X's log: writing an entry for each of his moves (or his pass), and showing his route on a reveal."""

from __future__ import annotations

from .events import Event, MrXMoved
from .pieces import DiceData, LogEntry
from .rules import BLACK, HELICOPTER, MRX, PASS, TRANSPORTS


def write_entry(state: DiceData, ticket: str, start: int, to: int, double: bool, events: list[Event]) -> None:
    """Mr. X goes from ``start`` to ``to`` with ``ticket``: he spends it (or the die he took), fills the next
    entry, and is shown with his route so far on a reveal entry or when he walks into a detective."""
    assert state.tracker is not None and state.board is not None
    if ticket == PASS:
        state.tracker.passed(state.used_faces(), state.tickets[BLACK], state.tickets[HELICOPTER])
    else:
        state.tracker.moved(ticket, state.detective_stations())
    if ticket in (BLACK, HELICOPTER):
        state.tickets[ticket] -= 1
    elif ticket in TRANSPORTS:
        i = state.used_faces().index(ticket)
        state.used.pop(i)
    number = len(state.logbook) + 1
    revealed = state.rules.is_reveal(number)
    state.logbook.append(LogEntry(number, ticket, to, state.round, double, revealed))
    state.positions[MRX] = to
    state.history.append({
        "round": state.round, "pawn": MRX, "from": start, "to": to, "ticket": ticket,
        "entry": number, "double": double, "revealed": revealed,
    })
    caught = to in state.detective_stations()
    route = None
    if revealed or caught:
        state.tracker.revealed(to)
        route = (state.start[MRX], *(e.station for e in state.logbook))
    events.append(MrXMoved(state.round, number, ticket, double, to if (revealed or caught) else None, route))
