"""The board pictures: the public board after a round, Mr. X's own board, his route at the end.

Each takes a view, never the game state: a public picture is drawn from a
:class:`~bot.dice.engine.DicePublicView`, which has no field for Mr. X's hidden station.
"""

from __future__ import annotations

import math
from typing import Sequence

from PIL import ImageDraw

from bot.dice.engine import DiceMrXView, DicePublicView
from bot.pictures import style
from bot.pictures.board import expect
from bot.pictures.canvas import Picture, bounds, thick_line
from bot.pictures.marks import Tags, entry_badges, move_arrow, pawn_sprite, ring, trail, uncover_stations

from .basemap import BASE_WIDTH, DiceLayout, colour, letter_spots, new_picture
from .panels import chips, dice_strip, dots, header, log_line, status


def render_board(view: DicePublicView, *, tracker: bool = True, width: int = BASE_WIDTH) -> bytes:
    """The board everyone sees: tiles, detectives with their rides this round, where Mr. X was last
    seen, and with ``tracker`` every station he may be at now (pink rings); the dice below."""
    return draw_board(view, tracker=tracker, width=width).png()


def draw_board(view: DicePublicView, *, tracker: bool = True, width: int = BASE_WIDTH) -> Picture:
    expect(view, DicePublicView, "render_board", "state.public_view()")
    if view.board is None:
        raise ValueError("The tiles are not laid yet: there is no board to draw.")
    lay, pic = new_picture(view.board, width)
    details = log_line(view)
    if tracker and view.outcome is None and view.possible:
        n = len(view.possible)
        details += f" · pink: the {n} station{'s' if n != 1 else ''} he may be at"
        for station in sorted(view.possible):
            ring(pic, lay, station, style.TRACKER, width=4, gap=1.5)
    header(pic, lay, status(view), details)
    mrx_at = view.mrx_shown
    ghost = view.last_reveal if mrx_at is None else None
    if ghost is not None:
        ring(pic, lay, ghost[1], style.MRX_COLOUR, width=3, gap=6, dashes=14)
    label = "Mr. X"
    if view.outcome is None and view.last_reveal is not None and view.last_reveal[1] == mrx_at:
        label = f"Mr. X · seen after move {view.last_reveal[0]}"
    tags = _pawns(pic, lay, view, mrx=(mrx_at, label) if mrx_at is not None else None)
    if ghost is not None:
        tags.add(pic, lay.xy(ghost[1]), f"Mr. X was here · move {ghost[0]}", style.WHITE, border=style.MRX_COLOUR)
    dice_strip(pic, lay, view, lay.footer_top + lay.px(44))
    chips(pic, lay, view, lay.footer_top + lay.px(100))
    return pic


def render_mrx_board(view: DiceMrXView, *, width: int = BASE_WIDTH) -> bytes:
    """Mr. X's own board: where he is, where he has been, where each die or ticket takes him now."""
    expect(view, DiceMrXView, "render_mrx_board", "state.mrx_view()")
    pub = view.public
    if pub.board is None:
        raise ValueError("The tiles are not laid yet: there is no board to draw.")
    lay, pic = new_picture(pub.board, width)
    if pub.outcome is None and pub.phase == "mrx":
        title = f"Round {pub.round} · your move, Mr. X"
    else:
        title = status(pub)
    details = [f"You are at {view.station}" if view.station is not None else "Pick your start",
               f"log {len(pub.logbook)}/{pub.log_entries}"]
    nxt = pub.next_reveal
    if pub.outcome is None and nxt == len(pub.logbook) + 1:
        details.append("your next move will be shown")
    if pub.outcome is None and pub.possible:
        n = len(pub.possible)
        details.append("the detectives know where you are" if n == 1 else f"to them you may be at {n} stations")
    reachable = view.reachable()
    note = None
    if reachable:
        note = ("Orange: where you can go" + (" · double move ready" if view.can_double else ""), style.REACHABLE)
    elif view.start_choices:
        note = ("Pick any free station", style.REACHABLE)
    header(pic, lay, title, " · ".join(details), note)
    if len(view.route) > 1:
        trail(pic, lay, view.route, None, width=4)
    for station, tickets in reachable.items():
        ring(pic, lay, station, style.REACHABLE, width=4, gap=1.5)
        dots(pic, lay, station, tickets)
    mrx = (view.station, "You, Mr. X") if view.station is not None else None
    tags = _pawns(pic, lay, pub, mrx=mrx)
    if len(view.route) > 1:
        entry_badges(pic, lay, tags, view.route[:-1], [e.number for e in pub.logbook if e.reveal])
    dice_strip(pic, lay, pub, lay.footer_top + lay.px(44))
    chips(pic, lay, pub, lay.footer_top + lay.px(100))
    return pic.png()


