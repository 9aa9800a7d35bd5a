"""Mr. X's ticket dots on his own board: beside each station he can reach, a dot per ticket that takes
him there, on the side where they hide no other number and no other dots."""

from __future__ import annotations

from typing import Sequence

from PIL import ImageDraw

from bot.games.london.pictures import board_style
from bot.games.london.pictures.layout import Layout
from bot.pictures import style
from bot.pictures.canvas import Box, Picture, Point, bounds, disc
from bot.pictures.marks import station_number_boxes


def ticket_dots(pic: Picture, lay: Layout, station: int, tickets: Sequence[str], avoid: Sequence[Box] = ()) -> Box:
    """Small dots in ticket colours beside a station (under it, where that hides no other station's
    number nor a box of ``avoid``, else right, left or above it): the tickets that take Mr. X there;
    returns the box they cover."""
    s = lay.scale
    r = 7.5 * s
    centres = _dot_spot(lay, station, len(tickets), r, 2 * r + 3 * s, avoid)

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        for c, ticket in zip(centres, tickets):
            disc(d, at(*c), (r + 2 * s) * k, style.WHITE)
            disc(d, at(*c), r * k, board_style.ticket_colour(lay.board, ticket))

    box = bounds(centres, r + 2 * s)
    pic.smooth(bounds(centres, r + 4 * s), paint)
    return box


def _dot_spot(lay: Layout, station: int, count: int, r: float, step: float, avoid: Sequence[Box]) -> list[Point]:
    """The centres of ``count`` dots of radius ``r`` in a row beside ``station``: on the first side
    (under, right, left, above) where they cover no other station's number and no box of ``avoid``,
    else under it."""
    x, y = lay.xy(station)
    away = lay.radius(station) + 8 * lay.scale + r
    across = step * (count - 1) / 2
    sides = [[(x - across + i * step, y + away) for i in range(count)],
             [(x + away + i * step, y) for i in range(count)],
             [(x - away - i * step, y) for i in range(count)],
             [(x - across + i * step, y - away) for i in range(count)]]
    taken = [b for sid, b in station_number_boxes(lay).items() if sid != station] + list(avoid)
    for centres in sides:
        box = bounds(centres, r + 2 * lay.scale)
        if not any(box[0] < n[2] and n[0] < box[2] and box[1] < n[3] and n[1] < box[3] for n in taken):
            return centres
    return sides[0]

