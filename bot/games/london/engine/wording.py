"""How a refusal names tickets and rides, in the sentences players read.

A refusal's ``.message`` is English; the bot says it in the reader's language (``GameError.said_in``), and a
value that can say itself does: the ticket and transport names below give the board's own word in the
reader's language, and a list of them joins its items as the reader's language does. The engine imports
no words: ``said_in`` gets the bot's speaker and reads only its ``language`` and its ``_``.
"""

from __future__ import annotations

from bot.games.errors import IllegalMove, InvalidAction, NoTicket, OptionUnavailable, quoted

from .actions import Move
from .board import Board


class TicketName:
    """A ticket in a sentence: "taxi ticket", "walking ticket", "black ticket" in English (the name, with
    "ticket" where the board's word lacks it); the board's own word ("U-Bahn", "Fußweg-Fahrschein") in any
    other language, whose sentences put it after a colon."""

    def __init__(self, board: Board, ticket: str) -> None:
        self.board, self.ticket = board, ticket

    def __str__(self) -> str:
        name = self.board.ticket_name(self.ticket, "en")
        return name if name.endswith("ticket") else f"{name} ticket"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr) -> str:
        return str(self) if tr.language == "en" else self.board.ticket_name(self.ticket, tr.language)


class TicketList:
    """Tickets in a list with "or": "taxi, bus or underground", each in the board's words of the reader's
    language ("Taxi, Bus oder U-Bahn")."""

    def __init__(self, board: Board, tickets) -> None:
        self.board, self.tickets = board, tuple(tickets)

    def _joined(self, names: list[str], join: str) -> str:
        if len(names) <= 1:
            return "".join(names)
        return join.format(first=", ".join(names[:-1]), last=names[-1])

    def __str__(self) -> str:
        return self._joined([self.board.ticket_name(t, "en") for t in self.tickets], "{first} or {last}")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr) -> str:
        return self._joined([self.board.ticket_name(t, tr.language) for t in self.tickets], tr._("{first} or {last}"))


class TransportName:
    """A transport in a sentence ("bus", "Schnellbahn"), in the reader's language."""

    def __init__(self, board: Board, ticket: str) -> None:
        self.kind = board.transport_of(ticket)
        self.ticket = ticket

    def __str__(self) -> str:
        return self.kind.name() if self.kind else self.ticket

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr) -> str:
        return self.kind.name(tr.language) if self.kind else self.ticket


def ticket_name(board: Board, ticket: str) -> TicketName:
    return TicketName(board, ticket)


def ticket_names(board: Board, tickets) -> TicketList:
    """The tickets' names as a list with "or": "taxi, bus or underground"."""
    return TicketList(board, tickets)


def not_connected(board: Board, part: str, here: int, move: Move, pawn: str | None = None) -> IllegalMove:
    """Why ``move`` is no ride from ``here`` (``pawn``: the detective's name, said first)."""
    name = TransportName(board, move.ticket)
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


def rides_only(board: Board, pawn: str) -> IllegalMove:
    """A detective tried a ticket that is no ride (black, double)."""
    return IllegalMove("{pawn} can only ride with these tickets: {rides}.", pawn=pawn,
                       rides=ticket_names(board, board.ride_tickets))


def none_left(board: Board, ticket: str, part: str = "", pawn: str | None = None) -> NoTicket:
    """The mover (``pawn``, or Mr. X himself, addressed) has no ``ticket`` left."""
    if pawn is not None:
        return NoTicket("{pawn} has no {ticket} left.", pawn=pawn, ticket=ticket_name(board, ticket))
    return NoTicket("{part}You have no {ticket} left.", part=part, ticket=ticket_name(board, ticket))


def only_rides_change_hands(board: Board, taken: bool) -> InvalidAction:
    """Mr. X takes (surfacing) or an agent hands over (trading) ride tickets only."""
    if taken:
        return InvalidAction("Only these tickets can be taken: {names}.", names=ticket_names(board, board.ride_tickets))
    return InvalidAction("Only these tickets can be handed over: {names}.",
                         names=ticket_names(board, board.ride_tickets))


def none_to_give(board: Board, pawn: str, ticket: str, taken: bool) -> NoTicket:
    """``pawn`` has no ``ticket`` for Mr. X to take (surfacing), or to hand over (trading)."""
    if taken:
        return NoTicket("{pawn} has no {ticket} to take.", pawn=pawn, ticket=ticket_name(board, ticket))
    return NoTicket("{pawn} has no {ticket} to hand over.", pawn=pawn, ticket=ticket_name(board, ticket))


def no_such_option(rules: str, name: str, known: list[str]) -> OptionUnavailable:
    return OptionUnavailable("The {rules} rules have no option {name} (options: {known}).", rules=rules,
                             name=quoted(name), known=", ".join(known) or "none")


def options_clash(first: str, second: str, why: str) -> OptionUnavailable:
    """Two variants (by their titles) that cannot be played together, and why."""
    return OptionUnavailable('"{first}" and "{second}" cannot be played together: {why}.', first=first,
                             second=second, why=why)


def board_lacks_routes(option: str, board: str) -> OptionUnavailable:
    return OptionUnavailable("{option} needs the stations each bus and underground route passes, and the {board} "
                             "board data does not list them.", option=option, board=board)
