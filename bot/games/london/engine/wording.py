"""How a refusal names tickets and rides, in the sentences players read."""

from __future__ import annotations

from bot.games.errors import IllegalMove

from .actions import Move
from .board import Board


def ticket_name(board: Board, ticket: str) -> str:
    kind = board.transport_of(ticket)
    return kind.ticket_names.get("en", ticket) if kind else ticket


def ticket_names(board: Board, tickets) -> str:
    """The tickets' names as a list with "or": "taxi, bus or underground"."""
    names = [ticket_name(board, t) for t in tickets]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def not_connected(board: Board, part: str, here: int, move: Move, pawn: str | None = None) -> IllegalMove:
    """Why ``move`` is no ride from ``here`` (``pawn``: the detective's name, said first)."""
    kind = board.transport_of(move.ticket)
    name = kind.name() if kind else move.ticket
    if not any(r in board.stations[here].transports for r in board.ticket_transports.get(move.ticket, ())):
        if pawn is not None:
            return IllegalMove("{pawn}: Station {here} is not a {transport} stop.", pawn=pawn, here=here,
                               transport=name)
        return IllegalMove("{part}Station {here} is not a {transport} stop.", part=part, here=here, transport=name)
    if pawn is not None:
        return IllegalMove("{pawn}: Station {station} is not one {transport} ride from {here}.", pawn=pawn,
                           station=move.to, transport=name, here=here)
    return IllegalMove("{part}Station {station} is not one {transport} ride from {here}.", part=part,
                       station=move.to, transport=name, here=here)
