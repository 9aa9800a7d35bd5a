"""Computer players' speed: decisions per second, playouts per second (one core), median and p99 seconds
per decision, for each level and side.

    python bench/ai_speed.py [--positions 40] [--rules classic:5 master:4 sanssouci:4 dice:4 dice-expert:3]

Positions come from seeded greedy games (every few actions), so every run times the same decisions. In
the dice game (``dice:N``, ``dice-expert:N``) a detective's decision is ``wants_reroll`` and then
``choose`` on the same view (one search), Mr. X's is ``choose``, and "mrx start" times his ``pick_start``.
The search runs on one core; a second core serves another game. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.london.ai import LEVELS, ComputerPlayer  # noqa: E402
from bot.games.dice.ai import DiceComputerPlayer  # noqa: E402
from bot.games.dice.engine import DiceState  # noqa: E402
from bot.games.dice.engine.players import GreedyPlayer as DiceGreedyPlayer, next_action  # noqa: E402
from bot.games.london.engine import MRX, GameState  # noqa: E402
from bot.games.london.engine.players import GreedyPlayer, view_for  # noqa: E402


def sample(rules: str, players: int, side: str, count: int) -> list[tuple[GameState, str]]:
    """``count`` positions where a pawn of ``side`` ("mrx" or "detectives") may act."""
    found: list[tuple[GameState, str]] = []
    seed = 0
    while len(found) < count:
        state = GameState.new(rules, players=players, seed=seed)
        rng = random.Random(seed)
        greedy = GreedyPlayer(rng)
        n = 0
        while not state.is_over and len(found) < count:
            pawn = rng.choice([p for p in state.to_move() if state.legal_moves(p)])
            if (pawn == MRX) == (side == "mrx") and n % 5 == seed % 5:
                found.append((state.copy(), pawn))
            state.apply(greedy.choose(view_for(state, pawn), pawn))
            n += 1
        seed += 1
    return found


def dice_sample(expert: bool, players: int, side: str, count: int) -> list[tuple[DiceState, str]]:
    """``count`` positions of the dice game where ``side`` has a choice (a detective after his roll)."""
    found: list[tuple[DiceState, str]] = []
    seed = 0
    while len(found) < count:
        state = DiceState.new(players, seed, {"expert": expert})
        dealer = random.Random(seed)
        greedy = DiceGreedyPlayer(random.Random(seed))
        n = 0
        while not state.is_over and len(found) < count:
            if side == "mrx start":
                if state.to_move() == ["mrx"] and state.awaiting == "start":
                    found.append((state.copy(), "mrx"))
            elif state.awaiting == ("mrx" if side == "mrx" else "move"):
                if n % 3 == seed % 3:
                    found.append((state.copy(), state.to_move()[0]))
                n += 1
            state.apply(next_action(state, dealer, greedy, greedy))
        seed += 1
    return found


def dice_decide(player: DiceComputerPlayer, state: DiceState, pawn: str) -> None:
    if state.awaiting == "start":
        player.pick_start(state.mrx_view(), pawn)
        return
    if pawn == "mrx":
        player.choose(state.mrx_view(), pawn)
        return
    view = state.public_view()
    if not player.wants_reroll(view, pawn):
        player.choose(view, pawn)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="decisions timed per level, side and rules")
    parser.add_argument("--rules", nargs="+", default=["classic:5", "master:4", "sanssouci:4"], help="rules:players")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    args = parser.parse_args()
    print(f"{'rules':<15} {'level':<7} {'side':<11} {'decisions/s':>11} {'playouts/s':>10} {'median s':>9} "
          f"{'p99 s':>7} {'max s':>7}")
    for spec in args.rules:
        rules, players = spec.split(":")
        dice = rules in ("dice", "dice-expert")
        for side in ("detectives", "mrx", "mrx start") if dice else ("detectives", "mrx"):
            if dice:
                positions = dice_sample(rules == "dice-expert", int(players), side, args.positions)
            else:
                positions = sample(rules, int(players), side, args.positions)
            for level in args.levels:
                times, playouts, searched = [], 0, 0.0
                for n, (state, pawn) in enumerate(positions):
                    if dice:
                        player = DiceComputerPlayer(level, seed=n)
                        start = time.perf_counter()
                        dice_decide(player, state, pawn)
                    else:
                        player = ComputerPlayer(level, seed=n)
                        view = view_for(state, pawn)
                        start = time.perf_counter()
                        player.choose(view, pawn)
                    times.append(time.perf_counter() - start)
                    if player.last is not None:
                        playouts += player.last.iterations
                        searched += player.last.seconds
                rate = f"{playouts / searched:>10.0f}" if searched else f"{'-':>10}"
                print(f"{rules + ' ' + players:<15} {level:<7} {side:<11} {len(times) / sum(times):>11.1f} {rate} "
                      f"{statistics.median(times):>9.3f} {p99(times):>7.3f} {max(times):>7.3f}", flush=True)


if __name__ == "__main__":
    main()
