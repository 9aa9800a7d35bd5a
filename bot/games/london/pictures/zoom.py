"""The phone picture: the part of the board that matters this round, large enough to read on a phone.

A phone shows the 2000 px board about 420 px wide, where a station number is 3 px tall. The zoom
cuts out the detectives (and bobbies) and where Mr. X may be, and draws that part of the board at
a scale where a station number is at least ``MIN_LABEL_PX`` tall when the whole picture is shown
``PHONE_WIDTH`` px wide. Pawns spread too far apart for one window at that scale get a window per
group, stacked or side by side::

    plan = plan_zoom(view)     # where the windows are: computed from the public view alone
    render_zoom(view)          # the PNG

Nothing but the :class:`~bot.games.london.engine.PublicView` goes in: the crop follows the pawns and the stations
Mr. X may be at, never his hidden station.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Sequence

from PIL import Image, ImageDraw

from bot.games.london.engine import Board, PublicView

from bot.pictures import style
from bot.games.london.pictures.basemap import draw_map, number_boxes
from bot.games.london.pictures.board import expect, public_marks
from bot.pictures.canvas import BASE_WIDTH, Box, Layout, Picture, Point, layout
from bot.games.london.pictures.panels import EN, status
from bot.i18n import Speaker

ZOOM_WIDTH = 900
PHONE_WIDTH = 420
#: the height of a station number's digits, in pixels, when the zoom is shown PHONE_WIDTH wide
MIN_LABEL_PX = 11.5
#: how much larger than on the full board numbers and marks may be against the distances between
#: stations: above 1 the windows hold more of the board, and close stations come to touch (see
#: :func:`growth`)
MAX_GROWTH = 1.4
#: the share of a board's stations whose numbers may come to touch for that
TOUCHING = 0.03
#: what a window shows around each pawn (PAWN_ROOM) and each station of Mr. X's (STATION_ROOM) it
#: is for, in full-size board pixels, and up to MORE_ROOM more (about a ride) where the scale allows
PAWN_ROOM = 60.0
STATION_ROOM = 40.0
MORE_ROOM = 80.0
#: name tags' size against the numbers' (on the zoom the numbers are large, the names need not be)
TAG_SHARE = 0.75
HEADER = 100
GAP = 6
#: smoothing of the map's shapes (drawn this many times larger and shrunk): the zoom's shapes are
#: large, so less than the full board's three does
SUPERSAMPLE = 2
#: the picture is at most this much taller than wide (4:5) and at least this much (4:3)
TALLEST, FLATTEST = 5 / 4, 3 / 4
#: windows per row, the fewest windows first (full-width rows after the rows of two)
ARRANGEMENTS = ((1,), (1, 1), (1, 1, 1), (2, 1), (2, 2), (2, 2, 1), (2, 2, 2))


@dataclass(frozen=True)
class Window:
    """One part of the board on the zoom picture."""

    crop: Box  # the part of the board, in full-size board pixels
    slot: tuple[int, int, int, int]  # where it goes on the picture
    pawns: tuple[str, ...]  # the pawns it is for
    mrx: bool  # whether it is cut for where Mr. X may be, too


@dataclass(frozen=True)
class ZoomPlan:
    width: int
    height: int
    scale: float  # marks and numbers: picture pixels per full-size pixel of the board's style
    zoom: float  # distances: picture pixels per full-size board pixel
    windows: tuple[Window, ...]

    def layout(self, board: Board, window: Window) -> Layout:
        """The layout that draws ``window``'s part of ``board`` on a picture the size of its slot."""
        full = layout(board, BASE_WIDTH)
        x0, y0 = window.crop[:2]
        left, top, right, bottom = full.map_box
        w, h = window.slot[2] - window.slot[0], window.slot[3] - window.slot[1]
        z = self.zoom
        box = ((left - x0) * z, (top - y0) * z, (right - x0) * z, (bottom - y0) * z)
        return Layout(board, w, h, self.scale, 0, box, h, TAG_SHARE)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Zoom:
    """A drawn zoom: the whole picture, and each window as drawn (with its tags) before it was pasted."""

    plan: ZoomPlan
    picture: Picture
    windows: tuple[Picture, ...]


def render_zoom(view: PublicView, *, tracker: bool = True, language: str = "en") -> bytes:
    """The phone picture: the detectives and where Mr. X may be (pink rings with ``tracker``),
    zoomed until the station numbers are easy to read on a phone; its words in ``language``."""
    return draw_zoom(view, tracker=tracker, tr=style.words_for(view, language)).picture.png()


