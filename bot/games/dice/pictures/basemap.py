"""The static board of one layout: tiles with their letters, roads, one-way arrows, dead ends,
diagonal taxi lanes, stations in transport colours, and the legend.

It is the same in every picture of a game, so it is drawn once per board and width and kept
(:func:`base_map`); each picture starts from a copy and draws only its overlay. The look borrows the
London pictures' colours and fonts (:mod:`bot.pictures.style`): taxi yellow, bus green,
underground red.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.dice.engine import DiceBoard
from bot.games.dice.engine.board import DIRECTIONS, OPPOSITE
from bot.i18n import N_, speaker
from bot.pictures import style
from bot.pictures.canvas import PaletteBase, Picture, Point, cached_by_value, disc, thick_line
from bot.pictures.headline import Look

#: full-size picture width; every size below is in pixels at this width
BASE_WIDTH = 1200
#: the London marks (pawns, tags, rings) are sized for a 2000 px map of 199 stations; this grid's
#: stations are bigger, and so are the marks on them
MARK_SCALE = 1.6
FOOTER = 178
MARGIN = 30
SUPERSAMPLE = 2

ROAD_EDGE: style.RGB = (160, 120, 20)
TILE: style.RGB = (238, 232, 216)
TILE_EXPERT: style.RGB = (222, 228, 236)
TILE_LINE: style.RGB = (196, 186, 160)
BARRIER: style.RGB = (200, 30, 40)


#: the dice game's colours, as on the box (taxi yellow, bus green, underground red)
COLOURS: dict[str, style.RGB] = {
    "taxi": (236, 178, 0), "bus": (22, 150, 78), "underground": (218, 37, 43), "black": style.BLACK_TICKET,
    "double": style.DOUBLE_TICKET, "helicopter": (110, 84, 160), "pass": style.MUTED, "x": style.WHITE,
}


def colour(name: str) -> style.RGB:
    """A transport's, ticket's or die face's colour by its name."""
    return COLOURS.get(name, style.MUTED)


ROAD = colour("taxi")
BUS = colour("bus")
UNDERGROUND = colour("underground")


@dataclass(frozen=True, eq=False)
class DiceLayout:
    """Where things go on a picture of ``board`` that is ``width`` pixels wide. It offers what the
    London marks need (``xy``, ``radius``, ``outer``, ``scale``, ``header``, ``footer_top``)."""

    board: DiceBoard
    width: int
    height: int
    #: the size of marks (London's unit, see MARK_SCALE)
    scale: float
    #: width / BASE_WIDTH: the unit of every size in this module
    unit: float
    header: int
    map_box: tuple[int, int, int, int]
    footer_top: int
    cell: float

    def px(self, n: float) -> int:
        return max(1, round(n * self.unit))

    def xy(self, station: int) -> Point:
        s = self.board.stations[station]
        return self.map_box[0] + (s.column + 0.5) * self.cell, self.map_box[1] + (s.row + 0.5) * self.cell

    def radius(self, station: int | None = None) -> float:
        return self.cell * 0.2

    def outer(self, station: int | None = None) -> float:
        return self.radius() + 2 * self.unit

    def grid_xy(self, column: float, row: float) -> Point:
        return self.map_box[0] + column * self.cell, self.map_box[1] + row * self.cell


def header_look(width: int) -> Look:
    """The sizes of a board picture's header, ``width`` pixels wide: its words read at a phone's width."""
    u = width / BASE_WIDTH
    return Look(width, margin=24 * u, top=10 * u, title=round(40 * u), line=round(29 * u), first=60 * u,
                leading=34 * u, lines=3, brand=round(22 * u))


@lru_cache(maxsize=32)
def layout(board: DiceBoard, width: int = BASE_WIDTH) -> DiceLayout:
    unit = width / BASE_WIDTH
    header, margin, footer = header_look(width).height, round(MARGIN * unit), round(FOOTER * unit)
    cell = (width - 2 * margin) / board.columns
    top = header + margin
    map_h = round(cell * board.rows)
    footer_top = top + map_h + margin
    return DiceLayout(board, width, footer_top + footer, unit * MARK_SCALE, unit, header,
                      (margin, top, width - margin, top + map_h), footer_top, cell)


