"""Playing dice games through the service, as people would: rolls asked for, choices from views."""

from __future__ import annotations

import random

from bot.games.dice.engine import MRX, DiceState
from bot.games.dice.engine.players import GreedyPlayer, RandomPlayer
from bot.games import get_family
from bot.service import CommandResult, GameService

from tests.service.helpers import new_key, owner


async def dice_state(service: GameService, game_id: int) -> DiceState:
    """The game as the service replays it (hidden station included: for the test's eyes only)."""
    return await service.rebuild_state(game_id)


async def dice_turn(service: GameService, game_id: int, rng: random.Random, greedy: bool = True) -> CommandResult:
    """One command by whoever is to act: a roll or roll-again asked for, or a choice from the side's view."""
    state = await dice_state(service, game_id)
    pawn = state.to_move()[0]
    player = GreedyPlayer(rng) if greedy else RandomPlayer(rng)
    family = get_family("dice")
    view = state.mrx_view() if pawn == MRX else state.public_view()
    choice = family.computer_step(player, view, pawn)
    user = await owner(service, game_id, pawn)
    return await service.act(game_id, user, choice, new_key(), expected_round=state.round)


async def dice_play_out(service: GameService, game_id: int, rng: random.Random, greedy: bool = True) -> int:
    commands = 0
    while (await service.get_game(game_id)).status == "running":
        await dice_turn(service, game_id, rng, greedy)
        commands += 1
        assert commands < 600, "the game does not end"
    return commands
