"""Mister X in Sanssouci: the rules that differ from London, and every variant of the book's two tables.

Played on a small board in Potsdam's words (tests/game/conftest.py), so each rule can be set up exactly.
"""

from __future__ import annotations

import pytest

from bot.games.london.engine import (
    MRX, GameError, GameState, IllegalMove, InvalidAction, Move, Surface, Trade, TripleMove, export_record,
    get_rules,
)
from bot.games.london.engine.codec import action_from_json, action_to_json
from bot.games.london.engine.rounds import advance
from bot.games.london.engine.tracker import tracker_for

from tests.games.london.engine.conftest import sanssouci, small_potsdam

W, V, S, X, D = "walk", "vip", "sbahn", "black", "double"
AGENTS = {"red": 1, "blue": 21, "green": 25, "yellow": 4}


def test_agents_and_mr_x_start_with_the_book_s_tickets():
    state = GameState.new("sanssouci", players=5, seed=3, board=small_potsdam())
    agents = [p for p in state.pawns if p.role == "detective"]
    assert len(agents) == 4
    for agent in agents:
        assert state.wallets[agent.wallet] == {W: 10, V: 8, S: 4}
    assert state.wallets[MRX] == {W: 4, V: 3, S: 3, X: 4, D: 2}


@pytest.mark.parametrize("players", [2, 3])
def test_one_or_two_detective_players_move_four_agents(players):
    state = GameState.new("sanssouci", players=players, seed=1, board=small_potsdam())
    assert sum(p.role == "detective" for p in state.pawns) == 4
    assert len({p.wallet for p in state.pawns if p.role == "detective"}) == 4  # tickets kept apart


def test_reveals_after_moves_3_8_12_18_24():
    assert get_rules("sanssouci").reveal_entries == {3, 8, 12, 18, 24}
    assert get_rules("sanssouci").log_entries == 24


def test_an_agent_who_cannot_leave_his_station_is_out_for_good():
    # Yellow at 4 with no tickets at all: at his turn he leaves the board and his station is free.
    state = sanssouci(at={MRX: 13, **AGENTS})
    state.wallets["yellow"].update({W: 0, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    for pawn in ("red", "blue", "green"):
        state.apply(state.legal_moves(pawn)[0])
    assert state.positions["yellow"] is None
    assert [h for h in state.history if h.get("left_board")] == [
        {"round": 1, "pawn": "yellow", "skip": True, "reason": "stuck", "left_board": True}]
    # Next round yellow no longer moves, and nobody blocks 4 any more.
    assert "yellow" not in state.pending and 4 not in state.blockers()


def test_mr_x_wins_when_every_agent_is_out():
    state = sanssouci(at={MRX: 13, **AGENTS})
    for agent in AGENTS:
        state.wallets[agent].update({W: 0, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    assert state.outcome is not None and state.outcome.winner == "mrx"


def test_the_agents_win_when_mr_x_cannot_leave_his_station():
    state = sanssouci(at={MRX: 1, "red": 2, "blue": 6, "green": 25, "yellow": 24})
    state.wallets[MRX].update({W: 0, V: 0, S: 0, X: 0})
    advance(state, [])
    assert state.outcome is not None and state.outcome.winner == "detectives"


def test_boats_are_for_mr_x_with_a_black_ticket_only():
    state = sanssouci(at={MRX: 5, **{**AGENTS, "green": 23}})
    assert Move(MRX, 15, X) in state.legal_moves(MRX)
    assert not any(m.to == 15 and m.ticket != X for m in state.legal_moves(MRX))
    state.apply(Move(MRX, 10, W))
    assert all(m.to != 15 or m.ticket == W for m in state.legal_moves("red"))


# -- variants against a strong Mr. X ------------------------------------------------------------


def test_extra_agent_adds_one_agent_and_one_black_ticket():
    plain = GameState.new("sanssouci", players=3, seed=2, board=small_potsdam())
    extra = GameState.new("sanssouci", players=3, seed=2, board=small_potsdam(), options={"extra_agent": True})
    assert sum(p.role == "detective" for p in extra.pawns) == 5
    assert extra.wallets[MRX][X] == plain.wallets[MRX][X] + 1
    assert extra.wallets[extra.pawns[-1].wallet] == {W: 10, V: 8, S: 4}


def test_any_order_lets_every_agent_move_in_the_round():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"any_order": True})
    state.apply(Move(MRX, 12, W))
    assert sorted(state.to_move()) == sorted(AGENTS)
    state.apply(state.legal_moves("yellow")[0])
    assert "yellow" not in state.to_move() and len(state.to_move()) == 3


def test_agents_may_hand_a_ticket_on_their_own_turn_before_moving():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True})
    state.apply(Move(MRX, 12, W))
    assert Trade("red", "blue", S) in state.legal_trades("red")
    state.apply(Trade("red", "blue", S))
    assert state.wallets["red"][S] == 3 and state.wallets["blue"][S] == 5
    assert state.to_move() == ["red"]  # still red's turn: he has not moved yet
    with pytest.raises(GameError):
        state.apply(Trade("blue", "red", S))  # not blue's turn
    plain = sanssouci(at={MRX: 13, **AGENTS})
    plain.apply(Move(MRX, 12, W))
    with pytest.raises(InvalidAction, match="not part of this game"):
        plain.apply(Trade("red", "blue", S))


