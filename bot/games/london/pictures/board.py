"""The board pictures: the public board after a round, Mr. X's private board, his route at the end.

Each takes a view, never the game state: a public picture is drawn from a
:class:`~bot.games.london.engine.PublicView`, which has no field for Mr. X's hidden station.
"""

from __future__ import annotations

from typing import Sequence

from bot.games.london.engine import BLACK, MRX, MrXView, PublicView

from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.games.london.pictures.basemap import framed_picture, new_picture
from bot.pictures.canvas import Box, Picture
from bot.games.london.pictures.layout import BOARD_WIDTH, Layout, layout
from bot.games.london.pictures.ticket_dots import ticket_dots
from bot.pictures.marks import (PAWN_RADIUS, Tags, caught_spot, entry_badges, move_arrow, pawn, pawn_sprite, ring,
                                shows, trail)
from bot.games.london.pictures.panels import EN, header, logbook_line, pawn_chips, status
from bot.i18n import Speaker
from bot.i18n.names import pawn_label


def render_board(view: PublicView, *, tracker: bool = False, width: int = BOARD_WIDTH, language: str = "en") -> bytes:
    """The board everyone sees: detectives with their last rides, where Mr. X was last seen, and
    with ``tracker`` every station he may be at now; its words in ``language``."""
    return draw_board(view, tracker=tracker, width=width, tr=board_style.words_for(view, language)).png()


def render_mrx_board(view: MrXView, *, width: int = BOARD_WIDTH, language: str = "en") -> bytes:
    """Mr. X's own board: where he is, where he has been, where each ticket can take him now."""
    return draw_mrx_board(view, width=width, tr=board_style.words_for(view, language)).png()


def draw_mrx_board(view: MrXView, *, width: int = BOARD_WIDTH, tr: Speaker = EN) -> Picture:
    expect(view, MrXView, "render_mrx_board", "state.mrx_view()")
    pub = view.public
    lay, pic = new_picture(pub.board, width, language=tr.language)
    details = [tr._("You are at {station}").format(station=view.station),
               tr._("logbook {done}/{size}").format(done=len(pub.logbook), size=pub.log_size())]
    nxt = pub.next_reveal
    if pub.outcome is None and nxt == len(pub.logbook) + 1:
        details.append(tr._("your next move will be shown to the detectives"))
    elif pub.outcome is None and nxt is not None:
        details.append(tr._("next reveal: move {n}").format(n=nxt))
    if pub.outcome is None:
        n = len(pub.possible)
        details.append(tr._("the detectives know where you are") if n == 1 else
                       tr._("to the detectives you may be at any of {n} stations").format(n=n))
    note = None
    if view.reachable():
        note = (tr._("Orange: where you can go · dots: tickets")
                + (" · " + tr._("double move ready") if view.can_double else ""), style.REACHABLE)
    header(pic, lay, mrx_title(view, tr), " · ".join(details), pub, note, tr)
    mrx_marks(pic, lay, view, tr=tr)
    pawn_chips(pic, lay, pub, tr)
    return pic


def mrx_title(view: MrXView, tr: Speaker = EN) -> str:
    """The headline of Mr. X's own pictures: his move, or whose turn it is."""
    pub = view.public
    if pub.outcome is None and pub.phase == "mrx":
        return tr._("Round {n} · your move, Mr. X").format(n=pub.round)
    return status(pub, tr)


def mrx_marks(pic: Picture, lay: Layout, view: MrXView, *, brief: bool = False, tr: Speaker = EN) -> Tags:
    """What Mr. X's own pictures show on the map: his route, where each ticket can take him (orange
    rings, ticket dots), the pawns and his logbook entries. ``brief``: a tag that finds no free spot
    is left out. Returns the tags."""
    trail(pic, lay, view.route, None, width=4)
    dots = []
    for station, tickets in view.reachable().items():
        if shows(pic, station):
            ring(pic, lay, station, style.REACHABLE, width=5, gap=2)
            dots.append(ticket_dots(pic, lay, station, tickets, avoid=dots))
    tags = _pawns(pic, lay, view.public, mrx=(view.station, tr._("You, Mr. X")), keep_clear=dots, crowded=brief,
                  tr=tr)
    shown = [e.number for e in view.public.logbook if e.reveal or e.surfaced]
    entry_badges(pic, lay, tags, view.route[:-1], shown, tr)
    return tags


