"""The static board: river, transport lines, station circles and numbers, the legend.

It is the same in every picture of a board, so it is drawn once per board and width and kept
(:func:`base_map`); each picture starts from a copy and draws only its overlay.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw

from bot.games.london.engine import Board
from bot.i18n import speaker

from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.pictures.canvas import PaletteBase, Picture, Point, cached_by_value, dashed, disc, thick_line
from bot.games.london.pictures.layout import BASE_WIDTH, MARGIN, Layout, layout, place_names, zoomed_layout

SUPERSAMPLE = 3


@cached_by_value(maxsize=16)
def base_map(board: Board, width: int, dim: bool = False, language: str = "en") -> Image.Image:
    """The static picture of ``board`` (read-only: pictures draw on a copy), its legend in
    ``language``. ``dim`` fades the map, so that what is drawn on it (Mr. X's route) stands out."""
    if dim:
        img = base_map(board, width, language=language).copy()
        lay = layout(board, width)
        box = (0, lay.header, img.width, lay.footer_top)
        faded = Image.blend(img.crop(box), Image.new("RGB", (box[2] - box[0], box[3] - box[1]), style.PAPER),
                            style.DIM)
        img.paste(faded, box[:2])
        return img
    return draw_map(layout(board, width), legend=True, language=language)


def draw_map(lay: Layout, legend: bool = False, k: int = SUPERSAMPLE, language: str = "en",
             names: bool = True, stations: bool = True) -> Image.Image:
    """The board as ``lay`` places it on a ``lay.width`` by ``lay.height`` picture: water, parks,
    lines, with ``stations`` the stations and their numbers, and with ``names`` place names; with
    ``legend``, the bands above and below the map and the legend too. A zoomed layout (see ``tiles``)
    places a part of the board on the picture: only what shows of the map is drawn. Shapes are drawn
    ``k`` times larger and shrunk, for smooth edges."""
    left, top, right, bottom = lay.map_box
    scene = _scene(lay.board, right - left, bottom - top, lay.scale, k)
    big = Image.new("RGB", (lay.width * k, lay.height * k), style.PAPER)
    draw = ImageDraw.Draw(big)
    dx, dy = left * k, top * k
    w, h = lay.width * k, lay.height * k
    for kind, points, _ in _showing(scene.shapes, 2, dx, dy, w, h):
        pts = [(x + dx, y + dy) for x, y in points]
        if kind == "water":
            draw.polygon(pts, fill=style.RIVER, outline=style.RIVER_EDGE, width=lay.px(3) * k)
        else:
            draw.polygon(pts, fill=style.PARK, outline=style.PARK_EDGE, width=lay.px(2) * k)
    river = [(x + left, y + top) for x, y in scene.river]
    for run in _runs_on_picture(river, lay, lay.px(34)):
        pts = [(x * k, y * k) for x, y in run]
        thick_line(draw, pts, style.RIVER_EDGE, lay.px(34) * k)
        thick_line(draw, pts, style.RIVER, lay.px(28) * k)
    for _, a, b, colour, width, dashes in _showing(scene.lines, 0, dx, dy, w, h):
        a, b = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
        if dashes:
            dashed(draw, a, b, colour, width, dash=lay.px(14) * k, gap=lay.px(9) * k)
        else:
            draw.line([a, b], fill=colour, width=width)
    if names:
        _draw_landmarks(draw, lay, k)
    shown = [(sid, (x + left, y + top)) for sid, (x, y), reach in scene.stations
             if stations and _on_picture(lay, (x + left, y + top), reach)]
    for sid, (x, y) in shown:
        _draw_station(draw, lay, sid, (x * k, y * k), k)
    if legend:
        _draw_bands(draw, lay, k)
        _legend_shapes(draw, lay, k, language)
    img = big.reduce(k)

    draw = ImageDraw.Draw(img)
    number_font = style.font(lay.px(style.STATION_FONT), "condensed")
    lift = lay.px(0.5)  # (where layout.number_boxes says the numbers are)
    for sid, (x, y) in shown:
        draw.text((x, y + lift), str(sid), font=number_font, fill=style.INK, anchor="mm")
    if legend:
        _legend_text(draw, lay, language)
    return img


def _showing(items: Sequence[tuple], at: int, dx: float, dy: float, w: int, h: int) -> list[tuple]:
    """The ``items`` whose box (``item[at]``) reaches into a ``w`` by ``h`` picture that shows the scene moved by
    (``dx``, ``dy``): in one pass, as a close-up's tile asks it of every shape and line of the board."""
    return [item for item in items
            if (box := item[at])[2] + dx > 0 and box[0] + dx < w and box[3] + dy > 0 and box[1] + dy < h]


@dataclass(frozen=True)
class _Scene:
    """What the map of a board is drawn from at one size, with the map's top left corner at (0, 0):
    shapes and lines ``k`` times larger (as drawn), each with its box; the river's path and each station's
    centre and reach at picture size."""

    shapes: tuple[tuple[str, list[Point], tuple[float, float, float, float]], ...]
    river: list[Point]
    lines: tuple[tuple[tuple[float, float, float, float], Point, Point, style.RGB, int, bool], ...]
    stations: tuple[tuple[int, Point, float], ...]


@lru_cache(maxsize=32)
def _scene(board: Board, map_w: float, map_h: float, scale: float, k: int) -> _Scene:
    """The scene of ``board``'s map ``map_w`` by ``map_h`` pixels large, marks at ``scale``, drawn ``k``
    times larger: worked out once for every picture (and tile) of that size."""
    lay = Layout(board, math.ceil(map_w), math.ceil(map_h), scale, 0, (0, 0, map_w, map_h),  # type: ignore[arg-type]
                 math.ceil(map_h))
    shapes = []
    for shape in board.shapes:
        pts = _smooth([(x * map_w * k, y * map_h * k) for x, y in shape.points])
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        shapes.append((shape.kind, pts, (min(xs), min(ys), max(xs), max(ys))))
    river = [] if any(s.kind == "water" for s in board.shapes) else _river_path(board, lay)
    shared: dict[tuple[int, int], list[str]] = {}
    for transport in board.transports:
        for pair in board.edges(transport):
            shared.setdefault(pair, []).append(transport)
    lines = []
    for transport, kind in board.transports.items():
        colour = board_style.transport_colour(board, transport)
        width = lay.px(kind.line_width) * k
        for pair in board.edges(transport):
            (ax, ay), (bx, by) = lay.xy(pair[0]), lay.xy(pair[1])
            a, b = (ax * k, ay * k), (bx * k, by * k)
            kinds = shared[pair]
            if len(kinds) > 1:
                a, b = _offset(a, b, kinds, transport, lay, k)
            m = width  # the line's width around it
            lines.append(((min(a[0], b[0]) - m, min(a[1], b[1]) - m, max(a[0], b[0]) + m, max(a[1], b[1]) + m),
                          a, b, colour, width, kind.mrx_only))
    stations = tuple((sid, lay.xy(sid), lay.outer(sid)) for sid in board.stations)
    return _Scene(tuple(shapes), river, tuple(lines), stations)


def _on_picture(lay: Layout, at: Point, reach: float) -> bool:
    return -reach < at[0] < lay.width + reach and -reach < at[1] < lay.height + reach


def _runs_on_picture(points: list[Point], lay: Layout, width: float) -> list[list[Point]]:
    """The runs of a polyline whose segments come within ``width`` of the picture (a river drawn on a
    part of the board draws only what shows)."""
    runs: list[list[Point]] = []
    run: list[Point] = []
    for a, b in zip(points, points[1:]):
        if (max(a[0], b[0]) < -width or min(a[0], b[0]) > lay.width + width or max(a[1], b[1]) < -width
                or min(a[1], b[1]) > lay.height + width):
            if run:
                runs.append(run)
            run = []
            continue
        run = run or [a]
        run.append(b)
    return runs + [run] if run else runs








def _smooth(points: list[Point], rounds: int = 3) -> list[Point]:
    """A closed outline with its corners cut (Chaikin): the board file's coarse shores and park edges
    drawn as soft curves that still follow them."""
    for _ in range(rounds):
        if len(points) < 3:
            return points
        cut: list[Point] = []
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
            cut.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            cut.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        points = cut
    return points


def _draw_landmarks(draw: ImageDraw.ImageDraw, lay: Layout, k: int) -> None:
    """Place names the board file gives (Hauptbahnhof, Park Sanssouci, ...), in a quiet colour over the
    lines (a paper-coloured rim keeps them readable where a line passes) and under the stations; each
    where :func:`~bot.games.london.pictures.layout.place_names` puts it (hiding no station number)."""
    label_font = style.font(lay.px(style.LANDMARK_FONT) * k, "bold")
    for text, (x, y), _ in place_names(lay):
        draw.text((x * k, y * k), text, font=label_font, fill=style.LANDMARK, anchor="mm",
                  stroke_width=lay.px(3) * k, stroke_fill=style.PAPER)


def write_place_names(pic: Picture, lay: Layout) -> None:
    """The place names of a part of the board drawn without them (a close-up's window, cut from tiles),
    where :func:`~bot.games.london.pictures.layout.place_names` puts them on that part; before its stations
    are set on it (:func:`station_sprite`), so that the names lie under them as on the whole board."""
    label_font = style.font(lay.px(style.LANDMARK_FONT), "bold")
    for text, at, _ in place_names(lay):
        pic.text(at, text, label_font, style.LANDMARK, anchor="mm", stroke=lay.px(3), stroke_fill=style.PAPER)


def _river_path(board: Board, lay: Layout) -> list[Point]:
    """A schematic river along Mr. X's own water route, run out past both end piers to the map's edge.

    London's data has no river; the ferry follows the Thames, so its piers trace it well enough.
    """
    ferry = [pair for t in board.mrx_only_transports for pair in board.edges(t)]
    if not ferry:
        return []
    links: dict[int, list[int]] = {}
    for a, b in ferry:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    ends = [s for s, n in links.items() if len(n) == 1]
    if len(ends) != 2 or any(len(n) > 2 for n in links.values()):
        return []  # not a single line of piers: draw no river rather than a wrong one
    path = [min(ends)]
    while len(path) < len(links):
        path.append(next(n for n in links[path[-1]] if n not in path))
    pts = [lay.xy(s) for s in path]
    # far enough to leave the map on any side: the width of the picture the map box takes up at full size
    reach = (lay.map_box[2] - lay.map_box[0]) * BASE_WIDTH / (BASE_WIDTH - 2 * MARGIN)
    start = _run_out(pts[1], pts[0], reach)
    end = _run_out(pts[-2], pts[-1], reach)
    return _spline([start, *pts, end])


def _run_out(before: Point, last: Point, reach: float) -> Point:
    dx, dy = last[0] - before[0], last[1] - before[1]
    length = math.hypot(dx, dy) or 1
    return last[0] + dx / length * reach, last[1] + dy / length * reach


def _spline(points: list[Point], steps: int = 16) -> list[Point]:
    """A Catmull-Rom curve through ``points``."""
    out: list[Point] = []
    padded = [points[0], *points, points[-1]]
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1], padded[i], padded[i + 1], padded[i + 2]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                       + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                for j in (0, 1)))  # type: ignore[arg-type]
    out.append(points[-1])
    return out


