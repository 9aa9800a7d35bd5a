"""The board pictures: the public board after a round, Mr. X's own board, his route at the end.

Each takes a view, never the game state: a public picture is drawn from a
:class:`~bot.games.dice.engine.DicePublicView`, which has no field for Mr. X's hidden station.
"""

from __future__ import annotations

import math
from typing import Sequence

from PIL import ImageDraw

from bot.games.dice.engine import DiceMrXView, DicePublicView
from bot.i18n import Speaker, speaker
from bot.i18n.names import pawn_label
from bot.pictures import style
from bot.pictures.guard import expect
from bot.pictures.canvas import Box, Picture, bounds, near_segment, thick_line
from bot.pictures.marks import Tags, caught_spot, entry_badges, move_arrow, pawn_sprite, ring, trail, uncover_stations

from .basemap import BASE_WIDTH, DiceLayout, colour, letter_spots, new_picture
from .panels import chips, dice_strip, dots, header, log_line, status


def render_board(view: DicePublicView, *, tracker: bool = True, width: int = BASE_WIDTH,
                 language: str = "en") -> bytes:
    """The board everyone sees: tiles, detectives with their rides this round, where Mr. X was last
    seen, and with ``tracker`` every station he may be at now (pink rings); the dice below."""
    return draw_board(view, tracker=tracker, width=width, language=language).png()


def draw_board(view: DicePublicView, *, tracker: bool = True, width: int = BASE_WIDTH,
               language: str = "en", frame: Box | None = None) -> Picture:
    """The board everyone sees, as a picture; ``frame``: the part a close-up will show, which the name
    tags keep inside (and marks wholly outside it are left off)."""
    expect(view, DicePublicView, "render_board", "state.public_view()")
    if view.board is None:
        raise ValueError("The tiles are not laid yet: there is no board to draw.")
    tr = speaker(language)
    lay, pic = new_picture(view.board, width, language=language)
    pic.clip = frame  # (a close-up is cut from the frame: marks wholly outside it would never be seen)
    details = log_line(view, tr)
    if tracker and view.outcome is None and view.possible:
        n = len(view.possible)
        details += " · " + tr.ngettext("pink: the {n} station he may be at", "pink: the {n} stations he may be at",
                                       n).format(n=n)
        for station in sorted(view.possible):
            ring(pic, lay, station, style.TRACKER, width=4, gap=1.5)
    header(pic, lay, status(view, tr), details, tr=tr)
    mrx_at = view.mrx_shown
    ghost = view.last_reveal if mrx_at is None else None
    if ghost is not None:
        ring(pic, lay, ghost[1], style.MRX_COLOUR, width=3, gap=6, dashes=14)
    label = tr._("Mr. X")
    if view.outcome is None and view.last_reveal is not None and view.last_reveal[1] == mrx_at:
        label = tr._("Mr. X · seen after move {n}").format(n=view.last_reveal[0])
    tags = _pawns(pic, lay, view, mrx=(mrx_at, label) if mrx_at is not None else None, tr=tr, frame=frame)
    if ghost is not None:
        tags.add(pic, lay.xy(ghost[1]), tr._("Mr. X was here · move {n}").format(n=ghost[0]), style.WHITE,
                 border=style.MRX_COLOUR)
    dice_strip(pic, lay, view, lay.footer_top + lay.px(44), tr)
    chips(pic, lay, view, lay.footer_top + lay.px(100), tr)
    return pic


def render_mrx_board(view: DiceMrXView, *, width: int = BASE_WIDTH, language: str = "en") -> bytes:
    """Mr. X's own board: where he is, where he has been, where each die or ticket takes him now."""
    return draw_mrx_board(view, width=width, language=language).png()


