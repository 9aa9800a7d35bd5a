"""Engine speed: legal moves + apply per action, possible-location update, whole games per second.

    python bench/bench_engine.py [--games 300]

Prints figures; it is not a test. Aim: a whole classic game in under 10 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.london.engine import GameState  # noqa: E402
from bot.games.london.engine.players import play_game  # noqa: E402
from bot.games.london.engine.tracker import Tracker  # noqa: E402


def per_action(games: int) -> tuple[float, int]:
    """Mean µs for legal-move generation plus apply, over random classic games."""
    total, actions = 0.0, 0
    for seed in range(games):
        state = GameState.new("classic", players=6, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            start = time.perf_counter()
            moves = state.legal_moves()
            state.apply(rng.choice(moves))
            total += time.perf_counter() - start
            actions += 1
    return total / actions * 1e6, actions


def tracker_update(rounds: int) -> float:
    board = GameState.new("classic", players=6, seed=0).board
    rng = random.Random(1)
    blocked = [13, 26, 29, 34, 50]
    tickets = ["taxi", "bus", "underground", "black"]
    samples = []
    for _ in range(rounds):
        tracker = Tracker(board, board.start_cards["classic"])
        for _ in range(6):  # a wide set: six hidden moves after the start
            start = time.perf_counter()
            tracker.mrx_moved(rng.choice(tickets), blocked)
            samples.append(time.perf_counter() - start)
    return statistics.mean(samples) * 1e6


def whole_games(games: int, kind: str) -> tuple[float, float]:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play_game("classic", players=6, seed=seed, mrx=kind, detectives=kind)
        times.append(time.perf_counter() - start)
    return len(times) / sum(times), statistics.median(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    us, actions = per_action(args.games)
    print(f"legal moves + apply per action: {us:.1f} µs (mean over {actions} actions, classic, 6 players)")
    print(f"possible-location update:       {tracker_update(args.games):.1f} µs (mean, black/bus/taxi/ug mix)")
    for kind in ("random", "greedy"):
        rate, median = whole_games(args.games, kind)
        print(f"whole classic games ({kind:6}):  {rate:.0f} games/s, median {median:.2f} ms per game")


if __name__ == "__main__":
    main()
