"""The built-in players and whole simulated games."""

from __future__ import annotations

import pytest

from bot.games.dice.engine import RULES
from bot.games.dice.engine.players import simulate


@pytest.mark.parametrize("players,expert", [(2, False), (3, False), (4, False), (4, True)])
def test_a_whole_game_ends_with_an_outcome(players, expert):
    state = simulate(players, seed=21, expert=expert)
    assert state.is_over and state.outcome.winner in ("mrx", "detectives")
    assert len(state.logbook) <= RULES.log_entries
    if state.outcome.reason == "escaped":
        assert len(state.logbook) == RULES.log_entries and state.final


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert simulate(4, seed=3).history == simulate(4, seed=3).history
    assert simulate(4, seed=3).history != simulate(4, seed=4).history


def mrx_wins(mrx: str, detectives: str, games: int = 60) -> int:
    return sum(simulate(4, seed, mrx=mrx, detectives=detectives).outcome.winner == "mrx" for seed in range(games))


def test_greedy_players_beat_random_ones_on_both_sides():
    even = mrx_wins("greedy", "greedy")
    assert mrx_wins("random", "greedy") < even < mrx_wins("greedy", "random")