def draw_mrx_board(view: DiceMrXView, *, width: int = BASE_WIDTH, language: str = "en",
                   frame: Box | None = None) -> Picture:
    """Mr. X's own board, as a picture; ``frame``: the part his close-up will show (marks wholly outside it
    are left off)."""
    expect(view, DiceMrXView, "render_mrx_board", "state.mrx_view()")
    pub = view.public
    if pub.board is None:
        raise ValueError("The tiles are not laid yet: there is no board to draw.")
    tr = speaker(language)
    lay, pic = new_picture(pub.board, width, language=language)
    pic.clip = frame  # (a close-up is cut from the frame: marks wholly outside it would never be seen)
    if pub.outcome is None and pub.phase == "mrx":
        title = tr._("Round {n} · your move, Mr. X").format(n=pub.round)
    else:
        title = status(pub, tr)
    details = [tr._("You are at {station}").format(station=view.station) if view.station is not None
               else tr._("Pick your start"),
               tr._("log {n}/{total}").format(n=len(pub.logbook), total=pub.log_entries)]
    nxt = pub.next_reveal
    if pub.outcome is None and nxt == len(pub.logbook) + 1:
        details.append(tr._("your next move will be shown"))
    if pub.outcome is None and pub.possible:
        n = len(pub.possible)
        details.append(tr._("the detectives know where you are") if n == 1 else
                       tr.ngettext("to them you may be at {n} station", "to them you may be at {n} stations",
                                   n).format(n=n))
    reachable = view.reachable()
    note = None
    if reachable:
        note = (tr._("Orange: where you can go") + (" · " + tr._("double move ready") if view.can_double else ""),
                style.REACHABLE)
    elif view.start_choices:
        note = (tr._("Pick any free station"), style.REACHABLE)
    header(pic, lay, title, " · ".join(details), note, tr=tr)
    if len(view.route) > 1:
        trail(pic, lay, view.route, None, width=4)
        steps = [(lay.xy(a), lay.xy(b)) for a, b in zip(view.route, view.route[1:]) if a != b]
        uncover_letters(pic, lay, steps, 4 + 5)
    for station, tickets in reachable.items():
        ring(pic, lay, station, style.REACHABLE, width=4, gap=1.5)
        dots(pic, lay, station, tickets, language)
    mrx = (view.station, tr._("You, Mr. X")) if view.station is not None else None
    tags = _pawns(pic, lay, pub, mrx=mrx, tr=tr, frame=frame)
    if len(view.route) > 1:
        entry_badges(pic, lay, tags, view.route[:-1], [e.number for e in pub.logbook if e.reveal], tr)
    dice_strip(pic, lay, pub, lay.footer_top + lay.px(44), tr)
    chips(pic, lay, pub, lay.footer_top + lay.px(100), tr)
    return pic


def render_route(view: DicePublicView, *, width: int = BASE_WIDTH, language: str = "en") -> bytes:
    """After the game: Mr. X's whole route, ride by ride in the colour of the die he reused (black,
    helicopter and pass in the X's dark), the entries numbered, the reveals ringed."""
    return draw_route(view, width=width, language=language).png()


def draw_route(view: DicePublicView, *, width: int = BASE_WIDTH, language: str = "en",
               frame: Box | None = None) -> Picture:
    """Mr. X's route as a picture; ``frame``: the part a close-up will show, which the name tags keep inside
    (and marks wholly outside it are left off)."""
    expect(view, DicePublicView, "render_route", "state.public_view()")
    if view.route is None or view.board is None:
        raise ValueError("Mr. X's route is public only once the game is over.")
    tr = speaker(language)
    lay, pic = new_picture(view.board, width, dim=True, language=language)
    pic.clip = frame  # (a close-up is cut from the frame: marks wholly outside it would never be seen)
    route = view.route
    counts = {t: sum(e.ticket == t for e in view.logbook) for t in ("black", "helicopter", "pass")}
    details = tr.ngettext("Mr. X's route from {start} (tile {tile}): {n} move",
                          "Mr. X's route from {start} (tile {tile}): {n} moves",
                          len(route) - 1).format(start=route[0], tile=view.start_tile, n=len(route) - 1)
    extras = []
    if counts["black"]:
        extras.append(tr.ngettext("{n} black ticket", "{n} black tickets", counts["black"]).format(n=counts["black"]))
    if counts["helicopter"]:
        extras.append(tr.ngettext("{n} helicopter flight", "{n} helicopter flights",
                                  counts["helicopter"]).format(n=counts["helicopter"]))
    if counts["pass"]:
        extras.append(tr.ngettext("{n} pass", "{n} passes", counts["pass"]).format(n=counts["pass"]))
    if extras:
        details += ", " + ", ".join(extras)
    header(pic, lay, status(view, tr), details + " · " + tr._("the moves shown to the detectives are ringed"),
           tr=tr)
    _route(pic, lay, route, [e.ticket for e in view.logbook])
    tags = _pawns(pic, lay, view, mrx=(route[-1], tr._("Mr. X")), arrows=False, tr=tr, frame=frame)
    entry_badges(pic, lay, tags, route, [e.number for e in view.logbook if e.reveal], tr)
    dice_strip(pic, lay, view, lay.footer_top + lay.px(44), tr)
    chips(pic, lay, view, lay.footer_top + lay.px(100), tr)
    return pic


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
    uncover_letters(pic, lay, [(a, b) for a, b, _ in segments], width + 4)


