"""Where Mr. X can be, from public information alone."""

from bot.games.london.engine import MRX, GameState, Move, replay_possible
from bot.games.london.engine.players import play_game

from tests.games.london.engine.conftest import arrange

T, B, U, X = "taxi", "bus", "underground", "black"


def test_before_his_first_move_mrx_is_on_a_card_no_detective_drew(london):
    state = GameState.new("classic", players=6, seed=9)
    drawn = {s for p, s in state.start.items() if p != MRX}
    assert state.public_view().possible == set(london.start_cards["classic"]) - drawn
    assert len(state.public_view().possible) == 13


def test_a_ticket_moves_every_candidate_along_that_transport(london):
    state = arrange(at={MRX: 74, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 46, U))
    assert state.public_view().possible == {46}
    state.tracker.possible = frozenset({74, 153})
    state.tracker.mrx_moved(B, blocked=[124])
    assert state.tracker.possible == {58, 94, 154, 180, 184}


def test_black_ticket_includes_ferry_targets():
    state = arrange(at={MRX: 157, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    state.apply(Move(MRX, 115, X))
    assert state.public_view().possible == {156, 158, 170, 133, 142, 185, 115, 194}


def test_detective_arriving_without_capture_rules_a_station_out():
    state = arrange(at={MRX: 74, "red": 153, "blue": 5, "green": 7, "yellow": 4})
    state.tracker.possible = frozenset({100, 140, 154})
    state.apply(Move(MRX, 75, T))
    before = state.public_view().possible
    state.apply(Move("red", 154, T))
    after = state.public_view().possible
    assert 154 not in after and after <= before


def test_possible_set_always_holds_mrx_and_matches_a_replay_of_public_history():
    for seed in range(40):
        for rules in ("classic", "mb1985", "master"):
            state = GameState.new(rules, players=2 + seed % 5, seed=seed)
            import random

            rng = random.Random(seed)
            while not state.is_over:
                pawns = [p for p in state.to_move() if state.legal_moves(p)]
                state.apply(rng.choice(state.legal_moves(rng.choice(pawns))))
                if not state.is_over:
                    view = state.public_view()
                    assert state.mrx_station in view.possible
                    assert replay_possible(view) == view.possible


def test_greedy_game_tracker_narrows_after_reveals():
    state = play_game("classic", players=5, seed=3)
    assert state.logbook and len(state.tracker.possible) >= 1
