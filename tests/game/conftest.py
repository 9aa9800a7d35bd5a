from __future__ import annotations

import pytest

from bot.game import MRX, GameState, load_board


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
    from bot.game.tracker import Tracker

    state.tracker = Tracker(state.board, state.start_candidates - set(state.blockers()))
    return state
