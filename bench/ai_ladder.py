"""Computer players against each other and the baselines: Mr. X's win rate per pairing, with a 95 % interval.

    python bench/ai_ladder.py [--games 40] [--jobs 2] [--rules classic:5 master:4]
                              [--pairs greedy/greedy:100 hard/greedy:8 hard/hard] [--first-seed 0]

A pairing is ``detectives/mrx``, each one of random, greedy (bot.game.players), easy, normal, hard
(bot.ai); ``detectives/mrx:N`` plays N games of it instead of ``--games``. The dice game is ``dice:N``
(standard tiles) or ``dice-expert:N`` for N people (2-4), with the dice engine's random and greedy
players and bot.ai's DiceComputerPlayer. Every game of a pairing uses its own seed (the deal and the players' seeds), so a run is
reproducible; the same seeds serve every pairing. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import LEVELS, ComputerPlayer, DiceComputerPlayer  # noqa: E402
from bot.dice.engine import DiceState  # noqa: E402
from bot.dice.engine.players import PLAYERS as DICE_PLAYERS, next_action  # noqa: E402
from bot.game import MRX, GameState  # noqa: E402
from bot.game.players import PLAYERS, view_for  # noqa: E402

#: about 15 minutes on two cores
DEFAULT_PAIRS = ("greedy/greedy:100", "easy/greedy:60", "greedy/easy:60", "normal/greedy:16", "greedy/normal:16",
                 "hard/greedy:8", "greedy/hard:8", "hard/hard:6")


def make_player(name: str, seed: int, rng: random.Random):
    if name in LEVELS:
        return ComputerPlayer(name, seed=seed)
    return PLAYERS[name](rng)


def make_dice_player(name: str, seed: int, rng: random.Random):
    if name in LEVELS:
        return DiceComputerPlayer(name, seed=seed)
    return DICE_PLAYERS[name](rng)


def play_dice(expert: bool, players: int, seed: int, detectives: str, mrx: str) -> tuple[str, int, float, str]:
    """One dice game: the layout and every roll from the dealer, the choices by the players."""
    start = time.perf_counter()
    state = DiceState.new(players, seed, {"expert": expert})
    dealer = random.Random(seed)
    rng = random.Random(seed * 7919 + 1)
    mrx_player = make_dice_player(mrx, seed * 2 + 1, rng)
    detective_player = make_dice_player(detectives, seed * 2, rng)
    while not state.is_over:
        state.apply(next_action(state, dealer, mrx_player, detective_player))
    return state.outcome.winner, state.outcome.round, time.perf_counter() - start, state.outcome.reason


def play(rules: str, players: int, seed: int, detectives: str, mrx: str) -> tuple[str, int, float, str]:
    """One game: (winner, rounds, seconds, reason)."""
    if rules in ("dice", "dice-expert"):
        return play_dice(rules == "dice-expert", players, seed, detectives, mrx)
    start = time.perf_counter()
    state = GameState.new(rules, players=players, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    mrx_player = make_player(mrx, seed * 2 + 1, rng)
    detective_player = make_player(detectives, seed * 2, rng)
    while not state.is_over:
        movable = [p for p in state.to_move() if state.legal_moves(p)]
        pawn = rng.choice(movable)
        player = mrx_player if pawn == MRX else detective_player
        state.apply(player.choose(view_for(state, pawn), pawn))
    return state.outcome.winner, state.outcome.round, time.perf_counter() - start, state.outcome.reason


def split_pair(pair: str, games: int) -> tuple[str, str, int]:
    """"hard/greedy:8" -> ("hard", "greedy", 8); without ":N", ``games``."""
    names, _, count = pair.partition(":")
    detectives, mrx = names.split("/")
    return detectives, mrx, int(count) if count else games


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _play(job: tuple[str, int, int, str, str]) -> tuple[tuple[str, int, int, str, str], tuple[str, int, float, str]]:
    return job, play(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing and rule system (unless it says)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    parser.add_argument("--rules", nargs="+", default=["classic:5", "master:4"], help="rules:players")
    parser.add_argument("--pairs", nargs="+", default=list(DEFAULT_PAIRS), help="detectives/mrx")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()

    jobs = []
    for spec in args.rules:
        rules, players = spec.split(":")
        for pair in args.pairs:
            detectives, mrx, games = split_pair(pair, args.games)
            for seed in range(args.first_seed, args.first_seed + games):
                jobs.append((rules, int(players), seed, detectives, mrx))
    # The slow pairings first, so the two processes finish together.
    jobs.sort(key=lambda j: -("hard" in j[3:]) - ("normal" in j[3:]) * 0.5)
    results: dict[tuple[str, int, str, str], list[tuple[str, int, float, str]]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for job, result in pool.map(_play, jobs, chunksize=1):
            rules, players, _seed, detectives, mrx = job
            results.setdefault((rules, players, detectives, mrx), []).append(result)
    print(f"{len(jobs)} games in {time.perf_counter() - started:.0f} s ({args.jobs} processes)\n")
    print(f"{'rules':<14} {'detectives':<11} {'mrx':<7} {'games':>5} {'Mr. X wins':>11} {'95 % interval':>15} "
          f"{'rounds':>6} {'s/game':>7}")
    for spec in args.rules:
        rules, players = spec.split(":")
        for pair in args.pairs:
            detectives, mrx, _ = split_pair(pair, args.games)
            games = results.get((rules, int(players), detectives, mrx), [])
            wins = sum(1 for g in games if g[0] == "mrx")
            low, high = wilson(wins, len(games))
            rounds = sum(g[1] for g in games) / max(len(games), 1)
            seconds = sum(g[2] for g in games) / max(len(games), 1)
            print(f"{rules + ' ' + players:<14} {detectives:<11} {mrx:<7} {len(games):>5} "
                  f"{wins / max(len(games), 1):>10.0%} {f'{low:.0%}-{high:.0%}':>15} {rounds:>6.1f} {seconds:>7.1f}")


if __name__ == "__main__":
    main()