def _offset(a: Point, b: Point, kinds: list[str], transport: str, lay: Layout, k: int):
    widths = [lay.px(board_style.line_width(lay.board, t)) * k for t in kinds]
    gap = lay.px(1.5) * k
    total = sum(widths) + gap * (len(widths) - 1)
    i = kinds.index(transport)
    centre = -total / 2 + sum(widths[:i]) + gap * i + widths[i] / 2
    length = math.dist(a, b) or 1
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    return (a[0] + nx * centre, a[1] + ny * centre), (b[0] + nx * centre, b[1] + ny * centre)


def _draw_station(draw: ImageDraw.ImageDraw, lay: Layout, sid: int, centre: Point, k: int) -> None:
    board = lay.board
    best = board.station_rank(sid)
    r = lay.radius(sid) * k
    ring = board_style.station_ring(board, sid) * lay.scale * k
    colour = board_style.transport_colour(board, best) if best else style.MUTED
    if board_style.is_pier(board, sid):
        pier = next(t for t in board.mrx_only_transports if t in board.stations[sid].transports)
        disc(draw, centre, r + style.PIER_RIM * lay.scale * k, board_style.transport_colour(board, pier))
    station_disc(draw, board, centre, r, ring, colour, _bands(board, tuple(board.stations[sid].transports)))