def render_route(view: PublicView, *, width: int = BOARD_WIDTH, language: str = "en") -> bytes:
    """After the game: Mr. X's whole route, ride by ride in ticket colours, entries numbered."""
    return draw_route(view, width=width, tr=board_style.words_for(view, language)).png()


def draw_route(view: PublicView, *, width: int = BOARD_WIDTH, tr: Speaker = EN) -> Picture:
    expect(view, PublicView, "render_route", "state.public_view()")
    if view.route is None:
        raise ValueError("Mr. X's route is public only once the game is over.")
    route = view.route
    lay, pic = framed_picture(view.board, route, width, tr.language)
    blacks = sum(1 for e in view.logbook if e.ticket == BLACK)
    doubles = len({e.round for e in view.logbook if e.double})
    details = tr.ngettext("Mr. X's route: from {start}, {n} move", "Mr. X's route: from {start}, {n} moves",
                          len(route) - 1).format(start=route[0], n=len(route) - 1)
    if blacks:
        details += ", " + tr.ngettext("{n} black ticket", "{n} black tickets", blacks).format(n=blacks)
    if doubles:
        details += ", " + tr.ngettext("{n} double move", "{n} double moves", doubles).format(n=doubles)
    header(pic, lay, status(view, tr), details + " · " + tr._("the moves shown to the detectives are ringed"), view,
           tr=tr)
    trail(pic, lay, route, route_colours(view))
    tags = _pawns(pic, lay, view, mrx=(route[-1], tr._("Mr. X")), arrows=False, tr=tr)
    shown = [e.number for e in view.logbook if e.reveal or e.surfaced]
    entry_badges(pic, lay, tags, route, shown, tr)
    pawn_chips(pic, layout(view.board, width), view, tr)
    return pic


def draw_board(view: PublicView, *, tracker: bool = False, width: int = BOARD_WIDTH,
               mrx_route: Sequence[int] | None = None, title: str | None = None, tr: Speaker = EN,
               on: tuple[Layout, Picture] | None = None) -> Picture:
    """The public board as a :class:`Picture`; with ``mrx_route`` (a finished game's route up to
    this view, for the replay) Mr. X's true path is drawn too, on a dimmed map, unless the picture it is
    drawn ``on`` (a layout and a fresh picture: the replay's, the route so far drawn already) has it."""
    expect(view, PublicView, "render_board", "state.public_view()")
    lay, pic = on or new_picture(view.board, width, dim=mrx_route is not None, language=tr.language)
    details = logbook_line(view, tr)
    if tracker and view.outcome is None:
        n = len(view.possible)
        details += " · " + tr.ngettext("pink rings: the {n} station he may be at",
                                       "pink rings: the {n} stations he may be at", n).format(n=n)
    header(pic, lay, title or status(view, tr), details, view, tr=tr)
    public_marks(pic, lay, view, tracker=tracker, mrx_route=mrx_route, route_drawn=on is not None, tr=tr)
    pawn_chips(pic, lay, view, tr)
    return pic


def public_marks(pic: Picture, lay: Layout, view: PublicView, *, tracker: bool = False,
                 mrx_route: Sequence[int] | None = None, brief: bool = False, route_drawn: bool = False,
                 tr: Speaker = EN) -> Tags:
    """What the public board shows on the map: with ``tracker`` the stations Mr. X may be at,
    where he was last seen, the pawns, their latest rides and their tags (and ``mrx_route``, for
    the replay). ``brief`` tags leave out what the header says already, and a tag that finds no
    free spot is left out (the pawns' colours name them). Returns the tags."""
    if tracker and view.outcome is None:
        for station in sorted(view.possible):
            ring(pic, lay, station, style.TRACKER, width=5, gap=2)
    mrx_at = None
    if mrx_route:
        if not route_drawn:
            trail(pic, lay, mrx_route, route_colours(view)[: len(mrx_route) - 1], width=REPLAY_TRAIL)
        mrx_at = mrx_route[-1]
    elif view.mrx_shown is not None:
        mrx_at = view.mrx_shown
    ghost = None
    if mrx_at is None and view.last_reveal is not None:
        ghost = view.last_reveal
        ring(pic, lay, ghost[1], style.MRX_COLOUR, width=4, gap=8.5, dashes=14)
    label = tr._("Mr. X")
    seen = view.last_reveal
    if not mrx_route and view.outcome is None and seen is not None and seen[1] == mrx_at and not brief:
        label = tr._("Mr. X · seen at move {n}").format(n=seen[0])
    tags = _pawns(pic, lay, view, mrx=(mrx_at, label) if mrx_at is not None else None, crowded=brief, tr=tr)
    if ghost is not None:
        entry, station = ghost
        text = (tr._("seen at move {n}") if brief else tr._("Mr. X was here · move {n}")).format(n=entry)
        if shows(pic, station):
            tags.add(pic, lay.xy(station), text, style.WHITE, border=style.MRX_COLOUR,
                     shorter=[tr._("move {n}").format(n=entry)])
    return tags


