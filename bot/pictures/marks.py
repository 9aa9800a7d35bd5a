"""What the overlays draw on the base map: pawns, name tags, move arrows, rings, Mr. X's trail.

Each function draws one kind of mark on a :class:`~bot.pictures.canvas.Picture`. Marks that
repeat (pawn discs, rings, tags) are rendered once as sprites and pasted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw


from . import style
from .canvas import Layout, Picture, Point, arrow, bounds, dashed, disc, near_segment, shorten, thick_line

PAWN_RADIUS = 25.0
SPRITE_SS = 4  # supersampling of sprites


# -- sprites ------------------------------------------------------------------------------------

@lru_cache(maxsize=512)
def pawn_sprite(shape: str, fill: style.RGB, text: str, scale: float) -> Image.Image:
    """A pawn: a disc (detective, Mr. X) or a rounded square (bobby), white ring, dark rim, shadow,
    with ``text`` (the station number) in the middle."""
    r = PAWN_RADIUS * scale
    pad = 6 * scale
    size = math.ceil(2 * (r + pad))
    k = SPRITE_SS
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * k / 2
    shadow = (*style.SHADOW, 110)
    off = 2.2 * scale * k

    def shape_at(cx: float, cy: float, radius: float, colour) -> None:
        if shape == "square":
            d.rounded_rectangle((cx - radius, cy - radius, cx + radius, cy + radius), radius=radius * 0.38,
                                fill=colour)
        else:
            d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)

    rk = r * k
    shape_at(c + off * 0.4, c + off, rk, shadow)
    shape_at(c, c, rk, (*style.INK, 255))
    shape_at(c, c, rk - 1.4 * scale * k, (*style.WHITE, 255))
    shape_at(c, c, rk - 4.6 * scale * k, (*fill, 255))
    sprite = big.reduce(k)
    if text:
        draw = ImageDraw.Draw(sprite)
        size_px = max(8, round((19 if len(text) < 3 else 17.5) * scale))
        draw.text((size / 2, size / 2 + 0.5 * scale), text, font=style.font(size_px, "condensed"),
                  fill=style.text_on(fill), anchor="mm")
    return sprite


@lru_cache(maxsize=256)
def ring_sprite(radius: float, width: float, colour: style.RGB, alpha: int, dashes: int = 0) -> Image.Image:
    """A ring (optionally dashed into ``dashes`` arcs) to pick out a station."""
    size = math.ceil(2 * (radius + width) + 4)
    k = SPRITE_SS
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * k / 2
    outer = (radius + width / 2) * k
    box = (c - outer, c - outer, c + outer, c + outer)
    if dashes:
        step = 360 / dashes
        for i in range(dashes):
            d.arc(box, i * step, i * step + step * 0.6, fill=(*colour, alpha), width=round(width * k))
    else:
        d.ellipse(box, outline=(*colour, alpha), width=round(width * k))
    return big.reduce(k)


@lru_cache(maxsize=512)
def tag_sprite(text: str, fill: style.RGB, scale: float, border: style.RGB = style.WHITE) -> Image.Image:
    """A name tag: ``text`` on a rounded label in ``fill`` with a thin border."""
    font = style.font(max(8, round(style.TAG_FONT * scale)), "bold")
    left, top, right, bottom = font.getbbox(text, anchor="lm")
    pad_x, pad_y = 9 * scale, 5 * scale
    w = math.ceil(right - left + 2 * pad_x)
    h = math.ceil(bottom - top + 2 * pad_y)
    b = max(1, round(2 * scale))
    k = SPRITE_SS
    big = Image.new("RGBA", ((w + 2 * b + 2) * k, (h + 2 * b + 3) * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    radius = h / 2 * k
    d.rounded_rectangle((1 * k, 2.5 * k, (w + 2 * b + 1) * k, (h + 2 * b + 2.5) * k), radius=radius,
                        fill=(*style.SHADOW, 90))
    d.rounded_rectangle((0, 0, (w + 2 * b) * k, (h + 2 * b) * k), radius=radius, fill=(*border, 255))
    d.rounded_rectangle((b * k, b * k, (w + b) * k, (h + b) * k), radius=radius - b * k, fill=(*fill, 255))
    sprite = big.reduce(k)
    ImageDraw.Draw(sprite).text((b + pad_x - left, b + h / 2), text, font=font, fill=style.text_on(fill),
                                anchor="lm")
    return sprite


# -- placing name tags --------------------------------------------------------------------------

@dataclass
class Tags:
    """Name tags placed beside their pawns so that they overlap as little as possible."""

    lay: Layout
    pawns: list[tuple[Point, float]]  # centre and radius of every pawn on the picture
    placed: list[tuple[float, float, float, float]]

    @classmethod
    def around(cls, lay: Layout, pawns: Sequence[Point]) -> "Tags":
        return cls(lay, [(p, PAWN_RADIUS * lay.scale) for p in pawns], [])

    def add(self, pic: Picture, centre: Point, text: str, fill: style.RGB, border: style.RGB = style.WHITE,
            reach: float = PAWN_RADIUS) -> None:
        sprite = tag_sprite(text, fill, self.lay.scale, border)
        w, h = sprite.size
        r = reach * self.lay.scale
        cx, cy = centre
        gap = 2 * self.lay.scale
        spots = [
            (cx + r * 0.55, cy - r * 0.55 - h - gap),  # above right
            (cx - r * 0.55 - w, cy - r * 0.55 - h - gap),  # above left
            (cx + r * 0.55, cy + r * 0.55 + gap),  # below right
            (cx - r * 0.55 - w, cy + r * 0.55 + gap),  # below left
            (cx + r + gap, cy - h / 2),  # right
            (cx - r - gap - w, cy - h / 2),  # left
            (cx - w / 2, cy - r - gap - h),  # above
            (cx - w / 2, cy + r + gap),  # below
        ]
        left, top, right, bottom = 0, self.lay.header, self.lay.width, self.lay.footer_top
        span = w + h + r
        stations = [b for b in _station_boxes(self.lay) if abs(b[0] - cx) < span and abs(b[1] - cy) < span]
        best, best_cost = spots[0], math.inf
        for i, (x, y) in enumerate(spots):
            box = (x, y, x + w, y + h)
            cost = i * 0.1
            if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
                cost += 1000
            cost += 100 * sum(_overlap(box, other) for other in self.placed)
            cost += 40 * sum(_overlap(box, (px - pr, py - pr, px + pr, py + pr))
                             for (px, py), pr in self.pawns)
            cost += 8 * sum(_overlap(box, other) for other in stations)
            if cost < best_cost:
                best, best_cost = (x, y), cost
        x, y = round(best[0]), round(best[1])
        x = min(max(x, left), right - w)
        y = min(max(y, top), bottom - h)
        pic.paste_at(sprite, (x, y))
        self.placed.append((x, y, x + w, y + h))


@lru_cache(maxsize=8)
def _station_boxes(lay: Layout) -> tuple[tuple[float, float, float, float], ...]:
    out = []
    for station in lay.board.stations:
        (x, y), r = lay.xy(station), lay.radius(station) * 0.8  # the number, give or take
        out.append((x - r, y - r, x + r, y + r))
    return tuple(out)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """Overlapping area of two boxes, as a share of the first."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / max(1.0, (a[2] - a[0]) * (a[3] - a[1]))


