"""Setup: the layout of the tiles, the parameters by player count, the start stations."""

from __future__ import annotations

import random

import pytest

from bot.games.dice.engine import (
    MRX,
    BadPlayerCount,
    DiceState,
    IllegalMove,
    InvalidAction,
    LayTiles,
    MrXStarted,
    NotYourTurn,
    PickStart,
    Placement,
    StationOccupied,
    chance,
)

from tests.games.dice.engine.helpers import SMALL, laid


def lay_random(players: int, seed: int, expert: bool = False) -> DiceState:
    state = DiceState.new(players, seed, {"expert": expert})
    state.apply(chance.lay_tiles(state, random.Random(seed)))
    return state


def test_three_detectives_lay_every_tile_in_a_3x3_grid():
    for seed in range(20):
        board = lay_random(4, seed).board
        assert (board.tile_columns, board.tile_rows) == (3, 3)
        assert sorted(board.tile_letters) == list("ABCDEFGHI")
        assert (board.columns, board.rows) == (6, 6) and len(board.stations) == 36


@pytest.mark.parametrize("players", [2, 3])
def test_one_or_two_detectives_lay_3x2_with_three_underground_tiles(players):
    layouts = set()
    for seed in range(40):
        state = lay_random(players, seed)
        board = state.board
        assert (board.tile_columns, board.tile_rows, len(board.stations)) == (3, 2, 24)
        assert sum(state.tileset.tiles[x].has_underground for x in board.tile_letters) == 3
        layouts.add(board.tile_letters)
    assert len(layouts) > 30  # the layout is random


def test_expert_game_turns_three_random_tiles_expert_side_up():
    turned = set()
    for seed in range(20):
        board = lay_random(4, seed, expert=True).board
        experts = [p.letter for p in board.placements if p.side == "expert"]
        assert len(experts) == 3
        turned.update(experts)
    assert len(turned) == 9


@pytest.mark.parametrize("players", [2, 3])
def test_expert_game_with_one_or_two_detectives_turns_two_tiles(players):
    board = lay_random(players, 3, expert=True).board
    assert sum(p.side == "expert" for p in board.placements) == 2


def test_a_standard_game_lays_every_tile_standard_side_up():
    assert all(p.side == "standard" for p in lay_random(4, 5).board.placements)


def test_a_layout_that_breaks_the_rules_is_refused_and_changes_nothing():
    state = DiceState.new(3, 1)
    before = state.snapshot()
    wrong = {
        "too many tiles": [("A", 0, 0), ("B", 1, 0), ("C", 2, 0), ("D", 0, 1), ("E", 1, 1), ("F", 2, 1), ("G", 0, 2)],
        "a tile twice": [("A", 0, 0), ("A", 1, 0), ("C", 2, 0), ("D", 0, 1), ("E", 1, 1), ("F", 2, 1)],
        "four underground tiles": [("A", 0, 0), ("D", 1, 0), ("F", 2, 0), ("H", 0, 1), ("E", 1, 1), ("B", 2, 1)],
        "a hole": [("A", 0, 0), ("B", 1, 0), ("C", 2, 0), ("D", 0, 1), ("E", 1, 1), ("F", 3, 1)],
    }
    for tiles in wrong.values():
        with pytest.raises(InvalidAction):
            state.apply(LayTiles(tuple(Placement(*t) for t in tiles)))
    expert_in_standard = tuple(Placement(x, i % 3, i // 3, "expert" if x == "A" else "standard")
                               for i, x in enumerate(SMALL.replace("/", "")))
    with pytest.raises(InvalidAction, match="0 tiles expert side up"):
        state.apply(LayTiles(expert_in_standard))
    assert state.snapshot() == before


def test_parameters_by_player_count():
    for players, dice, black, pawns in ((2, 3, 2, 2), (3, 3, 2, 2), (4, 4, 3, 3)):
        state = DiceState.new(players, 0)
        assert state.dice_per_round == dice
        assert state.tickets == {"black": black, "double": 1, "helicopter": 1}
        assert len(state.detectives()) == pawns
        assert state.tokens == 3
    with pytest.raises(BadPlayerCount):
        DiceState.new(5, 0)
    with pytest.raises(BadPlayerCount):
        DiceState.new(1, 0)


def test_detectives_start_on_taxi_only_stations():
    state = laid()
    with pytest.raises(IllegalMove, match="taxi-only"):
        state.apply(PickStart("red", 2))
    state.apply(PickStart("red", 1))
    with pytest.raises(StationOccupied):
        state.apply(PickStart("blue", 1))
    assert set(state.start_choices()) == set(state.board.taxi_only) - {1}


def test_starts_are_picked_in_seat_order_then_mrx():
    state = laid()
    with pytest.raises(NotYourTurn):
        state.apply(PickStart("blue", 3))
    with pytest.raises(NotYourTurn):
        state.apply(PickStart(MRX, 3))
    for pawn, station in (("red", 1), ("blue", 3), ("green", 6)):
        assert state.to_move() == [pawn]
        state.apply(PickStart(pawn, station))
    assert state.to_move() == [MRX]


def test_mrx_starts_on_any_free_station_and_only_its_tile_letter_is_told():
    state = laid()
    for pawn, station in (("red", 1), ("blue", 3), ("green", 6)):
        state.apply(PickStart(pawn, station))
    with pytest.raises(StationOccupied):
        state.apply(PickStart(MRX, 3))
    events = state.apply(PickStart(MRX, 4))  # a bus stop is fine for him
    assert events == [MrXStarted("A")]
    view = state.public_view()
    assert view.start_tile == "A" and view.pawn(MRX).station is None
    assert view.possible == {2, 4}  # tile A's stations the detectives do not stand on
    assert state.phase == "detectives" and state.round == 1


def test_chance_is_an_action_the_host_draws():
    state = DiceState.new(4, 2)
    assert state.awaiting == "layout" and state.legal_actions() == []
    state.apply(chance.lay_tiles(state, random.Random(2)))
    for pawn, station in (("red", state.board.taxi_only[0]), ("blue", state.board.taxi_only[1]),
                          ("green", state.board.taxi_only[2]), ("mrx", state.board.taxi_only[3])):
        state.apply(PickStart(pawn, station))
    assert state.awaiting == "roll" and state.legal_actions() == []
    assert state.chance_outcomes() == (4, {"taxi": 2 / 6, "bus": 2 / 6, "underground": 1 / 6, "x": 1 / 6})
    a, b = chance.roll(state, random.Random(5)), chance.roll(state, random.Random(5))
    assert a == b and len(a.faces) == 4  # the same generator gives the same roll: it replays
