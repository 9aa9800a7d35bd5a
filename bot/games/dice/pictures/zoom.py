"""The dice game's phone close-ups: the part of the board that matters, under the board's header words
written again large enough to read at 420 px. Name tags are placed inside the part shown, so none is cut at its edge.

    render_zoom(view)       # the public one: the detectives, where Mr. X may be, where he was last seen
    render_mrx_zoom(mview)  # Mr. X's own, for his DMs: his station and where each die or ticket takes him

The public close-up is drawn from the :class:`DicePublicView` only, like the board it is cut from;
Mr. X's from his :class:`DiceMrXView`."""

from __future__ import annotations

from PIL import Image

from bot.games.dice.engine import DiceMrXView, DicePublicView
from bot.pictures import style
from bot.pictures.canvas import Picture, encode_png
from bot.pictures.guard import expect

from .basemap import BASE_WIDTH, layout
from .board import draw_board, draw_mrx_board

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
    return window_around(view.board, hunt_stations(view, tracker), width)


def mrx_stations(view: DiceMrXView) -> set[int]:
    """The stations Mr. X's close-up must show: his own and every station a die or ticket takes him to
    now; while he cannot move, the detectives instead (none before he has a station)."""
    if view.station is None:
        return set()
    reachable = set(view.reachable())
    if reachable:
        return {view.station} | reachable
    return {view.station} | {p.station for p in view.public.detectives if p.station is not None}


def mrx_window(view: DiceMrXView, width: int = BASE_WIDTH) -> tuple[int, int, int, int] | None:
    """The box of his board picture his close-up shows, or None when his choices spread over most of it."""
    return window_around(view.public.board, mrx_stations(view), width)


def window_around(board, stations: set[int], width: int = BASE_WIDTH) -> tuple[int, int, int, int] | None:
    """The square box of a board picture (``width`` wide) around ``stations``, at least MIN_SHARE of the
    map wide, or None when that would be wider than MAX_SHARE of it."""
    if board is None or not stations:
        return None
    lay = layout(board, width)
    left, top, right, bottom = lay.map_box
    xs = [lay.xy(s)[0] for s in stations]
    ys = [lay.xy(s)[1] for s in stations]
    pad = lay.cell * 0.75
    x0, x1 = min(xs) - pad, max(xs) + pad
    y0, y1 = min(ys) - pad, max(ys) + pad
    map_w = right - left
    side = max(x1 - x0, y1 - y0, MIN_SHARE * map_w)  # square, so that a phone shows it large
    if side > MAX_SHARE * map_w:
        return None
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bx = min(max(cx - side / 2, left), right - side)
    by = min(max(cy - side / 2, top), bottom - side)
    return round(bx), round(by), round(bx + side), round(by + side)


def route_window(view: DicePublicView) -> tuple[int, int, int, int] | None:
    """The box of the route picture that frames Mr. X's route, or None when it spreads over most of the board."""
    return window_around(view.board, set(view.route or ()), BASE_WIDTH)


def render_zoom(view: DicePublicView, *, tracker: bool = True, language: str = "en") -> bytes | None:
    """The close-up PNG: the board's header over the part of the board where the hunt is; None when the
    hunt spreads over most of the board."""
    expect(view, DicePublicView, "render_zoom", "state.public_view()")
    box = window(view, tracker)
    if box is None:
        return None
    board = draw_board(view, tracker=tracker, width=BASE_WIDTH, language=language, frame=box)
    return close_up(board, box)


def render_mrx_zoom(view: DiceMrXView, *, language: str = "en") -> bytes | None:
    """Mr. X's close-up PNG, for his DMs: his board's header over his station and the stations his dice
    and tickets take him to; None when they spread over most of the board (his board says it then)."""
    expect(view, DiceMrXView, "render_mrx_zoom", "state.mrx_view()")
    box = mrx_window(view)
    if box is None:
        return None
    return close_up(draw_mrx_board(view, width=BASE_WIDTH, language=language, frame=box), box)


def close_up(board: Picture, box: tuple[int, int, int, int]) -> bytes:
    """The part ``box`` of ``board`` ZOOM_WIDTH wide, under the board's header words written again at a
    size a phone reads (the title, the details, and the note on a line of its own)."""
    assert board.headline is not None
    title, details, note = board.headline
    x, room = 22, ZOOM_WIDTH - 44
    lines = [(title, style.fitting_font(title, room, 34), style.PANEL_TEXT)]
    lines += [(part, style.fitting_font(part, room, 24, "regular"), style.PANEL_MUTED)
              for part in _two_lines(details, room, style.font(24, "regular"))]
    if note is not None:
        lines.append((note[0], style.fitting_font(note[0], room, 24), note[1]))
    head_height = 16 + 44 + 36 * (len(lines) - 1) + 8
    part = board.img.crop(box)
    part = part.resize((ZOOM_WIDTH, round(part.height * ZOOM_WIDTH / part.width)), Image.LANCZOS)
    pic = Picture(Image.new("RGB", (ZOOM_WIDTH, head_height + part.height), style.PANEL), fresh=True)
    y = 14
    for text, font, colour in lines:
        pic.text((x, y), text, font, colour)
        y += 44 if y == 14 else 36
    out = pic.img
    out.paste(part, (0, head_height))
    return encode_png(out.quantize(palette=board.palette, dither=Image.Dither.NONE) if board.palette is not None
                      else out.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))


def _two_lines(text: str, room: float, font) -> list[str]:
    """``text`` as one line, or as two split at a " · " when one would not fit ``room`` in ``font``."""
    parts = text.split(" · ")
    if font.getlength(text) <= room or len(parts) < 2:
        return [text]
    fits = [n for n in range(1, len(parts)) if font.getlength(" · ".join(parts[:n])) <= room]
    cut = fits[-1] if fits else 1
    return [" · ".join(parts[:cut]), " · ".join(parts[cut:])]
