"""The computer kinds rated like people: a series of games between every pairing of kinds, rated by the bot's
own rating code (``bot.ratings``), and each kind's rating as Mr. X, as the detectives and over all its games.

    python bench/rating_series.py [--games 200] [--rules classic] [--jobs 1]
                                  [--record bench/results/rating_series.jsonl] [--table]

Each game seats one kind as Mr. X and one as the detectives (one detective player with all the detectives, as
a person playing alone against Mr. X), through the family's own ``simulate`` (the computer players of
``bot/games/*/ai`` choosing from their views); the pairings go round every (Mr. X, detectives) pair of
two of random, greedy, easy, normal and hard in turn, each game with its own seed, so a run is reproducible. ``--record``
keeps each game as it ends (a JSON line) and a later run plays only the games the record lacks; ``--table``
rates the record without playing. Expected order: random < greedy < easy < normal < hard, on both sides.
The ratings it prints are the fixed ratings ``bot.ratings.COMPUTERS`` gives the computers (rounded).
Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games import COMPUTER_KINDS, family_for_rules  # noqa: E402
from bot.ratings import ALL, DETECTIVE, MRX, Ladders, Result, Seat  # noqa: E402


def pairings(games: int) -> list[tuple[int, str, str]]:
    """(seed, Mr. X's kind, the detectives' kind) of each game: every pair of two kinds in turn (a kind against
    itself says nothing of its strength)."""
    pairs = [(x, d) for x, d in product(COMPUTER_KINDS, COMPUTER_KINDS) if x != d]
    return [(n, *pairs[n % len(pairs)]) for n in range(games)]


def play(job: tuple[str, int, str, str]) -> dict:
    rules, seed, mrx, detectives = job
    started = time.process_time()
    state = family_for_rules(rules).simulate(rules, 2, seed, {}, mrx, detectives)
    outcome = state.outcome
    return {"rules": rules, "seed": seed, "mrx": mrx, "detectives": detectives, "winner": outcome.winner,
            "reason": outcome.reason, "rounds": outcome.round, "cpu": round(time.process_time() - started, 2)}


def rate(games: list[dict]) -> Ladders:
    """Each kind rated like a person (its number in COMPUTER_KINDS, from 1), in the order the games were played."""
    ladders = Ladders()
    for n, game in enumerate(sorted(games, key=lambda g: g["seed"])):
        x, d = COMPUTER_KINDS.index(game["mrx"]) + 1, COMPUTER_KINDS.index(game["detectives"]) + 1
        won = game["winner"] == "mrx"
        ladders.rate(Result(n, 1, game["winner"], (Seat(x, MRX, won), Seat(d, DETECTIVE, not won))))
    return ladders


def table(games: list[dict]) -> str:
    ladders = rate(games)
    rated = games
    lines = [f"{len(games)} games of {', '.join(sorted({g['rules'] for g in games}))}, rated in order", "",
             "| kind | all: mu ± sigma | games | as Mr. X | as detectives | Mr. X wins |",
             "|---|---|---|---|---|---|"]
    for n, kind in enumerate(COMPUTER_KINDS, start=1):
        cells = []
        for ladder in (ALL, MRX, DETECTIVE):
            r = ladders.get(1, ladder, n)
            cells.append(f"{r.mu:.1f} ± {r.sigma:.1f}" if r else "–")
        r = ladders.get(1, ALL, n)
        as_x = [g for g in rated if g["mrx"] == kind]
        wins = sum(g["winner"] == "mrx" for g in as_x)
        lines.append(f"| {kind} | {cells[0]} | {r.games if r else 0} | {cells[1]} | {cells[2]} | "
                     f"{wins}/{len(as_x)} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", default=str(ROOT / "bench/results/rating_series.jsonl"))
    parser.add_argument("--table", action="store_true", help="rate the record, play nothing")
    args = parser.parse_args()
    record = Path(args.record)
    games = [json.loads(line) for line in record.read_text().splitlines() if line.strip()] if record.exists() else []
    games = [g for g in games if g["rules"] == args.rules]
    if not args.table:
        done = {g["seed"] for g in games}
        jobs = [(args.rules, seed, x, d) for seed, x, d in pairings(args.games) if seed not in done]
        record.parent.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(args.jobs) as pool, record.open("a") as out:
            for game in pool.map(play, jobs):
                games.append(game)
                out.write(json.dumps(game) + "\n")
                out.flush()
                print(f"{len(games)}/{args.games}: {game['mrx']} Mr. X vs {game['detectives']} detectives: "
                      f"{game['winner']} ({game['reason']}, {game['cpu']} s)", flush=True)
    print(table([g for g in games if g["seed"] < args.games]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
