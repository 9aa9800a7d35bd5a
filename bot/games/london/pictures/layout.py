"""Where things go on a London-style board picture: a board's 0..1 station places in pixels, and
where the base map writes each station's number (the boxes later labels keep clear of)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.games.london.engine import Board
from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.pictures.canvas import Box, Point
from bot.pictures.headline import Look

#: full-size picture width; every size in the style is in pixels at this width
BASE_WIDTH = 2000
#: the width a board picture is drawn at, unless asked otherwise: as wide as a screen shows it (Discord's
#: viewer fits a board to the window's height, about 1000 px; a phone shows it 420 px wide), where a station
#: number is still 14 px tall; narrower than BASE_WIDTH, so that every board is quicker to draw and write
BOARD_WIDTH = 1600


FOOTER = 150


MARGIN = 46  # between the map's outermost stations and the image edge


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
    #: name tags' size against ``scale`` (smaller on the zoom, whose numbers are large)
    tag_share: float = 1.0

    @property
    def tag_scale(self) -> float:
        return self.scale * self.tag_share

    def px(self, n: float) -> int:
        """A full-size length in pixels at this picture's scale (at least 1)."""
        return max(1, round(n * self.scale))

    def xy(self, station: int) -> Point:
        s = self.board.stations[station]
        left, top, right, bottom = self.map_box
        return left + s.x * (right - left), top + s.y * (bottom - top)

    def radius(self, station: int) -> float:
        """A station circle's outer radius: stops of the bigger transports are bigger."""
        return board_style.station_radius(self.board, station) * self.scale

    def number_boxes(self) -> dict[int, Box]:
        """Where the base map writes each station's number (what shared marks keep clear of)."""
        return number_boxes(self)

    def place_name_boxes(self) -> tuple[Box, ...]:
        """Where the base map writes the board's place names (what name tags keep clear of where they can)."""
        return tuple(box for _, _, box in place_names(self))

    def outer(self, station: int) -> float:
        """The radius a station covers, a pier's dark rim included."""
        pier = board_style.is_pier(self.board, station)
        return self.radius(station) + (style.PIER_RIM * self.scale if pier else 0)


def header_look(width: int) -> Look:
    """The sizes of a board picture's header, ``width`` pixels wide: its words read at a phone's width."""
    s = width / BASE_WIDTH
    return Look(width, margin=28 * s, top=12 * s, title=round(64 * s), line=round(48 * s), first=94 * s,
                leading=56 * s, lines=3, brand=round(28 * s))


@lru_cache(maxsize=8)
def layout(board: Board, width: int = BASE_WIDTH) -> Layout:
    scale = width / BASE_WIDTH
    header, margin, footer = header_look(width).height, round(MARGIN * scale), round(FOOTER * scale)
    map_w = width - 2 * margin
    map_h = round(map_w / board.aspect)
    top = header + margin
    footer_top = top + map_h + margin
    return Layout(board, width, footer_top + footer, scale, header,
                  (margin, top, margin + map_w, top + map_h), footer_top)


def zoomed_layout(board: Board, zoom: float, scale: float, origin: tuple[int, int], size: tuple[int, int],
                  tag_share: float = 1.0) -> Layout:
    """The layout of a ``size`` part of ``board`` drawn at ``zoom`` (picture pixels per full-size board
    pixel) with marks at ``scale``, whose top left corner is ``origin`` on the whole board drawn at that
    zoom."""
    left, top, right, bottom = layout(board, BASE_WIDTH).map_box
    x0, y0 = origin
    box = (left * zoom - x0, top * zoom - y0, right * zoom - x0, bottom * zoom - y0)
    return Layout(board, size[0], size[1], scale, 0, box, size[1], tag_share)  # type: ignore[arg-type]


#: how far off a picture a station's number still counts, in pixels at the style's full size
NEAR = 60.0


@lru_cache(maxsize=16)
def number_boxes(lay: Layout) -> dict[int, Box]:
    """Where the base map writes each station's number (left, top, right, bottom, a pixel to
    spare): the boxes that labels placed later keep clear of; of the stations on the picture or near it."""
    size = lay.px(style.STATION_FONT)
    out = {}
    m = NEAR * lay.scale
    map_left, map_top, map_right, map_bottom = lay.map_box
    lift = lay.px(0.5)
    for sid, station in lay.board.stations.items():
        # (lay.xy written out, the number half a pixel lower: a close-up asks this of every station for each window)
        x = map_left + station.x * (map_right - map_left)
        y = map_top + station.y * (map_bottom - map_top) + lift
        if not (-m < x < lay.width + m and -m < y < lay.height + m):
            continue  # (off a close-up's window: no matter for its labels)
        left, top, right, bottom = _extent(str(sid), size)
        out[sid] = (x + left - 1, y + top - 1, x + right + 1, y + bottom + 1)
    return out


