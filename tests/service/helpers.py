"""Helpers for service tests: a controllable clock, lobbies that start, and built-in players."""

from __future__ import annotations

import itertools
import json
import random
from typing import Callable

from bot.games.london.engine import MRX, GameState
from bot.games.london.engine.players import GreedyPlayer, RandomPlayer, view_for
from bot.service import CommandResult, GameService

GUILD = 1
CHANNEL = 10
HOST = 100
#: the installation secret of the test service (mixed into every deal)
SECRET = "test-installation-secret"

_keys = itertools.count(1)


def new_key() -> str:
    """A fresh interaction id. Numbered from 1 in each test (``tests/service/conftest.py``): under sy-commit/2 the
    start's id is chance's input, so a test plays the same game whatever ran before it (and on either backend)."""
    return f"interaction-{next(_keys)}"


def restart_keys(first: int = 1) -> None:
    """The next :func:`new_key` is number ``first``."""
    global _keys
    _keys = itertools.count(first)


def next_key_number() -> int:
    """The number the next :func:`new_key` gives (none is used up)."""
    number = next(_keys)
    restart_keys(number)
    return number


def nonces(seed: int) -> Callable[[], str]:
    """Each new game's nonce for a test's service, the same run after run (a bot draws them from the operating system):
    with the start input (the start's key) they make the game's chance, so a test replays the same games."""
    rng = random.Random(seed)
    return lambda: f"{rng.getrandbits(128):032x}"


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


async def started(service: GameService, people: int = 3, *, rules: str = "classic", seed: int = 5,
                  channel: int = CHANNEL, guild: int = GUILD, mrx: int | None = HOST + 1,
                  options: dict | None = None) -> CommandResult:
    """A running game: the host (user 100) and users 101, 102, ...; ``mrx`` asks to be Mr. X."""
    await service.create_game(guild, channel, HOST, "Host", rules=rules, seed=seed, options=options)
    if mrx == HOST:
        await service.join(channel, HOST, "Host", "mrx")
    for user in range(HOST + 1, HOST + people):
        await service.join(channel, user, f"Player {user}", "mrx" if user == mrx else None)
    return await service.start(channel, HOST, key=new_key())


async def stored_state(service: GameService, game_id: int) -> GameState:
    """The snapshot as stored, read past the service (tests may see Mr. X)."""
    row = await service.database.one("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
    return GameState.from_snapshot(json.loads(row["state"]))


async def owner(service: GameService, game_id: int, pawn: str) -> int:
    for player in await service.players(game_id):
        if pawn in player.pawns:
            return player.user_id
    raise AssertionError(f"nobody moves {pawn}")


async def play_turn(service: GameService, game_id: int, rng: random.Random, greedy: bool = False) -> CommandResult:
    """One action by whoever is to move, chosen by a built-in player."""
    state = await stored_state(service, game_id)
    movable = [p for p in state.to_move() if state.legal_moves(p)]
    pawn = rng.choice(movable)
    player = GreedyPlayer(rng) if greedy else RandomPlayer(rng, double_chance=0.2)
    action = player.choose(view_for(state, pawn), pawn)
    return await service.act(game_id, await owner(service, game_id, pawn), action, new_key(),
                             expected_round=state.round)


async def play_out(service: GameService, game_id: int, rng: random.Random, greedy: bool = False) -> int:
    """Play until the game ends; returns the number of commands."""
    commands = 0
    while (await service.get_game(game_id)).status == "running":
        await play_turn(service, game_id, rng, greedy)
        commands += 1
    return commands


def mrx_user(result: CommandResult) -> int:
    return next(p.user_id for p in result.players if MRX in p.pawns)
