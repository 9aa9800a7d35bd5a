"""Which stations a pawn can reach, read from a view: for menus and autocomplete only.

The service (through the engine) decides whether a move is legal; these functions only say what
to offer. They follow the engine's rules for rides (``GameState._pawn_moves``/``_mrx_moves``)
from what a view shows, because the service has no call for a detective's legal moves nor for
the second part of a double move.
"""

from __future__ import annotations

from bot.game import MRX, MrXView, PublicView, Ticket
from bot.game.tickets import REGULAR, RIDE_TICKETS, Transport


def blocked_stations(view: PublicView) -> set[int]:
    """Stations held by detectives and bobbies."""
    return {p.station for p in view.pawns if p.role != MRX and p.station is not None}


def detective_destinations(view: PublicView, pawn: str) -> dict[int, tuple[Ticket, ...]]:
    """{station: tickets} a detective or bobby may ride to now (empty when it is not its turn)."""
    if pawn not in view.to_move or pawn == MRX:
        return {}
    me = view.pawn(pawn)
    if me.station is None:
        return {}
    blocked = blocked_stations(view)
    wallet = me.tickets
    found: dict[int, list[Ticket]] = {}
    by = view.board.neighbours[me.station]
    for ticket in REGULAR:
        if wallet is None or wallet.get(ticket):
            for target in by.get(RIDE_TICKETS[ticket], ()):
                if target not in blocked:
                    found.setdefault(target, []).append(ticket)
    return {s: tuple(t) for s, t in sorted(found.items())}


def mrx_destinations(view: MrXView) -> dict[int, tuple[Ticket, ...]]:
    """{station: tickets} for Mr. X's next ride (the engine's own list)."""
    if view.public.to_move != (MRX,):
        return {}
    return view.reachable()


def mrx_second_steps(view: MrXView, first_to: int, first_ticket: Ticket) -> dict[int, tuple[Ticket, ...]]:
    """{station: tickets} for the second part of a double move that starts with ``first_to`` by ``first_ticket``."""
    if not view.can_double or first_ticket not in mrx_destinations(view).get(first_to, ()):
        return {}
    wallet = dict(view.public.mrx_tickets)
    if wallet.get(first_ticket) is not None:
        wallet[first_ticket] -= 1
    blocked = blocked_stations(view.public)
    by = view.public.board.neighbours[first_to]
    found: dict[int, list[Ticket]] = {}
    for ticket in REGULAR:
        count = wallet.get(ticket)
        if count is None or count > 0:
            for target in by.get(RIDE_TICKETS[ticket], ()):
                if target not in blocked:
                    found.setdefault(target, []).append(ticket)
    if wallet.get(Ticket.BLACK):
        for transport in Transport:
            for target in by.get(transport, ()):
                if target not in blocked and Ticket.BLACK not in found.get(target, ()):
                    found.setdefault(target, []).append(Ticket.BLACK)
    return {s: tuple(t) for s, t in sorted(found.items())}
