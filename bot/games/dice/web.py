"""The dice game's tiles for the web page (``bot.web``, ``docs/web.md``): the laid-out board's geometry and a view,
as plain data a browser draws, in the pictures' colours and places (:mod:`bot.games.dice.pictures.basemap`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.games.dice.engine import DiceBoard, DiceMrXView, DicePublicView
from bot.games.dice.pictures.basemap import (BASE_WIDTH, BUS, ROAD, ROAD_EDGE, TILE, TILE_EXPERT, TILE_LINE,
                                             UNDERGROUND, _direction, _half, colour, layout)
from bot.games.dice.ticket_words import ticket_name
from bot.i18n import speaker
from bot.games.web_data import hex_of, pawn_data, rounded as _r, view_fields
from bot.pictures import style
from bot.pictures.guard import expect

TICKETS = ("taxi", "bus", "underground", "black", "helicopter", "double", "pass", "x")


def board_data(view: DicePublicView, language: str = "en") -> dict[str, Any]:
    """The laid-out tiles of ``view`` as the page draws them (``docs/web.md``, "board"); before the layout, an
    empty board."""
    expect(view, DicePublicView, "board_data", "state.public_view()")
    return _board_data(view.board, language)


@lru_cache(maxsize=32)
def _board_data(board: DiceBoard | None, language: str) -> dict[str, Any]:
    tr = speaker(language)
    tickets = {t: {"colour": hex_of(colour(t)), "text": hex_of(style.text_on(colour(t))), "name": ticket_name(t, tr)}
               for t in TICKETS}
    base = {"paper": hex_of(style.PAPER), "ink": hex_of(style.INK), "tickets": tickets, "paths": [], "labels": [],
            "title": tr._("Hunting Mister X")}
    if board is None:
        return {**base, "width": 100, "height": 100, "font": 20, "areas": [], "lines": [], "stations": [],
                "pawn_radius": 20}
    lay = layout(board, BASE_WIDTH)
    dy = lay.header  # the map's top at 0, as on London's
    areas = []
    gap = lay.px(3)
    for p in board.placements:
        x0, y0 = lay.grid_xy(2 * p.column, 2 * p.row)
        x1, y1 = lay.grid_xy(2 * p.column + 2, 2 * p.row + 2)
        x0, y0, x1, y1 = x0 + gap, y0 + gap - dy, x1 - gap, y1 - gap - dy
        areas.append({"points": [[_r(x0), _r(y0)], [_r(x1), _r(y0)], [_r(x1), _r(y1)], [_r(x0), _r(y1)]],
                      "fill": hex_of(TILE_EXPERT if p.side == "expert" else TILE), "edge": hex_of(TILE_LINE)})

    def xy(n: int) -> tuple[float, float]:
        x, y = lay.xy(n)
        return x, y - dy

    roads: list[float] = []
    for road in board.roads:
        roads.extend((*xy(road.start), *xy(road.end)))
    stubs: list[float] = []
    for a, b in board.dead_ends:
        direction = _direction(board, a, b)
        for (p, q) in (_half(lay, a, direction), _half(lay, b, {"north": "south", "south": "north", "east": "west",
                                                                   "west": "east"}[direction])):
            mx, my = p[0] + (q[0] - p[0]) * 0.8, p[1] + (q[1] - p[1]) * 0.8
            stubs.extend((p[0], p[1] - dy, mx, my - dy))
    diagonals: list[float] = []
    for a, b in board.diagonals:
        diagonals.extend((*xy(a), *xy(b)))
    width = lay.cell * 0.11
    edge = width + lay.px(4)
    lines = [
        {"colour": hex_of(ROAD_EDGE), "width": _r(edge), "dash": False, "segments": [_r(v) for v in roads + stubs]},
        {"colour": hex_of(ROAD_EDGE), "width": _r(width * 0.8 + lay.px(4)), "dash": False,
         "segments": [_r(v) for v in diagonals]},
        {"colour": hex_of(ROAD), "width": _r(width), "dash": False, "segments": [_r(v) for v in roads + stubs]},
        {"colour": hex_of(ROAD), "width": _r(width * 0.8), "dash": True, "segments": [_r(v) for v in diagonals]},
    ]
    r = lay.radius()
    stations = []
    for n, s in board.stations.items():
        x, y = xy(n)
        rings = []
        if "underground" in s.transports:
            rings.append([hex_of(UNDERGROUND), _r(r * 1.25)])
        if "bus" in s.transports:
            rings.append([hex_of(BUS), _r(r * 1.1)])
        rings += [[hex_of(ROAD), _r(r * 0.95)], [hex_of(style.WHITE), _r(r * 0.72)]]
        stations.append({"id": n, "x": _r(x), "y": _r(y), "rings": rings})
    left, top, right, bottom = lay.map_box
    return {**base, "width": _r(right + left), "height": _r(bottom - top + 2 * left),
            "font": round(r * 0.9), "areas": areas, "lines": lines, "stations": stations,
            "pawn_radius": _r(r * 0.9)}


def view_data(view: DicePublicView, language: str = "en") -> dict[str, Any]:
    """What everyone may see of the dice game, as the page shows it (``docs/web.md``, "view"): from the public
    view only (the pictures' guard refuses anything else)."""
    expect(view, DicePublicView, "view_data", "state.public_view()")
    tr = speaker(language)
    over = view.outcome is not None
    pawns = [pawn_data(p, tr, p.station if p.role != "mrx" or over else view.mrx_shown,
                       dict(view.mrx_tickets) if p.role == "mrx" else None) for p in view.pawns]
    logbook = [{"number": e.number, "ticket": e.ticket, "face": e.face, "round": e.round, "double": e.double,
                "reveal": e.reveal, "surfaced": False, "station": e.station} for e in view.logbook]
    return {**view_fields(view, tr, pawns, logbook), "dice": list(view.rolled or ())}


def secret_data(view: DiceMrXView, language: str = "en") -> dict[str, Any]:
    """Mr. X's own page (``docs/web.md``, "Mr. X's page"): his station and where each ticket takes him."""
    expect(view, DiceMrXView, "secret_data", "state.mrx_view()")
    return {"station": view.station, "route": list(view.route), "waiting": not view.moves,
            "reachable": {str(s): list(t) for s, t in view.reachable().items()},
            "can_double": view.can_double, "tickets": dict(view.public.mrx_tickets)}
