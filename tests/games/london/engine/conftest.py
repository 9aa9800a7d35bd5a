from __future__ import annotations

import pytest

from bot.games.london.engine import MRX, GameState, load_board
from bot.games.london.engine.tracker import tracker_for


@pytest.fixture(scope="session")
def london():
    return load_board("london")


def arrange(rules: str = "classic", players: int = 5, seed: int = 1, at: dict[str, int] | None = None,
            tickets: dict[str, dict[str, int | None]] | None = None, options=None) -> GameState:
    """A new game with pawns moved to chosen stations (and tickets set), for rule tests."""
    state = GameState.new(rules, players=players, seed=seed, options=options)
    for pawn, station in (at or {}).items():
        state.positions[pawn] = station
        state.start[pawn] = station
    for wallet, counts in (tickets or {}).items():
        state.wallets[wallet].update(counts)
    if at and MRX in at:
        state.start_candidates = frozenset({at[MRX]})
    from bot.games.london.engine.tracker import Tracker

    state.tracker = Tracker(state.board, state.start_candidates - set(state.blockers()))
    return state


def small_potsdam():
    """A small board in Potsdam's words, for rule tests: a 5 x 5 grid of walking paths, ViP lines
    along the rows 1 and 3, a Schnellbahn line down the middle column and boats along the right edge.

        1  2  3  4  5        walk: every grid neighbour
        6  7  8  9 10        vip:  6-8-10, 16-18-20
       11 12 13 14 15        sbahn: 3-13-23
       16 17 18 19 20        boat: 5-15-25 (Mr. X only, black tickets)
       21 22 23 24 25
    """
    from bot.games.london.engine import parse_board

    kinds = [
        {"id": "walk", "ticket": "walk", "riders": "all", "colour": "#e6b800", "emoji": "🚶",
         "name": {"en": "walk", "de": "Fußweg"}, "ticket_name": {"en": "walking ticket", "de": "Fußweg"}},
        {"id": "vip", "ticket": "vip", "riders": "all", "colour": "#2e9e44", "emoji": "🚋", "name": {"en": "ViP"}},
        {"id": "sbahn", "ticket": "sbahn", "riders": "all", "colour": "#d7262e", "emoji": "🚆",
         "name": {"en": "Schnellbahn"}},
        {"id": "boat", "ticket": "black", "riders": "mrx", "colour": "#1f5fbf", "emoji": "⛴", "name": {"en": "boat"}},
    ]
    walk = [[n, n + 1] for n in range(1, 26) if n % 5] + [[n, n + 5] for n in range(1, 21)]
    edges = {"walk": walk, "vip": [[6, 8], [8, 10], [16, 18], [18, 20]], "sbahn": [[3, 13], [13, 23]],
             "boat": [[5, 15], [15, 25]]}
    stops: dict[int, set] = {n: set() for n in range(1, 26)}
    for kind, pairs in edges.items():
        for a, b in pairs:
            stops[a].add(kind)
            stops[b].add(kind)
    order = ["walk", "vip", "sbahn", "boat"]
    stations = [{"id": n, "transports": [k for k in order if k in stops[n]], "x": ((n - 1) % 5) / 4,
                 "y": ((n - 1) // 5) / 4} for n in range(1, 26)]
    return parse_board({
        "format": "scotland-yard-board/2", "name": "potsdam_small", "transports": kinds, "stations": stations,
        "edges": edges, "start_cards": {"start": [1, 3, 5, 11, 13, 15, 21, 23, 25]},
    })


def sanssouci(players: int = 3, at: dict[str, int] | None = None, options=None, seed: int = 1) -> GameState:
    """A sanssouci game on the small board, pawns placed, Mr. X to move."""

    state = GameState.new("sanssouci", players=players, seed=seed, options=options, board=small_potsdam())
    for pawn, station in (at or {}).items():
        state.positions[pawn] = station
        state.start[pawn] = station
    if at and MRX in at:
        state.start_candidates = frozenset({at[MRX]})
    state.tracker = tracker_for(state.board, state.rules, state.start_candidates - set(state.blockers()))
    if state.rules.mrx_always_visible:
        state.tracker.revealed(state.start[MRX])
    state.outcome, state.phase, state.pending = None, "mrx", []
    return state
