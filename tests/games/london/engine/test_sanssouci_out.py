"""Mister X in Sanssouci: who is out, and when (docs/rules.md, section sanssouci), and the variants that clash.

Played on the small board of tests/games/london/engine/conftest.py (a 5 x 5 walking grid), so each position
can be set up exactly.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.games.london.engine import (
    MRX,
    PRESETS,
    GameState,
    Move,
    OptionUnavailable,
    PawnPassed,
    TicketHandedOver,
    Trade,
    get_rules,
)
from tests.games.london.engine.conftest import sanssouci, small_potsdam

W, V, S = "walk", "vip", "sbahn"
NONE = {W: 0, V: 0, S: 0}
AGENTS = {"red": 1, "blue": 21, "green": 25, "yellow": 4}


# -- ticket trading: an agent who has handed away the tickets he needs is out at once -----------------


def test_an_agent_who_hands_away_his_last_ticket_is_out_at_once_and_the_next_agent_moves():
    # The game: red hands all his tickets to blue; the game must not wait for red.
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True})
    state.wallets["red"].update({W: 1, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    assert state.to_move() == ["red"]
    events = state.apply(Trade("red", "blue", W))
    assert events == [TicketHandedOver(1, "red", "blue", W), PawnPassed(1, "red", "stuck")]
    assert state.positions["red"] is None and 1 not in state.blockers()
    assert state.wallets["blue"][W] == 11
    assert state.to_move() == ["blue"] and state.legal_moves("blue")
    assert state.history[-1] == {"round": 1, "pawn": "red", "skip": True, "reason": "stuck", "left_board": True}


def test_an_agent_who_keeps_a_ticket_he_can_ride_with_stays_on_turn_after_a_trade():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True})
    state.wallets["red"].update({W: 2, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    state.apply(Trade("red", "blue", W))
    assert state.to_move() == ["red"] and state.positions["red"] == 1


def test_an_agent_left_only_with_tickets_that_ride_nowhere_from_his_station_is_out_too():
    # Red at 1 is no ViP or Schnellbahn stop: handing away his walking tickets leaves him no move.
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True})
    state.wallets["red"].update({W: 1, V: 5, S: 3})
    state.apply(Move(MRX, 12, W))
    state.apply(Trade("red", "green", W))
    assert state.positions["red"] is None and state.to_move() == ["blue"]
    assert "red" not in state.pending


def test_in_any_order_an_agent_who_trades_himself_out_of_moves_goes_out_while_the_others_still_move():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True, "any_order": True})
    state.wallets["yellow"].update({W: 1, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    state.apply(Trade("yellow", "red", W))
    assert state.positions["yellow"] is None
    assert sorted(state.to_move()) == ["blue", "green", "red"]
    assert all(state.legal_moves(p) for p in state.to_move())


def test_the_last_agent_of_the_round_trading_himself_out_ends_the_round():
    state = sanssouci(at={MRX: 13, **AGENTS}, options={"trade_tickets": True})
    state.wallets["yellow"].update({W: 1, V: 0, S: 0})
    state.apply(Move(MRX, 12, W))
    for pawn in ("red", "blue", "green"):
        state.apply(state.legal_moves(pawn)[0])
    state.apply(Trade("yellow", "red", W))
    assert state.positions["yellow"] is None
    assert state.round == 2 and state.to_move() == [MRX] and not state.is_over


# -- blocking is judged at each agent's own move -----------------------------------------------------------


def closing_round(at: dict[str, int], tickets: dict[str, dict[str, int]], last: str, options=None) -> GameState:
    """A round whose agents have all moved but ``last``, set up on the small board (Mr. X at 13)."""
    state = sanssouci(at={MRX: 13, **at}, options=options)
    for agent, wallet in tickets.items():
        state.wallets[agent].update(wallet)
    state.phase, state.pending = "detectives", [last]
    return state


def test_an_agent_blocked_only_by_one_who_goes_out_before_him_keeps_the_game_going():
    # After yellow's move: red (no tickets) at 2, blue at 1 hemmed in by red (2) and green (6), green and
    # yellow without tickets. Nobody could move now, but next round red goes out first and frees 2 for blue.
    state = closing_round(at={"red": 2, "blue": 1, "green": 6, "yellow": 24},
                          tickets={"red": NONE, "blue": {W: 5, V: 0, S: 0}, "green": NONE, "yellow": {W: 1, V: 0, S: 0}},
                          last="yellow")
    state.apply(Move("yellow", 25, W))
    assert not state.is_over and state.round == 2 and state.to_move() == [MRX]
    state.apply(Move(MRX, 14, W))
    assert state.positions["red"] is None  # out at his own move
    assert state.to_move() == ["blue"] and state.legal_moves("blue") == [Move("blue", 2, W)]
    state.apply(Move("blue", 2, W))
    assert state.positions["green"] is None and state.positions["yellow"] is None
    assert not state.is_over and state.round == 3


def test_when_every_agent_is_stuck_at_his_own_move_mr_x_wins_before_his_next_move():
    # Blue at 1 is hemmed in by green (6) and yellow (2), who move after him: he is stuck at his own move too.
    # Mr. X wins as the round ends, even though he himself could not have moved next (no tickets left).
    state = closing_round(at={"red": 25, "blue": 1, "green": 6, "yellow": 3},
                          tickets={"red": NONE, "blue": {W: 5, V: 0, S: 0}, "green": NONE, "yellow": {W: 1, V: 0, S: 0}},
                          last="yellow")
    state.wallets[MRX].update({W: 0, V: 0, S: 0, "black": 0})
    state.apply(Move("yellow", 2, W))
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason, state.outcome.round) == ("mrx", "detectives_stuck", 1)
    assert not state.logbook


def test_in_any_order_agents_who_all_block_one_another_are_out_together():
    # In any order nobody goes out before the others while any could still move: with nobody able to move,
    # blue's way through red's station never opens.
    state = closing_round(at={"red": 2, "blue": 1, "green": 6, "yellow": 24},
                          tickets={"red": NONE, "blue": {W: 5, V: 0, S: 0}, "green": NONE, "yellow": {W: 1, V: 0, S: 0}},
                          last="yellow", options={"any_order": True})
    state.apply(Move("yellow", 25, W))
    assert state.outcome is not None and state.outcome.reason == "detectives_stuck"


# -- variants that clash are refused when the game is made ---------------------------------------------


def test_no_boats_with_black_tickets_for_the_boats_only_is_refused_with_the_reason():
    with pytest.raises(OptionUnavailable) as refused:
        GameState.new("sanssouci", players=3, seed=1, options={"no_boats": True, "black_for_boats": True},
                      board=small_potsdam())
    assert refused.value.message == ('"No boats" and "Black tickets for boats only" cannot be played together: '
                                     "black tickets would have no use.")


@pytest.mark.parametrize("option", ["no_boats", "black_for_boats"])
def test_each_boat_variant_alone_is_accepted(option):
    state = GameState.new("sanssouci", players=3, seed=1, options={option: True, "triple_move": True},
                          board=small_potsdam())
    assert state.options[option] and state.options["triple_move"]


def test_a_clashing_pair_switched_off_is_no_clash():
    state = GameState.new("sanssouci", players=3, seed=1, options={"no_boats": True, "black_for_boats": False},
                          board=small_potsdam())
    assert state.rules.black_rides == "land"


def test_every_pair_of_variants_that_set_one_rule_differently_is_refused():
    # A variant added later that overrides another's rule must be listed as a clash, never silently win.
    for rules in PRESETS.values():
        for a, b in combinations(rules.options, 2):
            shared = set(a.changes) & set(b.changes)
            if any(a.changes[f] != b.changes[f] for f in shared):
                assert rules.clash({a.name: True, b.name: True}), (rules.name, a.name, b.name)
            else:
                assert rules.clash({a.name: True, b.name: True}) is None, (rules.name, a.name, b.name)
    assert get_rules("sanssouci").clash({"no_boats": True, "black_for_boats": True})