def draw_zoom(view: PublicView, *, tracker: bool = True, tr: Speaker = EN) -> Zoom:
    expect(view, PublicView, "render_zoom", "state.public_view()")
    plan = plan_zoom(view)
    canvas = Image.new("RGB", (plan.width, plan.height), style.PANEL)
    pic = Picture(canvas, palette=None)
    _header(pic, plan, view, tr)
    drawn = []
    for window in plan.windows:
        lay = plan.layout(view.board, window)
        part = Picture(draw_map(lay, k=SUPERSAMPLE), palette=None)
        public_marks(part, lay, view, tracker=tracker, brief=True, tr=tr)
        pic.img.paste(part.img, window.slot[:2])
        drawn.append(part)
    return Zoom(plan, pic, tuple(drawn))


def _header(pic: Picture, plan: ZoomPlan, view: PublicView, tr: Speaker = EN) -> None:
    x = 22
    room = plan.width - 2 * x
    title = status(view, tr)
    pic.text((x, 14), title, style.fitting_font(title, room, 34), style.PANEL_TEXT)
    details = mrx_line(view, tr)
    pic.text((x, 58), details, style.fitting_font(details, room, 26, "regular"), style.PANEL_MUTED)


def mrx_line(view: PublicView, tr: Speaker = EN) -> str:
    """Where Mr. X is or may be, in a few words."""
    seen = (tr._("last seen at {station} (move {n})").format(station=view.last_reveal[1], n=view.last_reveal[0])
            if view.last_reveal else tr._("not seen yet"))
    if view.outcome is not None:
        return (tr._("Mr. X's last station: {station}").format(station=view.route[-1]) if view.route
                else seen[:1].upper() + seen[1:])
    if view.mrx_shown is not None:
        return tr._("Mr. X is at {station} · {seen}").format(station=view.mrx_shown, seen=seen)
    n = len(view.possible)
    return tr.ngettext("Where Mr. X may be: {n} station · {seen}", "Where Mr. X may be: {n} stations · {seen}",
                       n).format(n=n, seen=seen)


# -- where the windows go -----------------------------------------------------------------------

@lru_cache(maxsize=1)
def label_scale() -> float:
    """The size scale at which a station number's digits are MIN_LABEL_PX tall at PHONE_WIDTH."""
    size = style.STATION_FONT
    while label_px(size / style.STATION_FONT) < MIN_LABEL_PX:
        size += 1
    return size / style.STATION_FONT


def label_px(scale: float, width: int = ZOOM_WIDTH) -> float:
    """How tall a station number's digits are at ``scale`` on a picture ``width`` px wide, once it is
    shown PHONE_WIDTH px wide: the rows the digits' ink covers at least half."""
    font = style.font(max(1, round(style.STATION_FONT * scale)), "condensed")
    left, top, right, bottom = font.getbbox(DIGITS)
    ink = Image.new("L", (right + 2, bottom + 2))
    ImageDraw.Draw(ink).text((0, 0), DIGITS, font=font, fill=255)
    _, top, _, bottom = ink.point(lambda v: 255 if v >= 128 else 0).getbbox()
    return (bottom - top) * PHONE_WIDTH / width


DIGITS = "0123456789"


@lru_cache(maxsize=8)
def growth(board: Board) -> float:
    """How much larger against the map than on the full board the zoom may draw ``board``'s
    numbers: up to MAX_GROWTH, as long as few numbers (TOUCHING of the stations) that stand apart
    on the full board come to touch."""
    scale = label_scale()
    apart = _touching(board, scale, scale)
    steps = 8
    for step in range(steps, 0, -1):
        grow = 1 + (MAX_GROWTH - 1) * step / steps
        if len(_touching(board, scale, scale / grow) - apart) <= TOUCHING * len(board.stations):
            return grow
    return 1.0


def _touching(board: Board, scale: float, zoom: float) -> set[tuple[int, int]]:
    """The pairs of stations whose numbers touch on a zoom at ``zoom`` with marks at ``scale``."""
    left, top, right, bottom = layout(board, BASE_WIDTH).map_box
    lay = Layout(board, 1, 1, scale, 0, (left * zoom, top * zoom, right * zoom, bottom * zoom), 1)  # type: ignore[arg-type]
    boxes = sorted(number_boxes(lay).items(), key=lambda item: item[1][0])
    out = set()
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            if other[0] >= box[2]:
                break  # sorted by left edge: none further on reaches back
            if other[1] < box[3] and box[1] < other[3]:
                out.add((min(a, b), max(a, b)))
    return out


