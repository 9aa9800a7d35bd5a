"""Colours, fonts and sizes: the look of every picture in one place.

Transports take their colours and line widths from the board file (London keeps the board game's
code: taxi yellow, bus green, underground red, ferry black). Pawns are big discs with a white ring and a name tag, so a red detective never reads as an
underground line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont



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


@lru_cache(maxsize=256)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """DejaVu at ``size`` px: ``weight`` is "regular", "bold" or "condensed" (condensed bold). Kept for every size
    the pictures use (about a hundred: every family, width and fitted line): the text sprites and lengths kept
    elsewhere are kept by font, and a font dropped and loaded again finds none of its own."""
    name = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
            "condensed": "DejaVuSansCondensed-Bold.ttf"}[weight]
    return ImageFont.truetype(str(FONTS_DIR / name), size)



@lru_cache(maxsize=8192)
def length(face: ImageFont.FreeTypeFont, text: str) -> float:
    """``text``'s advance in ``face`` (a font of :func:`font`), measured once: a board measures the same names and
    counts round after round."""
    return face.getlength(text)


def fitting_font(text: str, width: float, size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """The font at ``size`` px, or smaller until ``text`` fits in ``width`` px."""
    while size > 8 and length(font(size, weight), text) > width:
        size -= 1
    return font(size, weight)