def test_mr_x_always_visible_shows_every_entry_and_the_start():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"mrx_visible": True})
    assert state.public_view().mrx_shown == 13
    state.apply(Move(MRX, 12, W))
    assert state.public_view().mrx_shown == 12 and state.tracker.possible == {12}


def test_no_boats_keeps_mr_x_off_the_water():
    state = sanssouci(at={MRX: 5, **{**AGENTS, "green": 23}}, options={"no_boats": True})
    assert Move(MRX, 15, X) not in state.legal_moves(MRX)
    with pytest.raises(IllegalMove):
        state.copy().apply(Move(MRX, 15, X))
    assert Move(MRX, 10, X) in state.legal_moves(MRX)  # black still rides the land lines


def test_black_tickets_for_the_boats_only():
    state = sanssouci(at={MRX: 5, **{**AGENTS, "green": 23}}, options={"black_for_boats": True})
    blacks = {m.to for m in state.legal_moves(MRX) if m.ticket == X}
    assert blacks == {15}
    state.apply(Move(MRX, 15, X))
    assert state.tracker.possible == {15}


def test_agents_may_pay_a_vip_ride_with_a_schnellbahn_ticket():
    state = sanssouci(at={MRX: 13, **{**AGENTS, "red": 6}}, options={"sbahn_for_vip": True})
    state.apply(Move(MRX, 12, W))
    assert Move("red", 8, S) in state.legal_moves("red")
    plain = sanssouci(at={MRX: 13, **{**AGENTS, "red": 6}})
    plain.apply(Move(MRX, 12, W))
    assert Move("red", 8, S) not in plain.legal_moves("red")


# -- variants against strong agents -------------------------------------------------------------


def test_mr_x_may_stay_put_with_a_walking_ticket():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"stay_put": True})
    assert Move(MRX, 13, W) in state.legal_moves(MRX)
    state.apply(Move(MRX, 13, W))
    assert state.positions[MRX] == 13 and state.logbook[-1].station == 13 and state.wallets[MRX][W] == 3
    assert 13 in state.tracker.possible
    assert Move(MRX, 13, W) not in sanssouci(at={MRX: 13, **AGENTS}).legal_moves(MRX)


def test_a_voluntary_reveal_returns_one_used_black_ticket():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"reveal_returns_black": True})
    state.apply(Move(MRX, 12, X))
    for pawn in AGENTS:
        state.apply(state.legal_moves(pawn)[-1])
    blacks = state.wallets[MRX][X]
    assert state.surface_take() == ()  # what `/sy surface` without a ticket asks for: nothing taken
    state.apply(Surface(state.surface_take()))
    assert state.wallets[MRX][X] == blacks + 1
    assert state.public_view().mrx_shown == 12
    assert state.history[-1]["black_returned"] is True


def test_a_triple_move_spends_both_double_tickets_and_fills_three_entries():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"triple_move": True})
    assert state.can_triple()
    triple = TripleMove(Move(MRX, 12, W), Move(MRX, 11, W), Move(MRX, 16, W))
    assert Move(MRX, 16, W) in state.third_moves(triple.first, triple.second)
    state.apply(triple)
    assert [e.station for e in state.logbook] == [12, 11, 16]
    assert all(e.triple for e in state.logbook) and state.wallets[MRX][D] == 0
    assert action_from_json(action_to_json(triple)) == triple
    plain = sanssouci(at={MRX: 13, **AGENTS})
    with pytest.raises(InvalidAction, match="not part of this game"):
        plain.apply(triple)


def test_a_game_with_every_variant_replays_to_the_same_state():
    options = {o.name: True for o in get_rules("sanssouci").options if o.name not in ("no_boats", "black_for_boats")}
    state = sanssouci(at={MRX: 13, **AGENTS}, options=options)
    state.apply(TripleMove(Move(MRX, 12, W), Move(MRX, 12, W), Move(MRX, 17, X)))
    state.apply(Trade("red", "blue", W))
    for pawn in list(AGENTS):
        if state.to_move() and pawn in state.to_move():
            state.apply(state.legal_moves(pawn)[0])
    record = export_record(state)
    board = state.board
    again = GameState.new("sanssouci", players=3, seed=1, options=options, board=board)
    # The small board is not a board file: replay by hand from the same start.
    again.positions, again.start = dict(state.start), dict(state.start)
    again.start_candidates = state.start_candidates
    again.tracker = tracker_for(board, again.rules, state.start_candidates - set(again.blockers()))
    again.outcome, again.phase, again.pending = None, "mrx", []
    from bot.games.london.engine import actions_from_history

    for action in actions_from_history(record["actions"]):
        again.apply(action)
    assert again.snapshot() == state.snapshot()
