"""The London-style boards for the web page (``bot.web``, ``docs/web.md``): the board's geometry and a view, as
plain data a browser draws. The same colours and places as the pictures (:mod:`bot.games.london.pictures`): the
scene the base map is drawn from, at the pictures' full width."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.games.london.engine import Board, MrXView, PublicView
from bot.games.london.pictures import board_style
from bot.games.london.pictures.basemap import _bands, _scene
from bot.games.london.pictures.layout import BASE_WIDTH, layout, place_names
from bot.i18n import speaker
from bot.games.web_data import hex_of, pawn_data, rounded as _r, view_fields
from bot.pictures import style
from bot.pictures.guard import expect


def board_data(view: PublicView, language: str = "en") -> dict[str, Any]:
    """The board of ``view`` as the page draws it (``docs/web.md``, "board"): the same for every game on it."""
    expect(view, PublicView, "board_data", "state.public_view()")
    return _board_data(view.board, language)


@lru_cache(maxsize=8)
def _board_data(board: Board, language: str) -> dict[str, Any]:
    lay = layout(board, BASE_WIDTH)
    left, top, right, bottom = lay.map_box
    margin = left
    scene = _scene(board, right - left, bottom - top, lay.scale, 1)
    areas = [{"points": [[_r(x + margin), _r(y + margin)] for x, y in points],
              "fill": hex_of(style.RIVER if kind == "water" else style.PARK),
              "edge": hex_of(style.RIVER_EDGE if kind == "water" else style.PARK_EDGE)}
             for kind, points, _ in scene.shapes]
    paths = []
    if scene.river:
        river = [[_r(x + margin), _r(y + margin)] for x, y in scene.river]
        paths = [{"points": river, "colour": hex_of(style.RIVER_EDGE), "width": 34},
                 {"points": river, "colour": hex_of(style.RIVER), "width": 28}]
    groups: dict[tuple, list[float]] = {}
    for _, a, b, colour, width, dashes in scene.lines:
        groups.setdefault((hex_of(colour), width, bool(dashes)), []).extend(
            (_r(a[0] + margin), _r(a[1] + margin), _r(b[0] + margin), _r(b[1] + margin)))
    lines = [{"colour": c, "width": w, "dash": d, "segments": s} for (c, w, d), s in groups.items()]
    stations = []
    for sid, (x, y), _ in scene.stations:
        r = board_style.station_radius(board, sid)
        ring = board_style.station_ring(board, sid)
        best = board.station_rank(sid)
        rings = []
        if board_style.is_pier(board, sid):
            pier = next(t for t in board.mrx_only_transports if t in board.stations[sid].transports)
            rings.append([hex_of(board_style.transport_colour(board, pier)), _r(r + style.PIER_RIM)])
        rings.append([hex_of(board_style.transport_colour(board, best) if best else style.MUTED), _r(r)])
        inner = r - ring
        bands = _bands(board, tuple(board.stations[sid].transports))
        if bands:
            inner = r - ring * 0.6
            for transport in bands:
                rings.append([hex_of(board_style.transport_colour(board, transport)), _r(inner)])
                inner -= ring * 0.55
        rings.append([hex_of(style.WHITE), _r(inner)])
        stations.append({"id": sid, "x": _r(x + margin), "y": _r(y + margin), "rings": rings})
    labels = [{"text": text, "x": _r(x), "y": _r(y - lay.header), "size": style.LANDMARK_FONT}
              for text, (x, y), _ in place_names(lay)]
    tickets = {t: {"colour": hex_of(board_style.ticket_colour(board, t)),
                   "text": hex_of(board_style.ticket_text(board, t)),
                   "name": board_style.ticket_name(board, t, language)}
               for t in (*board.ride_tickets, "black", "double")}
    return {"width": right + margin, "height": bottom - top + 2 * margin, "paper": hex_of(style.PAPER),
            "ink": hex_of(style.INK), "font": style.STATION_FONT, "areas": areas, "paths": paths, "lines": lines,
            "stations": stations, "labels": labels, "tickets": tickets, "pawn_radius": 36,
            "title": board.title}


def view_data(view: PublicView, language: str = "en") -> dict[str, Any]:
    """What everyone may see of the game, as the page shows it (``docs/web.md``, "view"): from the public view
    only (the pictures' guard refuses anything else)."""
    expect(view, PublicView, "view_data", "state.public_view()")
    tr = speaker(language, view.board)
    over = view.outcome is not None
    pawns = [pawn_data(p, tr, p.station if p.role != "mrx" or over else view.mrx_shown,
                       p.tickets if p.role != "mrx" else dict(view.mrx_tickets)) for p in view.pawns]
    logbook = [{"number": e.number, "ticket": e.ticket, "round": e.round, "double": e.double,
                "reveal": e.reveal, "surfaced": e.surfaced, "station": e.station} for e in view.logbook]
    return view_fields(view, tr, pawns, logbook)


def secret_data(view: MrXView, language: str = "en") -> dict[str, Any]:
    """Mr. X's own page (``docs/web.md``, "Mr. X's page"): his station and where each ticket takes him."""
    expect(view, MrXView, "secret_data", "state.mrx_view()")
    reachable = view.reachable()
    waiting = not view.moves and view.public.outcome is None
    if waiting:  # not his turn: where each ticket he holds would take him from here, as the detectives stand now
        board, held = view.public.board, view.public.mrx_tickets
        taken = {p.station for p in view.public.pawns if p.station is not None and p.role != "mrx"}
        found: dict[int, list[str]] = {}
        for ticket, transports in board.ticket_transports.items():
            if held.get(ticket) == 0:
                continue
            for transport in transports:
                for to in board.neighbours_by(view.station, transport):
                    if to not in taken and ticket not in found.setdefault(to, []):
                        found[to].append(ticket)
        reachable = {s: tuple(t) for s, t in sorted(found.items())}
    return {"station": view.station, "route": list(view.route), "waiting": waiting,
            "reachable": {str(s): list(t) for s, t in reachable.items()},
            "can_double": view.can_double, "tickets": dict(view.public.mrx_tickets)}