@lru_cache(maxsize=2048)
def station_sprite(board: Board, sid: int, zoom: float, scale: float) -> tuple[Image.Image, tuple[int, int]]:
    """Station ``sid`` with its number, as drawn on the board at ``zoom`` (picture pixels per full-size board
    pixel) with marks at ``scale``, on a transparent sprite; and where the sprite's corner goes on the whole
    board at that zoom (so that it lies where the map's lines meet, to the pixel)."""
    full = layout(board, BASE_WIDTH)
    x, y = full.xy(sid)
    x, y = (x - full.map_box[0]) * zoom, (y - full.map_box[1]) * zoom  # (from the map's corner at the zoom)
    left, top = full.map_box[0] * zoom, full.map_box[1] * zoom
    size = math.ceil(2 * (board_style.station_radius(board, sid) + style.PIER_RIM) * scale) + 4
    corner = (math.floor(left + x) - size // 2, math.floor(top + y) - size // 2)
    lay = zoomed_layout(board, zoom, scale, corner, (size, size))
    k = 2
    big = Image.new("RGBa", (size * k, size * k), (0, 0, 0, 0))
    cx, cy = lay.xy(sid)
    _draw_station(ImageDraw.Draw(big), lay, sid, (cx * k, cy * k), k)
    sprite = big.reduce(k).convert("RGBA")
    ImageDraw.Draw(sprite).text((cx, cy + lay.px(0.5)), str(sid), font=style.font(lay.px(style.STATION_FONT), "condensed"),
                                fill=style.INK, anchor="mm")
    return sprite, corner


def station_disc(draw: ImageDraw.ImageDraw, board: Board, centre: Point, r: float, ring: float, colour,
                 bands: tuple[str, ...]) -> None:
    """A station: a ring in its best transport's colour, then a thinner band for each other transport
    it serves that not every such station has (Potsdam's walking paths), around the white middle."""
    disc(draw, centre, r, colour)
    inner = r - ring
    if bands:
        inner = r - ring * 0.6
        for transport in bands:
            disc(draw, centre, inner, board_style.transport_colour(board, transport))
            inner -= ring * 0.55
    disc(draw, centre, inner, style.WHITE)


def _bands(board: Board, serves: tuple[str, ...]) -> tuple[str, ...]:
    """The lesser land transports of a station worth showing: those not implied by its best one
    (in London every bus stop is a taxi stop, so none; in Potsdam not every ViP stop has a path)."""
    land = board.land_transports
    mine = [t for t in land if t in serves]
    if not mine:
        return ()
    best = mine[-1]
    return tuple(t for t in reversed(mine[:-1]) if t not in _implied(board, best))


_IMPLIED: dict[tuple[str, str], frozenset[str]] = {}


def _implied(board: Board, best: str) -> frozenset[str]:
    """The land transports every station whose best transport is ``best`` also serves."""
    key = (board.name, best)
    if key not in _IMPLIED:
        sets = [set(s.transports) for sid, s in board.stations.items() if board.station_rank(sid) == best]
        _IMPLIED[key] = frozenset(set.intersection(*sets)) if sets else frozenset()
    return _IMPLIED[key]


def _draw_bands(draw: ImageDraw.ImageDraw, lay: Layout, k: int) -> None:
    draw.rectangle((0, 0, lay.width * k, lay.header * k), fill=style.PANEL)
    draw.rectangle((0, lay.footer_top * k, lay.width * k, lay.height * k), fill=style.FOOTER)
    draw.line([(0, lay.footer_top * k), (lay.width * k, lay.footer_top * k)], fill=style.FOOTER_LINE,
              width=lay.px(2) * k)


# -- the legend: one row at the top of the footer -------------------------------------------------

def _legend_items(lay: Layout, language: str = "en") -> tuple[list[tuple[str, object, float]], float]:
    """(kind, what, x) for each legend sample: transport lines, then the kinds of station; and the
    scale the row is drawn at (below 1 when the words of ``language`` would not fit the width)."""
    board = lay.board

    def place(scale: float) -> tuple[list[tuple[str, object, float]], float]:
        items: list[tuple[str, object, float]] = []
        x = lay.px(28)
        label_font = style.font(lay.px(style.LEGEND_FONT * scale), "bold")
        for transport in board.transports:
            if not board.edges(transport):
                continue
            items.append(("line", transport, x))
            x += lay.px(64 * scale) + label_font.getlength(legend_label(board, transport, language)) + lay.px(34 * scale)
        x += lay.px(20 * scale)
        for kind in _station_kinds(board):
            items.append(("station", kind, x))
            x += lay.px(50 * scale) + label_font.getlength(_station_label(board, kind, language)) + lay.px(34 * scale)
        return items, x

    scale, room = 1.0, lay.width - lay.px(8)
    items, end = place(scale)
    while end > room and scale > 0.6:  # fonts come in whole pixels: shrink until it fits
        scale = max(0.6, scale * room / end - 0.01)
        items, end = place(scale)
    return items, scale


def legend_label(board: Board, transport: str, language: str = "en") -> str:
    kind = board.transports[transport]
    name = kind.name(language)
    name = name[:1].upper() + name[1:]
    if kind.mrx_only:
        return speaker(language)._("{name} (Mr. X only, black ticket)").format(name=name)
    return name


def _station_kinds(board: Board) -> list[tuple[str, ...]]:
    """The sets of land transports the board's stations stop for, best transport first."""
    land = tuple(reversed(board.land_transports))
    kinds = {tuple(t for t in land if t in s.transports) for s in board.stations.values()}
    return sorted((k for k in kinds if k), key=lambda k: [land.index(t) for t in k], reverse=True)


def _station_label(board: Board, kind: tuple[str, ...], language: str = "en") -> str:
    return speaker(language)._("{transports} stop").format(
        transports=" + ".join(board.transports[t].name(language) for t in kind))


def _legend_row(lay: Layout) -> float:
    return lay.footer_top + lay.px(36)


def _legend_shapes(draw: ImageDraw.ImageDraw, lay: Layout, k: int, language: str = "en") -> None:
    y = _legend_row(lay) * k
    items, scale = _legend_items(lay, language)
    for kind, what, x in items:
        if kind == "line":
            transport: str = what  # type: ignore[assignment]
            a, b = (x * k, y), ((x + lay.px(52 * scale)) * k, y)
            width = lay.px(board_style.line_width(lay.board, transport)) * k
            colour = board_style.transport_colour(lay.board, transport)
            if lay.board.transports[transport].mrx_only:
                dashed(draw, a, b, colour, width, lay.px(14) * k, lay.px(8) * k)
            else:
                draw.line([a, b], fill=colour, width=width)
        else:
            best = what[0]  # type: ignore[index]
            rank = min(lay.board.land_transports.index(best), len(style.STATION_RADII) - 1)
            r = style.STATION_RADII[rank] * lay.scale * k
            ring = style.STATION_RINGS[rank] * lay.scale * k
            centre = ((x + lay.px(20 * scale)) * k, y)
            station_disc(draw, lay.board, centre, r, ring, board_style.transport_colour(lay.board, best),
                         _bands(lay.board, what))  # type: ignore[arg-type]


def _legend_text(draw: ImageDraw.ImageDraw, lay: Layout, language: str = "en") -> None:
    y = _legend_row(lay)
    items, scale = _legend_items(lay, language)
    label_font = style.font(lay.px(style.LEGEND_FONT * scale), "bold")
    for kind, what, x in items:
        if kind == "line":
            draw.text((x + lay.px(64 * scale), y), legend_label(lay.board, what, language), font=label_font,  # type: ignore[arg-type]
                      fill=style.INK, anchor="lm")
        else:
            draw.text((x + lay.px(50 * scale), y), _station_label(lay.board, what, language), font=label_font,  # type: ignore[arg-type]
                      fill=style.INK, anchor="lm")


# -- the palette every picture of the board is written in ------------------------------------------

def _overlay_colours() -> list[style.RGB]:
    """Colours the overlays draw with, each with its blends into the paper and white (for smooth edges)."""
    keys = [*style.PAWN.values(), style.MRX_COLOUR, style.TRACKER, style.REACHABLE, style.DOUBLE_TICKET,
            style.PANEL_TEXT, style.PANEL_MUTED, style.SHADOW]
    out: list[style.RGB] = []
    for colour in keys:
        for backdrop in (style.PAPER, style.WHITE, style.PANEL):
            for t in (1.0, 0.7, 0.4):
                mixed = tuple(round(c * t + b * (1 - t)) for c, b in zip(colour, backdrop))
                if mixed not in out:
                    out.append(mixed)  # type: ignore[arg-type]
    return out


@cached_by_value(maxsize=16)
def base_palette(board: Board, width: int, dim: bool = False, language: str = "en") -> PaletteBase:
    """The base map in a fixed palette: the base's own colours (chosen from every third pixel: as good,
    and six times faster) plus the overlays' colours."""
    return PaletteBase(base_map(board, width, dim, language), _overlay_colours(), sample=3)


def new_picture(board: Board, width: int, dim: bool = False, language: str = "en") -> tuple[Layout, Picture]:
    """A fresh picture of ``board``: a copy of the base map (its legend in ``language``), ready for an overlay."""
    return layout(board, width), Picture(base_map(board, width, dim, language), base_palette(board, width, dim, language),
                                         bright=base_map(board, width, language=language))


#: a route picture frames the route: the map zoomed in (up to FRAME_MOST times) until the route's stations,
#: with FRAME_ROOM of the board around them, fill it; a route over most of the board (less than FRAME_LEAST
#: to gain) keeps the whole board
FRAME_MOST = 3.0
FRAME_LEAST = 1.15
FRAME_ROOM = 90.0
#: the marks (pawns, numbers, tags) grow with the zoom, up to this much
FRAME_MARKS = 1.5


def route_frame(board: Board, route: Sequence[int], width: int) -> tuple[Layout, float]:
    """The layout of a route picture ``width`` wide that frames ``route`` (its map zoomed, its header and
    footer as a board's), and how far it is zoomed in (1: the whole board)."""
    full = layout(board, width)
    s = full.scale
    xs = [full.xy(st)[0] for st in route]
    ys = [full.xy(st)[1] for st in route]
    room = FRAME_ROOM * s
    box = (min(xs) - room, min(ys) - room, max(xs) + room, max(ys) + room)
    area = (0, full.header, full.width, full.footer_top)
    zoom = min(FRAME_MOST, (area[2] - area[0]) / (box[2] - box[0]), (area[3] - area[1]) / (box[3] - box[1]))
    if zoom < FRAME_LEAST:
        return full, 1.0
    # the part of the whole board shown, around the route and kept on the board
    w, h = (area[2] - area[0]) / zoom, (area[3] - area[1]) / zoom
    left = min(max((box[0] + box[2] - w) / 2, area[0]), area[2] - w)
    top = min(max((box[1] + box[3] - h) / 2, area[1]), area[3] - h)
    m = full.map_box
    shown = (area[0] + (m[0] - left) * zoom, area[1] + (m[1] - top) * zoom,
             area[0] + (m[2] - left) * zoom, area[1] + (m[3] - top) * zoom)
    return Layout(board, full.width, full.height, s * min(zoom, FRAME_MARKS), full.header, shown,  # type: ignore[arg-type]
                  full.footer_top), zoom


def framed_picture(board: Board, route: Sequence[int], width: int, language: str = "en") -> tuple[Layout, Picture]:
    """A fresh route picture of ``board``: the dimmed map framed on ``route`` (:func:`route_frame`), its bands
    and legend in ``language``, ready for the route to be drawn on it."""
    lay, zoom = route_frame(board, route, width)
    if zoom == 1.0:
        lay, pic = new_picture(board, width, dim=True, language=language)
        pic.layout = lay
        return lay, pic
    top, bottom = lay.header, lay.footer_top
    part = Layout(board, lay.width, bottom - top, lay.scale, 0,  # type: ignore[arg-type]
                  (lay.map_box[0], lay.map_box[1] - top, lay.map_box[2], lay.map_box[3] - top), bottom - top)
    bright_map = draw_map(part, k=2)
    bright = base_map(board, width, language=language).copy()
    bright.paste(bright_map, (0, top))
    dim = base_map(board, width, dim=True, language=language).copy()
    dim.paste(Image.blend(bright_map, Image.new("RGB", bright_map.size, style.PAPER), style.DIM), (0, top))
    palette = base_palette(board, width, dim=True, language=language).palette
    pic = Picture(dim, bright=bright, palette=palette, indexed=dim.quantize(palette=palette, dither=Image.Dither.NONE))
    pic.layout = lay
    return lay, pic
