"""A round's flow: reveals, ticket flow, stuck pawns, and every way the game ends."""

import pytest

from bot.games.london.engine import (
    MRX, DoubleMove, GameOver, GameState, IllegalMove, InvalidAction, LogEntry, Move, NoTicket, NotYourTurn, Pass, Resign,
    Surface,
)
from bot.games.london.engine.events import MrXMoved, PawnPassed, RoundEnded

from tests.games.london.engine.conftest import arrange

T, B, U, X, D = "taxi", "bus", "underground", "black", "double"


def fill_logbook(state: GameState, entries: int, round_: int | None = None) -> None:
    """Pretend Mr. X has already written ``entries`` entries (tickets are irrelevant to the test)."""
    state.logbook = [LogEntry(n, T, state.positions[MRX], n, False, state.rules.is_reveal(n))
                     for n in range(1, entries + 1)]
    state.round = round_ or entries + 1


def detectives_move_anywhere(state: GameState) -> None:
    while state.phase == "detectives" and not state.is_over:
        pawn = state.to_move()[0]
        state.apply(state.legal_moves(pawn)[0])


def test_reveal_entries_show_mrx_station_until_his_next_move():
    state = arrange(at={MRX: 153, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    fill_logbook(state, 2)
    events = state.apply(Move(MRX, 154, T))
    assert events[0] == MrXMoved(3, 3, T, False, 154)
    view = state.public_view()
    assert view.mrx_shown == 154 and view.last_reveal == (3, 154)
    detectives_move_anywhere(state)
    state.apply(Move(MRX, 155, T))
    view = state.public_view()
    assert view.mrx_shown is None and view.last_reveal == (3, 154)
    assert view.logbook[-1].station is None


def test_reveals_count_logbook_entries_so_a_double_move_can_reveal_its_first_part():
    state = arrange(at={MRX: 153, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    fill_logbook(state, 2)
    events = state.apply(DoubleMove(Move(MRX, 154, T), Move(MRX, 140, B)))
    assert events[0].revealed == 154 and events[1].revealed is None
    view = state.public_view()
    assert view.last_reveal == (3, 154) and view.mrx_shown is None
    assert view.possible == {140, 153, 156}  # one bus ride from the revealed 154


def test_classic_spent_tickets_go_to_mrx():
    state = arrange(at={MRX: 199, "red": 153, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 171, T))
    state.apply(Move("red", 140, U))
    assert state.tickets("red")[U] == 3
    assert state.tickets(MRX)[U] == 4


def test_master_spent_tickets_go_to_the_supply():
    state = GameState.new("master", players=5, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    before = state.tickets(pawn)[move.ticket]
    state.apply(move)
    assert state.tickets(pawn)[move.ticket] == before - 1
    assert state.tickets(MRX)[move.ticket] is None  # unlimited, untouched


def test_master_pooled_detectives_spend_from_one_pool():
    state = GameState.new("master", players=2, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    move = next(m for m in state.legal_moves("blue") if m.ticket == T)
    state.apply(move)
    assert state.tickets("red")[T] == 21


def test_master_detectives_and_bobbies_move_in_any_order():
    state = GameState.new("master", players=3, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    assert set(state.to_move()) == {"red", "blue", "b1", "b2"}
    state.apply(state.legal_moves("b2")[0])
    state.apply(state.legal_moves("blue")[0])
    assert set(state.to_move()) == {"red", "b1"}


def test_bobby_rides_without_tickets():
    state = GameState.new("master", players=3, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    bobby_moves = state.legal_moves("b1")
    assert {m.ticket for m in bobby_moves} <= {T, B, U}
    state.apply(bobby_moves[-1])
    assert state.history[-1]["pawn"] == "b1" and state.tickets("b1") == {}


def test_classic_detectives_move_in_seat_order():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 171, T))
    assert state.to_move() == ["red"]
    state.apply(Move("red", 10, T))
    assert state.to_move() == ["blue"]


def test_stuck_detective_skips_and_keeps_blocking_its_station():
    state = arrange(at={MRX: 199, "red": 8, "blue": 5, "green": 7, "yellow": 4}, tickets={"red": {T: 0}})
    events = state.apply(Move(MRX, 171, T))
    assert PawnPassed(1, "red", "stuck") in events
    assert state.to_move() == ["blue"] and state.positions["red"] == 8
    assert state.history[-1] == {"round": 1, "pawn": "red", "skip": True, "reason": "stuck"}
    assert 8 in state.blockers()


def test_detective_blocked_by_other_detectives_skips():
    state = arrange(at={MRX: 199, "red": 21, "blue": 10, "green": 33, "yellow": 4})
    state.apply(Move(MRX, 171, T))
    assert state.history[-1]["pawn"] == "red" and state.history[-1]["skip"]


def test_mrx_wins_when_no_detective_can_move():
    state = arrange(at={MRX: 199, "red": 8, "blue": 5, "green": 7, "yellow": 4})
    for wallet in ("red", "blue", "green", "yellow"):
        state.wallets[wallet].update({T: 0, B: 0, U: 0})
    state.wallets["yellow"][T] = 1
    state.apply(Move(MRX, 171, T))
    state.apply(Move("yellow", 3, T))  # the last ticket any detective had
    assert state.outcome.winner == "mrx" and state.outcome.reason == "detectives_stuck"
    assert state.outcome.round == 1


def test_mrx_cornered_at_the_start_of_his_turn_loses():
    state = arrange(at={MRX: 20, "red": 10, "blue": 9, "green": 32, "yellow": 4}, tickets={MRX: {X: 0}})
    state.phase = "detectives"
    state.pending = ["red", "green"]
    state.apply(Move("red", 2, T))
    state.apply(Move("green", 33, T))
    assert state.outcome.winner == "detectives" and state.outcome.reason == "mrx_stuck"


def test_classic_ends_after_the_last_entry_and_the_detectives_turn():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    fill_logbook(state, 23, round_=22)
    events = state.apply(Move(MRX, 171, T))
    assert events[0].entry == 24 and events[0].revealed == 171
    assert not state.is_over  # the detectives get their final turn
    detectives_move_anywhere(state)
    assert state.outcome.winner == "mrx" and state.outcome.reason == "escaped" and state.outcome.round == 22


def test_capture_on_the_detectives_final_turn_still_wins():
    state = arrange(at={MRX: 168, "red": 153, "blue": 5, "green": 7, "yellow": 4})
    fill_logbook(state, 23, round_=22)
    state.apply(Move(MRX, 167, T))
    state.apply(Move("red", 167, T))
    assert state.outcome.winner == "detectives" and state.outcome.reason == "captured"


def test_master_ends_after_round_22():
    state = GameState.new("master", players=5, seed=5)
    fill_logbook(state, 21, round_=22)
    state.apply(state.legal_moves(MRX)[0])
    while not state.is_over:
        state.apply(state.legal_moves(state.to_move()[0])[0])
    assert state.outcome.reason in ("escaped", "captured")
    assert state.outcome.round == 22


def test_no_double_move_with_only_one_entry_left():
    state = arrange(at={MRX: 153, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    fill_logbook(state, 23)
    assert not state.can_double()
    with pytest.raises(IllegalMove, match="two free logbook entries"):
        state.apply(DoubleMove(Move(MRX, 154, T), Move(MRX, 140, T)))


def test_round_ends_after_every_detective_moved():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 171, T))
    state.apply(Move("red", 10, T))
    state.apply(Move("blue", 15, T))
    state.apply(Move("green", 6, T))
    events = state.apply(Move("yellow", 3, T))
    assert RoundEnded(1) in events and state.round == 2 and state.to_move() == [MRX]


def test_host_may_pass_an_absent_detective_but_not_mrx():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    with pytest.raises(InvalidAction, match="Mr. X cannot skip"):
        state.apply(Pass(MRX, "timeout"))
    state.apply(Move(MRX, 171, T))
    state.apply(Pass("red", "timeout"))
    assert state.positions["red"] == 2 and state.to_move() == ["blue"]
    with pytest.raises(IllegalMove, match="can still move"):
        state.apply(Pass("blue", "stuck"))


def test_resigning_ends_the_game_for_that_side():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Resign("mrx"))
    assert state.outcome.winner == "detectives" and state.outcome.reason == "mrx_resigned"
    with pytest.raises(GameOver):
        state.apply(Move(MRX, 171, T))


def surfacing_game():
    state = arrange("mb1985", players=6, at={MRX: 199, "purple": 2, "red": 5, "green": 7, "yellow": 4, "blue": 12},
                    options={"voluntary_surfacing": True})
    state.apply(Move(MRX, 171, T))
    detectives_move_anywhere(state)
    return state


def test_voluntary_surfacing_shows_mrx_and_takes_a_ticket_from_each_detective():
    state = surfacing_game()
    take = (("purple", B), ("red", U), ("green", T), ("yellow", T), ("blue", T))
    before = state.tickets(MRX)[T]
    events = state.apply(Surface(take))
    assert events[0].station == 171 and events[0].entry == 1
    assert state.tickets("purple")[B] == 7 and state.tickets("red")[U] == 3
    assert state.tickets(MRX)[T] == before + 3
    view = state.public_view()
    assert view.mrx_shown == 171 and view.possible == {171}
    assert state.to_move() == [MRX]  # he still has to move
    with pytest.raises(InvalidAction, match="already showing"):
        state.apply(Surface(take))


def test_surfacing_needs_a_choice_for_every_detective_with_tickets():
    state = surfacing_game()
    with pytest.raises(InvalidAction, match="Choose which ticket to take from Blue"):
        state.apply(Surface((("purple", B), ("red", U), ("green", T), ("yellow", T))))
    state.wallets["blue"].update({T: 0, B: 0, U: 0})
    state.apply(Surface((("purple", B), ("red", U), ("green", T), ("yellow", T))))


def test_surfacing_refuses_a_ticket_the_detective_lacks():
    state = surfacing_game()
    state.wallets["red"][U] = 0
    with pytest.raises(NoTicket, match="Red has no underground ticket"):
        state.apply(Surface((("purple", B), ("red", U), ("green", T), ("yellow", T), ("blue", T))))
    assert state.tickets("purple")[B] == 8  # nothing changed


def test_surfacing_only_where_the_rules_allow_it():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    with pytest.raises(InvalidAction, match="not part of this game's rules"):
        state.apply(Surface((("red", T),)))


def test_not_your_turn_after_the_game_is_over():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Resign("detectives"))
    assert state.outcome.winner == "mrx" and state.to_move() == []
    with pytest.raises(GameOver):
        state.apply(Move("red", 10, T))


def test_not_your_turn_message_for_a_pawn_that_already_moved():
    state = arrange(at={MRX: 199, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 171, T))
    state.apply(Move("red", 10, T))
    with pytest.raises(NotYourTurn, match="Red has already moved this round"):
        state.apply(Move("red", 11, T))