@lru_cache(maxsize=4096)
def _extent(text: str, size: int) -> tuple[int, int, int, int]:
    return style.font(size, "condensed").getbbox(text, anchor="mm")



#: how far a place name may move from the spot its board file gives, in steps of a quarter of its font
#: size down or up and of half its font size across (up to 4 and 8 font sizes): the nearest free spot is
#: taken
PLACE_NAME_REACH = 16


@lru_cache(maxsize=1)
def _place_name_steps() -> tuple[tuple[float, float], ...]:
    """(across, down) of each spot a place name may move to, in its font size, the nearest first."""
    steps = [(dx / 2, dy / 4) for dx in range(-PLACE_NAME_REACH, PLACE_NAME_REACH + 1)
             for dy in range(-PLACE_NAME_REACH, PLACE_NAME_REACH + 1)]
    return tuple(sorted(steps, key=lambda d: (d[0] ** 2 + d[1] ** 2, abs(d[1]), d)))


@lru_cache(maxsize=16)
def place_names(lay: Layout) -> tuple[tuple[str, Point, Box], ...]:
    """Each place name the board file gives (Hauptbahnhof, Park Sanssouci, ...) as (text, centre, box):
    where the file says, or the nearest spot where its letters cover no station's circle (the paper-coloured
    rim they are written with may pass under a station's edge) and no other name (the box takes in the rim).
    Every name
    lies wholly on the picture: on a close-up's window a name is left out when the spot the file gives
    lies outside the window, or no spot within its reach is free."""
    left, top, right, bottom = lay.map_box
    size = lay.px(style.LANDMARK_FONT)
    rim = lay.px(3)
    out: list[tuple[str, Point, Box]] = []
    for mark in lay.board.landmarks:
        x, y = left + mark.x * (right - left), top + mark.y * (bottom - top)
        if not (0 <= x <= lay.width and lay.header <= y <= lay.footer_top):
            continue
        l, t, r, b = style.font(size, "bold").getbbox(mark.text, anchor="mm")
        reach = PLACE_NAME_REACH / 2 * size + (r - l)
        circles = [_circle(cx, cy, lay.outer(sid)) for sid, (cx, cy) in _centres(lay)
                   if abs(cx - x) < reach and abs(cy - y) < reach]
        for dx, dy in _place_name_steps():
            sx, sy = x + dx * size, y + dy * size
            box = (sx + l - rim, sy + t - rim, sx + r + rim, sy + b + rim)
            if (box[0] >= 0 and box[2] <= lay.width and box[1] >= lay.header and box[3] <= lay.footer_top
                    and not _meets_any((sx + l, sy + t, sx + r, sy + b), circles)
                    and not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3]
                                for _, _, o in out)):
                out.append((mark.text, (sx, sy), box))
                break
    return tuple(out)


def _centres(lay: Layout) -> list[tuple[int, Point]]:
    return [(sid, lay.xy(sid)) for sid in lay.board.stations]


def _box_meets_circle(box: Box, circle: tuple[float, float, float]) -> bool:
    cx, cy, r = circle[:3]
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _circle(cx: float, cy: float, r: float) -> tuple[float, ...]:
    """A station's circle (centre, radius) and the square around it a pixel wider on each side (left, top,
    right, bottom): a box that misses the square misses the circle by more than rounding could change."""
    return cx, cy, r, cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1


def _meets_any(box: Box, circles: list[tuple[float, ...]]) -> bool:
    """Whether ``box`` meets any of the ``circles`` (:func:`_box_meets_circle`, asked only of the circles
    whose square it meets: a place name tries hundreds of spots among dozens of stations)."""
    x0, y0, x1, y1 = box
    for circle in circles:
        if circle[3] < x1 and x0 < circle[5] and circle[4] < y1 and y0 < circle[6] and _box_meets_circle(box, circle):
            return True
    return False