@cached_by_value(maxsize=32)
def base_map(board: DiceBoard, width: int, dim: bool = False, language: str = "en") -> Image.Image:
    """The static picture of ``board``, its legend in ``language`` (read-only: pictures draw on a copy)."""
    lay = layout(board, width)
    if dim:
        img = base_map(board, width, language=language).copy()
        box = (0, lay.header, img.width, lay.footer_top)
        faded = Image.blend(img.crop(box), Image.new("RGB", (box[2] - box[0], box[3] - box[1]), style.PAPER),
                            style.DIM)
        img.paste(faded, box[:2])
        return img
    k = SUPERSAMPLE
    big = Image.new("RGB", (lay.width * k, lay.height * k), style.PAPER)
    draw = ImageDraw.Draw(big)
    _tiles(draw, lay, k)
    _roads(draw, lay, k)
    for n in board.stations:
        _station(draw, lay, n, k)
    draw.rectangle((0, 0, lay.width * k, lay.header * k), fill=style.PANEL)
    draw.rectangle((0, lay.footer_top * k, lay.width * k, lay.height * k), fill=style.FOOTER)
    draw.line((0, lay.footer_top * k, lay.width * k, lay.footer_top * k), fill=style.FOOTER_LINE, width=2 * k)
    _legend_shapes(draw, lay, k, language)
    img = big.reduce(k)
    draw = ImageDraw.Draw(img)
    number = style.font(lay.px(29), "condensed")
    letter = style.font(lay.px(30), "bold")
    for p in board.placements:
        x, y = _letter_spot(lay, p.column, p.row)
        expert = p.side == "expert"
        draw.text((x, y + lay.px(1)), p.letter, font=letter, fill=style.INK if expert else style.WHITE, anchor="mm")
    for n, s in board.stations.items():
        x, y = lay.xy(n)
        fill = style.WHITE if "underground" in s.transports else style.INK
        draw.text((x, y + lay.px(1)), str(n), font=number, fill=fill, anchor="mm")
    _legend_text(draw, lay, language)
    return img


def letter_spots(lay: DiceLayout) -> list[tuple[Point, float]]:
    """Centre and radius of every tile letter's circle (name tags keep clear of them)."""
    return [(_letter_spot(lay, p.column, p.row), lay.px(21)) for p in lay.board.placements]


def _letter_spot(lay: DiceLayout, column: int, row: int) -> Point:
    x, y = lay.grid_xy(2 * column, 2 * row)
    return x + lay.cell * 0.2, y + lay.cell * 0.2


def _tiles(draw: ImageDraw.ImageDraw, lay: DiceLayout, k: int) -> None:
    gap = lay.px(3)
    for p in lay.board.placements:
        x0, y0 = lay.grid_xy(2 * p.column, 2 * p.row)
        x1, y1 = lay.grid_xy(2 * p.column + 2, 2 * p.row + 2)
        fill = TILE_EXPERT if p.side == "expert" else TILE
        draw.rounded_rectangle(((x0 + gap) * k, (y0 + gap) * k, (x1 - gap) * k, (y1 - gap) * k),
                               radius=lay.px(14) * k, fill=fill, outline=TILE_LINE, width=lay.px(2) * k)
        cx, cy = _letter_spot(lay, p.column, p.row)
        r = lay.px(21)
        # the book's mark: a dark circle on the standard side, a light one on the expert side
        if p.side == "expert":
            disc(draw, (cx * k, cy * k), r * k, style.WHITE, outline=style.INK, width=lay.px(3) * k)
        else:
            disc(draw, (cx * k, cy * k), r * k, style.INK)


def _half(lay: DiceLayout, station: int, direction: str) -> tuple[Point, Point]:
    """The road from ``station`` to the edge of its cell in ``direction``."""
    x, y = lay.xy(station)
    dx, dy = DIRECTIONS[direction]
    return (x, y), (x + dx * lay.cell / 2, y + dy * lay.cell / 2)


def _roads(draw: ImageDraw.ImageDraw, lay: DiceLayout, k: int) -> None:
    board = lay.board
    width = lay.cell * 0.11 * k
    edge = width + lay.px(4) * k

    def line(a: Point, b: Point, w: float, fill) -> None:
        thick_line(draw, [(a[0] * k, a[1] * k), (b[0] * k, b[1] * k)], fill, w)

    segments: list[tuple[Point, Point]] = []
    barriers: list[tuple[Point, str]] = []
    for road in board.roads:
        segments.append((lay.xy(road.start), lay.xy(road.end)))
    for a, b in board.dead_ends:
        direction = _direction(board, a, b)
        segments.append(_shorter(*_half(lay, a, direction), lay.px(10)))
        segments.append(_shorter(*_half(lay, b, OPPOSITE[direction]), lay.px(10)))
        barriers.append((_half(lay, a, direction)[1], direction))
    # stubs that run off the board's outer edge (cut where the tile's expert side cuts them)
    tiles = board.tileset.tiles
    sides = {p.letter: tiles[p.letter].side(p.side) for p in board.placements}
    for n, s in board.stations.items():
        for direction in board.edges(n):
            a, b = _half(lay, n, direction)
            if (n, direction) in sides[s.tile].border_dead_ends:
                segments.append(_shorter(a, b, lay.px(10)))
                barriers.append((b, direction))
            else:
                segments.append(_shorter(a, b, lay.px(4)))
    diagonals = [(lay.xy(a), lay.xy(b)) for a, b in board.diagonals]
    for a, b in diagonals:
        line(a, b, width * 0.8 + lay.px(4) * k, ROAD_EDGE)
    for a, b in segments:
        line(a, b, edge, ROAD_EDGE)
    for a, b in diagonals:
        _lane(draw, lay, a, b, width * 0.8, k)
    for a, b in segments:
        line(a, b, width, ROAD)
    for road in board.roads:
        if road.oneway:
            _oneway_arrow(draw, lay, lay.xy(road.start), lay.xy(road.end), k)
    for at, direction in barriers:
        _barrier(draw, lay, at, direction, k)


