"""Views: the public view holds no hidden station; twin games differing only in Mr. X's hidden
stations look the same to the detectives."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games.dice.engine import MRX, DiceState, MrXDouble, MrXMoved, chance
from bot.games.dice.engine.players import PLAYERS, next_action, simulate
from bot.games.dice.engine.views import DicePublicView

from tests.games.dice.engine.helpers import started, twins


def test_the_public_view_has_no_field_for_mrx_station():
    names = {f.name for f in dataclasses.fields(DicePublicView)}
    assert not names & {"station", "mrx_station", "positions"}
    view = started().public_view()
    assert view.pawn(MRX).station is None and view.route is None and view.known_route is None


def test_mrx_view_knows_his_station_moves_and_double_moves():
    state = started()
    state.tokens = 0
    state.apply(chance.roll(state, random.Random(1)))  # whatever it is
    while state.awaiting != "mrx":
        if state.awaiting == "roll":
            state.apply(chance.roll(state, random.Random(len(state.history))))
        else:
            state.apply(state.legal_actions()[0])
    view = state.mrx_view()
    assert view.station == 36 and view.start == 36 and view.route == (36,)
    assert set(view.moves) == set(state.legal_moves(MRX))
    assert view.can_double == bool(state.legal_doubles())
    for first, seconds in view.second_moves.items():
        assert all(MrXDouble(first, s) in state.legal_doubles() for s in seconds)
    reach = view.reachable()
    assert set(reach) == {m.to for m in view.moves}


def test_after_the_game_the_route_is_public():
    state = simulate(4, seed=11)
    view = state.public_view()
    assert view.route == (state.start[MRX], *(e.station for e in state.logbook))
    assert all(e.station is not None for e in view.logbook)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twin_games_look_the_same_to_the_detectives(players):
    compared = 0
    for seed in range(12):
        a, b, events = twins(players, seed)
        if not events:
            continue
        assert a.mrx_station != b.mrx_station or a.start[MRX] != b.start[MRX]
        assert a.public_view() == b.public_view()
        for ea, eb in events:
            assert ea == eb
        # ...while Mr. X's own view tells them apart: the comparison can fail
        assert a.mrx_view() != b.mrx_view()
        compared += 1
    assert compared >= 6


def test_mrx_moved_events_show_a_station_only_at_a_reveal_or_a_capture():
    seen = 0
    for seed in range(10):
        state = DiceState.new(4, seed)
        dealer, player = random.Random(seed), PLAYERS["greedy"](random.Random(seed))
        while not state.is_over:
            for event in state.apply(next_action(state, dealer, player, player)):
                if isinstance(event, MrXMoved):
                    seen += 1
                    if event.entry in (3, 7, 11) or state.history[-1].get("capture"):
                        assert event.revealed is not None and event.route is not None
                    elif event.entry == state.logbook[-1].number or event.double:
                        assert event.revealed is None and event.route is None
    assert seen > 50
