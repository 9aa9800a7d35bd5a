"""One test per rule of docs/rules.md's dice section (standard game; the expert rules in test_expert.py).

Positions refer to the standard layout drawn in helpers.py.
"""

from __future__ import annotations

import pytest

from bot.games.dice.engine import (
    MRX,
    DiceMove,
    GameEnded,
    IllegalMove,
    InvalidAction,
    MrXDouble,
    MrXMove,
    NoSuchDie,
    NoTicket,
    NotYourTurn,
    PawnMoved,
    Reroll,
    Roll,
    RollFirst,
    RoundEnded,
    Skip,
    StationOccupied,
)

from tests.games.dice.engine.helpers import SMALL, detectives_play, put, ride, roll, started

NOTHING = ("x",)


def xs(state) -> tuple[str, ...]:
    return ("x",) * state.dice_to_roll


# -- dice ------------------------------------------------------------------------------------------

def test_three_detectives_roll_four_dice():
    state = started()
    assert state.dice_to_roll == 4
    with pytest.raises(InvalidAction, match="throws 4 dice"):
        roll(state, "taxi", "bus", "x")
    roll(state, "taxi", "bus", "x", "underground")
    assert state.rolled == ("taxi", "bus", "x", "underground")


def test_one_or_two_detectives_roll_three_dice():
    state = started(players=3, detectives=(1, 10), mrx=24, tiles=SMALL)
    assert state.dice_to_roll == 3
    roll(state, "taxi", "taxi", "x")


def test_the_next_detective_rolls_only_the_dice_not_yet_used():
    state = started()
    roll(state, "taxi", "x", "x", "x")
    ride(state, "red", 2, "taxi")
    assert state.to_move() == ["blue"] and state.dice_to_roll == 3
    roll(state, "x", "x", "x")
    state.apply(Skip("blue", "declined"))  # nothing fits: blue stays, keeping the tokens
    assert state.to_move() == ["green"] and state.dice_to_roll == 3


def test_a_used_die_stays_with_its_pawn_until_mrx_moves():
    state = started()
    detectives_play(state, [(("taxi", "x", "x", "x"), 2, "taxi"), (("bus", "x", "x"), None, None),
                            (("x", "x", "x"), None, None)])
    view = state.public_view()
    assert view.pawn("red").die == "taxi" and view.used == (("red", "taxi"),)
    state.apply(MrXMove(35, "taxi"))
    view = state.public_view()
    assert view.used == () and view.pawn("red").die is None and view.round == 2


def test_an_x_die_cannot_be_used():
    state = started()
    roll(state, "x", "taxi", "x", "x")
    with pytest.raises(NoSuchDie, match="X die"):
        ride(state, "red", 2, "x")


def test_only_a_rolled_die_can_be_used():
    state = started()
    with pytest.raises(RollFirst):
        ride(state, "red", 2, "taxi")
    roll(state, "bus", "x", "x", "underground")
    with pytest.raises(NoSuchDie, match="No taxi die was rolled"):
        ride(state, "red", 2, "taxi")


# -- the starting detective and the roll-again tokens ----------------------------------------------

def test_the_starting_detective_rotates_every_round():
    state = started()
    state.tokens = 0
    firsts = []
    for _ in range(4):
        firsts.append(state.to_move()[0])
        for _ in range(3):
            roll(state, *xs(state))
        state.tickets["black"] = 3
        state.apply(MrXMove(35 if state.mrx_station == 36 else 36, "black"))
    assert firsts == ["red", "blue", "green", "red"]
    assert state.public_view().starter == "blue"  # round 5


def test_three_roll_again_tokens_are_shared_by_the_detectives_for_the_whole_game():
    state = started()
    roll(state, "x", "x", "x", "x")
    for left in (2, 1):
        events = state.apply(Reroll("red", ("x", "x", "x", "x")))
        assert events[0].again and events[0].tokens_left == left
    state.apply(Reroll("red", ("taxi", "x", "x", "x")))
    ride(state, "red", 2, "taxi")
    roll(state, "taxi", "x", "x")
    assert not state.can_reroll()
    with pytest.raises(NoTicket, match="no roll-again tokens"):
        state.apply(Reroll("blue", ("taxi", "x", "x")))


