"""Small positions with one right answer, on the small Potsdam-style board of the engine's tests.

        1  2  3  4  5        walk: every grid neighbour
        6  7  8  9 10        vip:  6-8-10, 16-18-20
       11 12 13 14 15        sbahn: 3-13-23
       16 17 18 19 20        boat: 5-15-25 (Mr. X only, black tickets)
       21 22 23 24 25
"""

from __future__ import annotations

from random import Random

from bot.games.london.ai import ComputerPlayer
from bot.games.london.ai.search_game import from_move, mrx_setup, to_action
from bot.games.london.ai.policy import mrx_pick
from bot.games.london.engine import MRX, DoubleMove, Move, TripleMove
from tests.games.london.engine.conftest import sanssouci

W = "walk"


def landing(action) -> int:
    """Where Mr. X ends his turn."""
    return (action.parts[-1] if isinstance(action, TripleMove) else
            action.second if isinstance(action, DoubleMove) else action).to


def next_to_a_detective(state, station: int) -> bool:
    dist = state.board.distances()
    return any(dist[station][s] <= 1 for s in state.blockers())


def test_hard_detective_captures_mr_x_in_plain_sight():
    state = sanssouci(at={MRX: 13, "red": 9, "blue": 1, "green": 5, "yellow": 21}, options={"mrx_visible": True})
    state.apply(Move(MRX, 14, W))
    assert state.to_move() == ["red"]
    choice = ComputerPlayer("hard", seed=1).choose(state.public_view(), "red")
    assert choice.to == 14


def test_hard_mr_x_keeps_clear_of_the_detectives():
    state = sanssouci(at={MRX: 13, "red": 7, "blue": 9, "green": 17, "yellow": 21})
    for seed in range(3):
        choice = ComputerPlayer("hard", seed=seed).choose(state.mrx_view(), MRX)
        assert not next_to_a_detective(state, landing(choice)), choice


def test_hard_mr_x_runs_with_a_double_move_when_every_single_move_is_caught():
    state = sanssouci(at={MRX: 13, "red": 7, "blue": 9, "green": 17, "yellow": 19})
    state.wallets[MRX].update({"sbahn": 0, "black": 0})
    assert all(next_to_a_detective(state, m.to) for m in state.legal_moves(MRX))
    choice = ComputerPlayer("hard", seed=2).choose(state.mrx_view(), MRX)
    assert isinstance(choice, DoubleMove)
    assert not next_to_a_detective(state, landing(choice))


def test_hard_detectives_catch_a_mr_x_who_stays_put():
    state = sanssouci(at={MRX: 13, "red": 1, "blue": 5, "green": 21, "yellow": 25},
                      options={"mrx_visible": True, "stay_put": True})
    detectives = ComputerPlayer("hard", seed=3)
    while not state.is_over and state.round <= 6:
        pawn = state.to_move()[0]
        if pawn == MRX:
            state.apply(Move(MRX, state.mrx_station, W))
        else:
            state.apply(detectives.choose(state.public_view(), pawn))
    assert state.outcome is not None and state.outcome.winner == "detectives", state.outcome


def test_mr_x_s_playout_move_is_a_triple_move_when_nothing_shorter_gets_clear():
    state = sanssouci(at={MRX: 13, "red": 8, "blue": 11, "green": 15, "yellow": 18}, options={"triple_move": True})
    state.wallets[MRX].update({"walk": 12, "vip": 0, "sbahn": 0, "black": 0})
    view = state.mrx_view()
    setup, sim = mrx_setup(view)
    route = mrx_pick(setup, sim, [from_move(setup, m) for m in view.moves], Random(1), eps=0.0)
    choice = to_action(setup, MRX, route)
    assert isinstance(choice, TripleMove) and state.is_legal(choice)
    assert not next_to_a_detective(state, landing(choice))
