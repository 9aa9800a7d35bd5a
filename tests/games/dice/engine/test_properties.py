"""Properties that hold in every game: many seeded games played to the end, checked after each action."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.dice.engine import (
    MRX,
    TRANSPORTS,
    DiceMove,
    DiceState,
    GameError,
    LayTiles,
    MrXDouble,
    MrXMove,
    PickStart,
    Reroll,
    Roll,
    Skip,
    replay,
    replay_possible,
)
from bot.games.dice.engine.players import PLAYERS, next_action

games = st.tuples(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=2**32),
    st.booleans(),
    st.sampled_from(["random", "greedy"]),
)


def play_checked(players: int, seed: int, expert: bool, kind: str) -> DiceState:
    state = DiceState.new(players, seed, {"expert": expert})
    dealer = random.Random(seed)
    player = PLAYERS[kind](random.Random(seed + 1))
    while not state.is_over:
        action = next_action(state, dealer, player, player)
        # only legal actions are chosen; chance throws the right number of dice
        if isinstance(action, Roll):
            assert len(action.faces) == state.dice_to_roll == state.dice_per_round - len(state.used)
        elif isinstance(action, Reroll):
            assert state.can_reroll() and len(action.faces) == len(state.rolled)
        elif not isinstance(action, LayTiles):
            assert action in state.legal_actions()
        used = Counter(state.used_faces())
        entries = len(state.logbook)
        round_ = state.round
        state.apply(action)
        # Mr. X only reuses dice the detectives used this round, each die once
        spent = Counter(e.ticket for e in state.logbook[entries:] if e.ticket in TRANSPORTS)
        assert not spent - used
        # a pawn uses at most one die a round, and never more dice than the round has
        if state.round == round_ and state.phase == "detectives":
            pawns = [p for p, _ in state.used]
            assert len(pawns) == len(set(pawns)) and len(pawns) <= state.dice_per_round
        # no two pawns on one station (a capture ends the game with a detective on Mr. X)
        if state.phase not in ("layout", "start") and not state.is_over:
            stations = list(state.positions.values())
            assert len(stations) == len(set(stations))
        view = state.public_view()
        if state.tracker is not None:
            # the tracker never loses Mr. X, and follows from public facts alone
            assert state.mrx_station in view.possible
            assert replay_possible(view) == view.possible
        if not state.is_over:
            assert view.pawn(MRX).station is None and view.route is None
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_game_keeps_the_rules_and_replays_exactly(game):
    state = play_checked(*game)
    assert state.outcome is not None
    assert replay(state.record()) == state
    assert DiceState.from_snapshot(state.snapshot()) == state


def candidates(state: DiceState) -> list:
    """Many actions, legal and not, for the pawns that may act now and the others."""
    board = state.board
    stations = [*board.stations, 0, 99]
    pawns = [p.id for p in state.pawns]
    out: list = []
    if state.awaiting == "start":
        out += [PickStart(p, s) for p in pawns for s in stations]
    out += [DiceMove(p, s, f) for p in pawns for s in stations for f in ("taxi", "bus", "underground", "x")]
    out += [Skip(p, "declined") for p in pawns]
    tickets = ("taxi", "bus", "underground", "black", "helicopter", "x", "pass")
    singles = [MrXMove(s, t) for s in stations for t in tickets]
    out += singles
    rng = random.Random(len(state.history))
    legal = state.legal_moves(MRX) if state.awaiting == "mrx" else []
    for first in legal[:6]:
        out += [MrXDouble(first, second) for second in rng.sample(singles, 25)]
    return out


def test_an_action_is_accepted_exactly_when_it_is_generated_and_a_refusal_changes_nothing():
    checked = 0
    for seed, players, expert in ((1, 4, False), (2, 3, True), (3, 2, False), (4, 4, True)):
        state = DiceState.new(players, seed, {"expert": expert})
        dealer = random.Random(seed)
        player = PLAYERS["random"](random.Random(seed))
        step = 0
        while not state.is_over:
            if state.awaiting in ("start", "move", "mrx"):
                legal = set(state.legal_actions())
                extra = set(state.legal_doubles()) if state.awaiting == "mrx" else set()
                assert extra <= legal
                for action in candidates(state):
                    assert state.is_legal(action) == (action in legal), action
                if step % 7 == 0:
                    before = state.snapshot()
                    for action in candidates(state):
                        if action not in legal:
                            with pytest.raises(GameError):
                                state.apply(action)
                    assert state.snapshot() == before
                checked += 1
            step += 1
            state.apply(next_action(state, dealer, player, player))
    assert checked > 50
