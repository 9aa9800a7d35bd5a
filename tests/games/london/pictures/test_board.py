"""The board pictures: size and budget, the marks a player relies on, the static base drawn once."""

from __future__ import annotations

import math

from bot.games.london.engine import MRX, load_board
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import render_board, render_mrx_board, render_route
from bot.pictures import style
from bot.games.london.pictures.basemap import base_map
from bot.games.london.pictures.board import draw_board, draw_route
from bot.games.london.pictures.layout import BASE_WIDTH, BOARD_WIDTH, layout

from tests.games.london.pictures.conftest import decode, near

EIGHT_MB = 8 * 1024 * 1024


def ring_colour_share(img, lay, station: int, colour, gap: float = 2, width: float = 5) -> float:
    """The share of points around ``station``'s ring position that show ``colour``."""
    x, y = lay.xy(station)
    r = lay.radius(station) + (gap + width / 2) * lay.scale
    points = [(x + r * math.cos(a / 16 * 2 * math.pi), y + r * math.sin(a / 16 * 2 * math.pi)) for a in range(16)]
    return sum(near(img.getpixel((round(px), round(py))), colour) for px, py in points) / len(points)


def test_board_is_an_8_bit_png_of_the_layout_size_within_budget(rounds):
    data = render_board(rounds[5].public_view())
    img = decode(data)
    lay = layout(load_board("london"), BOARD_WIDTH)
    assert img.format == "PNG" and img.mode == "P"
    assert img.size == (lay.width, lay.height) == (1600, lay.height)
    assert len(data) < 400 * 1024


def test_every_picture_stays_under_8_mb(rounds, finished):
    for state in rounds[::4]:
        assert len(render_board(state.public_view(), tracker=True)) < EIGHT_MB
        if not state.is_over:
            assert len(render_mrx_board(state.mrx_view())) < EIGHT_MB
    assert len(render_route(finished.public_view())) < EIGHT_MB


def test_tracker_rings_exactly_the_stations_mrx_may_be_at(rounds):
    view = next(s.public_view() for s in rounds if len(s.public_view().possible) > 3 and s.public_view().mrx_shown is None)
    img = decode(render_board(view, tracker=True)).convert("RGB")
    plain = decode(render_board(view)).convert("RGB")
    lay = layout(view.board, BOARD_WIDTH)
    for station in view.possible:
        assert ring_colour_share(img, lay, station, style.TRACKER) > 0.5, station
        assert ring_colour_share(plain, lay, station, style.TRACKER) < 0.2, station
    others = [s for s in view.board.stations if s not in view.possible][:40]
    assert all(ring_colour_share(img, lay, s, style.TRACKER) < 0.2 for s in others)


def test_mrx_board_rings_every_station_he_can_reach(rounds):
    view = rounds[4].mrx_view()
    img = decode(render_mrx_board(view)).convert("RGB")
    lay = layout(view.public.board, BOARD_WIDTH)
    reachable = view.reachable()
    assert reachable
    for station in reachable:
        assert ring_colour_share(img, lay, station, style.REACHABLE) > 0.5, station
    far = [s for s in view.public.board.stations if s not in reachable and s != view.station][:40]
    assert all(ring_colour_share(img, lay, s, style.REACHABLE) < 0.2 for s in far)


def test_detective_pawns_stand_on_their_stations_in_their_colours(rounds):
    view = rounds[6].public_view()
    img = decode(render_board(view)).convert("RGB")
    lay = layout(view.board, BOARD_WIDTH)
    for pawn in view.detectives:
        x, y = lay.xy(pawn.station)
        # the disc's fill shows just inside its white ring, clear of the station number
        edge = (round(x), round(y - 17 * lay.scale))
        assert near(img.getpixel(edge), style.pawn_colour(pawn.colour)), pawn.id


def test_mrx_is_drawn_where_he_was_revealed_only_while_shown(rounds):
    shown = next(s.public_view() for s in rounds if s.public_view().mrx_shown is not None and not s.is_over)
    img = decode(render_board(shown)).convert("RGB")
    lay = layout(shown.board, BOARD_WIDTH)
    x, y = lay.xy(shown.mrx_shown)
    assert near(img.getpixel((round(x), round(y - 17 * lay.scale))), style.MRX_COLOUR)


def test_only_changed_boxes_are_mapped_to_the_palette_and_the_result_is_the_same(rounds):
    pic = draw_board(rounds[7].public_view(), tracker=True)
    fast = pic.to_indexed()
    full = pic.img.quantize(palette=pic.palette, dither=0)
    assert fast.tobytes() == full.tobytes()


def test_the_static_base_is_drawn_once_per_board_and_size():
    board = load_board("london")
    assert base_map(board, BASE_WIDTH) is base_map(board, BASE_WIDTH)
    assert base_map(board, 1200).width == 1200