def _direction(board: DiceBoard, a: int, b: int) -> str:
    return next(d for d in DIRECTIONS if board.step(a, d) == b)


def _shorter(a: Point, b: Point, cut: float) -> tuple[Point, Point]:
    length = math.dist(a, b)
    t = max(0.0, (length - cut) / length) if length else 0.0
    return a, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _lane(draw: ImageDraw.ImageDraw, lay: DiceLayout, a: Point, b: Point, width: float, k: int) -> None:
    """A diagonal taxi lane: a yellow road with a dashed white stripe down its middle."""
    thick_line(draw, [(a[0] * k, a[1] * k), (b[0] * k, b[1] * k)], ROAD, width)
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    dash, gap = lay.px(12), lay.px(9)
    t = gap
    while t < length - gap:
        end = min(t + dash, length - gap)
        draw.line([((a[0] + ux * t) * k, (a[1] + uy * t) * k), ((a[0] + ux * end) * k, (a[1] + uy * end) * k)],
                  fill=style.WHITE, width=max(1, round(width / 4)))
        t = end + gap


def _oneway_arrow(draw: ImageDraw.ImageDraw, lay: DiceLayout, a: Point, b: Point, k: int,
                  head: float | None = None) -> None:
    """A dark chevron halfway along a one-way street, pointing the way it runs."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = head or lay.cell * 0.13
    pts = []
    for along, side in ((0.7, 0), (-0.5, 1), (-0.2, 0), (-0.5, -1)):
        pts.append(((mx + ux * head * along - uy * head * 0.75 * side) * k,
                    (my + uy * head * along + ux * head * 0.75 * side) * k))
    draw.polygon(pts, fill=style.INK)


def _barrier(draw: ImageDraw.ImageDraw, lay: DiceLayout, at: Point, direction: str, k: int,
             half: float | None = None) -> None:
    """A dead end: a red bar across the road where it stops."""
    dx, dy = DIRECTIONS[direction]
    half = half or lay.cell * 0.12
    x, y = at[0] - dx * lay.px(8), at[1] - dy * lay.px(8)
    a = ((x - dy * half) * k, (y - dx * half) * k)
    b = ((x + dy * half) * k, (y + dx * half) * k)
    thick_line(draw, [a, b], style.INK, lay.px(13) * k)
    thick_line(draw, [a, b], BARRIER, lay.px(8) * k)


def _station(draw: ImageDraw.ImageDraw, lay: DiceLayout, n: int, k: int) -> None:
    """A station disc: yellow (taxi); a bus stop's upper half green; an underground station's number
    on a red plate."""
    x, y = lay.xy(n)
    station_icon(draw, (x * k, y * k), lay.radius() * k, lay.board.stations[n].transports, k)


def station_icon(draw: ImageDraw.ImageDraw, centre: Point, r: float, kinds, k: int = SUPERSAMPLE) -> None:
    """A station of ``kinds`` (its transports) of radius ``r`` (as drawn, supersampled): a shadow, a dark rim,
    yellow; the upper half green for a bus stop; a white-rimmed red plate for an underground station's
    number. Every size goes with the radius, so that the legend's stations are the board's, smaller (the
    plate's rim at least a pixel and a half wide, drawn ``k`` times larger)."""
    x, y = centre
    disc(draw, (x + r * 0.053, y + r * 0.079), r, style.SHADOW)
    disc(draw, (x, y), r, style.INK)
    inner = r * (1 - 0.079)
    ibox = (x - inner, y - inner, x + inner, y + inner)
    draw.ellipse(ibox, fill=ROAD)
    if "bus" in kinds:
        draw.pieslice(ibox, 180, 360, fill=BUS)
    if "underground" in kinds:
        w, h = r * 0.78, r * 0.5
        draw.rounded_rectangle((x - w, y - h, x + w, y + h), radius=h * 0.4, fill=UNDERGROUND, outline=style.WHITE,
                               width=max(round(1.5 * k), round(r * 0.053)))


LEGEND = (N_("Taxi stop"), N_("Bus stop"), N_("Underground"), N_("One way"), N_("Dead end"), N_("Taxi lane"))
#: the transports of the stations the legend shows (an underground station is a bus and a taxi stop too)
LEGEND_KINDS = (("taxi",), ("taxi", "bus"), ("taxi", "bus", "underground"))
SYMBOL = 40  # legend symbol width, full size


def _legend(lay: DiceLayout, language: str = "en") -> tuple[str, ...]:
    """The legend's items in ``language``: the expert marks only on a board with expert tiles."""
    expert = any(p.side == "expert" for p in lay.board.placements)
    tr = speaker(language)
    return tuple(tr._(text) for text in (LEGEND if expert else LEGEND[:3]))


def _legend_spots(lay: DiceLayout, language: str = "en") -> list[float]:
    """The left edge of each legend item's symbol, spread along the footer's last row."""
    font = style.font(lay.px(18), "regular")
    widths = [lay.px(SYMBOL) + lay.px(12) + font.getlength(text) for text in _legend(lay, language)]
    gap = (lay.width - lay.px(56) - sum(widths)) / (len(LEGEND) - 1)
    spots, x = [], float(lay.px(28))
    for w in widths:
        spots.append(x)
        x += w + gap
    return spots


def _legend_row(lay: DiceLayout) -> float:
    return lay.height - lay.px(28)


def _legend_shapes(draw: ImageDraw.ImageDraw, lay: DiceLayout, k: int, language: str = "en") -> None:
    y = _legend_row(lay)
    w = lay.px(SYMBOL)
    r = lay.px(15)
    for i, x in enumerate(_legend_spots(lay, language)):
        if i < 3:
            station_icon(draw, ((x + w / 2) * k, y * k), r * k, LEGEND_KINDS[i], k)
        elif i == 3:
            thick_line(draw, [(x * k, y * k), ((x + w) * k, y * k)], ROAD, lay.px(9) * k)
            _oneway_arrow(draw, lay, (x, y), (x + w, y), k, head=lay.px(11))
        elif i == 4:
            thick_line(draw, [(x * k, y * k), ((x + w - lay.px(10)) * k, y * k)], ROAD, lay.px(9) * k)
            _barrier(draw, lay, (x + w, y), "east", k, half=lay.px(11))
        else:
            _lane(draw, lay, (x, y + lay.px(8)), (x + w, y - lay.px(8)), lay.px(9) * k, k)


def _legend_text(draw: ImageDraw.ImageDraw, lay: DiceLayout, language: str = "en") -> None:
    y = _legend_row(lay)
    font = style.font(lay.px(18), "regular")
    for x, text in zip(_legend_spots(lay, language), _legend(lay, language)):
        draw.text((x + lay.px(SYMBOL) + lay.px(12), y), text, font=font, fill=style.INK, anchor="lm")



# -- the palette every picture of a board is written in ---------------------------------------------

def _overlay_colours() -> list[style.RGB]:
    """Colours the overlays draw with, each with its blends into the backdrops (for smooth edges)."""
    keys = [*style.PAWN.values(), style.MRX_COLOUR, style.TRACKER, style.REACHABLE, colour("helicopter"),
            style.PANEL_TEXT, style.PANEL_MUTED, style.SHADOW, BUS, UNDERGROUND, ROAD, style.MUTED, (70, 130, 200)]
    out: list[style.RGB] = []
    for c in keys:
        for backdrop in (style.PAPER, style.WHITE, style.PANEL, style.FOOTER):
            for t in (1.0, 0.7, 0.4):
                mixed = tuple(round(a * t + b * (1 - t)) for a, b in zip(c, backdrop))
                if mixed not in out:
                    out.append(mixed)  # type: ignore[arg-type]
    return out


@cached_by_value(maxsize=32)
def base_palette(board: DiceBoard, width: int, dim: bool = False, language: str = "en") -> PaletteBase:
    """The base map in a fixed palette: the base's own colours (chosen from every third pixel: as good,
    and eight times faster) plus the overlays' colours."""
    return PaletteBase(base_map(board, width, dim, language), _overlay_colours(), sample=3)


def new_picture(board: DiceBoard, width: int = BASE_WIDTH, dim: bool = False,
                language: str = "en") -> tuple[DiceLayout, Picture]:
    """A fresh picture of ``board`` (its legend in ``language``): a copy of the base map, ready for an overlay."""
    return layout(board, width), Picture(base_map(board, width, dim, language), base_palette(board, width, dim, language),
                                         bright=base_map(board, width, language=language))
