"""Where a close-up's windows go: as few windows as hold everything it must show, at a scale where
station numbers read on a phone.

A close-up is a picture ZOOM_WIDTH px wide and between 4:3 and 4:5 (portrait), its windows in rows of
one to MAX_ROW, at most MAX_ROWS rows; each row is as tall as its tallest window needs. What it must
show comes in as items, each a box on the full-size board: a pawn with PAWN_ROOM around it, a
station with STATION_ROOM. :func:`plan_windows` merges the items into groups (first the two whose
union grows least) and takes the fewest groups that fit a window each at a readable scale::

    plan_windows(board, [item_around([at], PAWN_ROOM, pawns=("red",)), item_around([st], STATION_ROOM)])

Nothing here knows what the items are for: the public close-up and Mr. X's own (``zoom``) choose them.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Sequence

from PIL import Image, ImageDraw

from bot.games.london.engine import Board
from bot.games.london.pictures.layout import number_boxes
from bot.pictures import style
from bot.pictures.canvas import Box, Point
from bot.games.london.pictures.layout import BASE_WIDTH, Layout, layout, zoomed_layout

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
#: what a window shows around each pawn (PAWN_ROOM) and each station (STATION_ROOM) it is for, in
#: full-size board pixels, and up to MORE_ROOM more (about a ride) where the scale allows
PAWN_ROOM = 60.0
STATION_ROOM = 48.0
MORE_ROOM = 80.0
HEADER = 100
#: with more windows than FEW, the header also holds a small map of the whole board that marks where each
#: window lies (and is this much taller)
FEW = 3
OVERVIEW_HEADER = 190
GAP = 6
#: the picture is at most this much taller than wide (4:5) and at least this much (4:3)
TALLEST, FLATTEST = 5 / 4, 3 / 4
#: the most windows in a row, and the most rows (so at most 12 windows; a phone shows a window of a
#: row of three about 140 px wide)
MAX_ROW, MAX_ROWS = 3, 4
#: a split whose windows come this close to a readable scale is worth moving single items between
#: its groups for
NEARLY = 0.8


@dataclass(frozen=True)
class Item:
    """Something a close-up shows: a box on the full-size board, and the pawns it is for."""

    box: Box
    pawns: tuple[str, ...] = ()
    stations: tuple[int, ...] = ()


@dataclass(frozen=True)
class Window:
    """One part of the board on the close-up."""

    crop: Box  # the part of the board, in full-size board pixels
    slot: tuple[int, int, int, int]  # where it goes on the picture
    pawns: tuple[str, ...]  # the pawns it is cut for
    stations: tuple[int, ...]  # the stations it is cut for

    @property
    def size(self) -> tuple[int, int]:
        return self.slot[2] - self.slot[0], self.slot[3] - self.slot[1]


@dataclass(frozen=True)
class ZoomPlan:
    width: int
    height: int
    scale: float  # marks and numbers: picture pixels per full-size pixel of the board's style
    zoom: float  # distances: picture pixels per full-size board pixel
    windows: tuple[Window, ...]
    header: float = HEADER  # the header band's height (OVERVIEW_HEADER: with the small map of the board)

    @property
    def overview(self) -> bool:
        """Whether the header holds a small map of the whole board marking where each window lies."""
        return self.header >= OVERVIEW_HEADER

    def layout(self, board: Board, window: Window, tag_share: float = 1.0) -> Layout:
        """The layout that draws ``window``'s part of ``board`` on a picture the size of its slot."""
        return zoomed_layout(board, self.zoom, self.scale, self.origin(window), window.size, tag_share)

    def origin(self, window: Window) -> tuple[int, int]:
        """Where ``window``'s part starts on the whole board drawn at the plan's zoom, in pixels."""
        return round(window.crop[0] * self.zoom), round(window.crop[1] * self.zoom)

    def shows(self, board: Board, station: int) -> bool:
        """Whether a window of the plan shows ``station``."""
        x, y = layout(board, BASE_WIDTH).xy(station)
        return any(w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3] for w in self.windows)


