"""Many Mister X in Sanssouci games with random variant sets, played by a player who also hands tickets away
(down to the last one): no game ever waits for a pawn without a legal action, and every game ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.london.engine import (
    MRX,
    DoubleMove,
    GameState,
    OptionUnavailable,
    Pass,
    Surface,
    TripleMove,
    export_record,
    get_rules,
    replay,
)

SANSSOUCI = get_rules("sanssouci")
#: a game has at most 24 rounds; each agent hands over at most every ticket he holds: this bounds any game
MOST_ACTIONS = 5000

variant_sets = st.sets(st.sampled_from([o.name for o in SANSSOUCI.options]))


def assert_someone_can_act(state: GameState) -> None:
    """The game waits only for pawns with a legal action: Mr. X with a move; in seat order the agent whose turn
    it is with a move; in any order at least one of the agents still to move (the others may wait for him)."""
    waiting = state.to_move()
    assert waiting, "the game is not over, yet nobody is to move"
    assert all(state.positions[p] is not None for p in waiting), "a pawn off the board is to move"
    if waiting == [MRX] or not state.rules.any_order:
        assert state.legal_moves(waiting[0]), f"the game waits for {waiting[0]}, who cannot move"
    else:
        assert any(state.legal_moves(p) for p in waiting), f"the game waits for {waiting}, none of whom can move"


def choose(state: GameState, rng: random.Random):
    """Any legal action, at random: Mr. X's single, double and triple moves and reveals; the agents' moves,
    their trades (often, to drain an agent of tickets) and now and then the host skipping an agent."""
    pawn = rng.choice([p for p in state.to_move() if state.legal_moves(p) or state.legal_trades(p)])
    if pawn == MRX:
        moves = state.legal_moves(MRX)
        first = rng.choice(moves)
        seconds = state.second_moves(first)
        if seconds and rng.random() < 0.15:
            second = rng.choice(seconds)
            thirds = state.third_moves(first, second)
            if thirds and rng.random() < 0.5:
                return TripleMove(first, second, rng.choice(thirds))
            return DoubleMove(first, second)
        if state.can_reveal() and rng.random() < 0.1:
            return Surface(state.surface_take())
        return first
    trades = state.legal_trades(pawn)
    if trades and rng.random() < 0.4:
        return rng.choice(trades)
    moves = state.legal_moves(pawn)
    if not moves or rng.random() < 0.02:
        return Pass(pawn, "timeout")
    return rng.choice(moves)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants=variant_sets, players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 2**32))
def test_no_sanssouci_game_waits_for_a_pawn_without_a_legal_action_and_every_game_ends(variants, players, seed):
    options = {name: True for name in variants}
    if SANSSOUCI.clash(options):
        try:
            GameState.new("sanssouci", players=players, seed=seed, options=options)
        except OptionUnavailable as refused:
            assert refused.message == SANSSOUCI.clash(options).message
            return
        raise AssertionError(f"clashing variants {sorted(variants)} were accepted")
    state = GameState.new("sanssouci", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(MOST_ACTIONS):
        if state.is_over:
            break
        assert_someone_can_act(state)
        state.apply(choose(state, rng))
    assert state.is_over, "the game did not end"
    assert replay(export_record(state)) == state
