"""The phone picture: a readable zoom on the pawns and where Mr. X may be, in a phone's shape."""

from __future__ import annotations

import dataclasses
import statistics

import pytest

from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import render_zoom, round_states
from bot.games.london.pictures.layout import number_boxes
from bot.games.london.pictures.zoom import (
    MAX_SHOWN,
    PHONE_WIDTH,
    TAG_SHARE,
    draw_zoom,
    growth,
    label_px,
    label_scale,
    plan_zoom,
    possible_stations,
    stations_left_out,
)
from bot.pictures import style
from bot.games.london.pictures.layout import BASE_WIDTH, layout
from tests.games.london.pictures.conftest import decode, near
from tests.games.london.pictures.test_board import ring_colour_share
from tests.games.london.pictures.test_labels import intersect

MIN_LABEL = 11  # px, a station number's digits when the zoom is shown PHONE_WIDTH wide


@pytest.fixture(scope="module")
def views(rounds):
    """Every round of the classic game, a hunt with bobbies, and Potsdam's, from the start to the end."""
    others = [play_game("master", players=2, seed=4, mrx="random", detectives="random"),
              play_game("sanssouci", players=6, seed=1)]
    return [s.public_view() for s in rounds] + [
        s.public_view() for game in others for s in round_states(export_record(game))]


def hunters(view):
    return [p for p in view.pawns if p.role != "mrx" and p.station is not None]


def test_zoom_is_an_8_bit_png_between_square_and_phone_portrait_or_landscape(views):
    for view in views[::3]:
        data = render_zoom(view)
        img = decode(data)
        assert img.format == "PNG" and img.mode == "P"
        assert 3 / 4 <= img.height / img.width <= 5 / 4, img.size
        assert len(data) < 400 * 1024


def test_every_detective_and_bobby_stands_in_a_window_of_the_zoom(views):
    for view in views[::2]:
        zoom = draw_zoom(view)
        img = zoom.picture.img
        full = layout(view.board, BASE_WIDTH)
        for p in hunters(view):
            x, y = full.xy(p.station)
            inside = [w for w in zoom.plan.windows
                      if w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3]]
            assert inside, (view.round, p.id)
            w = inside[0]
            # ...and is drawn there: its colour just inside the disc's white ring, above the number
            at = (w.slot[0] + (x - w.crop[0]) * zoom.plan.zoom,
                  w.slot[1] + (y - w.crop[1]) * zoom.plan.zoom - 17 * zoom.plan.scale)
            assert near(img.getpixel((round(at[0]), round(at[1]))), style.pawn_colour(p.colour)), (view.round, p.id)


def test_every_station_mrx_may_be_at_stands_in_a_window_once_he_has_moved(views):
    """Up to MAX_SHOWN stations, every one of them, with every pawn, at a readable scale; and the
    pink ring of each is drawn in its window."""
    checked = 0
    for view in views:
        named = possible_stations(view)
        if not named or not view.logbook:
            continue
        zoom = draw_zoom(view)
        assert zoom.plan.zoom >= label_scale() / growth(view.board) - 1e-9, view.round
        assert stations_left_out(view) == ()
        full = layout(view.board, BASE_WIDTH)
        for station in named:
            x, y = full.xy(station)
            inside = [i for i, w in enumerate(zoom.plan.windows)
                      if w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3]]
            assert inside, (view.board.name, view.round, station)
            i = inside[0]
            lay = zoom.plan.layout(view.board, zoom.plan.windows[i], TAG_SHARE)
            assert ring_colour_share(zoom.windows[i].img, lay, station, style.TRACKER) > 0.4, (view.round, station)
        checked += 1
    assert checked > 15


def test_a_window_is_cut_for_each_station_when_they_lie_far_apart(rounds):
    """Stations at opposite ends of London: more windows, not a view too small to read."""
    view = rounds[6].public_view()
    spread = dataclasses.replace(view, possible=frozenset({1, 199, 108}), mrx_shown=None)
    plan = plan_zoom(spread)
    assert len(plan.windows) >= 3
    assert all(plan.shows(view.board, s) for s in (1, 199, 108))
    assert plan.zoom >= label_scale() / growth(view.board) - 1e-9


