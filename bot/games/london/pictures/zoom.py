"""The close-ups for phones: the parts of the board that matter this round, large enough to read.

A phone shows the 1600 px board about 420 px wide, where a station number is under 4 px tall. A close-up
cuts out what matters and draws it at a scale where a station number is at least ``MIN_LABEL_PX``
tall when the whole picture is shown ``PHONE_WIDTH`` px wide, in as many windows as that takes
(``windows``)::

    render_zoom(state.public_view())    # every detective and bobby, and where Mr. X may be
    render_mrx_zoom(state.mrx_view())   # Mr. X's own: where he is and where each ticket takes him
    possible_stations(view)             # the stations Mr. X may be at that the close-up shows, for the text

The public close-up is drawn from the :class:`~bot.games.london.engine.PublicView` alone: its windows
follow the pawns and the stations Mr. X may be at, never his hidden station. Mr. X's close-up takes
his :class:`~bot.games.london.engine.MrXView` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from PIL import Image

from bot.games.london.engine import MRX, MrXView, PublicView
from bot.games.london.pictures.basemap import base_map, base_palette, station_sprite, write_place_names
from bot.games.london.pictures.tiles import map_part
from bot.games.london.pictures.board import expect, mrx_marks, mrx_title, public_marks
from bot.games.london.pictures.panels import EN, status
from bot.games.london.pictures.windows import (  # noqa: F401  (PHONE_WIDTH to label_scale: the figures tests read)
    PAWN_ROOM,
    PHONE_WIDTH,
    STATION_ROOM,
    Item,
    ZoomPlan,
    growth,
    item_around,
    label_px,
    label_scale,
    plan_windows,
)
from bot.i18n import Speaker
from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.pictures.canvas import Picture
from bot.pictures.headline import Look, fit_lines
from bot.pictures.marks import near_picture, tag_sprite
from bot.games.london.pictures.layout import BASE_WIDTH, BOARD_WIDTH, MARGIN, Layout, layout

#: up to this many stations Mr. X may be at, the close-up shows every one of them (more are spread
#: over the board early in the game: then the windows show those near the pawns)
MAX_SHOWN = 12
#: what a window shows below a station Mr. X can reach, for the ticket dots under it
DOTS_ROOM = 72.0
#: name tags' size against the numbers' (on the zoom the numbers are large, the names need not be)
TAG_SHARE = 0.75


@dataclass(frozen=True)
class Zoom:
    """A drawn close-up: the whole picture, and each window as drawn (with its tags) before it was pasted."""

    plan: ZoomPlan
    picture: Picture
    windows: tuple[Picture, ...]


# -- the public close-up ------------------------------------------------------------------------------

def render_zoom(view: PublicView, *, tracker: bool = True, language: str = "en") -> bytes:
    """The phone picture: the detectives and where Mr. X may be (pink rings with ``tracker``),
    zoomed until the station numbers are easy to read on a phone; its words in ``language``."""
    return draw_zoom(view, tracker=tracker, tr=board_style.words_for(view, language)).picture.png()


def draw_zoom(view: PublicView, *, tracker: bool = True, tr: Speaker = EN) -> Zoom:
    expect(view, PublicView, "render_zoom", "state.public_view()")
    return _draw(plan_zoom(view), view.board, (status(view, tr), mrx_line(view, tr)),
                 lambda part, lay: public_marks(part, lay, view, tracker=tracker, brief=True, tr=tr))


def plan_zoom(view: PublicView) -> ZoomPlan:
    """Where the public close-up's windows go: as few as hold every detective and bobby and every
    station Mr. X may be at (when there are at most MAX_SHOWN) at a scale where numbers read on a
    phone; with more stations, or stations too spread for even the most windows to show at that
    scale, the windows take in those near the pawns."""
    full = layout(view.board, BASE_WIDTH)
    musts = [item_around([full.xy(p.station)], PAWN_ROOM, pawns=(p.id,)) for p in _hunters(view)]
    stations = _mrx_stations(view)
    plan = None
    if len(stations) <= MAX_SHOWN:
        plan = plan_windows(view.board, musts + [item_around([full.xy(s)], STATION_ROOM, stations=(s,))
                                                 for s in stations])
    if plan is None:  # too many, or too spread to read (the start cards, before his first move)
        points = [full.xy(s) for s in stations]
        wish = item_around(points, STATION_ROOM, stations=tuple(stations)) if points else None
        plan = plan_windows(view.board, musts, wish=wish, near=points)
    assert plan is not None  # a window for each pawn is readable
    return plan


def possible_stations(view: PublicView) -> tuple[int, ...]:
    """The stations Mr. X may be at, in order, while there are at most MAX_SHOWN and he is out of
    sight: for the round's text ("Mr. X may be at 1, 123 or 144"). The close-up shows every one of
    them, unless they lie too far apart for readable windows (the start cards before his first
    move, on Potsdam): :func:`stations_left_out` says which. Empty when he stands in plain sight,
    the game is over, or there are too many to name."""
    expect(view, PublicView, "possible_stations", "state.public_view()")
    if view.outcome is not None or view.mrx_shown is not None or len(view.possible) > MAX_SHOWN:
        return ()
    return tuple(sorted(view.possible))


def stations_left_out(view: PublicView) -> tuple[int, ...]:
    """The stations of :func:`possible_stations` that no window of the close-up shows: none, but
    where they lie too far apart for readable windows (``bench/bench_render.py`` counts them)."""
    plan = plan_zoom(view)
    return tuple(s for s in possible_stations(view) if not plan.shows(view.board, s))


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


def _hunters(view: PublicView):
    return [p for p in view.pawns if p.role != "mrx" and p.station is not None]


def _mrx_stations(view: PublicView) -> list[int]:
    """The stations the close-up should show for Mr. X: where he stands if shown, else where he may be."""
    if view.mrx_shown is not None:
        return [view.mrx_shown]
    if view.outcome is not None:
        return [view.route[-1]] if view.route else []
    if view.possible:
        return sorted(view.possible)
    return [view.last_reveal[1]] if view.last_reveal else []


# -- Mr. X's close-up ---------------------------------------------------------------------------------

def render_mrx_zoom(view: MrXView, *, language: str = "en") -> bytes:
    """Mr. X's phone picture, for his DMs: where he is, where each ticket can take him now (orange
    rings, ticket dots) and the detectives near them; its words in ``language``."""
    return draw_mrx_zoom(view, tr=board_style.words_for(view, language)).picture.png()


def draw_mrx_zoom(view: MrXView, *, tr: Speaker = EN) -> Zoom:
    expect(view, MrXView, "render_mrx_zoom", "state.mrx_view()")
    details = [tr._("You are at {station}").format(station=view.station)]
    if view.reachable():
        details.append(tr._("Orange: where you can go"))
    if view.can_double:
        details.append(tr._("double move ready"))
    return _draw(plan_mrx_zoom(view), view.public.board, (mrx_title(view, tr), " · ".join(details)),
                 lambda part, lay: mrx_marks(part, lay, view, brief=True, tr=tr))


def plan_mrx_zoom(view: MrXView) -> ZoomPlan:
    """Where Mr. X's close-up's windows go: his station and every station a ticket can take him to
    (with room for the ticket dots under it); while he cannot move, the detectives instead."""
    expect(view, MrXView, "plan_mrx_zoom", "state.mrx_view()")
    pub = view.public
    full = layout(pub.board, BASE_WIDTH)
    musts = [item_around([full.xy(view.station)], PAWN_ROOM, pawns=(MRX,), stations=(view.station,))]
    reachable = view.reachable()
    for station in reachable:
        x, y = full.xy(station)
        musts.append(Item((x - STATION_ROOM, y - STATION_ROOM, x + STATION_ROOM, y + DOTS_ROOM), (), (station,)))
    if not reachable:
        musts += [item_around([full.xy(p.station)], PAWN_ROOM, pawns=(p.id,)) for p in _hunters(pub)]
    plan = plan_windows(pub.board, musts)
    if plan is None:  # too spread to read: his station, and the windows slide towards the rest
        plan = plan_windows(pub.board, musts[:1], near=[full.xy(s) for s in reachable])
    assert plan is not None
    return plan


# -- drawing --------------------------------------------------------------------------------------------

def _draw(plan: ZoomPlan, board, header: tuple[str, str], marks: Callable[[Picture, Layout], object]) -> Zoom:
    """The close-up of ``plan``: the ``header``'s two lines above, each window's part of the map (cut
    from the map's tiles at the plan's zoom) with ``marks`` drawn on it."""
    palette = base_palette(board, BOARD_WIDTH).palette
    backdrop = Image.new("P", (plan.width, plan.height), _panel_index(board))
    backdrop.putpalette(palette.getpalette())
    pic = Picture(Image.new("RGB", (plan.width, plan.height), style.PANEL), palette=palette, indexed=backdrop,
                  fresh=True)
    x = 22
    title, details = header
    drawn = []
    lays = [plan.layout(board, window, TAG_SHARE) for window in plan.windows]
    for number, (window, lay, shown) in enumerate(zip(plan.windows, lays, shown_stations(lays)), 1):
        ox, oy = plan.origin(window)
        colour, mapped = map_part(board, plan.zoom, plan.scale, (ox, oy, ox + lay.width, oy + lay.height))
        part = Picture(colour, palette=palette, indexed=mapped, fresh=True)  # (settled before any mark uncovers)
        write_place_names(part, lay)
        set_stations(part, board, shown, plan, (ox, oy))
        marks(part, lay)
        if plan.overview:
            _number(part, number)
        pic.img.paste(part.img, window.slot[:2])
        pic.indexed.paste(part.to_indexed(), window.slot[:2])
        drawn.append(part)
    room = plan.width - 2 * x
    if plan.overview:
        room -= _overview(pic, board, plan) + x
    pic.text((x, 14), title, style.fitting_font(title, room, 34), style.PANEL_TEXT)
    # the details under the headline, in as many lines as the header has room for: smaller type before more lines
    # (a German header once took a second line over the map)
    look = Look(width=plan.width, margin=x, top=14, title=34, line=26, first=58, leading=34,
                lines=max(1, int((plan.header - 58 - 26 * 1.25) // 34) + 1), brand=0)
    size, rows = fit_lines([(details, "regular", style.PANEL_MUTED)] if details else [], room, look)
    y = look.first
    for text, weight, colour in rows:
        pic.text((x, y), text, style.fitting_font(text, room, size, weight), colour)
        y += look.leading * size / look.line
    return Zoom(plan, pic, tuple(drawn))


#: the small map of the board in a close-up's header: its colour against the paper (faded, so that the
#: windows' frames stand out), and the frames' colour
OVERVIEW_FADE = 0.45
FRAME: style.RGB = (255, 64, 160)


def _overview(pic: Picture, board, plan: ZoomPlan) -> int:
    """The small map of the whole board at the right of the header, each window's part framed and numbered
    as the window is; returns its width."""
    pad = 12
    small, scale = _small_map(board, round(plan.header) - 2 * pad)
    left = plan.width - pad - small.width
    pic.img.paste(small, (left, pad))
    pic.touch((left, pad, left + small.width, pad + small.height))
    full = layout(board, BASE_WIDTH)
    x0, y0 = full.map_box[0] - MARGIN, full.map_box[1] - MARGIN
    for number, window in enumerate(plan.windows, 1):
        box = [left + (window.crop[0] - x0) * scale, pad + (window.crop[1] - y0) * scale,
               left + (window.crop[2] - x0) * scale, pad + (window.crop[3] - y0) * scale]
        box = [min(max(box[0], left), left + small.width - 3), min(max(box[1], pad), pad + small.height - 3),
               max(min(box[2], left + small.width), left + 3), max(min(box[3], pad + small.height), pad + 3)]
        pic.draw.rectangle(box, outline=FRAME, width=3)
        pic.touch((box[0], box[1], box[2] + 1, box[3] + 1))
        sprite = tag_sprite(str(number), style.INK, 0.9, FRAME)
        pic.paste(sprite, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    return small.width


@lru_cache(maxsize=8)
def _small_map(board, height: int) -> tuple[Image.Image, float]:
    """The whole board's map (its margins too) ``height`` pixels tall, faded; and its scale against the
    full-size board."""
    drawn = layout(board, BOARD_WIDTH)
    m = MARGIN * drawn.scale
    box = (round(drawn.map_box[0] - m), round(drawn.map_box[1] - m), round(drawn.map_box[2] + m),
           round(drawn.map_box[3] + m))
    part = base_map(board, BOARD_WIDTH).crop(box)
    shrink = height / part.height
    small = part.resize((round(part.width * shrink), height), Image.Resampling.LANCZOS)
    return Image.blend(small, Image.new("RGB", small.size, style.PAPER), OVERVIEW_FADE), shrink * drawn.scale


def _number(part: Picture, number: int) -> None:
    """The window's number (as on the small map of the board) in the corner of the window where it covers
    least of its tags, pawns and numbers."""
    sprite = tag_sprite(str(number), style.INK, 1.1, FRAME)
    w, h = part.img.width, part.img.height
    inset = 6
    corners = [(inset, inset), (w - inset - sprite.width, inset), (inset, h - inset - sprite.height),
               (w - inset - sprite.width, h - inset - sprite.height)]
    taken = list(part.tags.placed) if part.tags is not None else []
    taken += [(c[0] - r, c[1] - r, c[0] + r, c[1] + r) for c, r in (part.tags.pawns if part.tags is not None else [])]

    def covered(corner: tuple[int, int]) -> float:
        x, y = corner
        return sum(max(0, min(x + sprite.width, b[2]) - max(x, b[0])) * max(0, min(y + sprite.height, b[3]) - max(y, b[1]))
                   for b in taken)

    part.paste_at(sprite, min(corners, key=covered))


def shown_stations(lays: list[Layout]) -> list[set[int]]:
    """The stations each window shows: those it holds whole (a station its edge would cut is left off), and
    a station that two windows hold whole only in the one where it lies furthest from the edges. Asked of the
    stations near each window only (``near_picture``, which its marks ask for again), not of the whole board."""
    depth: dict[int, tuple[float, int]] = {}
    for i, lay in enumerate(lays):
        for sid, (x, y) in near_picture(lay):
            edge = min(x, y, lay.width - x, lay.height - y)
            if edge < 1:
                continue  # (off the window or on its edge: clear < 0 whatever its radius, which costs more to find)
            clear = edge - lay.outer(sid) - 1
            if clear >= 0 and (sid not in depth or clear > depth[sid][0]):
                depth[sid] = (clear, i)
    out: list[set[int]] = [set() for _ in lays]
    for sid, (_, i) in depth.items():
        out[i].add(sid)
    return out


def set_stations(part: Picture, board, shown: set[int], plan: ZoomPlan, origin: tuple[int, int]) -> None:
    """The ``shown`` stations of a window set on its map (cut from tiles without stations): no window shows
    a station in part or another's, nor marks one it leaves off (``Picture.shown``)."""
    for sid in sorted(shown):
        sprite, (cx, cy) = station_sprite(board, sid, plan.zoom, plan.scale)
        part.paste_at(sprite, (cx - origin[0], cy - origin[1]))
    part.settle()
    part.shown = shown


@lru_cache(maxsize=8)
def _panel_index(board) -> int:
    """The entry of the board's palette that the header's colour maps to."""
    palette = base_palette(board, BOARD_WIDTH).palette
    return Image.new("RGB", (1, 1), style.PANEL).quantize(palette=palette, dither=Image.Dither.NONE).getpixel((0, 0))
