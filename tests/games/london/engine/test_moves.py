import pytest

from bot.games.london.engine import (
    MRX, DoubleMove, IllegalMove, InvalidAction, Move, NoTicket, NotYourTurn, StationOccupied,
)

from tests.games.london.engine.conftest import arrange

T, B, U, X, D = "taxi", "bus", "underground", "black", "double"
FAR = {"red": 2, "blue": 5, "green": 7, "yellow": 4}


def targets(moves, ticket=None):
    return {m.to for m in moves if ticket is None or m.ticket == ticket}


def test_detective_moves_follow_each_transport():
    state = arrange(at={MRX: 199, "red": 153, "blue": 2, "green": 5, "yellow": 7})
    state.apply(Move(MRX, 171, T))
    moves = state.legal_moves("red")
    assert targets(moves, T) == {139, 152, 154, 166, 167}
    assert targets(moves, B) == {124, 154, 180, 184}
    assert targets(moves, U) == {111, 140, 163, 185}
    assert X not in {m.ticket for m in moves}


def test_detective_without_a_ticket_kind_cannot_ride_it():
    state = arrange(at={MRX: 199, "red": 153, **{k: v for k, v in FAR.items() if k != "red"}},
                    tickets={"red": {U: 0}})
    state.apply(Move(MRX, 171, T))
    assert targets(state.legal_moves("red"), U) == set()
    with pytest.raises(NoTicket, match="Red has no underground ticket left"):
        state.apply(Move("red", 140, U))


def test_no_two_detectives_share_a_station():
    state = arrange(at={MRX: 199, "red": 153, "blue": 154, "green": 5, "yellow": 7})
    state.apply(Move(MRX, 171, T))
    assert 154 not in targets(state.legal_moves("red"))
    with pytest.raises(StationOccupied, match="occupied by Blue"):
        state.apply(Move("red", 154, T))


def test_detective_moves_do_not_depend_on_mrx_station():
    """Mr. X never blocks a detective: the legal moves are the same wherever he hides."""
    a = arrange(at={MRX: 168, "red": 153, **{k: v for k, v in FAR.items() if k != "red"}})
    b = arrange(at={MRX: 100, "red": 153, **{k: v for k, v in FAR.items() if k != "red"}})
    a.apply(Move(MRX, 167, T))
    b.apply(Move(MRX, 101, T))
    assert a.legal_moves("red") == b.legal_moves("red")


def test_moving_onto_mrx_captures_him():
    state = arrange(at={MRX: 168, "red": 153, **{k: v for k, v in FAR.items() if k != "red"}})
    state.apply(Move(MRX, 167, T))
    events = state.apply(Move("red", 167, T))
    assert state.outcome.winner == "detectives" and state.outcome.reason == "captured"
    assert events[0].captured


def test_not_connected_move_is_refused_without_naming_mrx():
    state = arrange(at={MRX: 199, "red": 153, **{k: v for k, v in FAR.items() if k != "red"}})
    state.apply(Move(MRX, 171, T))
    with pytest.raises(IllegalMove) as caught:
        state.apply(Move("red", 100, T))
    assert "171" not in caught.value.message
    assert "100 is not one taxi ride from 153" in caught.value.message


def test_bus_from_a_taxi_only_station_is_refused_clearly():
    state = arrange(at={MRX: 199, "red": 8, **{k: v for k, v in FAR.items() if k != "red"}})
    state.apply(Move(MRX, 171, T))
    with pytest.raises(IllegalMove, match="Station 8 is not a bus stop"):
        state.apply(Move("red", 1, B))


def test_black_ticket_reaches_every_neighbour_including_the_ferry():
    state = arrange(at={MRX: 157, **FAR})
    black = targets(state.legal_moves(MRX), X)
    assert black == {156, 158, 170, 133, 142, 185, 115, 194}
    assert 115 not in targets(state.legal_moves(MRX), T)


def test_ferry_is_for_mrx_with_a_black_ticket_only():
    state = arrange(at={MRX: 199, "red": 157, **{k: v for k, v in FAR.items() if k != "red"}})
    state.apply(Move(MRX, 171, T))
    assert 115 not in targets(state.legal_moves("red"))
    with pytest.raises(IllegalMove):
        state.apply(Move("red", 115, X))


def test_mrx_without_black_tickets_cannot_use_the_ferry():
    state = arrange(at={MRX: 157, **FAR}, tickets={MRX: {X: 0}})
    assert 115 not in targets(state.legal_moves(MRX))
    with pytest.raises(NoTicket, match="no black ticket left"):
        state.apply(Move(MRX, 115, X))


def test_mrx_may_not_move_onto_a_detective():
    state = arrange(at={MRX: 153, "red": 154, "blue": 5, "green": 7, "yellow": 4})
    assert 154 not in targets(state.legal_moves(MRX))
    with pytest.raises(StationOccupied, match="occupied by a detective"):
        state.apply(Move(MRX, 154, T))
    assert state.to_move() == [MRX] and not state.logbook  # nothing changed


def test_detective_cannot_move_out_of_turn():
    state = arrange(at={MRX: 199, **FAR})
    with pytest.raises(NotYourTurn, match="Mr. X has not moved yet"):
        state.apply(Move("red", 12, T))
    state.apply(Move(MRX, 171, T))
    with pytest.raises(NotYourTurn, match="Red's turn, not Blue's"):
        state.apply(Move("blue", 15, T))
    with pytest.raises(NotYourTurn, match="detectives' turn"):
        state.apply(Move(MRX, 199, T))


