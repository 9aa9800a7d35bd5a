"""Colours, fonts and sizes: the look of every picture in one place.

Transports take their colours and line widths from the board file (London keeps the board game's
code: taxi yellow, bus green, underground red, ferry black). Pawns are big discs with a white ring and a name tag, so a red detective never reads as an
underground line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from bot.games.london.engine import Board


FONTS_DIR = Path(__file__).resolve().parent / "fonts"

RGB = tuple[int, int, int]

PAPER: RGB = (246, 242, 231)
PANEL: RGB = (34, 37, 46)  # the header band
PANEL_TEXT: RGB = (240, 240, 236)
PANEL_MUTED: RGB = (165, 170, 182)
FOOTER: RGB = (232, 227, 214)  # the legend and tickets band
FOOTER_LINE: RGB = (200, 192, 172)
INK: RGB = (30, 32, 38)
MUTED: RGB = (120, 118, 110)
WHITE: RGB = (255, 255, 255)
SHADOW: RGB = (60, 56, 48)
RIVER: RGB = (200, 223, 238)
RIVER_EDGE: RGB = (176, 206, 226)
PARK: RGB = (221, 234, 204)
PARK_EDGE: RGB = (196, 216, 176)
LANDMARK: RGB = (104, 112, 96)
DIM = 0.55  # how far the map fades towards the paper under Mr. X's route

BLACK_TICKET: RGB = (24, 24, 28)
DOUBLE_TICKET: RGB = (110, 84, 160)
#: fixed tickets' names (a board names its own ride tickets)


def hex_rgb(colour: str) -> RGB:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


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


#: detective and bobby pawns, by the engine's colour names; deeper than the transport colours
PAWN: dict[str, RGB] = {
    "red": (196, 30, 58),
    "blue": (33, 98, 214),
    "green": (18, 122, 58),
    "yellow": (250, 204, 21),
    "purple": (124, 58, 183),
    "white": (235, 235, 235),
    "black": (20, 20, 24),
}
MRX_COLOUR: RGB = (20, 20, 24)
#: Mr. X's possible stations (the tracker) and his reachable stations on his own board
TRACKER: RGB = (255, 64, 160)
TRACKER_SOFT: RGB = (240, 160, 200)
REACHABLE: RGB = (255, 120, 0)

#: a station's circle grows with its most important transport (the last its board lists that it serves)
STATION_RADII = (18.0, 19.5, 21.5, 23.0)
STATION_RINGS = (3.5, 4.5, 5.5, 6.0)
PIER_RIM = 3.5  # the dark rim of a station Mr. X's own transport (ferry, boats) calls at


def station_rank(board: Board, station: int) -> int:
    """0 for a station served by the board's first transport only, 1 with the second, ..."""
    best = board.station_rank(station)
    return board.land_transports.index(best) if best else 0


def station_radius(board: Board, station: int) -> float:
    return STATION_RADII[min(station_rank(board, station), len(STATION_RADII) - 1)]


def station_ring(board: Board, station: int) -> float:
    return STATION_RINGS[min(station_rank(board, station), len(STATION_RINGS) - 1)]


def is_pier(board: Board, station: int) -> bool:
    return any(t in board.stations[station].transports for t in board.mrx_only_transports)


#: font sizes in pixels at full width
STATION_FONT = 17  # condensed bold; at 50% scale still a crisp 8-9 px
LEGEND_FONT = 20
TAG_FONT = 20
LANDMARK_FONT = 24


def pawn_colour(colour: str) -> RGB:
    return PAWN.get(colour, PAWN["white"])


def text_on(fill: RGB) -> RGB:
    """Black or white text, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


@lru_cache(maxsize=64)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """DejaVu at ``size`` px: ``weight`` is "regular", "bold" or "condensed" (condensed bold)."""
    name = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
            "condensed": "DejaVuSansCondensed-Bold.ttf"}[weight]
    return ImageFont.truetype(str(FONTS_DIR / name), size)



def fitting_font(text: str, width: float, size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """The font at ``size`` px, or smaller until ``text`` fits in ``width`` px."""
    while size > 8 and font(size, weight).getlength(text) > width:
        size -= 1
    return font(size, weight)


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