def test_a_roll_again_throws_the_same_dice_before_one_is_used():
    state = started()
    with pytest.raises(RollFirst):
        state.apply(Reroll("red", ("x", "x", "x", "x")))
    roll(state, "bus", "x", "x", "x")
    with pytest.raises(InvalidAction, match="throws 4 dice"):
        state.apply(Reroll("red", ("taxi",)))
    state.apply(Reroll("red", ("taxi", "x", "x", "x")))
    ride(state, "red", 2, "taxi")
    with pytest.raises(RollFirst):
        state.apply(Reroll("blue", ("taxi", "x", "x")))


# -- rides -----------------------------------------------------------------------------------------

def test_taxi_rides_to_a_grid_neighbour_joined_by_a_road():
    state = started()
    roll(state, "taxi", "x", "x", "x")
    assert {m.to for m in state.legal_moves("red")} == {2, 3}  # not 4: no diagonal on a standard side
    with pytest.raises(IllegalMove, match="not one taxi ride"):
        ride(state, "red", 4, "taxi")


def test_bus_rides_straight_on_to_the_next_bus_stop():
    state = put(started(), red=15)
    roll(state, "bus", "x", "x", "x")
    # the book's example: from 15 the bus goes straight to 19 (16 is no bus stop)
    assert [(m.to, m.die) for m in state.legal_moves("red")] == [(19, "bus")]


def test_bus_passes_a_taxi_only_station_even_when_a_pawn_stands_there():
    state = put(started(), red=15, blue=16)
    roll(state, "bus", "x", "x", "x")
    ride(state, "red", 19, "bus")
    assert state.positions["red"] == 19


def test_bus_cannot_stop_at_a_bus_stop_another_detective_holds():
    state = put(started(), red=15, blue=19)
    state.tokens = 0
    roll(state, "bus", "x", "x", "x")
    assert state.history[-1] == {"round": 1, "pawn": "red", "skip": True, "reason": "stuck"}


def test_nothing_crosses_the_boards_outer_edge():
    state = started()
    board = state.board
    assert board.neighbours[10] == {"taxi": (9, 12)}  # the north-east corner
    assert board.neighbours[36]["bus"] == (32,)  # north of 36 no bus stop before the edge
    for by in board.neighbours.values():
        for targets in by.values():
            assert set(targets) <= set(board.stations)


def test_underground_rides_to_any_other_underground_station():
    state = put(started(), red=2)
    roll(state, "underground", "x", "x", "x")
    assert {m.to for m in state.legal_moves("red")} == {15, 21, 32}


def test_a_transport_needs_a_stop_for_it_where_the_pawn_stands():
    state = started()
    roll(state, "bus", "taxi", "x", "x")
    with pytest.raises(IllegalMove, match="not a bus stop"):
        ride(state, "red", 2, "bus")


def test_one_pawn_per_station():
    state = put(started(), blue=2)
    roll(state, "taxi", "x", "x", "x")
    with pytest.raises(StationOccupied, match="occupied by Blue"):
        ride(state, "red", 2, "taxi")


# -- a detective's turn ----------------------------------------------------------------------------

def test_a_detective_whom_no_die_fits_stays_and_the_next_rolls():
    state = started()
    state.tokens = 0
    events = roll(state, "bus", "underground", "x", "x")
    assert events[-1].reason == "stuck" and state.positions["red"] == 1
    assert state.to_move() == ["blue"] and state.dice_to_roll == 4


def test_a_detective_whom_no_die_fits_may_roll_again_or_stay():
    state = started()
    roll(state, "x", "x", "x", "x")
    assert state.legal_actions() == [Skip("red", "declined")] and state.can_reroll()
    state.apply(Skip("red", "declined"))
    assert state.to_move() == ["blue"] and state.tokens == 3


def test_a_detective_who_can_move_must_move():
    state = started()
    roll(state, "taxi", "x", "x", "x")
    with pytest.raises(IllegalMove, match="must move"):
        state.apply(Skip("red", "declined"))


def test_detectives_take_their_turns_in_order():
    state = started()
    with pytest.raises(NotYourTurn, match="Red's turn"):
        roll(state, "taxi", "x", "x", "x", pawn="blue")
    with pytest.raises(InvalidAction, match="Mr. X neither rolls"):
        roll(state, "taxi", "x", "x", "x", pawn=MRX)
    with pytest.raises(NotYourTurn, match="detectives' turn"):
        state.apply(MrXMove(35, "black"))


