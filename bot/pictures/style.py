"""Colours, fonts and sizes: the look of every picture in one place.

The transports keep the board game's colour code (taxi yellow, bus green, underground red, ferry
black). Pawns are big discs with a white ring and a name tag, so a red detective never reads as an
underground line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from bot.game import Ticket, Transport

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
DIM = 0.55  # how far the map fades towards the paper under Mr. X's route

TRANSPORT: dict[Transport, RGB] = {
    Transport.TAXI: (236, 178, 0),
    Transport.BUS: (22, 150, 78),
    Transport.UNDERGROUND: (218, 37, 43),
    Transport.FERRY: (24, 24, 28),
}
#: line widths at full size, in pixels
LINE_WIDTH: dict[Transport, int] = {
    Transport.TAXI: 3,
    Transport.BUS: 5,
    Transport.UNDERGROUND: 7,
    Transport.FERRY: 4,
}

TICKET: dict[Ticket, RGB] = {
    Ticket.TAXI: TRANSPORT[Transport.TAXI],
    Ticket.BUS: TRANSPORT[Transport.BUS],
    Ticket.UNDERGROUND: TRANSPORT[Transport.UNDERGROUND],
    Ticket.BLACK: (24, 24, 28),
    Ticket.DOUBLE: (110, 84, 160),
}
#: text drawn on a ticket's colour
TICKET_TEXT: dict[Ticket, RGB] = {
    Ticket.TAXI: INK,
    Ticket.BUS: WHITE,
    Ticket.UNDERGROUND: WHITE,
    Ticket.BLACK: WHITE,
    Ticket.DOUBLE: WHITE,
}
TICKET_NAME: dict[Ticket, str] = {
    Ticket.TAXI: "Taxi",
    Ticket.BUS: "Bus",
    Ticket.UNDERGROUND: "Underground",
    Ticket.BLACK: "Black",
    Ticket.DOUBLE: "Double",
}
#: the ticket that pays for a ride on each transport (the ferry takes a black ticket)
TICKET_FOR: dict[Transport, Ticket] = {
    Transport.TAXI: Ticket.TAXI,
    Transport.BUS: Ticket.BUS,
    Transport.UNDERGROUND: Ticket.UNDERGROUND,
    Transport.FERRY: Ticket.BLACK,
}

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

#: a station's circle shows its best transport; underground stops are biggest
BEST_FIRST = (Transport.UNDERGROUND, Transport.BUS, Transport.TAXI)
STATION_RADIUS: dict[Transport | None, float] = {
    Transport.UNDERGROUND: 21.5,
    Transport.BUS: 19.5,
    Transport.TAXI: 18.0,
    None: 18.0,
}
STATION_RING: dict[Transport | None, float] = {
    Transport.UNDERGROUND: 5.5,
    Transport.BUS: 4.5,
    Transport.TAXI: 3.5,
    None: 3.0,
}
PIER_RIM = 3.5  # the black rim of a ferry pier's circle

#: font sizes in pixels at full width
STATION_FONT = 17  # condensed bold; at 50% scale still a crisp 8-9 px
LEGEND_FONT = 20
TAG_FONT = 20


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
