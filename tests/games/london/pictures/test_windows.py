"""Where a close-up's windows go: the fewest windows that hold every item at a readable scale."""

from __future__ import annotations

import pytest

from bot.games.london.engine import load_board
from bot.games.london.pictures.windows import (
    FLATTEST,
    HEADER,
    PAWN_ROOM,
    STATION_ROOM,
    TALLEST,
    ZOOM_WIDTH,
    growth,
    item_around,
    label_scale,
    plan_windows,
)
from bot.games.london.pictures.layout import BASE_WIDTH, layout


@pytest.fixture(scope="module")
def london():
    return load_board("london")


def at(board, station):
    return layout(board, BASE_WIDTH).xy(station)


def stations(board, *numbers):
    return [item_around([at(board, s)], STATION_ROOM, stations=(s,)) for s in numbers]


def shown(plan, point):
    x, y = point
    return any(w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3] for w in plan.windows)


def check_picture(plan):
    """Windows side by side under the header, within the picture, none over another."""
    assert plan.width == ZOOM_WIDTH and FLATTEST <= plan.height / plan.width <= TALLEST
    slots = [w.slot for w in plan.windows]
    for i, a in enumerate(slots):
        assert 0 <= a[0] < a[2] <= plan.width and HEADER <= a[1] < a[3] <= plan.height
        for b in slots[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_items_that_lie_close_share_one_window(london):
    plan = plan_windows(london, stations(london, 46, 47, 58, 33))
    assert len(plan.windows) == 1
    assert all(shown(plan, at(london, s)) for s in (46, 47, 58, 33))
    check_picture(plan)


def test_two_far_groups_take_two_windows_and_each_shows_its_own(london):
    west, east = (43, 57, 73), (175, 162, 136)
    plan = plan_windows(london, stations(london, *west, *east))
    assert len(plan.windows) == 2
    assert {frozenset(w.stations) for w in plan.windows} == {frozenset(west), frozenset(east)}
    assert all(shown(plan, at(london, s)) for s in west + east)
    assert plan.zoom >= label_scale() / growth(london) - 1e-9
    check_picture(plan)


def test_spread_items_get_more_windows_not_smaller_numbers(london):
    corners = (1, 7, 108, 189, 199, 194, 13, 93)
    plan = plan_windows(london, stations(london, *corners))
    assert len(plan.windows) >= 6
    assert all(shown(plan, at(london, s)) for s in corners)
    assert plan.zoom >= label_scale() / growth(london) - 1e-9
    check_picture(plan)


def test_more_far_items_than_windows_is_refused(london):
    full = layout(london, BASE_WIDTH)
    left, top, right, bottom = full.map_box
    grid = [item_around([(left + (right - left) * i / 3, top + (bottom - top) * j / 3)], PAWN_ROOM)
            for i in range(4) for j in range(4)]
    assert plan_windows(london, grid) is None


def test_a_wish_that_does_not_fit_is_left_to_sliding_windows(london):
    pawn = item_around([at(london, 46)], PAWN_ROOM, pawns=("red",))
    far = [at(london, s) for s in (1, 199, 108, 93)]
    plan = plan_windows(london, [pawn], wish=item_around(far, STATION_ROOM), near=far)
    assert len(plan.windows) == 1 and plan.windows[0].pawns == ("red",)
    near = plan_windows(london, [pawn], wish=item_around([at(london, 47)], STATION_ROOM))
    assert shown(near, at(london, 47))


def test_nothing_to_show_shows_the_middle_of_the_board(london):
    plan = plan_windows(london, [])
    assert len(plan.windows) == 1
    check_picture(plan)
