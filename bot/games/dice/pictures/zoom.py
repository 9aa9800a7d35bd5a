"""The dice game's phone close-up: the part of the board where the hunt is (the detectives, where
Mr. X may be, where he was last seen), under the board's own header, big enough to read at 420 px.

Drawn from the :class:`DicePublicView` only, like the board it is cut from."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.dice.engine import DicePublicView
from bot.pictures.guard import expect

from .basemap import BASE_WIDTH, layout
from .board import draw_board

#: the close-up's width: a phone shows it at about 420 px, so every mark is drawn at twice that
ZOOM_WIDTH = 900
#: at most this many possible stations are framed (more: the whole board says it better)
MAX_POSSIBLE = 12
#: a window narrower than this share of the map would cut the hunt too close; wider than the last, the
#: whole board is the close-up already and none is drawn
MIN_SHARE, MAX_SHARE = 0.5, 0.8


def hunt_stations(view: DicePublicView, tracker: bool = True) -> set[int]:
    """The stations a close-up must show: every pawn on the board, where Mr. X was last seen, and with
    ``tracker`` every station he may be at (when there are at most :data:`MAX_POSSIBLE`)."""
    stations = {p.station for p in view.pawns if p.station is not None}
    if view.last_reveal is not None:
        stations.add(view.last_reveal[1])
    if tracker and view.outcome is None and 0 < len(view.possible) <= MAX_POSSIBLE:
        stations |= set(view.possible)
    return stations


def window(view: DicePublicView, tracker: bool = True, width: int = BASE_WIDTH) -> tuple[int, int, int, int] | None:
    """The box of the board picture (``width`` wide) the close-up shows, or None when the hunt spreads
    over most of the board (the board itself is then the close-up)."""
    lay = layout(view.board, width)
    stations = hunt_stations(view, tracker)
    if not stations:
        return None
    left, top, right, bottom = lay.map_box
    xs = [lay.xy(s)[0] for s in stations]
    ys = [lay.xy(s)[1] for s in stations]
    pad = lay.cell * 0.75
    x0, x1 = min(xs) - pad, max(xs) + pad
    y0, y1 = min(ys) - pad, max(ys) + pad
    map_w, map_h = right - left, bottom - top
    side = max(x1 - x0, y1 - y0, MIN_SHARE * map_w)  # square, so that a phone shows it large
    if side > MAX_SHARE * map_w:
        return None
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bx = min(max(cx - side / 2, left), right - side)
    by = min(max(cy - side / 2, top), bottom - side)
    return round(bx), round(by), round(bx + side), round(by + side)


def render_zoom(view: DicePublicView, *, tracker: bool = True, language: str = "en") -> bytes | None:
    """The close-up PNG: the board's header over the part of the board where the hunt is; None when the
    hunt spreads over most of the board."""
    expect(view, DicePublicView, "render_zoom", "state.public_view()")
    if view.board is None:
        return None
    box = window(view, tracker)
    if box is None:
        return None
    board = draw_board(view, tracker=tracker, width=BASE_WIDTH, language=language).img
    lay = layout(view.board, BASE_WIDTH)
    scale = ZOOM_WIDTH / BASE_WIDTH
    head = board.crop((0, 0, BASE_WIDTH, lay.header)).resize((ZOOM_WIDTH, round(lay.header * scale)), Image.LANCZOS)
    part = board.crop(box)
    part = part.resize((ZOOM_WIDTH, round(part.height * ZOOM_WIDTH / part.width)), Image.LANCZOS)
    out = Image.new("RGB", (ZOOM_WIDTH, head.height + part.height), board.getpixel((0, 0)))
    out.paste(head, (0, 0))
    out.paste(part, (0, head.height))
    data = io.BytesIO()
    out.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(data, format="PNG", optimize=True)
    return data.getvalue()