# -- Mr. X's turn ----------------------------------------------------------------------------------

def taxi_round(state) -> None:
    """The starting detective rides by taxi; the others find nothing (no tokens left)."""
    state.tokens = 0
    roll(state, "taxi", *("x",) * (state.dice_to_roll - 1))
    state.apply(state.legal_moves()[0])
    for _ in range(2):
        roll(state, *xs(state))


def test_mrx_moves_with_a_die_a_detective_used_this_round():
    state = started()
    taxi_round(state)
    assert state.awaiting == "mrx"
    moves = set(state.legal_moves(MRX))
    assert {MrXMove(34, "taxi"), MrXMove(35, "taxi")} <= moves
    assert not any(m.ticket == "bus" for m in moves)
    with pytest.raises(NoSuchDie, match="No detective used a bus die"):
        state.apply(MrXMove(32, "bus"))
    state.apply(MrXMove(35, "taxi"))
    assert state.logbook[-1].ticket == "taxi" and state.logbook[-1].face == "taxi"


def test_mrx_never_rolls_and_the_dice_he_may_take_are_those_used():
    state = started()
    taxi_round(state)
    view = state.mrx_view()
    assert {m.ticket for m in view.moves} == {"taxi", "black", "helicopter"}


def test_black_ticket_rides_any_transport_and_covers_the_entry_with_an_x():
    state = started()
    taxi_round(state)
    state.apply(MrXMove(32, "black"))  # a bus ride, though nobody used a bus die
    entry = state.public_view().logbook[-1]
    assert (entry.face, entry.ticket, entry.station) == ("x", "black", None)
    assert state.tickets["black"] == 2


def test_no_black_ticket_left_is_refused():
    state = started()
    taxi_round(state)
    state.tickets["black"] = 0
    with pytest.raises(NoTicket, match="no black tickets"):
        state.apply(MrXMove(32, "black"))


def test_double_move_uses_two_used_dice_for_two_entries():
    state = started()
    state.tokens = 0
    detectives_play(state, [(("taxi", "x", "x", "x"), 2, "taxi"), (("taxi", "x", "x"), 9, "taxi"),
                            (("x", "x"), None, None)])
    state.apply(MrXDouble(MrXMove(35, "taxi"), MrXMove(33, "taxi")))
    assert [(e.number, e.ticket, e.double) for e in state.logbook] == [(1, "taxi", True), (2, "taxi", True)]
    assert state.tickets["double"] == 0 and state.mrx_station == 33


def test_double_move_cannot_use_one_die_twice():
    state = started()
    taxi_round(state)
    with pytest.raises(NoSuchDie, match="Second move: No detective used a taxi die"):
        state.apply(MrXDouble(MrXMove(35, "taxi"), MrXMove(33, "taxi")))


def test_double_move_may_take_a_black_ticket_for_one_part():
    state = started()
    taxi_round(state)
    state.apply(MrXDouble(MrXMove(35, "taxi"), MrXMove(36, "black")))
    assert state.tickets == {"black": 2, "double": 0, "helicopter": 1}


def test_double_move_takes_at_most_one_black_ticket_and_never_the_helicopter():
    state = started()
    taxi_round(state)
    with pytest.raises(NoTicket, match="at most one black ticket"):
        state.apply(MrXDouble(MrXMove(32, "black"), MrXMove(36, "black")))
    with pytest.raises(InvalidAction, match="helicopter is not part of a double move"):
        state.apply(MrXDouble(MrXMove(35, "taxi"), MrXMove(1, "helicopter")))
    assert all(d.first.ticket != "helicopter" and d.second.ticket != "helicopter" for d in state.legal_doubles())


def test_helicopter_flies_from_the_edge_to_the_opposite_edge():
    state = started()
    taxi_round(state)
    with pytest.raises(IllegalMove, match="opposite edge"):
        state.apply(MrXMove(18, "helicopter"))
    state.apply(MrXMove(15, "helicopter"))  # 36 is on the east and south edges; 15 on the west edge
    assert state.public_view().logbook[-1].face == "x" and state.tickets["helicopter"] == 0
    with pytest.raises(NoTicket, match="used your helicopter"):
        taxi_round(state)
        state.apply(MrXMove(24, "helicopter"))


