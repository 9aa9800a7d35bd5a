"""The tile set in boards/dice.json and its validator."""

from __future__ import annotations

import copy
import itertools
import json

import pytest

from bot.games.dice.engine import Placement, TileError, lay_board, load_tiles, parse_tiles
from bot.games.dice.engine.tiles import BOARDS_DIR


@pytest.fixture(scope="module")
def raw() -> dict:
    return json.loads((BOARDS_DIR / "dice.json").read_text(encoding="utf-8"))


def broken(raw: dict, change) -> str:
    data = copy.deepcopy(raw)
    change(data)
    with pytest.raises(TileError) as caught:
        parse_tiles(data, "dice.json")
    return caught.value.message


def test_nine_tiles_a_to_i_with_four_stations_numbered_by_letter():
    tiles = load_tiles()
    assert list(tiles.tiles) == list("ABCDEFGHI")
    for i, tile in enumerate(tiles.tiles.values()):
        assert [s.number for s in tile.stations] == [4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4]


def test_every_station_is_a_taxi_stop_some_bus_a_few_underground():
    stations = [s for t in load_tiles().tiles.values() for s in t.stations]
    assert all("taxi" in s.transports for s in stations)
    buses = sum("bus" in s.transports for s in stations)
    undergrounds = sum("underground" in s.transports for s in stations)
    assert 8 <= buses <= 18 and 3 <= undergrounds <= 5


def test_enough_underground_tiles_that_a_3x2_layout_holds_three():
    tiles = load_tiles().tiles.values()
    assert sum(t.has_underground for t in tiles) >= 3
    assert sum(not t.has_underground for t in tiles) >= 3


def test_every_standard_side_lines_up_with_any_neighbour_in_any_layout():
    tiles = load_tiles()
    for left, right in itertools.permutations(tiles.tiles, 2):
        across = lay_board(tiles, (Placement(left, 0, 0), Placement(right, 1, 0)))
        down = lay_board(tiles, (Placement(left, 0, 0), Placement(right, 0, 1)))
        for board, pairs in ((across, [((1, 0), (2, 0)), ((1, 1), (2, 1))]),
                             (down, [((0, 1), (0, 2)), ((1, 1), (1, 2))])):
            for a, b in pairs:
                sa, sb = board.at[a], board.at[b]
                assert board.road(sa, sb) and board.road(sb, sa), (left, right, sa, sb)
            assert not board.dead_ends


def test_every_expert_side_adds_one_way_streets_dead_ends_or_diagonal_lanes():
    tiles = load_tiles().tiles.values()
    assert all(t.expert.features for t in tiles)
    assert any(t.expert.oneway for t in tiles)
    assert any(t.expert.dead_ends or t.expert.border_dead_ends for t in tiles)
    assert any(t.expert.diagonals for t in tiles)


def test_validator_names_the_tile_and_station_of_a_road_between_non_neighbours(raw):
    message = broken(raw, lambda d: d["tiles"][2]["standard"]["roads"].append([9, 12]))
    assert "tile C" in message and "station 9" in message


def test_validator_refuses_a_dead_end_on_a_standard_side(raw):
    message = broken(raw, lambda d: d["tiles"][4]["standard"].update(border_dead_ends=[[18, "north"]]))
    assert "tile E" in message and "station 18" in message and "line up" in message


def test_validator_refuses_a_station_without_taxi(raw):
    message = broken(raw, lambda d: d["tiles"][1]["stations"][1].update(transports=["bus"]))
    assert "tile B, station 6" in message


def test_validator_refuses_a_station_no_road_leaves(raw):
    def change(d):
        d["tiles"][0]["expert"] = {"roads": [[2, 4], [3, 4]], "oneway": [[2, 1]], "dead_ends": [[1, 3]]}

    message = broken(raw, change)
    assert "tile A (expert side), station 1" in message and "no road leaves" in message


def test_validator_refuses_a_wrong_station_number(raw):
    message = broken(raw, lambda d: d["tiles"][3]["stations"][0].update(number=99))
    assert "tile D" in message and "13" in message


def test_validator_refuses_too_few_underground_tiles(raw):
    def change(d):
        for tile in d["tiles"]:
            for s in tile["stations"]:
                if "underground" in s["transports"] and tile["letter"] != "A":
                    s["transports"].remove("underground")

    assert "3 tiles with an underground station" in broken(raw, change)


def test_validator_refuses_a_border_cut_on_a_station_off_that_border(raw):
    message = broken(raw, lambda d: d["tiles"][1]["expert"].update(border_dead_ends=[[8, "west"]]))
    assert "tile B (expert side), station 8" in message


def test_a_missing_tile_file_is_refused_by_name():
    with pytest.raises(TileError, match="no tile set called 'nowhere'"):
        load_tiles("nowhere")