def test_possible_stations_names_them_only_while_the_close_up_shows_every_one(rounds):
    hidden = next(s.public_view() for s in rounds if s.public_view().mrx_shown is None
                  and 1 < len(s.public_view().possible) <= MAX_SHOWN)
    assert possible_stations(hidden) == tuple(sorted(hidden.possible))
    assert possible_stations(dataclasses.replace(hidden, possible=frozenset(range(1, MAX_SHOWN + 2)))) == ()
    shown = next(s.public_view() for s in rounds if s.public_view().mrx_shown is not None)
    assert possible_stations(shown) == ()
    assert possible_stations(rounds[-1].public_view()) == ()  # over: the route says where he was
    with pytest.raises(TypeError, match="never see the whole game state"):
        possible_stations(rounds[3])


def test_the_start_cards_of_a_spread_board_leave_the_windows_to_the_pawns():
    """Before Mr. X's first move on Potsdam, nine start cards lie all over the board: the close-up
    shows every agent readably, and the text names the cards instead."""
    view = round_states(export_record(play_game("sanssouci", players=5, seed=1)))[0].public_view()
    plan = plan_zoom(view)
    assert len(possible_stations(view)) == 9
    assert plan.zoom >= label_scale() / growth(view.board) - 1e-9
    full = layout(view.board, BASE_WIDTH)
    for p in hunters(view):
        x, y = full.xy(p.station)
        assert any(w.crop[0] < x < w.crop[2] and w.crop[1] < y < w.crop[3] for w in plan.windows), p.id


def test_station_numbers_are_at_least_11_px_tall_at_a_phones_width(views):
    for view in views[::4]:
        plan = plan_zoom(view)
        assert label_px(plan.scale, plan.width) >= MIN_LABEL


def test_the_drawn_numbers_measure_at_least_11_px_at_a_phones_width(rounds):
    """Measured on the picture: the dark rows of numbers standing clear of every mark."""
    view = rounds[6].public_view()
    zoom = draw_zoom(view)
    img = zoom.picture.img.convert("RGB")
    heights = []
    for window, part in zip(zoom.plan.windows, zoom.windows):
        lay = zoom.plan.layout(view.board, window)
        marks = part.tags.placed + [(c[0] - r, c[1] - r, c[0] + r, c[1] + r) for c, r in part.tags.pawns]
        for station in view.board.stations:
            x, y = lay.xy(station)
            r = lay.radius(station)
            box = (round(x - r * 0.7), round(y - r * 0.7), round(x + r * 0.7), round(y + r * 0.7))
            if box[0] < 0 or box[1] < 0 or box[2] > lay.width or box[3] > lay.height:
                continue
            if any(intersect(box, m) for m in marks):
                continue
            left, top = window.slot[0] + box[0], window.slot[1] + box[1]
            rows = [j for j in range(box[3] - box[1])
                    if any(near(img.getpixel((left + i, top + j)), style.INK, 60) for i in range(box[2] - box[0]))]
            if rows:
                heights.append((rows[-1] - rows[0] + 1) * PHONE_WIDTH / zoom.plan.width)
    assert len(heights) > 10
    assert statistics.median(heights) >= MIN_LABEL


def test_no_two_station_numbers_touch_on_a_london_zoom(views):
    london = [v for v in views if v.board.name == "london"]
    assert growth(london[0].board) > 1  # numbers may grow against the map, and yet...
    for view in london[::3]:
        plan = plan_zoom(view)
        for window in plan.windows:
            lay = plan.layout(view.board, window)
            boxes = [b for b in number_boxes(lay).values() if b[2] > 0 and b[0] < lay.width and b[3] > 0
                     and b[1] < lay.height]
            assert boxes
            assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if intersect(a, b)]


def test_the_same_view_gives_the_same_zoom(rounds):
    view = rounds[5].public_view()
    assert render_zoom(view) == render_zoom(view)


def test_zoom_refuses_anything_but_the_public_view(rounds):
    with pytest.raises(TypeError, match="never see the whole game state"):
        render_zoom(rounds[3])
    with pytest.raises(TypeError):
        render_zoom(rounds[3].mrx_view())


def _whole_in(lay, station) -> bool:
    (x, y), r = lay.xy(station), lay.outer(station)
    return r <= x <= lay.width - r and r <= y <= lay.height - r