def plan_zoom(view: PublicView) -> ZoomPlan:
    """Where the zoom's windows go: as few as hold every detective and bobby (and, when it fits,
    every station Mr. X may be at) at a scale where station numbers read on a phone."""
    full = layout(view.board, BASE_WIDTH)
    hunters = [(p.id, full.xy(p.station)) for p in view.pawns if p.role != "mrx" and p.station is not None]
    mrx = [full.xy(s) for s in _mrx_stations(view)]
    items: list[_Item] = [_Item((name,), _box([at], PAWN_ROOM)) for name, at in hunters]
    if mrx:
        items.append(_Item((), _box(mrx, STATION_ROOM), mrx=True))
    if not items:  # nothing to follow: the middle of the board
        left, top, right, bottom = full.map_box
        items.append(_Item((), _box([((left + right) / 2, (top + bottom) / 2)], PAWN_ROOM)))
    scale = label_scale()
    grow = growth(view.board)
    best: tuple[tuple, tuple[int, ...], list[_Item], float] | None = None
    for rows in ARRANGEMENTS:
        if best is not None and best[0][:2] == (True, True) and sum(rows) > -best[0][2]:
            break  # every pawn and Mr. X's stations fit in fewer windows
        slots = _slots(rows)
        for blocks in _groupings(items, len(slots)):
            most = _fit(blocks, slots)
            readable = most >= scale / grow
            covers_mrx = not mrx or any(b.mrx for b in blocks)
            key = (readable, covers_mrx, -len(slots), most)
            if best is None or key > best[0]:
                best = (key, rows, blocks, most)
    assert best is not None
    _, rows, blocks, most = best
    # as close as the numbers need (or the blocks allow), as far as shows MORE_ROOM around the blocks
    zoom = min(most, max(scale / grow, min(scale, _fit(blocks, _slots(rows), MORE_ROOM))))
    return _place(view.board, rows, blocks, zoom, scale, mrx)


@dataclass(frozen=True)
class _Item:
    pawns: tuple[str, ...]
    box: Box
    mrx: bool = False


