"""The search stops early only when the rest could not change its answer."""

from __future__ import annotations

import functools

import bot.games.dice.ai.search_game as dice_module
import bot.games.london.ai.player as player_module
from bot.games.london.ai import ComputerPlayer
from bot.games.dice.ai import DiceComputerPlayer
from bot.ai.search import search
from bot.games.london.engine.players import view_for

from tests.games.dice.ai.helpers import dice_positions
from tests.games.london.ai.helpers import positions


#: the London searches' iterations (600 before, 13 s): with 200, 9 of the 18 settle early (most a few checks
#: short, two at 128 and 144), against 16 of 18 a few iterations short with 600; a search that stops before
#: the rest could not change its answer (stopping at any lead, at a lead of a third or a quarter of the
#: iterations left, or 48 short of it) fails here at 200 as at 600 or more often
ITERATIONS = 200


def _full(monkeypatch, module) -> None:
    monkeypatch.setattr(module, "search", functools.partial(search, settle_early=False))


def test_settling_early_gives_the_answer_of_every_iteration(monkeypatch):
    cases = [(state, pawn) for rules, players in (("classic", 5), ("master", 4), ("sanssouci", 4))
             for state, pawn in list(positions(rules, players, {}, 4, every=6))[:6]]
    early = []
    for state, pawn in cases:
        player = ComputerPlayer("hard", seed=3, iterations=ITERATIONS, time_budget=60)
        early.append((player.choose(view_for(state, pawn), pawn), player.last))
    _full(monkeypatch, player_module)
    settled = 0
    for (state, pawn), (action, last) in zip(cases, early):
        player = ComputerPlayer("hard", seed=3, iterations=ITERATIONS, time_budget=60)
        assert player.choose(view_for(state, pawn), pawn) == action
        if last is not None:
            assert last.ended in ("iterations", "decided")
            if last.ended == "decided":
                settled += 1
                assert last.iterations < player.last.iterations == ITERATIONS
                assert player.last.ended == "iterations"
    assert settled >= len(cases) // 3


def test_the_dice_search_settles_early_with_the_same_answer(monkeypatch):
    states = [s for s in dice_positions(4, False, 5, every=3) if s.awaiting in ("move", "mrx")][:8]

    def decide(state):
        player = DiceComputerPlayer("hard", seed=5, iterations=400, time_budget=60)
        view = state.mrx_view() if state.awaiting == "mrx" else state.public_view()
        return player.choose(view, state.to_move()[0]), player.last

    early = [decide(s) for s in states]
    _full(monkeypatch, dice_module)
    full = [decide(s) for s in states]
    assert [a for a, _ in early] == [a for a, _ in full]
    searched = [(e, f) for (_, e), (_, f) in zip(early, full) if e is not None]
    assert searched and any(e.ended == "decided" and e.iterations < f.iterations for e, f in searched)
