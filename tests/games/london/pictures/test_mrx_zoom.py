"""Mr. X's close-up: his station and where each ticket can take him, readable on a phone, from his view only."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX, GameState, export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import render_mrx_zoom, round_states
from bot.games.london.pictures.zoom import (
    TAG_SHARE,
    draw_mrx_zoom,
    growth,
    label_px,
    label_scale,
    plan_mrx_zoom,
)
from bot.games.london.pictures.layout import number_boxes
from bot.games.london.pictures.board import draw_mrx_board
from bot.pictures import style
from bot.games.london.pictures.layout import BASE_WIDTH, BOARD_WIDTH, layout
from tests.games.london.pictures.conftest import decode
from tests.games.london.pictures.test_board import ring_colour_share
from tests.games.london.pictures.test_labels import intersect

MIN_LABEL = 11  # px, a station number's digits when the close-up is shown PHONE_WIDTH wide


@pytest.fixture(scope="module")
def mrx_views(rounds):
    """Mr. X's view in every round of the classic game, of a master game and of a Potsdam game."""
    others = [play_game("master", players=4, seed=2), play_game("sanssouci", players=5, seed=1)]
    states = list(rounds) + [s for game in others for s in round_states(export_record(game))]
    return [s.mrx_view() for s in states if not s.is_over]


def window_of(plan, board, station):
    x, y = layout(board, BASE_WIDTH).xy(station)
    return next((i for i, w in enumerate(plan.windows) if w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3]),
                None)


def test_his_station_and_every_station_a_ticket_takes_him_to_stand_in_a_window(mrx_views):
    checked = 0
    for view in mrx_views:
        reachable = view.reachable()
        if not reachable:
            continue
        zoom = draw_mrx_zoom(view)
        board = view.public.board
        assert zoom.plan.zoom >= label_scale() / growth(board) - 1e-9
        assert window_of(zoom.plan, board, view.station) is not None
        for station in reachable:
            i = window_of(zoom.plan, board, station)
            assert i is not None, (view.public.round, station)
            lay = zoom.plan.layout(board, zoom.plan.windows[i], TAG_SHARE)
            assert ring_colour_share(zoom.windows[i].img, lay, station, style.REACHABLE) > 0.4, station
        checked += 1
    assert checked > 20


def test_mrx_close_up_is_a_readable_8_bit_png_in_a_phones_shape(mrx_views):
    for view in mrx_views[::5]:
        data = render_mrx_zoom(view, language="de")
        img = decode(data)
        assert img.format == "PNG" and img.mode == "P" and img.width == 900
        assert 3 / 4 <= img.height / img.width <= 5 / 4, img.size
        assert len(data) < 400 * 1024
        plan = plan_mrx_zoom(view)
        assert label_px(plan.scale, plan.width) >= MIN_LABEL  # at PHONE_WIDTH


def test_while_he_cannot_move_his_close_up_shows_him_and_the_detectives(rounds):
    state = GameState.from_snapshot(rounds[3].snapshot())
    state.apply(state.legal_moves(MRX)[0])  # now the detectives move
    view = state.mrx_view()
    assert not view.reachable()
    plan = plan_mrx_zoom(view)
    board = view.public.board
    assert window_of(plan, board, view.station) is not None
    for pawn in view.public.pawns:
        if pawn.role != "mrx":
            assert window_of(plan, board, pawn.station) is not None, pawn.id


def test_mrx_close_up_is_never_drawn_from_a_public_view_or_the_game_state(rounds):
    state = rounds[2]
    for wrong in (state, state.public_view()):
        with pytest.raises(TypeError, match="never see the whole game state"):
            render_mrx_zoom(wrong)
        with pytest.raises(TypeError, match="render_mrx_zoom|plan_mrx_zoom"):
            plan_mrx_zoom(wrong)


def test_ticket_dots_hide_no_station_number_nor_each_other(mrx_views):
    """On his full board and on his close-up, each row of dots takes a side of its station where it
    covers no other station's number and no other row of dots."""
    checked = 0
    for view in mrx_views[::2]:
        if not view.reachable():
            continue
        pictures = [(draw_mrx_board(view), layout(view.public.board, BOARD_WIDTH))]
        zoom = draw_mrx_zoom(view)
        pictures += [(part, zoom.plan.layout(view.public.board, w, TAG_SHARE))
                     for part, w in zip(zoom.windows, zoom.plan.windows)]
        for pic, lay in pictures:
            dots = pic.tags.keep_clear
            numbers = list(number_boxes(lay).values())
            for i, box in enumerate(dots):
                assert not [n for n in numbers if intersect(box, n)], (view.public.round, box)
                assert not [d for d in dots[i + 1:] if intersect(box, d)], (view.public.round, box)
            checked += len(dots)
    assert checked > 50