def item_around(points: Sequence[Point], room: float, pawns: tuple[str, ...] = (),
                stations: tuple[int, ...] = ()) -> Item:
    """An item for ``points`` with ``room`` to spare on each side."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Item((min(xs) - room, min(ys) - room, max(xs) + room, max(ys) + room), pawns, stations)


# -- how large numbers must be ---------------------------------------------------------------------

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
    _, _, right, bottom = font.getbbox(DIGITS)
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
    # (the whole map on a picture of its own size, so that every station counts)
    box = (left * zoom, top * zoom, right * zoom, bottom * zoom)
    lay = Layout(board, math.ceil(box[2] + left * zoom), math.ceil(box[3] + top * zoom), scale, 0, box, 1)  # type: ignore[arg-type]
    boxes = sorted(number_boxes(lay).items(), key=lambda item: item[1][0])
    out = set()
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            if other[0] >= box[2]:
                break  # sorted by left edge: none further on reaches back
            if other[1] < box[3] and box[1] < other[3]:
                out.add((min(a, b), max(a, b)))
    return out


#: the zooms a close-up draws at are apart by this factor (from the closest, at ``label_scale``, to the
#: readable one): the map's tiles at each serve every close-up at that zoom (``tiles``)
ZOOM_STEP = 1.12


@lru_cache(maxsize=8)
def zoom_levels(board: Board) -> tuple[float, ...]:
    """The zooms a close-up of ``board`` is drawn at, closest first: from ``label_scale()`` (numbers as
    large against the map as on the full board) down by ZOOM_STEP, and the furthest readable one."""
    scale = label_scale()
    readable = scale / growth(board)
    out = [scale]
    while out[-1] / ZOOM_STEP > readable * (1 + 1e-9):
        out.append(out[-1] / ZOOM_STEP)
    return (*out, readable) if out[-1] > readable * (1 + 1e-9) else tuple(out)


# -- where the windows go ----------------------------------------------------------------------------

def plan_windows(board: Board, musts: Sequence[Item], wish: Item | None = None,
                 near: Sequence[Point] = (), header: float = HEADER) -> ZoomPlan | None:
    """The windows that show every item of ``musts`` (and ``wish`` too, where that keeps the
    numbers readable) in as few windows as keep the numbers readable; a window that is not cut for
    ``wish`` slides towards the nearest of the ``near`` points it can show as well. None when not
    even MAX_ROWS rows of MAX_ROW windows hold every item of ``musts`` at a readable scale."""
    scale = label_scale()
    readable = scale / growth(board)
    for chosen in ([*musts, wish], list(musts)) if wish is not None else (list(musts),):
        found = _fewest_windows(chosen, readable, header) if chosen else None
        if found is not None:
            groups, rows, most = found
            sizes = _sizes(groups)
            # as close as the numbers need (or the groups allow), as far as shows MORE_ROOM around them
            zoom = min(most, max(readable, min(scale, _rows_fit(sizes, rows, header, MORE_ROOM))))
            zoom = max(z for z in zoom_levels(board) if z <= zoom * (1 + 1e-9))
            plan = _place(board, groups, rows, zoom, scale, list(near), header)
            if len(plan.windows) > FEW and header < OVERVIEW_HEADER:  # room for the small map of the board
                return plan_windows(board, musts, wish, near, OVERVIEW_HEADER) or plan
            return plan
    if not musts:  # nothing to follow: the middle of the board
        left, top, right, bottom = layout(board, BASE_WIDTH).map_box
        return plan_windows(board, [item_around([((left + right) / 2, (top + bottom) / 2)], PAWN_ROOM)],
                            near=near)
    return None


def _fewest_windows(items: list[Item], readable: float, header: float = HEADER
                    ) -> tuple[list[Item], list[list[int]], float] | None:
    """The fewest groups of ``items`` that fit a window each at the ``readable`` zoom: the groups,
    their rows (lists of group indices) and the closest zoom they allow; None if no split does."""
    boxes = [i.box for i in items]
    merges, cuts = _merges(boxes), _cuts(boxes)
    for count in range(1, min(len(items), MAX_ROW * MAX_ROWS) + 1):
        best: tuple[float, list[list[int]], list[list[int]]] | None = None
        for split in (merges[count], cuts[count]):
            most, rows = _pack(_sizes_of(boxes, split), header)
            if NEARLY * readable <= most < readable:
                split = _improve(boxes, split, readable, header)
                most, rows = _pack(_sizes_of(boxes, split), header)
            if best is None or most > best[0]:
                best = (most, split, rows)
        most, split, rows = best  # type: ignore[misc]
        if most >= readable:
            return [_union([items[i] for i in group]) for group in split], rows, most
    return None


def _cuts(boxes: list[Box]) -> dict[int, list[list[int]]]:
    """For each number of groups, from one group of every box to a box a group: the groups (lists
    of box indices), the largest group cut in two at a time, across or down, where the two parts
    cover least."""
    groups = [list(range(len(boxes)))]
    out = {1: [list(groups[0])]}
    while len(groups) < len(boxes):
        g = max((g for g in range(len(groups)) if len(groups[g]) > 1),
                key=lambda g: _area(_cover([boxes[i] for i in groups[g]])))
        best = None
        for axis in (0, 1):
            order = sorted(groups[g], key=lambda i: (boxes[i][axis] + boxes[i][axis + 2], i))
            for cut in range(1, len(order)):
                a, b = order[:cut], order[cut:]
                cost = _area(_cover([boxes[i] for i in a])) + _area(_cover([boxes[i] for i in b]))
                if best is None or cost < best[0]:
                    best = (cost, a, b)
        _, a, b = best  # type: ignore[misc]
        groups[g:g + 1] = [a, b]
        out[len(groups)] = [list(x) for x in groups]
    return out


def _merges(boxes: list[Box]) -> dict[int, list[list[int]]]:
    """For each number of groups, from one box a group down to one group: the groups (lists of box
    indices), merged two at a time, the two whose union grows least over their own boxes first."""
    groups = [[i] for i in range(len(boxes))]
    covers = [tuple(b) for b in boxes]
    out = {len(groups): [list(g) for g in groups]}
    while len(groups) > 1:
        best = None
        for a in range(len(groups)):
            for b in range(a + 1, len(groups)):
                u = _cover((covers[a], covers[b]))
                cost = (_area(u) - _area(covers[a]) - _area(covers[b]), _area(u), a, b)
                if best is None or cost < best[0]:
                    best = (cost, a, b, u)
        _, a, b, u = best  # type: ignore[misc]
        groups[a] += groups.pop(b)
        covers[a] = u
        covers.pop(b)
        out[len(groups)] = [list(g) for g in groups]
    return out


def _improve(boxes: list[Box], split: list[list[int]], readable: float, header: float = HEADER) -> list[list[int]]:
    """``split`` after moving single boxes to other groups for as long as that lets the windows zoom
    closer (until they are readable)."""
    split = [list(g) for g in split]
    sizes = _sizes_of(boxes, split)
    most = _pack(sizes, header)[0]
    for _ in range(3 * len(boxes)):
        moved = False
        for a, group in enumerate(split):
            for i in list(group) if len(group) > 1 else ():
                for b in range(len(split)):
                    if b == a:
                        continue
                    trial = [[j for j in g if j != i] + ([i] if k == b else []) for k, g in enumerate(split)]
                    # (only groups a and b change: the others keep their sizes)
                    trial_sizes = list(sizes)
                    trial_sizes[a] = _size_of(boxes, trial[a])
                    trial_sizes[b] = _size_of(boxes, trial[b])
                    closer = _pack(trial_sizes, header)[0]
                    if closer > most + 1e-9:
                        split, sizes, most, moved = trial, trial_sizes, closer, True
                        break
                if moved:
                    break
            if moved:
                break
        if not moved or most >= readable:
            break
    return split


def _pack(sizes: list[tuple[float, float]], header: float = HEADER) -> tuple[float, list[list[int]]]:
    """The closest zoom at which windows of their own hold groups of ``sizes`` (width, height on the
    board), and the rows that allow it (lists of group indices): of every way to put that many
    windows in rows, the widest groups in the rows of fewest windows, and within rows of as many
    windows the tallest groups together."""
    by_width = sorted(range(len(sizes)), key=lambda g: -sizes[g][0])
    lower = [-h for _, h in sizes]  # (sort keys: the tallest first)
    best: tuple[float, list[list[int]]] = (0.0, [])
    for runs in _row_runs(len(sizes)):
        rows: list[list[int]] = []
        taken = 0
        for n, windows in runs:
            share = by_width[taken:taken + windows]
            taken += windows
            share.sort(key=lower.__getitem__)
            rows += [share[i:i + n] for i in range(0, windows, n)]
        most = _rows_fit(sizes, rows, header)
        if most > best[0]:
            best = (most, rows)
    return best


def _rows_fit(sizes: list[tuple[float, float]], rows: list[list[int]], header: float = HEADER,
              margin: float = 0.0) -> float:
    """The closest zoom at which ``rows`` of windows hold their groups, with ``margin`` more around
    each: each group within its window's width, the rows (each as tall as its tallest group) within
    the tallest picture. (Plain loops: the close-up's plan calls this thousands of times.)"""
    across = math.inf
    tall = 0.0
    for row in rows:
        widest = tallest = 0.0
        for g in row:
            w, h = sizes[g]
            if w > widest:
                widest = w
            if h > tallest:
                tallest = h
        fits = _WINDOW_WIDTHS[len(row)] / (widest + 2 * margin)
        if fits < across:
            across = fits
        tall += tallest + 2 * margin
    room = ZOOM_WIDTH * TALLEST - header - GAP * (len(rows) - 1)
    return min(across, room / tall)


@cache
def _shapes(count: int) -> tuple[tuple[int, ...], ...]:
    """Every way to put ``count`` windows in at most MAX_ROWS rows of at most MAX_ROW windows (as
    the windows of each row, most first)."""
    out: list[tuple[int, ...]] = []

    def rows(left: int, most: int, so_far: tuple[int, ...]) -> None:
        if left == 0:
            out.append(so_far)
        elif len(so_far) < MAX_ROWS:
            for n in range(min(MAX_ROW, most, left), 0, -1):
                rows(left - n, n, so_far + (n,))

    rows(count, MAX_ROW, ())
    return tuple(out)


@cache
def _row_runs(count: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each shape of :func:`_shapes` as runs of rows alike, those of fewest windows first: (windows a row,
    windows in such rows)."""
    return tuple(tuple((n, n * shape.count(n)) for n in sorted(set(shape))) for shape in _shapes(count))


def _window_width(per_row: int) -> float:
    return (ZOOM_WIDTH - GAP * (per_row - 1)) / per_row


#: a window's width in rows of 1 to MAX_ROW windows (by that number: ``_rows_fit`` looks it up thousands of times)
_WINDOW_WIDTHS = (math.nan, *(_window_width(n) for n in range(1, MAX_ROW + 1)))


def _sizes(groups: Sequence[Item]) -> list[tuple[float, float]]:
    return [(g.box[2] - g.box[0], g.box[3] - g.box[1]) for g in groups]


def _sizes_of(boxes: list[Box], split: list[list[int]]) -> list[tuple[float, float]]:
    return [_size_of(boxes, group) for group in split]


def _size_of(boxes: list[Box], group: list[int]) -> tuple[float, float]:
    """The width and height of the box around the ``group``'s boxes."""
    box = _cover([boxes[i] for i in group])
    return box[2] - box[0], box[3] - box[1]


def _cover(boxes: Sequence[Box]) -> Box:
    x0, y0, x1, y1 = boxes[0]
    for a, b, c, d in boxes[1:]:
        if a < x0:
            x0 = a
        if b < y0:
            y0 = b
        if c > x1:
            x1 = c
        if d > y1:
            y1 = d
    return (x0, y0, x1, y1)


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _union(items: Sequence[Item]) -> Item:
    return Item(_cover([i.box for i in items]), tuple(p for i in items for p in i.pawns),
                tuple(s for i in items for s in i.stations))


def _place(board: Board, groups: list[Item], rows: list[list[int]], zoom: float, scale: float,
           near: list[Point], header: float = HEADER) -> ZoomPlan:
    """The windows of ``groups`` on the picture at ``zoom``: the rows top to bottom as their groups
    lie on the board, each as tall as its tallest group needs plus as much of MORE_ROOM as the
    picture has room for, each window cut around its group."""
    full = layout(board, BASE_WIDTH)
    sizes = _sizes(groups)
    rows = sorted(([g for g in sorted(row, key=lambda g: groups[g].box[0] + groups[g].box[2])] for row in rows),
                  key=lambda row: sum(_middle(groups[g]) for g in row) / len(row))
    gaps = GAP * (len(rows) - 1)
    need = [max(sizes[g][1] for g in row) * zoom for row in rows]
    want = [max(sizes[g][1] + 2 * MORE_ROOM for g in row) * zoom for row in rows]
    spare = ZOOM_WIDTH * TALLEST - header - gaps - sum(need)
    more = sum(want) - sum(need)
    heights = [n + (w - n) * min(1.0, spare / more) if more > 0 else n for n, w in zip(need, want)]
    least = ZOOM_WIDTH * FLATTEST - header - gaps
    if sum(heights) < least:  # no flatter than 4:3: the rows show more of the board
        heights = [h * least / sum(heights) for h in heights]
    cells, crops = [], []
    y = header
    for row, h in zip(rows, heights):
        row_h = math.floor(h)
        w = round(_window_width(len(row)))
        x = 0
        for i, g in enumerate(row):
            right = ZOOM_WIDTH if i == len(row) - 1 else x + w
            cells.append((g, (x, y, right, y + row_h)))
            crops.append(_crop(groups[g], (right - x) / zoom, row_h / zoom, near, full))
            x = right + GAP
        y += row_h + GAP
    parts = _apart(board, crops, [groups[g].box for g, _ in cells], zoom, scale)
    windows = []
    for (g, cell), crop, part in zip(cells, crops, parts):
        # on whole pixels of the board drawn at the zoom (the tiles the window is cut from), where the part
        # lay in its cell before its edges were drawn in
        ox, oy = round(crop[0] * zoom), round(crop[1] * zoom)
        x0, y0 = round(part[0] * zoom), round(part[1] * zoom)
        w, h = cell[2] - cell[0], cell[3] - cell[1]
        x1, y1 = min(round(part[2] * zoom), x0 + w), min(round(part[3] * zoom), y0 + h)
        dx, dy = min(max(x0 - ox, 0), w - (x1 - x0)), min(max(y0 - oy, 0), h - (y1 - y0))  # (slid: kept in its cell)
        slot = (cell[0] + dx, cell[1] + dy, cell[0] + dx + x1 - x0, cell[1] + dy + y1 - y0)
        windows.append(Window((x0 / zoom, y0 / zoom, x1 / zoom, y1 / zoom), slot, groups[g].pawns, groups[g].stations))
    return ZoomPlan(ZOOM_WIDTH, y - GAP, scale, zoom, tuple(windows), header)


#: what a station takes on a close-up around its circle, in the style's full-size pixels: a pink or orange
#: ring (a gap and a line)
RING_ROOM = 8.0


def _apart(board: Board, crops: list[Box], musts: list[Box], zoom: float, scale: float) -> list[Box]:
    """The part of each crop its window shows: its edges drawn in (never into what it ``musts`` show) until
    none cuts a station's circle or ring, and two windows that would show the same part of the board cut
    apart along a line that cuts no station either. So no station is shown in part, or twice (where a
    window's must cannot avoid it, the edge stays where it was)."""
    full = layout(board, BASE_WIDTH)
    stations = [(x, y, (outer + RING_ROOM) * scale / zoom) for x, y, outer in _station_reaches(board)]
    parts = []
    for crop, must in zip(crops, musts):
        must = (max(must[0], crop[0]), max(must[1], crop[1]), min(must[2], crop[2]), min(must[3], crop[3]))
        x0, x1 = _clear(crop[0], crop[2], must[0], must[2],
                        [(x - r, x + r) for x, y, r in stations if y + r > crop[1] and y - r < crop[3]],
                        (0, full.width))
        y0, y1 = _clear(crop[1], crop[3], must[1], must[3],
                        [(y - r, y + r) for x, y, r in stations if x + r > x0 and x - r < x1],
                        (full.header, full.footer_top))
        parts.append((x0, y0, x1, y1))
    # Where what two windows must show overlaps both ways, the line may cut into the room around their
    # pawns and stations (SHRINK of it at most): they still stand whole in their windows.
    for shrink in (0.0, *SHRINK):
        inner = [(m[0] + shrink, m[1] + shrink, m[2] - shrink, m[3] - shrink) for m in musts]
        stuck: set[tuple[int, int]] = set()
        for _ in range(len(parts) ** 2):
            pair = next(((i, j) for i in range(len(parts)) for j in range(i + 1, len(parts))
                         if (i, j) not in stuck and _overlap(parts[i], parts[j])), None)
            if pair is None:
                break
            if not _cut_apart(parts, inner, pair, stations):
                stuck.add(pair)
        if not stuck:
            break
    return parts


@lru_cache(maxsize=8)
def _station_reaches(board: Board) -> tuple[tuple[float, float, float], ...]:
    """Each station's centre on the full-size board and the radius its circle covers in the style's
    full-size pixels (worked out once: every close-up's plan needs them)."""
    full = layout(board, BASE_WIDTH)
    return tuple((*full.xy(sid), full.outer(sid) / full.scale) for sid in board.stations)


#: how far into the room around what two windows must show a line between them may cut, in full-size
#: board pixels, tried in turn (a pawn's disc is about 35 of them on a close-up, its room 60)
SHRINK = (12.0, 24.0)


def _clear(low: float, high: float, need_low: float, need_high: float, spans: list[tuple[float, float]],
           area: tuple[float, float]) -> tuple[float, float]:
    """The widest stretch no longer than ``low``-``high`` that holds ``need_low``-``need_high``, stays in
    ``area`` (or no further out than ``low``-``high``), and whose ends lie inside no span: slid, or drawn
    in past the spans it would cut, or out to take a span whole; the nearest to ``low`` of the widest.
    Where none is, ``low``-``high`` as they were."""
    width = high - low
    lowest, highest = min(area[0], low), max(area[1], high)
    # The spans' union, as open stretches apart from one another (a point inside a span lies inside one of
    # them, found by bisection: a close-up's plan checks hundreds of points against hundreds of spans)
    lefts, rights = _open_union(spans)
    best = None
    for start in sorted({low, need_low, *(v for span in spans for v in span)}):
        if not (need_high - width - 1e-9 <= start <= need_low + 1e-9 and start >= lowest - 1e-9):
            continue
        i = bisect_left(lefts, start) - 1
        if i >= 0 and start < rights[i]:
            continue  # (inside a span)
        end = min(start + width, highest)
        i = bisect_left(lefts, end) - 1
        if i >= 0 and end < rights[i]:
            end = lefts[i]  # drawn in past every span it cuts: they overlap one another back to there
        if end < need_high - 1e-9:
            continue
        key = (round(end - start, 6), -abs(start - low))
        if best is None or key > best[0]:
            best = (key, start, end)
    if best is None or best[2] - best[1] < width - max(TRIM, TRIM_SHARE * width):
        return low, high  # (drawn in further, a window would look lost in its frame: stations left off instead)
    return best[1], best[2]


def _open_union(spans: list[tuple[float, float]]) -> tuple[list[float], list[float]]:
    """The union of the open ``spans`` as open stretches in order (their left ends, their right ends) that
    share no point: spans that only touch stay apart, as the point where they touch lies inside neither."""
    lefts: list[float] = []
    rights: list[float] = []
    for a, b in sorted(spans):
        if rights and a < rights[-1]:
            if b > rights[-1]:
                rights[-1] = b
        else:
            lefts.append(a)
            rights.append(b)
    return lefts, rights


#: how much narrower a window's part may become so that its edges cut no station, in full-size board
#: pixels or as a share of the window (the larger)
TRIM, TRIM_SHARE = 24.0, 0.06


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _cut_apart(parts: list[Box], musts: list[Box], pair: tuple[int, int], stations) -> bool:
    """Cut the two overlapping ``parts`` of ``pair`` apart along a line across or down their overlap, between
    what each must show: one that cuts fewest stations (none, mostly), then loses least. False when what
    they must show overlaps both ways."""
    i, j = pair
    best = None
    for axis in (0, 1):
        first, second = (i, j) if musts[i][axis] + musts[i][axis + 2] <= musts[j][axis] + musts[j][axis + 2] else (j, i)
        a, b = parts[first], parts[second]
        low = max(musts[first][axis + 2], b[axis])  # the line lies past what the first must show...
        high = min(musts[second][axis], a[axis + 2])  # ...and before what the second must show
        other = 1 - axis
        across = (min(a[other], b[other]), max(a[other + 2], b[other + 2]))
        spans = [((x, y)[axis] - r, (x, y)[axis] + r) for x, y, r in stations
                 if (x, y)[other] + r > across[0] and (x, y)[other] - r < across[1]]
        for line in sorted(_lines(low, high, spans), key=lambda c: (sum(a_ < c < b_ for a_, b_ in spans),
                                                                     abs(c - (b[axis] + a[axis + 2]) / 2))):
            cut = sum(a_ < line < b_ for a_, b_ in spans)
            lost = (a[axis + 2] - line) * (a[other + 2] - a[other]) + (line - b[axis]) * (b[other + 2] - b[other])
            if best is None or (cut, lost) < best[0]:
                best = ((cut, lost), axis, first, second, line)
            break
    if best is None:
        return False
    _, axis, first, second, line = best
    a, b = list(parts[first]), list(parts[second])
    a[axis + 2], b[axis] = line, line
    parts[first], parts[second] = tuple(a), tuple(b)  # type: ignore[assignment]
    return True


def _lines(low: float, high: float, spans: list[tuple[float, float]]) -> list[float]:
    """Where a line between ``low`` and ``high`` may lie: the ends, the middle and each span's ends between
    them (a line that cuts a span leaves that station off both windows)."""
    if low > high:
        return []
    return [low, high, (low + high) / 2] + [v for span in spans for v in span if low <= v <= high]


def _middle(block: Item) -> float:
    return block.box[1] + block.box[3]


def _crop(block: Item, w: float, h: float, near: list[Point], full: Layout) -> Box:
    """A ``w`` by ``h`` part of the board around ``block``, slid (as little as it takes) to show the
    nearest of the ``near`` points that it can show with the block, and kept on the board."""
    x0, y0, x1, y1 = block.box
    left, top = (x0 + x1 - w) / 2, (y0 + y1 - h) / 2
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    room = STATION_ROOM
    for tx, ty in sorted(near, key=lambda p: math.dist(p, centre)):
        if x0 + room <= tx <= x1 - room and y0 + room <= ty <= y1 - room:
            break  # the block shows one already
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
