"""The dice game's pictures: drawn from views only, the same for twin games, showing what they say."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.dice.engine import MRX
from bot.games.dice.engine.players import simulate
from bot.games.dice.pictures import log_text, render_board, render_log, render_mrx_board, render_route
from bot.games.dice.pictures.basemap import TILE_EXPERT, layout
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
