"""The expert rules: one-way streets, dead ends and diagonal taxi lanes on the expert sides.

Expert sides used here (boards/dice.json), in the layout ABC/DEF/GHI:
A: one-way 1 -> 2, dead end 1-3, diagonal lane 1-4; B: the road 5-2 cut at B's west border;
H: one-way 30 -> 29 and 32 -> 30; I: diagonal lane 33-36 (both bus stops), one-way 36 -> 34.
"""

from __future__ import annotations

import pytest

from bot.games.dice.engine import MRX, IllegalMove, MrXMove

from tests.games.dice.engine.helpers import put, ride, roll, started

EXPERT = "ABH"


def test_one_way_street_taxi_rides_only_in_the_arrows_direction():
    state = started(expert=EXPERT)
    board = state.board
    assert 2 in board.neighbours[1]["taxi"] and 1 not in board.neighbours[2]["taxi"]
    put(state, red=2)
    roll(state, "taxi", "x", "x", "x")
    with pytest.raises(IllegalMove, match="not one taxi ride"):
        ride(state, "red", 1, "taxi")


def test_one_way_street_stops_a_bus_even_over_part_of_its_ride():
    standard = started().board
    expert = started(expert=EXPERT).board
    assert 33 in standard.neighbours[26]["bus"]  # 26 -> 29 -> 30 -> 33 on standard sides
    assert 33 not in expert.neighbours[26]["bus"]  # 29 -> 30 runs against H's one-way street
    assert 26 in expert.neighbours[33]["bus"]  # the other way follows the arrow


def test_black_ticket_may_ride_against_a_one_way_street():
    state = started(expert=EXPERT, mrx=26)
    assert 33 in state.board.black[26]
    state.tokens = 0
    roll(state, "x", "x", "x", "x")
    roll(state, "x", "x", "x", "x")
    roll(state, "x", "x", "x", "x")
    assert MrXMove(33, "black") in state.legal_moves(MRX)
    state.apply(MrXMove(33, "black"))
    assert state.mrx_station == 33


def test_dead_end_cuts_the_road_for_everyone():
    board = started(expert=EXPERT).board
    assert 3 not in board.neighbours[1]["taxi"] and 3 not in board.black[1]  # A's dead end 1-3
    assert 5 not in board.neighbours[2]["taxi"] and 2 not in board.neighbours[5]["taxi"]  # B's cut border
    assert 5 not in board.neighbours[2]["bus"] and 5 not in board.black[2]
    assert (1, 3) in board.dead_ends and (2, 5) in board.dead_ends


def test_diagonal_lane_is_for_taxis_only():
    board = started(expert="ABI").board
    assert 36 in board.neighbours[33]["taxi"] and 33 in board.neighbours[36]["taxi"]
    assert 36 not in board.neighbours[33]["bus"]
    state = put(started(expert="ABI"), red=33)
    roll(state, "bus", "taxi", "x", "x")
    with pytest.raises(IllegalMove):
        ride(state, "red", 36, "bus")
    ride(state, "red", 36, "taxi")


def test_standard_sides_have_no_expert_features():
    board = started().board
    assert not board.dead_ends and not board.diagonals and not any(r.oneway for r in board.roads)
