"""How a London-style board's own data looks in pictures: its transports' colours and line widths,
its tickets' colours and names, how big each station is (the shared palette and fonts are in
:mod:`bot.pictures.style`)."""

from __future__ import annotations

from functools import lru_cache

from bot.games.london.engine import Board
from bot.pictures.style import (BLACK_TICKET, DOUBLE_TICKET, MUTED, RGB, STATION_RADII, STATION_RINGS, hex_rgb,
                                 text_on)


def transport_colour(board: Board, transport: str) -> RGB:
    """A transport's colour, from the board file (London: taxi yellow, bus green, ...)."""
    kind = board.transports.get(transport)
    return hex_rgb(kind.colour) if kind else MUTED


def line_width(board: Board, transport: str) -> int:
    """A transport's line width at full size, in pixels."""
    kind = board.transports.get(transport)
    return kind.line_width if kind else 3


def ticket_colour(board: Board, ticket: str) -> RGB:
    if ticket == "double":
        return DOUBLE_TICKET
    kind = board.transport_of(ticket)
    return hex_rgb(kind.colour) if kind else BLACK_TICKET


def ticket_text(board: Board, ticket: str) -> RGB:
    """Text drawn on a ticket's colour."""
    return text_on(ticket_colour(board, ticket))


def ticket_name(board: Board, ticket: str, language: str = "en") -> str:
    """A ticket's name on a picture: "Taxi", "Underground", "Black" (in ``language``)."""
    kind = board.transport_of(ticket)
    if kind is None:
        from bot.i18n import speaker
        from bot.i18n.names import shared_ticket

        return shared_ticket(ticket, speaker(language)) or ticket.title()
    name = kind.ticket_names.get(language) or kind.ticket_names.get("en", ticket)
    return name[:1].upper() + name[1:]


def transport_name(board: Board, transport: str) -> str:
    kind = board.transports.get(transport)
    return kind.name() if kind else transport


def station_rank(board: Board, station: int) -> int:
    """0 for a station served by the board's first transport only, 1 with the second, ..."""
    return _ranks(board)[station]


@lru_cache(maxsize=16)
def _ranks(board: Board) -> dict[int, int]:
    out = {}
    for station in board.stations:
        best = board.station_rank(station)
        out[station] = board.land_transports.index(best) if best else 0
    return out


def station_radius(board: Board, station: int) -> float:
    return _radii(board)[station]


@lru_cache(maxsize=16)
def _radii(board: Board) -> dict[int, float]:
    return {s: STATION_RADII[min(rank, len(STATION_RADII) - 1)] for s, rank in _ranks(board).items()}


def station_ring(board: Board, station: int) -> float:
    return STATION_RINGS[min(station_rank(board, station), len(STATION_RINGS) - 1)]


def is_pier(board: Board, station: int) -> bool:
    return station in _piers(board)


@lru_cache(maxsize=16)
def _piers(board: Board) -> frozenset[int]:
    return frozenset(s for s, st in board.stations.items() if any(t in st.transports for t in board.mrx_only_transports))


def ticket_word(board: Board, ticket: str, language: str = "en") -> str:
    """A ticket named by its transport ("Schnellbahn" for "Schnellbahn-Fahrschein"), for tight spots;
    black and double keep their names."""
    kind = board.transport_of(ticket) if ticket in board.ride_tickets else None
    name = kind.name(language) if kind is not None else ticket_name(board, ticket, language)
    return name[:1].upper() + name[1:]


def words_for(view, language: str):
    """The words of ``language`` on the board of ``view`` (a public or Mr. X's view; another object is
    refused by the drawing that follows, so this only looks)."""
    from bot.i18n import speaker

    board = getattr(view, "board", None) or getattr(getattr(view, "public", None), "board", None)
    return speaker(language, board)