def _box(points: Sequence[Point], room: float) -> Box:
    """The box around ``points`` with ``room`` to spare on each side."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - room, min(ys) - room, max(xs) + room, max(ys) + room


def _union(items: Sequence[_Item]) -> _Item:
    boxes = [i.box for i in items]
    return _Item(tuple(p for i in items for p in i.pawns),
                 (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                  max(b[3] for b in boxes)), any(i.mrx for i in items))


def _mrx_stations(view: PublicView) -> list[int]:
    """The stations the zoom should show for Mr. X: where he stands if shown, else where he may be."""
    if view.mrx_shown is not None:
        return [view.mrx_shown]
    if view.outcome is not None:
        return [view.route[-1]] if view.route else []
    if view.possible:
        return sorted(view.possible)
    return [view.last_reveal[1]] if view.last_reveal else []


def _slots(rows: tuple[int, ...]) -> list[tuple[float, float]]:
    """(width, greatest height) of each window of an arrangement, in picture pixels."""
    tallest = (ZOOM_WIDTH * TALLEST - HEADER - GAP * (len(rows) - 1)) / len(rows)
    return [((ZOOM_WIDTH - GAP * (n - 1)) / n, tallest) for n in rows for _ in range(n)]


def _groupings(items: list[_Item], count: int) -> Iterator[list[_Item]]:
    """Every way to split ``items`` into ``count`` groups, each as one item; Mr. X's stations may
    also be left out (the windows then show the nearest of them)."""
    with_mrx = [items] + ([[i for i in items if not i.mrx]] if any(i.mrx for i in items) else [])
    for chosen in with_mrx:
        for groups in _partitions(len(chosen), count):
            yield [_union([chosen[i] for i in group]) for group in groups]


def _partitions(n: int, count: int) -> Iterator[list[list[int]]]:
    """Every split of range(n) into exactly ``count`` non-empty groups."""
    if count == 0:
        if n == 0:
            yield []
        return
    if n < count:
        return
    # item n-1 either is alone, or joins a group of a split of the others into ``count`` groups
    for groups in _partitions(n - 1, count - 1):
        yield groups + [[n - 1]]
    for groups in _partitions(n - 1, count):
        for i in range(count):
            yield [g + [n - 1] if j == i else g for j, g in enumerate(groups)]


def _fit(blocks: list[_Item], slots: list[tuple[float, float]], margin: float = 0.0) -> float:
    """The largest zoom at which each block, with ``margin`` more around it, fits a slot of its own
    (the widest block in the widest slot)."""
    need = sorted(((b.box[2] - b.box[0] + 2 * margin, b.box[3] - b.box[1] + 2 * margin) for b in blocks),
                  reverse=True)
    return min(min(w / nw, h / nh) for (nw, nh), (w, h) in zip(need, sorted(slots, reverse=True)))


def _place(board: Board, rows: tuple[int, ...], blocks: list[_Item], zoom: float, scale: float,
           mrx: list[Point]) -> ZoomPlan:
    """The windows of ``blocks`` on the picture, each cut around its block at ``zoom``."""
    full = layout(board, BASE_WIDTH)
    shortest = (ZOOM_WIDTH * FLATTEST - HEADER - GAP * (len(rows) - 1)) / len(rows)
    tallest = (ZOOM_WIDTH * TALLEST - HEADER - GAP * (len(rows) - 1)) / len(rows)
    need_h = max((b.box[3] - b.box[1] + 2 * MORE_ROOM) * zoom for b in blocks)
    row_h = math.floor(min(tallest, max(shortest, need_h)))
    height = HEADER + len(rows) * row_h + GAP * (len(rows) - 1)
    assigned = _assign(blocks, rows)
    windows = []
    y = HEADER
    for n in rows:
        w = round((ZOOM_WIDTH - GAP * (n - 1)) / n)
        x = 0
        for i in range(n):
            block = assigned[len(windows)]
            right = ZOOM_WIDTH if i == n - 1 else x + w
            crop = _crop(block, (right - x) / zoom, row_h / zoom, mrx, full)
            windows.append(Window(crop, (x, y, right, y + row_h), block.pawns, block.mrx))
            x = right + GAP
        y += row_h + GAP
    return ZoomPlan(ZOOM_WIDTH, height, scale, zoom, tuple(windows))


def _assign(blocks: list[_Item], rows: tuple[int, ...]) -> list[_Item]:
    """The blocks in the order of the windows, row by row: the widest in the full-width rows (as
    :func:`_fit` paired them), the others two to a row; each kind top to bottom, left to right."""
    full_rows = rows.count(1)
    if full_rows == len(rows):
        return sorted(blocks, key=_middle)
    widest_first = sorted(blocks, key=lambda b: b.box[0] - b.box[2])
    wide, narrow = widest_first[:full_rows], sorted(widest_first[full_rows:], key=_middle)
    pairs = [sorted(narrow[i:i + 2], key=lambda b: b.box[0]) for i in range(0, len(narrow), 2)]
    return [b for pair in pairs for b in pair] + sorted(wide, key=_middle)


def _middle(block: _Item) -> float:
    return block.box[1] + block.box[3]


def _crop(block: _Item, w: float, h: float, mrx: list[Point], full: Layout) -> Box:
    """A ``w`` by ``h`` part of the board around ``block``, slid (as little as it takes) to show the
    nearest of Mr. X's stations that it can show with the block, and kept on the board."""
    x0, y0, x1, y1 = block.box
    left, top = (x0 + x1 - w) / 2, (y0 + y1 - h) / 2
    if not block.mrx:
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        room = STATION_ROOM
        for tx, ty in sorted(mrx, key=lambda p: math.dist(p, centre)):
            xs = (max(x1, tx + room) - w, min(x0, tx - room))  # where the left edge may go
            ys = (max(y1, ty + room) - h, min(y0, ty - room))
            if xs[0] <= xs[1] and ys[0] <= ys[1]:
                left, top = min(max(left, xs[0]), xs[1]), min(max(top, ys[0]), ys[1])
                break
    area = (0, full.header, full.width, full.footer_top)  # the map and its margins
    left = _keep_on(left, w, area[0], area[2])
    top = _keep_on(top, h, area[1], area[3])
    return left, top, left + w, top + h


def _keep_on(start: float, size: float, low: float, high: float) -> float:
    if size >= high - low:
        return low - (size - (high - low)) / 2
    return min(max(start, low), high - size)