def _pawns(pic: Picture, lay: Layout, view: PublicView, mrx: tuple[int, str] | None = None,
           arrows: bool = True, keep_clear: Sequence[Box] = (), crowded: bool = False, tr: Speaker = EN) -> Tags:
    """Detectives and bobbies with their latest rides and name tags, and Mr. X at ``mrx`` (station,
    tag) if given; returns the tags (kept on the picture too), so that more can be placed around
    them. No tag covers a box of ``keep_clear``; with ``crowded``, a tag with no free spot is left
    out."""
    hunters = [p for p in view.pawns if p.role != "mrx" and p.station is not None]
    centres = [lay.xy(p.station) for p in hunters]
    caught = mrx is not None and any(p.station == mrx[0] for p in hunters)
    if mrx is not None:
        # caught: Mr. X stands beside the detective who stands on him, both in sight
        mrx_centre = (caught_spot(lay, mrx[0], PAWN_RADIUS * lay.scale, centres) if caught else lay.xy(mrx[0]))
        centres.append(mrx_centre)
    tags = Tags.around(lay, centres, keep_clear)
    tags.leave_out = crowded
    pic.tags = tags
    if arrows:
        rides = recent_rides(view)
        for p in hunters:
            if p.id in rides:
                move_arrow(pic, lay, *rides[p.id], style.pawn_colour(p.colour))
    if mrx is not None and caught and shows(pic, mrx[0]):
        pic.paste(pawn_sprite("disc", style.MRX_COLOUR, "X", lay.scale), mrx_centre)
    for p in hunters:
        pawn(pic, lay, p.station, style.pawn_colour(p.colour), "square" if p.role == "bobby" else "disc")
    if mrx is not None and not caught:
        pawn(pic, lay, mrx[0], style.MRX_COLOUR)
    for p in hunters:
        if shows(pic, p.station):
            tags.add(pic, lay.xy(p.station), pawn_label(p, tr), style.pawn_colour(p.colour))
    if mrx is not None and shows(pic, mrx[0]):
        tags.add(pic, mrx_centre, tr._("{label} · caught").format(label=mrx[1]) if caught else mrx[1],
                 style.MRX_COLOUR)
    return tags


#: the width of Mr. X's route on the replay's frames
REPLAY_TRAIL = 5.0


def route_colours(view: PublicView) -> list[style.RGB]:
    """The colour of each of Mr. X's rides: its ticket's."""
    return [board_style.ticket_colour(view.board, e.ticket) for e in view.logbook]


def recent_rides(view: PublicView) -> dict[str, tuple[int, int]]:
    """Each detective's and bobby's latest ride, if it was this round or the one before."""
    rides: dict[str, tuple[int, int, int]] = {}
    for record in view.history:
        if record["pawn"] != MRX and "from" in record and "to" in record:
            rides[record["pawn"]] = (record["round"], record["from"], record["to"])
    return {p: (a, b) for p, (rnd, a, b) in rides.items() if rnd >= view.round - 1}


def expect(view: object, kind: type, function: str, how: str) -> None:
    """Refuse anything but the expected view: pictures never see the whole game state."""
    if not isinstance(view, kind):
        raise TypeError(f"{function}() draws a {kind.__name__} ({how}), not a {type(view).__name__}: "
                        "pictures never see the whole game state")
