"""Balance of the dice game's tile set: Mr. X's win rate with the built-in players, and how often
each die face can be used.

    python bench/dice_balance.py [--games 2000] [--mrx greedy] [--detectives greedy]

Prints figures; it is not a test. Aim: Mr. X wins between about 25 % and 75 % of the games for
2, 3 and 4 players, standard and expert.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.dice.engine import DiceState, chance  # noqa: E402
from bot.games.dice.engine.players import simulate  # noqa: E402

FACES = ("taxi", "bus", "underground")


def win_rates(games: int, mrx: str, detectives: str) -> None:
    print(f"Mr. X's wins ({mrx} Mr. X against {detectives} detectives, {games} games each)")
    print("  players  game      Mr. X wins   captured  ran into  rounds  black  double  heli  passes  rerolls")
    for players in (2, 3, 4):
        for expert in (False, True):
            reasons: Counter[str] = Counter()
            rounds = blacks = doubles = helis = passes = rerolls = 0
            for seed in range(games):
                state = simulate(players, seed, expert, mrx=mrx, detectives=detectives)
                reasons[state.outcome.reason] += 1
                rounds += state.outcome.round
                tickets = Counter(e.ticket for e in state.logbook)
                blacks += tickets["black"]
                helis += tickets["helicopter"]
                passes += tickets["pass"]
                doubles += any(e.double for e in state.logbook)
                rerolls += sum("reroll" in a for a in state.history)
            wins = reasons["escaped"]
            print(f"  {players:7}  {'expert' if expert else 'standard':8}  {100 * wins / games:9.1f} %"
                  f"  {100 * reasons['captured'] / games:7.1f} %  {100 * reasons['walked_into'] / games:6.1f} %"
                  f"  {rounds / games:6.1f}  {blacks / games:5.2f}  {doubles / games:6.2f}  {helis / games:4.2f}"
                  f"  {passes / games:6.2f}  {rerolls / games:7.2f}")
    print("  (black, double, heli, passes, rerolls: per game on average)")


def face_use(layouts: int) -> None:
    print(f"\nHow often a die face can be used from a random station ({layouts} random layouts each,"
          " an empty board)")
    print("  grid  game      " + "  ".join(f"{f:>11}" for f in FACES) + "   any of 4 dice  any of 3 dice")
    faces = DiceState.new(4, 0).rules.dice_faces
    for players, expert in ((4, False), (4, True), (3, False), (3, True)):
        usable: Counter[str] = Counter()
        any_of: Counter[int] = Counter()
        stations = 0
        rng = random.Random(players * 100 + expert)
        for _ in range(layouts):
            state = DiceState.new(players, 0, {"expert": expert})
            state.apply(chance.lay_tiles(state, rng))
            board = state.board
            for n in board.stations:
                stations += 1
                fits = {f for f in FACES if board.neighbours[n].get(f)}
                usable.update(fits)
                for dice in (3, 4):
                    # exact chance that at least one of ``dice`` dice shows a face that fits
                    miss = sum(f not in fits for f in faces) / len(faces)
                    any_of[dice] += 1 - miss ** dice
        grid = "3x3" if players == 4 else "3x2"
        print(f"  {grid}   {'expert' if expert else 'standard':8}  "
              + "  ".join(f"{100 * usable[f] / stations:9.1f} %" for f in FACES)
              + f"   {100 * any_of[4] / stations:11.1f} %  {100 * any_of[3] / stations:11.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--layouts", type=int, default=500)
    parser.add_argument("--mrx", default="greedy", choices=["greedy", "random"])
    parser.add_argument("--detectives", default="greedy", choices=["greedy", "random"])
    args = parser.parse_args()
    start = time.perf_counter()
    win_rates(args.games, args.mrx, args.detectives)
    face_use(args.layouts)
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