def test_helicopter_leaves_only_from_a_station_on_the_edge():
    state = started(mrx=18)
    taxi_round(state)
    assert not any(m.ticket == "helicopter" for m in state.legal_moves(MRX))
    with pytest.raises(IllegalMove, match="only from the board's edge"):
        state.apply(MrXMove(1, "helicopter"))


def test_mrx_passes_when_nothing_fits():
    state = put(started(mrx=7), red=2, blue=15, green=32)
    state.tickets["black"] = 0
    state.tokens = 0
    detectives_play(state, [(("underground", "x", "x", "x"), 21, "underground"),
                            (("underground", "x", "x"), 2, "underground"), (("x", "x"), None, None)])
    entry = state.logbook[-1]
    assert (entry.ticket, entry.face, entry.station) == ("pass", "x", 7)
    assert state.round == 2 and state.phase == "detectives"
    assert state.history[-1]["ticket"] == "pass" and state.public_view().possible >= {7}


def test_mrx_must_move_when_he_can():
    state = started()
    state.tokens = 0
    detectives_play(state, [(xs(state), None, None)] * 3)  # no die used: only his tickets can move him
    assert state.awaiting == "mrx"
    assert {m.ticket for m in state.legal_moves(MRX)} == {"black", "helicopter"}
    with pytest.raises(InvalidAction):
        state.apply(Skip(MRX, "declined"))


def test_mrx_may_not_move_onto_a_detective_while_he_has_another_move():
    state = put(started(), blue=35)
    taxi_round(state)
    assert MrXMove(35, "taxi") not in state.legal_moves(MRX)
    with pytest.raises(StationOccupied, match="no other move"):
        state.apply(MrXMove(35, "taxi"))


def test_mrx_moving_onto_a_detective_is_caught_when_it_is_his_only_move():
    state = started(detectives=(6, 12, 27), mrx=10)
    state.tokens = 0
    state.tickets.update(black=0, helicopter=0)
    detectives_play(state, [(("taxi", "x", "x", "x"), 9, "taxi"), (("x", "x", "x"), None, None),
                            (("x", "x", "x"), None, None)])
    assert set(state.legal_moves(MRX)) == {MrXMove(9, "taxi"), MrXMove(12, "taxi")}
    events = state.apply(MrXMove(12, "taxi"))
    assert state.outcome.winner == "detectives" and state.outcome.reason == "walked_into"
    assert events[0].revealed == 12 and isinstance(events[-1], GameEnded)


def test_a_detective_moving_onto_mrx_captures_him():
    state = put(started(), red=34)
    roll(state, "taxi", "x", "x", "x")
    events = ride(state, "red", 36, "taxi")
    assert events[0] == PawnMoved(1, "red", 34, 36, "taxi", True)
    assert state.outcome.winner == "detectives" and state.outcome.reason == "captured"


# -- the log ---------------------------------------------------------------------------------------

def black_round(state, to: int) -> None:
    """Nobody uses a die; Mr. X moves with a black ticket."""
    state.tokens = 0
    detectives_play(state, [(xs(state), None, None)] * 3)
    state.tickets["black"] = 3
    state.apply(MrXMove(to, "black"))


def test_mrx_shows_himself_after_entries_3_7_and_11_and_his_route_so_far():
    state = started()
    shown = {}
    for n in range(1, 14):
        black_round(state, 35 if state.mrx_station == 36 else 36)
        view = state.public_view()
        shown[n] = view.mrx_shown
        if n in (3, 7, 11):
            assert view.known_route == (36, *(e.station for e in state.logbook))
            assert all(e.station is not None for e in view.logbook)
            assert view.possible == {state.mrx_station}
        else:
            assert view.logbook[-1].station is None
    assert [n for n, s in shown.items() if s is not None] == [3, 7, 11]