def render_route(view: DicePublicView, *, width: int = BASE_WIDTH) -> bytes:
    """After the game: Mr. X's whole route, ride by ride in the colour of the die he reused (black,
    helicopter and pass in the X's dark), the entries numbered, the reveals ringed."""
    expect(view, DicePublicView, "render_route", "state.public_view()")
    if view.route is None or view.board is None:
        raise ValueError("Mr. X's route is public only once the game is over.")
    lay, pic = new_picture(view.board, width, dim=True)
    route = view.route
    counts = {t: sum(e.ticket == t for e in view.logbook) for t in ("black", "helicopter", "pass")}
    details = f"Mr. X's route from {route[0]} (tile {view.start_tile}): {len(route) - 1} moves"
    extras = [f"{n} {name}{'s' if n != 1 else ''}" for name, n in
              (("black ticket", counts["black"]), ("helicopter flight", counts["helicopter"]),
               ("pass", counts["pass"])) if n]
    if extras:
        details += ", " + ", ".join(extras)
    header(pic, lay, status(view), details + " · the moves shown to the detectives are ringed")
    _route(pic, lay, route, [e.ticket for e in view.logbook])
    tags = _pawns(pic, lay, view, mrx=(route[-1], "Mr. X"), arrows=False)
    entry_badges(pic, lay, tags, route, [e.number for e in view.logbook if e.reveal])
    dice_strip(pic, lay, view, lay.footer_top + lay.px(44))
    chips(pic, lay, view, lay.footer_top + lay.px(100))
    return pic.png()


def _route(pic: Picture, lay: DiceLayout, route: Sequence[int], tickets: Sequence[str]) -> None:
    """Mr. X's rides in the colours of their dice, with a chevron halfway showing the way."""
    s = lay.scale
    pts = [lay.xy(st) for st in route]
    segments = [(a, b, t) for a, b, t in zip(pts, pts[1:], tickets) if a != b]
    if not segments:
        return
    width = 5.0

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        for a, b, _ in segments:
            thick_line(d, [at(*a), at(*b)], style.INK, (width + 4) * s * k)
        for a, b, ticket in segments:
            fill = colour(ticket) if ticket in ("taxi", "bus", "underground") else style.MRX_COLOUR
            thick_line(d, [at(*a), at(*b)], fill, width * s * k)
            length = math.dist(a, b)
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            head = (width + 7) * s
            wing = head * 0.75
            tip, back = (mx + ux * head * 0.6, my + uy * head * 0.6), (mx - ux * head * 0.6, my - uy * head * 0.6)
            d.polygon([at(*tip), at(back[0] - uy * wing, back[1] + ux * wing),
                       at(back[0] + uy * wing, back[1] - ux * wing)],
                      fill=fill, outline=style.WHITE, width=max(1, round(2 * s * k)))

    pic.smooth(bounds(pts, 30 * s), paint, k=2)
    uncover_stations(pic, lay, [(a, b) for a, b, _ in segments], width + 4)
    for station in set(route):
        pic.uncover(lay.xy(station), lay.outer(station) + 0.5, bright=True)


def _pawns(pic: Picture, lay: DiceLayout, view: DicePublicView, mrx: tuple[int, str] | None = None,
           arrows: bool = True) -> Tags:
    """Detectives with their rides this round and name tags, and Mr. X at ``mrx`` (station, tag)."""
    hunters = [p for p in view.detectives if p.station is not None]
    centres = [lay.xy(p.station) for p in hunters]
    caught = mrx is not None and any(p.station == mrx[0] for p in hunters)
    mrx_centre = None
    if mrx is not None:
        x, y = lay.xy(mrx[0])
        shift = lay.radius() * 0.6
        mrx_centre = (x - shift, y - shift) if caught else (x, y)
        centres.append(mrx_centre)
    tags = Tags.around(lay, centres)
    tags.pawns.extend(letter_spots(lay))
    if arrows:
        for p in hunters:
            if p.last_move is not None and p.die is not None:
                move_arrow(pic, lay, p.last_move[0], p.last_move[1], style.pawn_colour(p.colour), width=5)
    size = lay.radius() / 25.0 * 1.12  # pawn_sprite's radius is 25 at scale 1
    if mrx is not None and caught:
        pic.paste(pawn_sprite("disc", style.MRX_COLOUR, "X", size), mrx_centre)
    for p in hunters:
        pic.paste(pawn_sprite("disc", style.pawn_colour(p.colour), str(p.station), size), lay.xy(p.station))
    if mrx is not None and not caught:
        pic.paste(pawn_sprite("disc", style.MRX_COLOUR, str(mrx[0]), size), mrx_centre)
    for p in hunters:
        tags.add(pic, lay.xy(p.station), p.label, style.pawn_colour(p.colour), reach=lay.radius() / lay.scale * 1.1)
    if mrx is not None:
        tags.add(pic, mrx_centre, f"{mrx[1]} · caught" if caught else mrx[1], style.MRX_COLOUR,
                 reach=lay.radius() / lay.scale * 1.1)
    return tags

