"""Geometry and drawing helpers shared by every picture.

Pillow draws shapes without anti-aliasing, so shapes are painted supersampled into a small
transparent patch and shrunk onto the picture (:func:`smooth`); text is drawn at full size, where
FreeType smooths it already. :class:`Layout` turns a board's 0..1 station positions into pixels.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from PIL import Image, ImageDraw

from bot.game import Board, Transport

from . import style

#: full-size picture width; every size in the style is in pixels at this width
BASE_WIDTH = 2000
HEADER = 96
FOOTER = 150
MARGIN = 46  # between the map's outermost stations and the image edge

Point = tuple[float, float]
#: paint(draw, at, k): draw on a supersampled patch; ``at`` maps picture coordinates into it and
#: ``k`` is the supersampling factor (multiply line widths and radii by it)
Painter = Callable[[ImageDraw.ImageDraw, Callable[[float, float], Point], int], None]


@dataclass(frozen=True)
class Layout:
    """Where things go on a board picture ``width`` pixels wide."""

    board: Board
    width: int
    height: int
    scale: float  # width / BASE_WIDTH
    header: int
    map_box: tuple[int, int, int, int]  # left, top, right, bottom of the station area
    footer_top: int

    def px(self, n: float) -> int:
        """A full-size length in pixels at this picture's scale (at least 1)."""
        return max(1, round(n * self.scale))

    def xy(self, station: int) -> Point:
        s = self.board.stations[station]
        left, top, right, bottom = self.map_box
        return left + s.x * (right - left), top + s.y * (bottom - top)

    def radius(self, station: int) -> float:
        """A station circle's outer radius: underground stops are the biggest."""
        return style.STATION_RADIUS[best_transport(self.board, station)] * self.scale


def best_transport(board: Board, station: int) -> Transport | None:
    """The transport a station's circle shows: underground, else bus, else taxi."""
    kinds = board.stations[station].transports
    return next((t for t in style.BEST_FIRST if t in kinds), None)


@lru_cache(maxsize=8)
def layout(board: Board, width: int = BASE_WIDTH) -> Layout:
    scale = width / BASE_WIDTH
    header, margin, footer = round(HEADER * scale), round(MARGIN * scale), round(FOOTER * scale)
    map_w = width - 2 * margin
    map_h = round(map_w / board.aspect)
    top = header + margin
    footer_top = top + map_h + margin
    return Layout(board, width, footer_top + footer, scale, header,
                  (margin, top, margin + map_w, top + map_h), footer_top)


def smooth(img: Image.Image, box: Iterable[float], paint: Painter, k: int = 3) -> None:
    """Paint anti-aliased shapes inside ``box`` (left, top, right, bottom) of ``img``."""
    left, top, right, bottom = box
    x0, y0 = max(0, math.floor(left)), max(0, math.floor(top))
    x1, y1 = min(img.width, math.ceil(right)), min(img.height, math.ceil(bottom))
    if x1 <= x0 or y1 <= y0:
        return
    patch = Image.new("RGBA", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))

    def at(x: float, y: float) -> Point:
        return (x - x0) * k, (y - y0) * k

    paint(ImageDraw.Draw(patch), at, k)
    small = patch.reduce(k)
    img.paste(small, (x0, y0), small)


def bounds(points: Iterable[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = zip(*points)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def disc(draw: ImageDraw.ImageDraw, centre: Point, r: float, fill, outline=None, width: float = 0) -> None:
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=round(width))


def thick_line(draw: ImageDraw.ImageDraw, points: list[Point], fill, width: float) -> None:
    """A polyline with round joins and caps."""
    w = max(1, round(width))
    draw.line(points, fill=fill, width=w, joint="curve")
    for p in (points[0], points[-1]):
        disc(draw, p, w / 2, fill)


def dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill, width: float, dash: float, gap: float) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(t + dash, length)
        draw.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)],
                  fill=fill, width=max(1, round(width)))
        t = end + gap


def shorten(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point]:
    """The segment a-b with ``start`` pixels cut at a and ``end`` pixels cut at b."""
    length = math.dist(a, b)
    if length <= start + end:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def arrow(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill, width: float, head: float,
          casing=None, casing_width: float = 0) -> None:
    """An arrow from a to b (head at b), optionally with a contrasting casing around it."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head, b[1] - uy * head)
    half = head * 0.62
    tip = [b, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    shaft_end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    if casing is not None:
        thick_line(draw, [a, shaft_end], casing, width + 2 * casing_width)
        draw.polygon(_grow(tip, casing_width), fill=casing)
    thick_line(draw, [a, shaft_end], fill, width)
    draw.polygon(tip, fill=fill)


def _grow(triangle: list[Point], d: float) -> list[Point]:
    cx = sum(p[0] for p in triangle) / 3
    cy = sum(p[1] for p in triangle) / 3
    out = []
    for x, y in triangle:
        length = math.hypot(x - cx, y - cy) or 1
        out.append((x + (x - cx) / length * d * 2, y + (y - cy) / length * d * 2))
    return out


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, tuned for speed: zlib level 1 with PNG's per-row filters.

    The pictures are flat colours and text, which compress well even at level 1; higher levels
    cost several times the time for a few percent less size (``bench/bench_render.py`` shows both).
    """
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)
    return out.getvalue()