def test_a_reveal_in_the_middle_of_a_double_move_shows_the_first_part_only():
    state = started()
    black_round(state, 35)
    black_round(state, 36)
    taxi_round(state)
    events = state.apply(MrXDouble(MrXMove(35, "taxi"), MrXMove(36, "black")))
    moved = [e for e in events if type(e).__name__ == "MrXMoved"]
    assert [(e.entry, e.revealed) for e in moved] == [(3, 35), (4, None)]
    assert moved[0].route == (36, 35, 36, 35)
    view = state.public_view()
    assert view.mrx_shown is None and view.last_reveal == (3, 35) and view.logbook[-1].station is None


def test_the_detectives_have_a_last_turn_after_the_13th_entry_and_mrx_escapes():
    state = started()
    for _ in range(13):
        black_round(state, 35 if state.mrx_station == 36 else 36)
    assert state.final and state.round == 14 and state.phase == "detectives"
    state.tokens = 0
    events = []
    for _ in range(3):
        events += roll(state, *xs(state))
    assert state.outcome.winner == "mrx" and state.outcome.reason == "escaped" and state.outcome.round == 14


def test_a_capture_in_the_detectives_last_turn_wins_for_them():
    state = started()
    for _ in range(13):
        black_round(state, 35 if state.mrx_station == 36 else 36)
    assert state.mrx_station == 35 and state.to_move() == ["blue"]
    put(state, blue=33)
    roll(state, "taxi", "x", "x", "x")
    ride(state, "blue", 35, "taxi")
    assert state.outcome.winner == "detectives" and state.outcome.round == 14


def test_a_round_ends_after_mrx_moves():
    state = started()
    taxi_round(state)
    events = state.apply(MrXMove(35, "taxi"))
    assert RoundEnded(1, False) in events and state.round == 2


# -- the two-player game ---------------------------------------------------------------------------

def test_two_players_one_detective_moves_two_pawns_with_three_dice():
    state = started(players=2, detectives=(1, 10), mrx=24, tiles=SMALL)
    assert [p.seats for p in state.detectives()] == [(1,), (1,)]
    assert state.to_move() == ["red", "blue"] and state.dice_to_roll == 3
    roll(state, "taxi", "taxi", "bus")
    ride(state, "blue", 9, "taxi")  # either pawn may take the first roll
    assert state.to_move() == ["red"] and state.dice_to_roll == 2  # the remaining two, rolled again
    with pytest.raises(NotYourTurn, match="already had a turn"):
        roll(state, "taxi", "x", pawn="blue")
    roll(state, "taxi", "x")
    with pytest.raises(NotYourTurn):
        state.apply(DiceMove("blue", 10, "taxi"))
    ride(state, "red", 2, "taxi")
    assert state.awaiting == "mrx" and sorted(state.used_faces()) == ["taxi", "taxi"]


def test_two_players_when_nothing_fits_the_detective_chooses_which_pawn_stays():
    state = started(players=2, detectives=(1, 10), mrx=24, tiles=SMALL)
    state.tokens = 0
    roll(state, "x", "x", "x")
    assert state.awaiting == "move"
    assert set(state.legal_actions()) == {Skip("red", "declined"), Skip("blue", "declined")}
    state.apply(Skip("blue", "declined"))
    assert state.to_move() == ["red"] and state.dice_to_roll == 3


def test_a_timeout_skips_a_detective_at_any_point_of_his_turn():
    state = started()
    state.apply(Skip("red", "timeout"))
    roll(state, "taxi", "x", "x", "x")
    state.apply(Skip("blue", "timeout"))
    assert state.to_move() == ["green"] and state.dice_to_roll == 4
    with pytest.raises(InvalidAction, match="by itself"):
        state.apply(Skip("green", "stuck"))


def test_the_helicopter_lands_only_on_a_free_station():
    state = put(started(), green=15)
    taxi_round(state)
    assert MrXMove(15, "helicopter") not in state.legal_moves(MRX)
    with pytest.raises(StationOccupied, match="only on a free station"):
        state.apply(MrXMove(15, "helicopter"))


def test_a_malformed_action_is_refused_and_changes_nothing():
    state = started()
    before = state.snapshot()
    for action in (Roll("red", None), DiceMove("red", "2", "taxi"), DiceMove("red", True, "taxi"),
                   Skip("red", 5), MrXMove(None, "taxi")):
        with pytest.raises(InvalidAction, match="malformed"):
            state.apply(action)
    assert state.snapshot() == before