# -- marks --------------------------------------------------------------------------------------

def pawn(pic: Picture, lay: Layout, station: int, fill: style.RGB, shape: str = "disc") -> Point:
    centre = lay.xy(station)
    pic.paste(pawn_sprite(shape, fill, str(station), lay.scale), centre)
    return centre


def ring(pic: Picture, lay: Layout, station: int, colour: style.RGB, width: float = 5.0, gap: float = 3.0,
         alpha: int = 235, dashes: int = 0) -> None:
    r = lay.radius(station) + gap * lay.scale + width * lay.scale / 2
    sprite = ring_sprite(round(r * 2) / 2, round(width * lay.scale * 2) / 2, colour, alpha, dashes)
    pic.paste(sprite, lay.xy(station))


def move_arrow(pic: Picture, lay: Layout, start: int, end: int, colour: style.RGB, end_gap: float = PAWN_RADIUS,
               width: float = 6.0) -> None:
    """An arrow for a pawn's last ride, from the station it left to the pawn."""
    a, b = lay.xy(start), lay.xy(end)
    a, b = shorten(a, b, lay.radius(start) + 2 * lay.scale, (end_gap + 3) * lay.scale)
    s = lay.scale
    box = bounds([a, b], 24 * s)

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        arrow(d, at(*a), at(*b), colour, width * s * k, 21 * s * k, casing=style.WHITE, casing_width=2.5 * s * k)

    pic.smooth(box, paint, k=2)
    uncover_stations(pic, lay, [(a, b)], width + 5, skip=(end,))


