"""No label hides another: name tags, "Mr. X was here", entry badges keep clear of every station
number, every pawn's number and each other, on the real boards (and close-ups, public and Mr. X's) of
simulated games, and of the place names (Potsdam's) wherever a free spot allows."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Collection

import pytest
from PIL import ImageChops

from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import round_states
from bot.games.london.pictures.board import draw_board, draw_mrx_board, draw_route
from bot.pictures.canvas import Box, Picture
from bot.games.london.pictures.zoom import draw_mrx_zoom, draw_zoom
from bot.pictures.marks import PAWN_RADIUS, Tags, pawn_number_box, pawn_sprite, station_number_boxes

#: (rules, players, strategy, seed): London and Potsdam, with bobbies and without, hunts that
#: close in (greedy) and that wander (random)
GAMES = [
    ("classic", 5, "greedy", 1),
    ("classic", 6, "random", 2),
    ("mb1985", 5, "greedy", 3),
    ("master", 2, "random", 4),
    ("master", 3, "greedy", 5),
    ("sanssouci", 6, "greedy", 1),
    ("sanssouci", 5, "random", 6),
    ("sanssouci", 4, "greedy", 7),
]


def intersect(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def label_faults(tags: Tags) -> list[str]:
    """Every tag that covers another tag, a station's number or a pawn's number."""
    lay = tags.lay
    numbers = [(f"station {s}'s number", box) for s, box in station_number_boxes(lay).items()
               if not any(math.dist(lay.xy(s), c) < r for c, r in tags.pawns)]  # a pawn shows it instead
    numbers += [(f"the number of the pawn at {c}", pawn_number_box(c, r)) for c, r in tags.pawns]
    faults = []
    for i, tag in enumerate(tags.placed):
        faults += [f"tag {tag} covers tag {other}" for other in tags.placed[i + 1:] if intersect(tag, other)]
        faults += [f"tag {tag} covers {name}" for name, box in numbers if intersect(tag, box)]
    return faults


@dataclass(frozen=True)
class Drawn:
    """What the checks read of a picture drawn: its tags (with their layout), and the stations a window shows."""

    tags: Tags
    shown: Collection[int] | None


@functools.cache
def drawn(rules: str, players: int, strategy: str, seed: int) -> tuple[tuple[str, Drawn], ...]:
    """:func:`pictures` of a game, kept for the tests that read the same game again (the pictures themselves are
    let go: a game's are hundreds of megabytes)."""
    kept = []
    for what, pic in pictures(rules, players, strategy, seed):
        assert isinstance(pic, Picture), what
        kept.append((what, Drawn(pic.tags, getattr(pic, "shown", None))))
    return tuple(kept)


def pictures(rules: str, players: int, strategy: str, seed: int):
    """(what, Picture) for every round of a simulated game: the board with and without the
    tracker in turn, Mr. X's board while the game runs, the route at the end, and every window of
    the zoom."""
    game = play_game(rules, players=players, seed=seed, mrx=strategy, detectives=strategy)
    for state in round_states(export_record(game)):
        view = state.public_view()
        yield f"board of round {view.round}", draw_board(view, tracker=view.round % 2 == 0)
        if state.is_over:
            yield "route", draw_route(view)
        else:
            yield f"Mr. X's board of round {view.round}", draw_mrx_board(state.mrx_view())
            for n, window in enumerate(draw_mrx_zoom(state.mrx_view()).windows):
                yield f"Mr. X's close-up window {n} of round {view.round}", window
        for n, window in enumerate(draw_zoom(view).windows):
            yield f"zoom window {n} of round {view.round}", window


@pytest.mark.parametrize("rules,players,strategy,seed", GAMES, ids=["-".join(map(str, g)) for g in GAMES])
def test_no_tag_covers_a_number_or_another_tag(rules, players, strategy, seed):
    checked = 0
    for what, pic in drawn(rules, players, strategy, seed):
        assert pic.tags is not None
        assert label_faults(pic.tags) == [], what
        checked += len(pic.tags.placed)
    assert checked > 40


def names_covered(tags: Tags) -> int:
    return sum(any(intersect(tag, name) for name in tags.lay.place_name_boxes()) for tag in tags.placed)


@pytest.mark.parametrize("seed", [1, 6])
def test_tags_keep_off_the_place_names_where_they_can(seed, monkeypatch):
    tags = covered = 0
    for _, pic in drawn("sanssouci", 5, "greedy", seed):
        tags += len(pic.tags.placed)
        covered += names_covered(pic.tags)
    assert tags > 200 and covered <= tags // 100  # a place name under a tag: only where no spot is free
    # the check can fail: tags that do not know the place names cover some of them
    monkeypatch.setattr(Tags, "place_names", lambda self: ())
    blind = sum(names_covered(pic.tags) for _, pic in pictures("sanssouci", 5, "greedy", seed))
    assert blind > covered


def test_a_close_up_shows_each_place_name_whole_or_not_at_all():
    shown = 0
    for what, pic in drawn("sanssouci", 6, "greedy", 1):
        lay = pic.tags.lay
        for box in lay.place_name_boxes():
            assert 0 <= box[0] and lay.header <= box[1] and box[2] <= lay.width and box[3] <= lay.footer_top, what
            shown += "window" in what
    assert shown >= 3  # (names on windows, where they fit)


def test_no_place_name_lies_under_a_station():
    """Potsdam's names (Hauptbahnhof, ...) cover no station's circle, on the board and on every window of a
    close-up (where a name finds no free spot it is left out)."""
    checked = 0
    for seed in (1, 6, 7):
        for what, pic in drawn("sanssouci", 5, "greedy", seed):
            lay = pic.tags.lay
            rim = lay.px(3)
            for box in lay.place_name_boxes():
                letters = (box[0] + rim, box[1] + rim, box[2] - rim, box[3] - rim)
                for station in lay.board.stations:
                    if pic.shown is not None and station not in pic.shown:
                        continue  # (a window leaves off a station its edge would cut)
                    (x, y), r = lay.xy(station), lay.outer(station)
                    nx, ny = min(max(x, letters[0]), letters[2]), min(max(y, letters[1]), letters[3])
                    assert math.dist((nx, ny), (x, y)) >= r, (what, box, station)
                checked += 1
    assert checked > 100


def test_the_check_finds_a_tag_put_over_a_station_number(rounds):
    pic = draw_board(rounds[4].public_view())
    tags = pic.tags
    assert label_faults(tags) == []
    free = next(s for s in tags.lay.board.stations
                if not any(math.dist(tags.lay.xy(s), c) < r for c, r in tags.pawns))
    tags.placed.append(station_number_boxes(tags.lay)[free])
    assert len(label_faults(tags)) == 1


def test_crowded_tags_move_out_on_a_leader_line_instead_of_covering(rounds):
    pic = draw_board(rounds[4].public_view())
    tags = pic.tags
    station = 67
    for n in range(8):
        tags.add(pic, tags.lay.xy(station), f"tag number {n}", (120, 120, 120))
    assert label_faults(tags) == []
    assert tags.leaders, "with eight tags at one station, some must stand further out"


@pytest.mark.parametrize("text", ["7", "88", "188", "X"])
def test_a_pawns_number_lies_inside_its_number_box(text):
    scale = 1.0
    with_text = pawn_sprite("disc", (33, 98, 214), text, scale)
    without = pawn_sprite("disc", (33, 98, 214), "", scale)
    left, top, right, bottom = ImageChops.difference(with_text.convert("RGB"), without.convert("RGB")).getbbox()
    centre = (with_text.width / 2, with_text.height / 2)
    box = pawn_number_box(centre, PAWN_RADIUS * scale)
    assert box[0] <= left and box[1] <= top and right <= box[2] and bottom <= box[3], (left, top, right, bottom)
