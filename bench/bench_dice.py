"""Dice game speed and size: whole simulated games, legal moves + apply per action, and a round's
board picture (draw and encode).

    python bench/bench_dice.py [--games 300] [--pictures 6]

Prints figures; it is not a test. Aims: a whole simulated game under 5 ms; a round's board under
30 ms and under 400 KB. The boards are the real ones after every round of simulated games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.dice.engine import DiceState, chance, replay  # noqa: E402
from bot.games.dice.engine.players import PLAYERS, next_action, simulate  # noqa: E402
from bot.games.dice.pictures import log_text, render_board, render_log, render_mrx_board, render_route  # noqa: E402


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def whole_games(games: int, kind: str, players: int, expert: bool) -> tuple[float, float, float]:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        simulate(players, seed, expert, mrx=kind, detectives=kind)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3, p99(times) * 1e3, statistics.mean(times) * 1e3


def per_action(games: int) -> tuple[float, int]:
    """Mean µs for legal-action generation plus apply, over random 4-player games."""
    total, actions = 0.0, 0
    for seed in range(games):
        state = DiceState.new(4, seed)
        rng = random.Random(seed)
        while not state.is_over:
            start = time.perf_counter()
            awaiting = state.awaiting
            if awaiting == "layout":
                action = chance.lay_tiles(state, rng)
            elif awaiting == "roll":
                action = chance.roll(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            total += time.perf_counter() - start
            actions += 1
    return total / actions * 1e6, actions


def replays(games: int) -> float:
    records = [simulate(4, seed).record() for seed in range(games)]
    start = time.perf_counter()
    for record in records:
        replay(record)
    return (time.perf_counter() - start) / games * 1e3


def round_boards(games: int, players: int, expert: bool) -> tuple[list[float], list[int], list[float]]:
    """Every round's public board of simulated games: draw + encode ms and PNG bytes; and the cold
    first picture of each game (its tiles drawn and cached)."""
    times, sizes, cold = [], [], []
    for seed in range(games):
        state = DiceState.new(players, 1000 + seed, {"expert": expert})
        dealer, player = random.Random(seed), PLAYERS["greedy"](random.Random(seed))
        first = True
        last_round = 0
        while not state.is_over:
            state.apply(next_action(state, dealer, player, player))
            if state.board is None or state.round == last_round or state.awaiting != "roll":
                continue
            last_round = state.round
            view = state.public_view()
            start = time.perf_counter()
            png = render_board(view)
            elapsed = (time.perf_counter() - start) * 1e3
            if first:
                cold.append(elapsed)
                first = False
            else:
                times.append(elapsed)
                sizes.append(len(png))
    return times, sizes, cold


def service_games(games: int) -> tuple[float, float]:
    """Whole 4-player games through the service (SQLite, computers at every seat, each roll dealt
    from the secret): ms per command and per game."""
    import asyncio
    import tempfile

    from bot.service import GameService

    async def run() -> tuple[float, float]:
        commands, total = 0, 0.0
        with tempfile.TemporaryDirectory() as folder:
            service = await GameService.open(Path(folder) / "bench.sqlite3", rng=random.Random(1), secret="bench")
            try:
                for n in range(games):
                    channel = 100 + n
                    await service.create_game(1, channel, 10, "host", rules="dice", seed=n)
                    await service.add_computer(channel, 10, "mrx", "greedy")
                    await service.join(channel, 10, "host", "detective")
                    await service.add_computer(channel, 10, "detective", "greedy")
                    await service.add_computer(channel, 10, "detective", "greedy")
                    await service.start(channel, 10, key=f"start-{n}")
                    game_id = (await service.game_in_channel(channel)).id
                    start = time.perf_counter()
                    played = 0
                    while (await service.get_game(game_id)).status == "running":
                        played += len(await service.play_computers(game_id))
                        if (await service.get_game(game_id)).status == "running":
                            await service.resign(game_id, 10, key=f"resign-{n}")  # the person gives up
                    total += time.perf_counter() - start
                    commands += played
            finally:
                await service.close()
        return total / max(1, commands) * 1e3, total / games * 1e3

    return asyncio.run(run())


def german_board(seed: int) -> tuple[float, int]:
    state = simulate(4, seed, expert=True)
    view = replay(state.record(), upto=len(state.history) // 2).public_view()
    render_board(view, language="de")  # the German tiles drawn and cached
    start = time.perf_counter()
    png = render_board(view, language="de")
    return (time.perf_counter() - start) * 1e3, len(png)


def other_pictures(seed: int) -> None:
    state = simulate(4, seed, expert=True)
    view = state.public_view()
    for name, fn, arg in (("Mr. X's board", render_mrx_board, state.mrx_view()), ("log", render_log, view),
                          ("route", render_route, view)):
        start = time.perf_counter()
        png = fn(arg)
        print(f"  {name:<16} {(time.perf_counter() - start) * 1e3:6.1f} ms   {len(png) / 1024:6.0f} KB")
    start = time.perf_counter()
    text = log_text(view)
    print(f"  {'log text':<16} {(time.perf_counter() - start) * 1e3:6.2f} ms   {len(text)} characters")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pictures", type=int, default=6)
    args = parser.parse_args()
    print("Whole simulated games (median / p99 / mean ms per game)")
    for players in (2, 3, 4):
        for kind in ("greedy", "random"):
            median, worst, mean = whole_games(args.games, kind, players, False)
            print(f"  {players} players, {kind:6}:  {median:5.2f} / {worst:5.2f} / {mean:5.2f} ms")
    median, worst, mean = whole_games(args.games, "greedy", 4, True)
    print(f"  4 players, greedy, expert:  {median:5.2f} / {worst:5.2f} / {mean:5.2f} ms")
    us, actions = per_action(args.games // 3)
    print(f"legal actions + apply: {us:.1f} µs per action (mean over {actions} actions, random choices)")
    print(f"replay of a record: {replays(args.games // 3):.2f} ms per game")
    print("A round's public board (after every round of simulated games, warm tile cache)")
    for players, expert in ((4, False), (4, True), (3, True)):
        times, sizes, cold = round_boards(args.pictures, players, expert)
        print(f"  {players} players{' expert' if expert else '        '}: median {statistics.median(times):5.1f} ms"
              f"   p99 {p99(times):5.1f} ms   size median {statistics.median(sizes) / 1024:4.0f} KB"
              f"   max {max(sizes) / 1024:4.0f} KB   first picture of a game (tiles drawn) "
              f"{statistics.median(cold):5.0f} ms   (n={len(times)})")
    ms, size = german_board(5)
    print(f"  in German (4 players, expert, mid-game): {ms:5.1f} ms   {size / 1024:4.0f} KB")
    print("Other pictures (4 players, expert, game over)")
    other_pictures(3)
    per_command, per_game = service_games(max(1, args.games // 30))
    print(f"through the service (SQLite, computers at three seats): {per_command:.1f} ms per command, "
          f"{per_game:.0f} ms per game")


if __name__ == "__main__":
    main()
