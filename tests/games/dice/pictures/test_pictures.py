"""The dice game's pictures: drawn from views only, the same for twin games, showing what they say."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot.games.dice.engine import MRX
from bot.games.dice.engine.players import simulate
from bot.games.dice.pictures import log_text, render_board, render_log, render_mrx_board, render_route
from bot.games.dice.pictures.basemap import BASE_WIDTH, TILE_EXPERT, layout
from bot.games.dice.pictures.zoom import ZOOM_WIDTH, hunt_stations, render_zoom, window
from bot.pictures import style

from tests.games.dice.engine.helpers import put, roll, started, twins


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def near(colour, target, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def public_pictures(state) -> list[bytes]:
    view = state.public_view()
    return [render_board(view), render_board(view, tracker=False), render_log(view), log_text(view).encode(),
            render_zoom(view), render_zoom(view, tracker=False)]


@pytest.mark.parametrize("players", [2, 4])
def test_twin_games_give_byte_identical_public_pictures(players):
    compared = 0
    for seed in range(8):
        a, b, events = twins(players, seed)
        if not events or a.awaiting == "layout":
            continue
        assert public_pictures(a) == public_pictures(b)
        # ...while the picture that shows his station tells them apart: the test can fail
        assert render_mrx_board(a.mrx_view()) != render_mrx_board(b.mrx_view())
        compared += 1
        if compared == 2:
            break
    assert compared == 2


def test_pictures_refuse_the_game_state_and_the_other_sides_view():
    state = started()
    for render in (render_board, render_mrx_board, render_log, log_text, render_route, render_zoom):
        with pytest.raises(TypeError, match="never see the whole game state"):
            render(state)
    with pytest.raises(TypeError):
        render_mrx_board(state.public_view())
    with pytest.raises(TypeError):
        render_board(state.mrx_view())


def test_the_route_is_refused_while_the_game_runs():
    with pytest.raises(ValueError, match="once the game is over"):
        render_route(started().public_view())


def test_the_board_shows_pawns_tracker_and_expert_tiles():
    state = put(started(expert="ABH"), red=34)
    view = state.public_view()
    img = decode(render_board(view))
    lay = layout(view.board)
    assert img.size == (lay.width, lay.height)
    x, y = lay.xy(34)
    assert near(img.getpixel((round(x), round(y + lay.radius() * 0.6))), style.pawn_colour("red"))
    # the tracker: a pink ring just outside a possible station (Mr. X started on tile I)
    assert 36 in view.possible
    x, y = lay.xy(36)
    ring = [img.getpixel((round(x + lay.radius() + d), round(y))) for d in range(2, 14)]
    assert any(near(p, style.TRACKER) for p in ring)
    plain = decode(render_board(view, tracker=False))
    assert not any(near(plain.getpixel((round(x + lay.radius() + d), round(y))), style.TRACKER) for d in range(2, 14))
    # an expert tile (A, the middle right) is tinted
    a = next(p for p in view.board.placements if p.letter == "A")
    corner = lay.grid_xy(2 * a.column + 1.5, 2 * a.row + 1.5)
    assert near(img.getpixel((round(corner[0]) + 30, round(corner[1]) + 40)), TILE_EXPERT, 8)


def test_mrx_board_rings_where_his_dice_take_him():
    state = started()
    roll(state, "taxi", "x", "x", "x")
    state.apply(state.legal_moves()[0])
    state.tokens = 0
    roll(state, "x", "x", "x")
    roll(state, "x", "x", "x")
    view = state.mrx_view()
    img = decode(render_mrx_board(view))
    lay = layout(view.public.board)
    for station in (34, 35):
        x, y = lay.xy(station)
        ring = [img.getpixel((round(x - lay.radius() - d), round(y))) for d in range(2, 14)]
        assert any(near(p, style.REACHABLE) for p in ring), station


def test_the_log_marks_reveal_boxes_and_shows_each_entrys_die():
    state = simulate(4, seed=8)
    view = state.public_view()
    img = decode(render_log(view))
    assert img.width == 1200
    text = log_text(view)
    assert text.count("\n") >= len(view.logbook)
    assert "👁" in text
    for e in view.logbook:
        line = next(x for x in text.splitlines() if x.startswith(f"{e.number}. "))
        assert (f"**{e.station}**" in line) == (e.station is not None)


def test_the_route_at_the_end_is_drawn():
    state = simulate(3, seed=2, expert=True)
    img = decode(render_route(state.public_view()))
    assert img.size == (layout(state.board).width, layout(state.board).height)
    assert MRX in state.start


def test_the_close_up_frames_every_pawn_and_possible_station():
    framed = 0
    for seed in range(6):
        state = simulate(4, seed)
        for upto in range(len(state.history) + 1):
            view = replay_view(state, upto)
            if view is None:
                continue
            box = window(view)
            if box is None:
                continue
            framed += 1
            lay = layout(view.board)
            for station in hunt_stations(view):
                x, y = lay.xy(station)
                assert box[0] < x < box[2] and box[1] < y < box[3], (seed, upto, station)
    assert framed > 20


def test_the_close_up_is_phone_sized_and_none_when_the_hunt_spreads():
    state = started()
    view = state.public_view()
    png = render_zoom(view)
    if png is not None:
        assert decode(png).width == ZOOM_WIDTH
    spread = [s for s in range(6) if window(simulate(4, s).public_view(), tracker=True) is None]
    assert all(render_zoom(simulate(4, s).public_view()) is None for s in spread)


def replay_view(state, upto: int):
    """The public view after the first ``upto`` actions (None: no board yet, or mid-way through a double move)."""
    from bot.games.dice.engine import BadRecord, replay
    from bot.games.dice.engine.record import export_record

    try:
        view = replay(export_record(state), upto=upto).public_view()
    except BadRecord:
        return None
    return view if view.board is not None else None


def test_mr_x_s_rides_pass_under_the_tiles_letters_on_his_route_and_his_board():
    """A helicopter flight crosses tiles: it once hid a tile's letter (C) on the route and on Mr. X's board."""
    from bot.games.dice.engine import replay
    from bot.games.dice.engine.record import export_record
    from bot.games.dice.pictures.basemap import base_map, letter_spots
    from bot.games.dice.pictures.board import draw_mrx_board, draw_route
    from bot.pictures.canvas import near_segment

    crossed = 0
    for seed in (0, 22, 27):
        state = simulate(players=4, seed=seed)
        view = state.public_view()
        lay = layout(view.board, BASE_WIDTH)
        segments = [(lay.xy(a), lay.xy(b)) for a, b in zip(view.route, view.route[1:]) if a != b]
        record = export_record(state)
        last_turn = max(i for i, a in enumerate(record["actions"]) if a.get("pawn") == "mrx" and "entry" in a)
        mview = replay(record, upto=last_turn).mrx_view()
        for pic, base in ((draw_route(view), base_map(view.board, BASE_WIDTH, dim=True)),
                          (draw_mrx_board(mview), base_map(view.board, BASE_WIDTH))):
            for (x, y), r in letter_spots(lay):
                if not any(near_segment((x, y), a, b, r) for a, b in segments):
                    continue
                if any(math.dist((x, y), c) < 2 * r for c, _ in pic.tags.pawns if math.dist(c, (x, y)) > r * 3):
                    continue
                box = (round(x - r * 0.6), round(y - r * 0.6), round(x + r * 0.6), round(y + r * 0.6))
                if any(b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in pic.tags.placed):
                    continue  # (a tag may sit there)
                assert pic.img.crop(box).tobytes() == base.crop(box).tobytes(), (seed, (x, y))
                crossed += 1
    assert crossed >= 3


def test_the_legend_s_stations_are_the_board_s_stations_smaller():
    """The legend's underground station once showed a flat red band; it is the board's: a white-rimmed red
    plate on the disc, the upper half green."""
    from bot.games.dice.pictures.basemap import SYMBOL, _legend_row, _legend_spots, base_map

    state = simulate(players=4, seed=3)
    board = state.public_view().board
    lay = layout(board, BASE_WIDTH)
    img = base_map(board, BASE_WIDTH)
    underground = next(n for n, s in board.stations.items() if set(s.transports) == {"taxi", "bus", "underground"})
    x, y = lay.xy(underground)
    r = lay.radius()
    legend_x = _legend_spots(lay)[2] + lay.px(SYMBOL) / 2
    legend_y = _legend_row(lay)
    legend_r = lay.px(12)  # (about: the sizes below go with it)
    for (dx, dy), what in (((0, -0.8), "green"), ((0, 0.8), "yellow"), ((-0.6, 0.0), "red")):
        on_board = img.getpixel((round(x + dx * r), round(y + dy * r)))
        in_legend = img.getpixel((round(legend_x + dx * legend_r), round(legend_y + dy * legend_r)))
        assert near(on_board, in_legend, 70), (what, on_board, in_legend)
    for side in (-1, 1):  # the plate's white rim, above and below it (the lightest pixel across its edge)
        for at, radius in (((x, y), r), ((legend_x, legend_y), legend_r)):
            column = [img.getpixel((round(at[0] - 0.3 * radius), round(at[1] + side * radius * f / 100)))
                      for f in range(40, 62)]
            assert max(sum(px) for px in column) > 3 * 215, (side, at, column)


def test_a_route_over_part_of_the_board_is_framed_on_it():
    """As the close-up frames the hunt: the route picture shows the part of the board the route crosses, 900 px
    wide, its header written again large; a route over most of the board keeps the whole board."""
    from bot.games.dice.pictures import renderer
    from bot.games.dice.pictures.zoom import route_window

    framed = whole = 0
    for seed in range(12, 19):
        view = simulate(players=3, seed=seed).public_view()
        img = decode(renderer.render_route(view))
        if route_window(view) is None:
            whole += 1
            assert img.width == BASE_WIDTH
        else:
            framed += 1
            assert img.width == ZOOM_WIDTH
    assert framed and whole