def uncover_stations(pic: Picture, lay: Layout, segments: Sequence[tuple[Point, Point]], width: float,
                     skip: Sequence[int] = ()) -> None:
    """Bring back the stations that lines were just drawn over, so that lines pass under them."""
    reach = width * lay.scale / 2
    for station in lay.board.stations:
        if station in skip:
            continue
        p = lay.xy(station)
        r = lay.outer(station) + reach
        for a, b in segments:
            if (min(a[0], b[0]) - r <= p[0] <= max(a[0], b[0]) + r and min(a[1], b[1]) - r <= p[1] <= max(a[1], b[1]) + r
                    and near_segment(p, a, b, r)):
                pic.uncover(p, lay.outer(station) + 0.5)
                break


def trail(pic: Picture, lay: Layout, route: Sequence[int], tickets: Sequence[str] | None,
          width: float = 7.0) -> None:
    """Mr. X's path: ``route`` is his start and then a station per logbook entry. With ``tickets``
    (one per entry) each ride is drawn in its ticket's colour with a chevron halfway; without,
    as black footsteps (a dashed line) that stand out from every transport line."""
    if len(route) < 2:
        return
    s = lay.scale
    pts = [lay.xy(st) for st in route]
    box = bounds(pts, 30 * s)
    segments = list(zip(pts, pts[1:]))

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        for a, b in segments:
            thick_line(d, [at(*a), at(*b)], style.WHITE, (width + 5) * s * k)
        if tickets is None:
            for a, b in segments:
                dashed(d, at(*a), at(*b), style.MRX_COLOUR, width * s * k, 11 * s * k, 7 * s * k)
            return
        for (a, b), ticket in zip(segments, tickets):
            colour = style.ticket_colour(lay.board, ticket)
            thick_line(d, [at(*a), at(*b)], colour, width * s * k)
            length = math.dist(a, b)
            if length > 70 * s:  # a chevron halfway shows which way he went
                ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                head = (width + 9) * s
                tip = (mx + ux * head * 0.6, my + uy * head * 0.6)
                back = (mx - ux * head * 0.6, my - uy * head * 0.6)
                wing = head * 0.75
                triangle = [at(*tip), at(back[0] - uy * wing, back[1] + ux * wing),
                            at(back[0] + uy * wing, back[1] - ux * wing)]
                d.polygon(triangle, fill=colour, outline=style.WHITE, width=max(1, round(2 * s * k)))

    pic.smooth(box, paint, k=2)
    uncover_stations(pic, lay, segments, width + 5)
    for station in set(route):
        pic.uncover(lay.xy(station), lay.outer(station) + 0.5, bright=True)


def entry_badges(pic: Picture, lay: Layout, tags: Tags, route: Sequence[int], reveal_entries: Sequence[int]) -> None:
    """Number the stations of Mr. X's route by logbook entry ("Start", "3", "5, 9" when he came back)."""
    at_station: dict[int, list[str]] = {}
    for entry, station in enumerate(route):
        at_station.setdefault(station, []).append("Start" if entry == 0 else str(entry))
    for station, entries in at_station.items():
        revealed = any(e.isdigit() and int(e) in reveal_entries for e in entries)
        fill = style.MRX_COLOUR
        border = style.TRACKER if revealed else style.WHITE
        tags.add(pic, lay.xy(station), ", ".join(entries), fill, border, reach=lay.radius(station) / lay.scale)


def ticket_dots(pic: Picture, lay: Layout, station: int, tickets: Sequence[str]) -> None:
    """Small dots in ticket colours under a station: the tickets that take Mr. X there."""
    s = lay.scale
    x, y = lay.xy(station)
    r = 7.5 * s
    step = 2 * r + 3 * s
    y += lay.radius(station) + 8 * s + r
    x0 = x - step * (len(tickets) - 1) / 2
    centres = [(x0 + i * step, y) for i in range(len(tickets))]

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        for c, ticket in zip(centres, tickets):
            disc(d, at(*c), (r + 2 * s) * k, style.WHITE)
            disc(d, at(*c), r * k, style.ticket_colour(lay.board, ticket))

    pic.smooth(bounds(centres, r + 4 * s), paint)