def test_unknown_pawn_and_station_are_refused():
    state = arrange(at={MRX: 199, **FAR})
    with pytest.raises(InvalidAction, match="no pawn called 'pink'"):
        state.apply(Move("pink", 12, T))
    with pytest.raises(IllegalMove, match="no station 999"):
        state.apply(Move(MRX, 999, T))


def test_every_pawn_must_move_nobody_stays():
    state = arrange(at={MRX: 199, **FAR})
    assert 199 not in targets(state.legal_moves(MRX))
    with pytest.raises(IllegalMove):
        state.apply(Move(MRX, 199, T))


def test_double_move_both_parts_and_tickets():
    state = arrange(at={MRX: 153, **FAR})
    before = dict(state.tickets(MRX))
    events = state.apply(DoubleMove(Move(MRX, 154, T), Move(MRX, 140, T)))
    assert [e.entry for e in events[:2]] == [1, 2]
    assert state.positions[MRX] == 140
    after = state.tickets(MRX)
    assert after[T] == before[T] - 2 and after[D] == before[D] - 1
    assert [e.double for e in state.logbook] == [True, True]
    assert state.phase == "detectives"


def test_double_move_second_part_may_not_use_a_ticket_spent_by_the_first():
    state = arrange(at={MRX: 153, **FAR}, tickets={MRX: {X: 1}})
    first = Move(MRX, 154, X)
    assert all(m.ticket != X for m in state.second_moves(first))
    with pytest.raises(NoTicket, match="Second move: You have no black ticket left"):
        state.apply(DoubleMove(first, Move(MRX, 140, X)))


def test_double_move_may_not_cross_a_detective_in_either_part():
    state = arrange(at={MRX: 153, "red": 140, "blue": 5, "green": 7, "yellow": 4})
    assert 140 not in targets(state.second_moves(Move(MRX, 154, T)))
    with pytest.raises(StationOccupied, match="Second move: Station 140 is occupied"):
        state.apply(DoubleMove(Move(MRX, 154, T), Move(MRX, 140, T)))
    with pytest.raises(StationOccupied, match="First move"):
        state.apply(DoubleMove(Move(MRX, 140, U), Move(MRX, 89, U)))


def test_double_move_may_return_to_where_mrx_started():
    state = arrange(at={MRX: 153, **FAR})
    assert 153 in targets(state.second_moves(Move(MRX, 154, T)))


def test_double_move_needs_a_ticket_and_two_free_entries():
    state = arrange(at={MRX: 153, **FAR}, tickets={MRX: {D: 0}})
    assert not state.can_double() and list(state.legal_double_moves()) == []
    with pytest.raises(NoTicket, match="double-move"):
        state.apply(DoubleMove(Move(MRX, 154, T), Move(MRX, 140, T)))


def test_double_ticket_cannot_be_spent_as_a_ride():
    state = arrange(at={MRX: 153, **FAR})
    with pytest.raises(InvalidAction, match="double move"):
        state.apply(Move(MRX, 154, D))


def test_legal_double_moves_are_all_applicable():
    state = arrange(at={MRX: 153, "red": 154, "blue": 5, "green": 7, "yellow": 4})
    doubles = list(state.legal_double_moves())
    assert doubles
    for double in doubles[::7]:
        assert state.is_legal(double)


def test_move_parse_reads_either_order_in_the_board_s_words(london):
    assert Move.parse("red", "54 taxi", london) == Move("red", 54, T)
    assert Move.parse("red", "tube 46", london) == Move("red", 46, U)
    assert Move.parse("red", "46 U-Bahn", london) == Move("red", 46, U)
    with pytest.raises(InvalidAction, match="Unknown ticket 'rocket'"):
        Move.parse("red", "54 rocket", london)
    with pytest.raises(InvalidAction, match="station and a ticket"):
        Move.parse("red", "taxi", london)


def _cut_off_board():
    """Eight taxi stations in a row; one bus line 1-5 passes over 2, 3 and 4 (the data says so)."""
    from bot.games.london.engine import parse_board

    kinds = [{"id": t, "ticket": t, "riders": "all", "colour": "#123456", "name": {"en": t}} for t in (T, B)]
    stations = [{"id": i, "transports": [T, B] if i in (1, 5) else [T], "x": i / 8, "y": 0.5} for i in range(1, 9)]
    return parse_board({
        "format": "scotland-yard-board/2", "name": "row", "transports": kinds, "stations": stations,
        "edges": {T: [[i, i + 1] for i in range(1, 8)], B: [[1, 5]]},
        "start_cards": {"classic": list(range(1, 9))},
        "route_stations": {B: {"1-5": [2, 3, 4]}},
    })


def _cut_off_game(cut_off: bool):
    from bot.games.london.engine import GameState
    from bot.games.london.engine.tracker import Tracker

    state = GameState.new("mb1985", players=2, seed=1, board=_cut_off_board(), options={"cut_off": cut_off})
    spots = {MRX: 1, "purple": 3, "red": 7, "green": 8, "yellow": 6, "blue": 4}
    state.positions.update(spots)
    state.start.update(spots)
    state.start_candidates = frozenset({1})
    state.tracker = Tracker(state.board, {1})
    state.outcome, state.phase, state.pending = None, "mrx", []  # the dealt start may have ended it
    return state


def test_cut_off_stops_mr_x_riding_past_a_detective_when_the_board_lists_the_stations_passed():
    state = _cut_off_game(cut_off=True)
    assert Move(MRX, 5, B) not in state.legal_moves(MRX)
    with pytest.raises(IllegalMove, match="Cut-off"):
        state.apply(Move(MRX, 5, B))
    assert Move(MRX, 5, B) in _cut_off_game(cut_off=False).legal_moves(MRX)
