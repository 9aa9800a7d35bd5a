"""The search's light simulator plays by the engine's rules: same moves, same outcome, same belief."""

from __future__ import annotations

import random

import pytest

from bot.games.london.ai.search_game import detective_setup, from_move, mrx_setup, to_action
from bot.games.london.ai.sim import HUNTERS_WIN, MRX_WINS, apply_hunter, apply_mrx, settle
from bot.ai.masks import stations_in
from bot.games.london.engine import MRX, DoubleMove, GameState, Move, TripleMove

from tests.games.london.ai.helpers import GAMES


def sim_for(state: GameState, pawn: str):
    """The simulator's state as ``pawn``'s player builds it, Mr. X's true station filled in."""
    if pawn == MRX:
        return mrx_setup(state.mrx_view())
    setup, sim, _ = detective_setup(state.public_view(), pawn)
    sim.pos[0] = state.mrx_station
    return setup, sim


def random_action(state: GameState, rng: random.Random):
    pawn = rng.choice([p for p in state.to_move() if state.legal_moves(p)])
    moves = state.legal_moves(pawn)
    if pawn == MRX and state.can_double() and rng.random() < 0.2:
        first = rng.choice(moves)
        seconds = state.second_moves(first)
        if seconds:
            second = rng.choice(seconds)
            thirds = state.third_moves(first, second) if state.can_triple() and rng.random() < 0.5 else []
            return TripleMove(first, second, rng.choice(thirds)) if thirds else DoubleMove(first, second)
    return rng.choice(moves)


def rides(action) -> tuple[Move, ...]:
    if isinstance(action, TripleMove):
        return action.parts
    if isinstance(action, DoubleMove):
        return action.first, action.second
    return (action,)


@pytest.mark.parametrize("rules,players,options", GAMES)
def test_simulator_follows_the_engine(rules, players, options):
    for seed in range(6):
        state = GameState.new(rules, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            action = random_action(state, rng)
            setup, sim = sim_for(state, action.pawn)
            actor, moves = settle(setup, sim)
            assert setup.pawn_ids[actor] == action.pawn
            engine = {from_move(setup, m) for m in state.legal_moves(action.pawn)}
            assert set(moves) == engine
            assert sim.belief == sum(1 << s for s in state.tracker.possible)
            if action.pawn == MRX:
                parts = tuple(from_move(setup, m) for m in rides(action))
                assert to_action(setup, MRX, parts) == action
                apply_mrx(setup, sim, parts)
            else:
                apply_hunter(setup, sim, setup.pawn_ids.index(action.pawn), *from_move(setup, action))
            state.apply(action)
            settle(setup, sim)
            if state.is_over:
                assert sim.winner == (MRX_WINS if state.outcome.winner == "mrx" else HUNTERS_WIN), state.outcome
                continue
            assert not sim.winner
            assert sim.pos[1:] == [state.positions[p] or 0 for p in setup.pawn_ids[1:]]
            assert sim.pos[0] == state.mrx_station
            assert stations_in(sim.belief) == sorted(state.tracker.possible)
            assert sim.round == state.round and sim.entries == len(state.logbook)