def test_the_same_view_always_gives_the_same_bytes(rounds):
    view = rounds[3].public_view()
    assert render_board(view) == render_board(view)


def test_route_needs_the_finished_game_and_draws_every_station_of_it(finished):
    view = finished.public_view()
    img = decode(render_route(view)).convert("RGB")
    lay = draw_route(view).layout  # (framed on the route)
    for station in set(view.route):
        # stations of the route stay in full colour on the dimmed map: the ring keeps its colour
        x, y = lay.xy(station)
        ring_at = (round(x + lay.radius(station) - 1.5 * lay.scale), round(y))
        assert not near(img.getpixel(ring_at), style.PAPER, 12), station
    assert view.pawn(MRX).station == view.route[-1]


def test_fonts_ship_inside_the_package():
    names = {p.name for p in style.FONTS_DIR.iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "LICENSE"} <= names
    assert style.font(20).path.startswith(str(style.FONTS_DIR))


def test_potsdam_station_kinds_look_different_and_london_s_stay_as_they_were() -> None:
    from bot.games.london.engine import load_board
    from bot.games.london.pictures.basemap import _bands

    potsdam, london = load_board("potsdam"), load_board("london")
    # Not every ViP stop has a walking path: the ones that do carry a yellow band; London's bus
    # stops are all taxi stops too, so its stations keep one ring.
    assert _bands(potsdam, ("walk", "vip")) == ("walk",) and _bands(potsdam, ("vip",)) == ()
    assert _bands(london, ("taxi", "bus")) == () and _bands(london, ("taxi", "bus", "underground")) == ()


def _caught_games():
    """Finished games in which a detective moved onto Mr. X, over the four rule systems."""
    out = []
    for rules in ("classic", "mb1985", "master", "sanssouci"):
        for seed in range(10):
            view = play_game(rules, players=5, seed=seed).public_view()
            if any(p.role != "mrx" and p.station == view.route[-1] for p in view.pawns):
                out.append(view)
    return out


def test_a_caught_mr_x_stands_beside_the_detective_on_him_and_both_show():
    """Mr. X's pawn once hid under the detective who caught him; now it stands beside, most of it in sight
    (his "X" and his colour), on the board, the route and the replay, and the "caught" tag covers no
    station's number."""
    from bot.pictures.marks import PAWN_RADIUS, station_number_boxes

    views = _caught_games()
    assert len(views) >= 8
    for view in views:
        for what, pic in (("board", draw_board(view)), ("route", draw_route(view))):
            lay = pic.tags.lay
            caught_at = lay.xy(view.route[-1])
            r = PAWN_RADIUS * lay.scale
            hunters = [lay.xy(p.station) for p in view.pawns if p.role != "mrx" and p.station is not None]
            mrx = next(c for c, _ in pic.tags.pawns if all(math.dist(c, h) > 1 for h in hunters))
            assert math.dist(mrx, caught_at) >= 1.1 * r, (view.rules, what)  # two thirds of his disc in sight
            far = (mrx[0] + (mrx[0] - caught_at[0]) / math.dist(mrx, caught_at) * 0.62 * r,
                   mrx[1] + (mrx[1] - caught_at[1]) / math.dist(mrx, caught_at) * 0.62 * r)
            assert near(pic.img.getpixel((round(far[0]), round(far[1]))), style.MRX_COLOUR, 45), (view.rules, what)
            tag = next(box for box, text in zip(pic.tags.placed, pic.tags.texts) if "caught" in text)
            for station, box in station_number_boxes(lay).items():
                if any(math.dist(lay.xy(station), c) < pr for c, pr in pic.tags.pawns):
                    continue  # (a pawn shows that number)
                assert not (tag[0] < box[2] and box[0] < tag[2] and tag[1] < box[3] and box[1] < tag[3]), \
                    (view.rules, what, station)


def test_every_route_picture_frames_the_route():
    """The route fills its picture (the map zoomed in on it, up to FRAME_MOST times): Sanssouci's once took
    150 px of a 2000 px board."""
    from bot.games.london.pictures.basemap import FRAME_MOST, route_frame

    for rules in ("classic", "mb1985", "master", "sanssouci"):
        for seed in range(5):
            view = play_game(rules, players=5, seed=seed).public_view()
            pic = draw_route(view)
            lay = pic.layout if getattr(pic, "layout", None) is not None else layout(view.board, BOARD_WIDTH)
            xs = [lay.xy(s)[0] for s in view.route]
            ys = [lay.xy(s)[1] for s in view.route]
            fills = max((max(xs) - min(xs)) / lay.width, (max(ys) - min(ys)) / (lay.footer_top - lay.header))
            assert fills >= 0.6 or route_frame(view.board, view.route, BOARD_WIDTH)[1] == FRAME_MOST, \
                (rules, seed, fills)
            assert all(0 <= x <= lay.width for x in xs) and all(lay.header <= y <= lay.footer_top for y in ys)
