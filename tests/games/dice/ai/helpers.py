"""Positions for the dice game's computer players: seeded games played by the engine's built-in players."""

from __future__ import annotations

import random

from bot.games.dice.engine import DiceState
from bot.games.dice.engine.players import GreedyPlayer, RandomPlayer, next_action

from tests.games.london.ai.helpers import hidden_twin

#: (players, expert): every table size, standard and expert tiles
DICE_GAMES = [(2, False), (2, True), (3, False), (3, True), (4, False), (4, True)]


def dice_game(players: int, expert: bool, seed: int) -> DiceState:
    return DiceState.new(players, seed, {"expert": expert})


def players_for(seed: int):
    """The built-in players that make the positions: greedy, random now and then for variety."""
    rng = random.Random(seed)
    return (GreedyPlayer(rng) if seed % 3 else RandomPlayer(rng)), GreedyPlayer(random.Random(seed + 1))


def dice_positions(players: int, expert: bool, seed: int, every: int = 1):
    """States along a game by the built-in players where someone has a choice (a copy every
    ``every`` such states): awaiting "start", "move" (after a roll) or "mrx"."""
    state = dice_game(players, expert, seed)
    dealer = random.Random(seed)
    mrx, detectives = players_for(seed)
    n = 0
    while not state.is_over:
        if state.awaiting in ("start", "move", "mrx"):
            if n % every == every - 1:
                yield state.copy()
            n += 1
        state.apply(next_action(state, dealer, mrx, detectives))


def dice_twin(state: DiceState) -> DiceState | None:
    """The same game with Mr. X on another station the detectives cannot rule out (None if there is none)."""
    return hidden_twin(state)  # type: ignore[arg-type]  (the same fields as a London state)