def uncover_letters(pic: Picture, lay: DiceLayout, segments, width: float) -> None:
    """Bring back the tiles' letters that rides were drawn over (Mr. X's helicopter flights cross tiles, a
    detective's arrow may pass one): rides pass under them, as under the stations."""
    for (x, y), r in letter_spots(lay):
        if any(near_segment((x, y), a, b, r + width * lay.scale / 2) for a, b in segments):
            pic.uncover((x, y), r + 1.5)


def _pawns(pic: Picture, lay: DiceLayout, view: DicePublicView, mrx: tuple[int, str] | None = None,
           arrows: bool = True, tr: Speaker | None = None, frame: Box | None = None) -> Tags:
    """Detectives with their rides this round and name tags, and Mr. X at ``mrx`` (station, tag); the
    tags stay inside ``frame`` when one is given. The picture keeps its tags (``pic.tags``)."""
    hunters = [p for p in view.detectives if p.station is not None]
    centres = [lay.xy(p.station) for p in hunters]
    caught = mrx is not None and any(p.station == mrx[0] for p in hunters)
    mrx_centre = None
    size = lay.radius() / 25.0 * 1.12  # pawn_sprite's radius is 25 at scale 1
    if mrx is not None:
        # caught: Mr. X stands beside the detective who stands on him, both in sight
        mrx_centre = (caught_spot(lay, mrx[0], 25.0 * size, centres + [c for c, _ in letter_spots(lay)]) if caught
                      else lay.xy(mrx[0]))
        centres.append(mrx_centre)
    tags = Tags.around(lay, centres)
    tags.frame = frame
    pic.tags = tags
    tags.pawns.extend(letter_spots(lay))
    if arrows:
        rides = [p for p in hunters if p.last_move is not None and p.die is not None]
        for p in rides:
            move_arrow(pic, lay, p.last_move[0], p.last_move[1], style.pawn_colour(p.colour), width=5)
        uncover_letters(pic, lay, [(lay.xy(p.last_move[0]), lay.xy(p.last_move[1])) for p in rides], 5 + 5)
    if mrx is not None and caught:
        pic.paste(pawn_sprite("disc", style.MRX_COLOUR, "X", size), mrx_centre)
    for p in hunters:
        pic.paste(pawn_sprite("disc", style.pawn_colour(p.colour), str(p.station), size), lay.xy(p.station))
    if mrx is not None and not caught:
        pic.paste(pawn_sprite("disc", style.MRX_COLOUR, str(mrx[0]), size), mrx_centre)
    for p in hunters:
        tags.add(pic, lay.xy(p.station), pawn_label(p, tr or speaker("en")), style.pawn_colour(p.colour),
                 reach=lay.radius() / lay.scale * 1.1)
    if mrx is not None:
        caught_tag = (tr or speaker("en"))._("{name} · caught").format(name=mrx[1])
        tags.add(pic, mrx_centre, caught_tag if caught else mrx[1], style.MRX_COLOUR,
                 reach=lay.radius() / lay.scale * 1.1)
    return tags