def test_no_window_shows_a_station_in_part_or_a_station_another_window_shows(views):
    """A station stands whole in one window or is left off (its lines run on to the edge): no window cuts a
    station's circle or number at its edge, and no two windows show the same station (Sanssouci's bands
    once cut the same rings twice)."""
    checked = 0
    for view in views[::2]:
        zoom = draw_zoom(view)
        seen: dict[int, int] = {}
        for i, (window, part) in enumerate(zip(zoom.plan.windows, zoom.windows)):
            lay = zoom.plan.layout(view.board, window, TAG_SHARE)
            drawn = getattr(part, "shown", None)
            for station in view.board.stations:
                (x, y), r = lay.xy(station), lay.outer(station)
                on = -r < x < lay.width + r and -r < y < lay.height + r
                if not on:
                    continue
                whole = _whole_in(lay, station)
                if drawn is None:  # (the old windows: every station on the window was drawn)
                    assert whole, (view.round, i, station, "cut at the window's edge")
                    seen[station] = seen.get(station, 0) + 1
                    continue
                assert station not in drawn or whole, (view.round, i, station)
                if station in drawn:
                    seen[station] = seen.get(station, 0) + 1
                elif 0 <= x < lay.width and 0 <= y < lay.height and not any(
                        p.station == station for p in view.pawns if p.role != "mrx"):
                    # left off: where its white middle would be, the map shows no station
                    assert not near(part.img.getpixel((int(x), int(y))), style.WHITE, 12), (view.round, i, station)
                checked += 1
        assert all(n == 1 for n in seen.values()), (view.round, [s for s, n in seen.items() if n > 1])
    assert checked > 1000


def test_a_close_up_of_many_windows_shows_where_each_lies_on_a_small_map_of_the_board():
    """More than FEW windows: the header holds the whole board, small, each window's part framed and numbered
    as the window is."""
    from bot.games.london.pictures.windows import FEW, OVERVIEW_HEADER
    from bot.games.london.pictures.zoom import FRAME

    game = play_game("master", players=5, seed=7)
    many = [s.public_view() for s in round_states(export_record(game))]
    many = [v for v in many if len(plan_zoom(v).windows) > FEW]
    assert many
    for view in many[:3]:
        zoom = draw_zoom(view)
        img = zoom.picture.img
        assert zoom.plan.header == OVERVIEW_HEADER
        header = img.crop((img.width // 2, 0, img.width, OVERVIEW_HEADER))
        frames = sum(1 for px in header.get_flattened_data() if near(px, FRAME, 30))
        assert frames > 40 * len(zoom.plan.windows)  # every window's part framed on the small map
        for part in zoom.windows:  # and each window numbered in a corner in the frames' colour
            corners = [part.img.crop(box) for box in ((0, 0, 60, 50), (part.img.width - 60, 0, part.img.width, 50),
                                                      (0, part.img.height - 50, 60, part.img.height),
                                                      (part.img.width - 60, part.img.height - 50, part.img.width,
                                                       part.img.height))]
            assert any(sum(1 for px in c.get_flattened_data() if near(px, FRAME, 30)) > 20 for c in corners)
    few = [s.public_view() for s in round_states(export_record(game))]
    assert any(len(plan_zoom(v).windows) <= FEW and plan_zoom(v).header < OVERVIEW_HEADER for v in few)


def test_the_header_s_words_never_run_over_the_map_in_either_language() -> None:
    """The close-up's details take smaller type before more lines than its header has room for: a German header
    ('Mister X kann an 4 Haltestellen sein · zuletzt gesehen auf 30 (Zug 8)') once took a second line over the map."""
    from bot.games.london.pictures import zoom
    from bot.i18n import speaker
    from bot.pictures.headline import wrap

    views = [s.public_view() for s in round_states(export_record(play_game("sanssouci", players=5, seed=2)))]
    checked = 0
    for view in views[1:12]:
        plan = zoom.plan_zoom(view)
        marks = lambda part, lay: None  # noqa: E731
        for language in ("en", "de"):
            details = zoom.mrx_line(view, speaker(language))
            worded = zoom._draw(plan, view.board, ("Runde 10", details), marks).picture.img
            bare = zoom._draw(plan, view.board, ("Runde 10", ""), marks).picture.img
            below = (0, plan.header, plan.width, plan.height)
            assert worded.crop(below).tobytes() == bare.crop(below).tobytes(), (view.round, language, details)
            checked += language == "de" and len(wrap(details, style.font(26, "regular"), plan.width - 44)) > 1
    assert checked  # at least one German header that a 26 px line could not hold
