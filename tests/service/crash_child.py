"""The child processes of the crash test: each plays games through the service until it is killed.

    python -m tests.service.crash_child

reads commands, a line each: ``start DATABASE SEED`` forks a child that plays on DATABASE, and ``kill`` kills the
latest child (SIGKILL) and says ``killed`` once it is gone (``died STATUS`` if it had ended already). A child is a
fork of this process, which has imported the bot and done nothing else: each child starts as a new ``python -m``
process would, without importing the bot again (0.2 s of CPU, twelve times a run).

A child keeps a few games running at once (commands on different games interleave), retries some commands with the
same key, and starts a new game in a channel whose game has ended. It prints ``SEED BATCH`` after each batch so the
test knows it is busy writing.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import traceback

from bot.games.london.engine import MRX
from bot.games.london.engine.players import GreedyPlayer, RandomPlayer, view_for
from bot.service import GameService

from tests.service.helpers import GUILD, HOST, owner, stored_state

CHANNELS = range(700, 706)


async def ensure_game(service: GameService, channel: int, rng: random.Random) -> int:
    game = await service.game_in_channel(channel)
    if game is None:
        await service.create_game(GUILD, channel, HOST, "Host", rules=rng.choice(["classic", "mb1985", "master"]),
                                  seed=rng.randrange(10**6))
        game = await service.game_in_channel(channel)
    if game.status == "lobby":
        for user in range(HOST + 1, HOST + rng.randint(2, 6)):
            if user not in {p.user_id for p in await service.players(game.id)}:
                await service.join(channel, user, f"P{user}")
        await service.start(channel, HOST, key=f"start-{os.getpid()}-{channel}-{game.id}")
    return game.id


async def one_command(service: GameService, game_id: int, rng: random.Random, key: str) -> None:
    state = await stored_state(service, game_id)
    movable = [p for p in state.to_move() if state.legal_moves(p)]
    pawn = rng.choice(movable)
    player = RandomPlayer(rng, 0.2) if rng.random() < 0.5 else GreedyPlayer(rng)
    user = await owner(service, game_id, pawn)
    if pawn != MRX and rng.random() < 0.01:
        await service.resign(game_id, user, key=key)
        return
    action = player.choose(view_for(state, pawn), pawn)
    await service.act(game_id, user, action, key, expected_round=state.round)
    if rng.random() < 0.1:  # a retried interaction
        again = await service.act(game_id, user, action, key, expected_round=state.round)
        assert again.duplicate


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    service = await GameService.open(path, rng=rng)
    batch = 0
    while True:
        games = [await ensure_game(service, channel, rng) for channel in CHANNELS]
        batch += 1
        await asyncio.gather(*(one_command(service, g, rng, f"{os.getpid()}-{batch}-{g}") for g in games))
        print(seed, batch, flush=True)


def serve() -> None:
    """Fork a child for each ``start`` read, kill it at ``kill`` (see the module's doc), until the input ends."""
    child = None
    for line in sys.stdin:
        command, *args = line.split()
        if command == "start":
            child = os.fork()
            if child == 0:
                try:
                    asyncio.run(main(args[0], int(args[1])))
                except BaseException:
                    traceback.print_exc()
                finally:  # never back into this loop: a child plays until it is killed, or fails
                    os._exit(1)
        elif command == "kill" and child is not None:
            ended, status = os.waitpid(child, os.WNOHANG)
            if ended:
                print("died", status, flush=True)
            else:
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)
                print("killed", flush=True)
            child = None


if __name__ == "__main__":
    serve()
