"""The dice game's light simulator plays in lockstep with the engine: the same moves, the same
tracker, the same rounds and the same end, in every table size, standard and expert."""

from __future__ import annotations

import random

import pytest

from bot.games.dice.ai.search_game import FACE_INDEX, TICKET_INDEX, read_setup
from bot.games.dice.ai.sim import (HUNTERS_WIN, MRX_WINS, apply_hunter, apply_mrx, mrx_moves, second_moves, settle,
                             skip)
from bot.games.dice.engine import MRX, DiceMove, MrXDouble, MrXMove, Reroll, Roll, Skip
from bot.games.dice.engine.players import next_action

from tests.games.dice.ai.helpers import DICE_GAMES, dice_game, players_for


class NeedRoll(Exception):
    pass


class Dealer:
    """A generator for :func:`settle` that stops it where the engine waits for the host's roll."""

    def random(self) -> float:
        raise NeedRoll


def simulated(state):
    """The simulator's state read from the engine's views (Mr. X's station from his own view)."""
    setup, sim = read_setup(state.public_view())
    sim.pos[0] = state.mrx_view().station
    return setup, sim


FIELDS = ("pos", "tokens", "black", "double", "heli", "entries", "round", "phase", "slots", "rolled", "used",
          "final", "belief")


def same(sim, other) -> dict:
    return {f: (getattr(sim, f), getattr(other, f)) for f in FIELDS if getattr(sim, f) != getattr(other, f)}


def step(setup, sim, action) -> None:
    """What ``action`` does to the simulator."""
    if isinstance(action, Roll):
        sim.rolled = [FACE_INDEX[f] for f in action.faces]
    elif isinstance(action, Reroll):
        sim.tokens -= 1
        sim.rolled = [FACE_INDEX[f] for f in action.faces]
    elif isinstance(action, DiceMove):
        apply_hunter(setup, sim, setup.pawn_ids.index(action.pawn), action.to, FACE_INDEX[action.die])
    elif isinstance(action, Skip):
        skip(sim, setup.pawn_ids.index(action.pawn))
    elif isinstance(action, MrXMove):
        apply_mrx(setup, sim, ((action.to, TICKET_INDEX[action.ticket]),))
    else:
        assert isinstance(action, MrXDouble)
        apply_mrx(setup, sim, tuple((m.to, TICKET_INDEX[m.ticket]) for m in (action.first, action.second)))


@pytest.mark.parametrize("players,expert", DICE_GAMES)
def test_the_simulator_follows_the_engine(players, expert):
    checked = {"move": 0, "mrx": 0, "double": 0, "stuck": 0, "pass": 0}
    for seed in range(6):
        state = dice_game(players, expert, seed)
        dealer = random.Random(seed)
        mrx, detectives = players_for(seed)
        while state.awaiting in ("layout", "start"):
            state.apply(next_action(state, dealer, mrx, detectives))
        setup, sim = simulated(state)
        while not state.is_over:
            if state.awaiting == "move":
                actor, moves = settle(setup, sim, Dealer())
                assert actor == setup.seat_of[setup.pawn_ids.index(state.to_move()[0])]
                expected = {(setup.pawn_ids.index(m.pawn), m.to, FACE_INDEX[m.die]) for m in state.legal_moves()}
                assert set(moves) == expected
                checked["move"] += 1
            elif state.awaiting == "mrx":
                actor, moves = settle(setup, sim, Dealer())
                assert actor == 0
                assert set(moves) == {(m.to, TICKET_INDEX[m.ticket]) for m in state.legal_moves(MRX)}
                doubles = {(first, second) for first in mrx_moves(setup, sim)[0] if sim.double
                           and setup.log_entries - sim.entries >= 2 for second in second_moves(setup, sim, first)}
                assert doubles == {((d.first.to, TICKET_INDEX[d.first.ticket]),
                                    (d.second.to, TICKET_INDEX[d.second.ticket])) for d in state.legal_doubles()}
                checked["mrx"] += 1
                checked["double"] += bool(doubles)
            action = next_action(state, dealer, mrx, detectives)
            before = len(state.history)
            state.apply(action)
            step(setup, sim, action)
            checked["stuck"] += any(r.get("reason") == "stuck" for r in state.history[before:])
            checked["pass"] += any(r.get("ticket") == "pass" for r in state.history[before:])
            try:
                settle(setup, sim, Dealer())
            except NeedRoll:
                pass
            if state.is_over:
                break
            _, expected = simulated(state)
            assert not same(sim, expected), (seed, action, same(sim, expected))
        assert sim.winner == (MRX_WINS if state.outcome.winner == "mrx" else HUNTERS_WIN)
    assert checked["move"] > 50 and checked["mrx"] > 20 and checked["double"] > 0 and checked["stuck"] > 0, checked
