"""The menus and autocomplete offer exactly the engine's legal moves."""

from __future__ import annotations

import random

import pytest

from bot.games.london.presenter.moves import detective_destinations, mrx_destinations, mrx_second_steps
from bot.games.london.engine import MRX, DoubleMove, GameState, Move
from bot.games.london.engine.players import RandomPlayer, view_for


def states(rules: str, players: int, seed: int):
    """Every state of a random game, one after each action."""
    state = GameState.new(rules, players=players, seed=seed)
    player = RandomPlayer(random.Random(seed), double_chance=0.2)
    while not state.is_over:
        yield state
        pawn = next(p for p in state.to_move() if state.legal_moves(p))
        state.apply(player.choose(view_for(state, pawn), pawn))
    yield state


def by_station(moves) -> dict[int, set]:
    found: dict[int, set] = {}
    for m in moves:
        found.setdefault(m.to, set()).add(m.ticket)
    return found


def accepted(state: GameState, pawn: str, here: int | None = None, first: Move | None = None) -> dict[int, set]:
    """What the engine accepts, found by trying every ride ticket to every station one ride away
    (and a few beyond): independent of how the views list the moves."""
    here = state.positions[pawn] if here is None else here
    near = {n for by in state.board.neighbours[here].values() for n in by} | {1, 99, 199}
    tickets = [*state.board.ride_tickets, *(["black"] if pawn == MRX else [])]
    found: dict[int, set] = {}
    for to in sorted(near):
        for ticket in tickets:
            move = Move(pawn, to, ticket)
            if state.is_legal(move if first is None else DoubleMove(first, move)):
                found.setdefault(to, set()).add(ticket)
    return found


@pytest.mark.parametrize("rules,players,seed", [("classic", 3, 1), ("classic", 6, 2), ("mb1985", 4, 3),
                                                ("master", 2, 4), ("master", 4, 5)])
def test_destinations_match_the_engine(rules: str, players: int, seed: int) -> None:
    checked = 0
    for state in states(rules, players, seed):
        view = state.public_view()
        for pawn in state.pawns:
            if pawn.role == "mrx":
                continue
            offered = {s: set(t) for s, t in detective_destinations(view, pawn.id).items()}
            expected = accepted(state, pawn.id) if pawn.id in state.to_move() and state.positions[pawn.id] else {}
            assert offered == expected, (pawn.id, state.round)
        if state.to_move() == [MRX]:
            mview = state.mrx_view()
            reach = mrx_destinations(mview)
            assert {s: set(t) for s, t in reach.items()} == accepted(state, MRX)
            for first in state.legal_moves(MRX)[:3]:
                offered = {s: set(t) for s, t in mrx_second_steps(mview, first.to, first.ticket).items()}
                expected = accepted(state, MRX, here=first.to, first=first) if mview.can_double else {}
                assert offered == expected, (first, state.round)
                checked += 1
    assert checked > 0


def test_nothing_is_offered_out_of_turn() -> None:
    state = GameState.new("classic", players=3, seed=9)
    view = state.public_view()
    assert all(detective_destinations(view, p.id) == {} for p in state.pawns if p.role != "mrx")
    state.apply(state.legal_moves(MRX)[0])
    assert mrx_destinations(state.mrx_view()) == {}
