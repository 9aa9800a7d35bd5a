"""Location categorization for the dice game: how likely Mr. X stands on a possible station, by how many
rides it is from the nearest detective (bot.games.dice.ai.search_game.DISTANCE_WEIGHTS).

    python bench/ai_dice_weights.py [--games 120] [--mrx normal] [--players 2 3 4] [--first-seed 0]

Plays seeded games of the search's own Mr. X against greedy detectives (standard and expert tiles
alternately) and, at every detective's decision, counts in which category Mr. X's true station lies
and in which a station drawn uniformly from the possible ones would lie. A category's weight is the
ratio of the two (1: as likely as a uniform pick). Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.dice.ai import DiceComputerPlayer  # noqa: E402
from bot.games.dice.ai.search_game import DISTANCE_WEIGHTS  # noqa: E402
from bot.games.dice.engine import DiceState  # noqa: E402
from bot.games.dice.engine.players import GreedyPlayer, next_action  # noqa: E402

CATEGORIES = len(DISTANCE_WEIGHTS)  # 1 .. CATEGORIES-1 rides (the last: that many or more)


def category(dist, station: int, hunters) -> int:
    return max(1, min(min(dist[h].get(station, 99) for h in hunters), CATEGORIES - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="games per table size")
    parser.add_argument("--mrx", default="normal", help="Mr. X's level")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    true = [0.0] * CATEGORIES
    uniform = [0.0] * CATEGORIES
    decisions = 0
    for players in args.players:
        for seed in range(args.first_seed, args.first_seed + args.games):
            state = DiceState.new(players, seed, {"expert": seed % 2 == 1})
            dealer = random.Random(seed)
            mrx = DiceComputerPlayer(args.mrx, seed=seed)
            detectives = GreedyPlayer(random.Random(seed))
            while not state.is_over:
                if state.awaiting == "move" and len(state.tracker.possible) > 1:
                    dist = state.board.distances
                    hunters = state.detective_stations()
                    possible = state.tracker.possible
                    true[category(dist, state.mrx_station, hunters)] += 1
                    for station in possible:
                        uniform[category(dist, station, hunters)] += 1 / len(possible)
                    decisions += 1
                state.apply(next_action(state, dealer, mrx, detectives))
    print(f"{decisions} detective decisions with more than one possible station ({args.mrx} Mr. X, "
          f"greedy detectives, {args.games} games per table size {args.players})")
    print(f"{'rides':>6} {'Mr. X there':>12} {'uniform pick':>13} {'weight':>7}")
    for c in range(1, CATEGORIES):
        weight = true[c] / uniform[c] if uniform[c] else 0.0
        label = f"{c}+" if c == CATEGORIES - 1 else str(c)
        print(f"{label:>6} {true[c] / decisions:>12.3f} {uniform[c] / decisions:>13.3f} {weight:>7.2f}")


if __name__ == "__main__":
    main()
