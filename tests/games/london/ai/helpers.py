"""Positions for the computer players' tests: seeded games played part-way by the greedy players."""

from __future__ import annotations

import random

from bot.games.london.engine import MRX, GameState
from bot.games.london.engine.players import GreedyPlayer, view_for

#: (rules, players, options): every rule system, with bobbies, pooled tickets and the variants that
#: change how pawns move
GAMES = [
    ("classic", 5, {}), ("classic", 2, {}), ("mb1985", 4, {"voluntary_surfacing": True}),
    ("master", 4, {}), ("master", 2, {}),
    ("sanssouci", 3, {}), ("sanssouci", 5, {"triple_move": True, "stay_put": True, "extra_agent": True}),
    ("sanssouci", 4, {"any_order": True, "sbahn_for_vip": True, "black_for_boats": True, "trade_tickets": True}),
    ("sanssouci", 2, {"no_boats": True, "mrx_visible": True, "reveal_returns_black": True}),
]


def positions(rules: str, players: int, options: dict, seed: int, every: int = 7):
    """States along a greedy game (a copy every ``every`` actions), each with a pawn that may act now."""
    state = GameState.new(rules, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    greedy = GreedyPlayer(rng)
    n = 0
    while not state.is_over:
        pawn = rng.choice([p for p in state.to_move() if state.legal_moves(p)])
        if n % every == every - 1:
            yield state.copy(), pawn
        state.apply(greedy.choose(view_for(state, pawn), pawn))
        n += 1


def hidden_twin(state: GameState) -> GameState | None:
    """The same game with Mr. X on another station the detectives cannot rule out (None if there is none)."""
    others = sorted(state.tracker.possible - {state.mrx_station})
    if not others:
        return None
    twin = state.copy()
    twin.positions = dict(state.positions)
    twin.positions[MRX] = others[len(others) // 2]
    return twin
