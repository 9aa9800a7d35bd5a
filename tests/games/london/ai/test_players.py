"""The computer players: legal choices in every rule system, secrecy, determinism, the right view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.london.ai import LEVELS, ComputerPlayer
from bot.games.dice.engine import DiceState
from bot.games.london.engine import MRX, DoubleMove, GameState, Move, Pass, TripleMove
from bot.games.london.engine.players import view_for

from tests.games.london.ai.helpers import GAMES, hidden_twin, positions

#: few iterations keep the tests quick; the search's code paths are the same
QUICK = {"easy": None, "normal": 30, "hard": 60}


def player(level: str, seed: int = 0) -> ComputerPlayer:
    return ComputerPlayer(level, seed=seed, iterations=QUICK[level])


@pytest.mark.parametrize("rules,players,options", GAMES)
def test_every_level_chooses_only_legal_actions(rules, players, options):
    kinds = set()
    for seed in (1, 2):
        for state, pawn in positions(rules, players, options, seed, every=9):
            for level in LEVELS:
                action = player(level, seed).choose(view_for(state, pawn), pawn)
                assert action.pawn == pawn
                assert state.is_legal(action), (level, pawn, action)
                kinds.add(type(action))
    assert Move in kinds


@pytest.mark.parametrize("rules,players,options", GAMES[:5] + GAMES[6:7])
def test_whole_games_between_computer_players_stay_legal(rules, players, options):
    state = GameState.new(rules, players=players, seed=3, options=options)
    detectives, mrx = player("normal", 1), player("hard", 2)
    while not state.is_over:
        pawn = next(p for p in state.to_move() if state.legal_moves(p))
        action = (mrx if pawn == MRX else detectives).choose(view_for(state, pawn), pawn)
        state.apply(action)  # raises on an illegal action
    assert state.outcome.winner in ("mrx", "detectives")


def test_detectives_choose_the_same_whatever_mr_x_hides():
    """Two games that differ only in Mr. X's hidden station: every level's detective picks the same."""
    checked = 0
    # one game a rule system (seeds 4 and 5 before): 38 positions, each asked of every level with both stations
    for rules, players, options in (GAMES[0], GAMES[3], GAMES[5]):
        for seed in (4,):
            for state, pawn in positions(rules, players, options, seed, every=5):
                if pawn == MRX:
                    continue
                twin = hidden_twin(state)
                if twin is None:
                    continue
                assert twin.mrx_station != state.mrx_station
                assert twin.public_view() == state.public_view()
                for level in LEVELS:
                    here = player(level, seed).choose(state.public_view(), pawn)
                    there = player(level, seed).choose(twin.public_view(), pawn)
                    assert here == there, (rules, level, pawn)
                checked += 1
    assert checked >= 10


def test_detectives_at_full_strength_choose_the_same_whatever_mr_x_hides():
    state, pawn = next((s, p) for s, p in positions("classic", 5, {}, 6, every=5)
                       if p != MRX and len(s.tracker.possible) > 3)
    twin = hidden_twin(state)
    for level in LEVELS:
        # A generous time budget: the iteration count, not the clock, ends both searches.
        here = ComputerPlayer(level, seed=9, time_budget=60).choose(state.public_view(), pawn)
        there = ComputerPlayer(level, seed=9, time_budget=60).choose(twin.public_view(), pawn)
        assert here == there


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choice(level):
    for state, pawn in list(positions("master", 3, {}, 8, every=6))[:6]:
        view = view_for(state, pawn)
        first = player(level, seed=11).choose(view, pawn)
        again = player(level, seed=11).choose(view_for(state.copy(), pawn), pawn)
        assert first == again


def test_mr_x_chooses_from_his_own_view_only():
    state = GameState.new("classic", players=4, seed=1)
    for level in LEVELS:
        computer = player(level)
        for wrong in (state, state.public_view(), state.snapshot(), None):
            with pytest.raises(TypeError):
                computer.choose(wrong, MRX)
        assert isinstance(computer.choose(state.mrx_view(), MRX), (Move, DoubleMove, TripleMove))


def test_a_detective_never_takes_mr_x_view():
    state = GameState.new("classic", players=4, seed=1)
    state.apply(player("easy").choose(state.mrx_view(), MRX))
    pawn = state.to_move()[0]
    for wrong in (state, state.mrx_view(), state.snapshot(), None):
        with pytest.raises(TypeError):
            player("hard").choose(wrong, pawn)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ComputerPlayer("expert", seed=1)


def test_a_stuck_detective_passes():
    state = GameState.new("master", players=4, seed=2)
    state.apply(player("easy").choose(state.mrx_view(), MRX))
    view = state.public_view()
    pawn = view.to_move[0]
    stuck = replace(view, moves={**view.moves, pawn: ()})
    assert player("hard").choose(stuck, pawn) == Pass(pawn, "stuck")


def test_the_dice_game_is_refused_until_it_has_a_search_game():
    state = DiceState.new(players=3, seed=1)
    with pytest.raises(TypeError):
        player("hard").choose(state.public_view(), "red")
    with pytest.raises(TypeError):
        player("hard").choose(state.mrx_view(), MRX)
