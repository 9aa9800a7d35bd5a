"""Computer players against each other and the baselines: Mr. X's win rate per pairing, with a 95 % interval,
and the median and p99 seconds per decision of each searching level.

    python bench/ai_ladder.py [--games 40] [--jobs 2] [--rules classic:5 master:4]
                              [--pairs greedy/greedy:100 hard/greedy:8 hard/hard] [--first-seed 0]
                              [--record bench/results/ladder.jsonl] [--table] [--markdown] [--endings]

A pairing is ``detectives/mrx``, each one of random, greedy (bot.games.london.engine.players), easy, normal, hard
(bot.games.london.ai); ``detectives/mrx:N`` plays N games of it instead of ``--games``. The dice game is ``dice:N``
(standard tiles) or ``dice-expert:N`` for N people (2-4), with the dice engine's random and greedy
players and bot.games.dice.ai's DiceComputerPlayer. Every game of a pairing uses its own seed (the deal and the players' seeds), so a run is
reproducible; the same seeds serve every pairing. Prints figures; it is not a test.

A hard game takes a minute of CPU, so cells of hundreds of games take several runs: ``--record`` appends each
game as it ends (a JSON line: the pairing, seed, outcome, and the search levels' decision times) and a later
run plays only the games its record lacks. A record line counts only while the code that decides games
(``bot/ai``, and each family's ``engine`` and ``ai`` under ``bot/games/``) is the same as when it was played
(``code``, a hash of it).
``--table`` prints every cell of the record instead of playing (``--markdown``: as Markdown tables);
``--endings`` adds how each cell's games ended (captured, Mr. X escaped, a side stuck, ...).
After a change that should not alter the games of a record (a rule system the record does not play, say),
``--adopt CODE`` replays the quickest ``--check`` games of each cell that CODE played; the games of each cell
whose replays all end the same (winner, rounds, reason) are counted for the current code (appended with
``adopted_from``), a cell the change touched is not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.london.ai import LEVELS, ComputerPlayer  # noqa: E402
from bot.games.dice.ai import DiceComputerPlayer  # noqa: E402
from bot.games.dice.engine import DiceState  # noqa: E402
from bot.games.dice.engine.players import PLAYERS as DICE_PLAYERS, next_action  # noqa: E402
from bot.games.london.engine import MRX, GameState  # noqa: E402
from bot.games.london.engine.players import PLAYERS, view_for  # noqa: E402

#: about 15 minutes on two cores
DEFAULT_PAIRS = ("greedy/greedy:100", "easy/greedy:60", "greedy/easy:60", "normal/greedy:16", "greedy/normal:16",
                 "hard/greedy:8", "greedy/hard:8", "hard/hard:6")


#: the levels whose decision times the record keeps (the others answer in well under a millisecond)
TIMED = ("normal", "hard")


def code_hash() -> str:
    """A hash of the code that decides a game (the engines and the computer players)."""
    digest = hashlib.sha256()
    for folder in ("bot/ai", "bot/games/london/engine", "bot/games/london/ai", "bot/games/dice/engine",
                   "bot/games/dice/ai"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class Timed:
    """A player whose decisions are timed (milliseconds, in ``times``). A dice detective's ``wants_reroll``
    and the ``choose`` after it are one decision (one search), so they are timed as one."""

    def __init__(self, player) -> None:
        self.player = player
        self.times: list[int] = []
        self.asked_reroll = False

    def __getattr__(self, name):
        method = getattr(self.player, name)
        if name not in ("choose", "pick_start", "wants_reroll"):
            return method

        def timed(*args):
            start = time.perf_counter()
            answer = method(*args)
            ms = round((time.perf_counter() - start) * 1000)
            if name == "choose" and self.asked_reroll:
                self.times[-1] += ms
            else:
                self.times.append(ms)
            self.asked_reroll = name == "wants_reroll"
            return answer
        return timed


def make_player(name: str, seed: int, rng: random.Random):
    if name in LEVELS:
        player = ComputerPlayer(name, seed=seed)
        return Timed(player) if name in TIMED else player
    return PLAYERS[name](rng)


def make_dice_player(name: str, seed: int, rng: random.Random):
    if name in LEVELS:
        player = DiceComputerPlayer(name, seed=seed)
        return Timed(player) if name in TIMED else player
    return DICE_PLAYERS[name](rng)


def times_of(player) -> list[int]:
    return player.times if isinstance(player, Timed) else []


def play_dice(expert: bool, players: int, seed: int, detectives: str, mrx: str) -> dict:
    """One dice game: the layout and every roll from the dealer, the choices by the players."""
    start = time.perf_counter()
    state = DiceState.new(players, seed, {"expert": expert})
    dealer = random.Random(seed)
    rng = random.Random(seed * 7919 + 1)
    mrx_player = make_dice_player(mrx, seed * 2 + 1, rng)
    detective_player = make_dice_player(detectives, seed * 2, rng)
    while not state.is_over:
        state.apply(next_action(state, dealer, mrx_player, detective_player))
    return result(state.outcome, start, detective_player, mrx_player)


def result(outcome, start: float, detective_player, mrx_player) -> dict:
    return {"winner": outcome.winner, "rounds": outcome.round, "reason": outcome.reason,
            "seconds": round(time.perf_counter() - start, 2),
            "ms": {"detectives": times_of(detective_player), "mrx": times_of(mrx_player)}}


def play(rules: str, players: int, seed: int, detectives: str, mrx: str) -> dict:
    """One game: winner, rounds, reason, seconds, and the search levels' decision times."""
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
    return result(state.outcome, start, detective_player, mrx_player)


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


Job = tuple[str, int, int, str, str]  # rules, players, seed, detectives, mrx


Cell = tuple[str, int, str, str]  # rules, players, detectives, mrx


def cell_of(job: Job) -> Cell:
    return job[0], job[1], job[3], job[4]


def cell_rows(games: dict[Job, dict], cell: Cell) -> list[dict]:
    """The recorded games of one cell."""
    return [g for job, g in games.items() if cell_of(job) == cell]


def _play(job: Job) -> tuple[Job, dict]:
    return job, play(*job)


def read_record(path: Path | None, code: str) -> tuple[dict[Job, dict], int]:
    """The games of the record played by this code, by job, and how many lines were played by other code."""
    games: dict[Job, dict] = {}
    stale = 0
    if path is None or not path.exists():
        return games, stale
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row["code"] != code:
            stale += 1
            continue
        games[(row["rules"], row["players"], row["seed"], row["detectives"], row["mrx"])] = row
    return games, stale


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] / 1000


def print_table(cells: list[Cell], games: dict[Job, dict], markdown: bool = False) -> None:
    """Each cell's games, Mr. X's win rate with its interval, rounds and seconds per game; then the seconds
    per decision of each search level. ``markdown``: one Markdown table per rule system, as the notes use."""
    times: dict[tuple[str, str, str], list[int]] = {}
    shown = None  # the rule system whose Markdown table is open
    if not markdown:
        print(f"{'rules':<14} {'detectives':<11} {'mrx':<7} {'games':>5} {'Mr. X wins':>11} "
              f"{'95 % interval':>15} {'rounds':>6} {'s/game':>7}")
    for cell in cells:
        rules, players, detectives, mrx = cell
        rows = cell_rows(games, cell)
        wins = sum(1 for g in rows if g["winner"] == "mrx")
        low, high = wilson(wins, len(rows))
        n = max(len(rows), 1)
        rounds = sum(g["rounds"] for g in rows) / n
        seconds = sum(g["seconds"] for g in rows) / n
        if markdown:
            if shown != (rules, players):
                shown = (rules, players)
                print(f"\n**{rules} {players}**\n\n| pairing (detectives/Mr. X) | games | Mr. X wins (95 %) | rounds "
                      "| s/game |\n| --- | ---: | --- | ---: | ---: |")
            print(f"| {detectives}/{mrx} | {len(rows)} | {wins / n:.0%} ({low * 100:.0f}\u2013{high * 100:.0f}) "
                  f"| {rounds:.1f} | {seconds:.1f} |")
        else:
            print(f"{rules + ' ' + str(players):<14} {detectives:<11} {mrx:<7} {len(rows):>5} "
                  f"{wins / n:>10.0%} {f'{low:.0%}-{high:.0%}':>15} {rounds:>6.1f} {seconds:>7.1f}")
        for g in rows:
            for side, level in (("detectives", detectives), ("mrx", mrx)):
                if g["ms"][side]:
                    times.setdefault((f"{rules} {players}", level, side), []).extend(g["ms"][side])
    if not times:
        return
    if markdown:
        print("\n| rules | level | side | decisions | median s | p99 s |\n| --- | --- | --- | ---: | ---: | ---: |")
    else:
        print(f"\n{'rules':<14} {'level':<7} {'side':<11} {'decisions':>9} {'median s':>9} {'p99 s':>7}")
    for (rules, level, side), values in sorted(times.items()):
        median, p99 = statistics.median(values) / 1000, percentile(values, 0.99)
        if markdown:
            print(f"| {rules} | {level} | {side} | {len(values)} | {median:.3f} | {p99:.3f} |")
        else:
            print(f"{rules:<14} {level:<7} {side:<11} {len(values):>9} {median:>9.3f} {p99:>7.3f}")


def print_endings(cells: list[Cell], games: dict[Job, dict], markdown: bool = False) -> None:
    """How each cell's games ended: the share of each (winner, reason), most common first."""
    print("\n| rules | pairing | games | endings |\n| --- | --- | ---: | --- |" if markdown
          else f"\n{'rules':<14} {'pairing':<16} {'games':>5}  endings")
    for cell in cells:
        rules, players, detectives, mrx = cell
        rows = cell_rows(games, cell)
        ends: dict[str, int] = {}
        for g in rows:
            key = f"{'Mr. X' if g['winner'] == 'mrx' else 'detectives'}: {g['reason']}"
            ends[key] = ends.get(key, 0) + 1
        text = ", ".join(f"{key} {n / len(rows):.0%}" for key, n in sorted(ends.items(), key=lambda e: (-e[1], e[0])))
        if markdown:
            print(f"| {rules} {players} | {detectives}/{mrx} | {len(rows)} | {text} |")
        else:
            print(f"{rules + ' ' + str(players):<14} {detectives + '/' + mrx:<16} {len(rows):>5}  {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing and rule system (unless it says)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    parser.add_argument("--rules", nargs="+", default=["classic:5", "master:4"], help="rules:players")
    parser.add_argument("--pairs", nargs="+", default=list(DEFAULT_PAIRS), help="detectives/mrx")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--record", type=Path, help="a JSON-lines file of played games: reused, and appended to")
    parser.add_argument("--table", action="store_true", help="print every cell of the record; play nothing")
    parser.add_argument("--markdown", action="store_true", help="print the tables in Markdown")
    parser.add_argument("--endings", action="store_true", help="also print how each cell's games ended")
    parser.add_argument("--adopt", metavar="CODE", help="count CODE's recorded games of each cell whose replays agree")
    parser.add_argument("--check", type=int, default=3, help="games per cell --adopt replays")
    args = parser.parse_args()

    code = code_hash()
    if args.adopt:
        adopt(args.record, args.adopt, code, args.check, args.jobs)
        return
    recorded, stale = read_record(args.record, code)
    if stale:
        print(f"{stale} recorded games were played by other code (not counted)")
    if args.table:
        cells = sorted({cell_of(j) for j in recorded}, key=lambda c: (c[0], c[1], level_order(c[2:])))
        print(f"{len(recorded)} recorded games (code {code})\n")
        print_table(cells, recorded, args.markdown)
        if args.endings:
            print_endings(cells, recorded, args.markdown)
        return

    cells, wanted = [], []
    for spec in args.rules:
        rules, players = spec.split(":")
        for pair in args.pairs:
            detectives, mrx, games = split_pair(pair, args.games)
            cells.append((rules, int(players), detectives, mrx))
            wanted += [(rules, int(players), seed, detectives, mrx)
                       for seed in range(args.first_seed, args.first_seed + games)]
    games = {job: recorded[job] for job in wanted if job in recorded}
    jobs = [job for job in wanted if job not in games]
    # Seed by seed across the pairings, so a run stopped part-way leaves every cell a share of its games;
    # within a seed the slow pairings first.
    jobs.sort(key=lambda j: (j[2], -("hard" in j[3:]) - ("normal" in j[3:]) * 0.5))
    started = time.perf_counter()
    out = args.record.open("a") if args.record else None
    try:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for job, outcome in pool.map(_play, jobs, chunksize=1):
                games[job] = outcome
                if out:
                    rules, players, seed, detectives, mrx = job
                    out.write(json.dumps({"rules": rules, "players": players, "seed": seed, "detectives": detectives,
                                          "mrx": mrx, "code": code, **outcome}) + "\n")
                    out.flush()
    finally:
        if out:
            out.close()
    print(f"{len(jobs)} games played in {time.perf_counter() - started:.0f} s ({args.jobs} processes), "
          f"{len(wanted) - len(jobs)} from the record\n")
    print_table(cells, games, args.markdown)
    if args.endings:
        print_endings(cells, games, args.markdown)


def adopt(path: Path, old: str, code: str, check: int, jobs: int) -> None:
    """Replay the quickest ``check`` games of each cell ``old`` played; append the games of each cell
    whose replays all end the same as the current code's (a cell the change touched is left out, and
    its games are played again)."""
    games, _ = read_record(path, old)
    mine, _ = read_record(path, code)
    by_cell: dict[Cell, list[Job]] = {}
    for job in games:
        by_cell.setdefault(cell_of(job), []).append(job)
    replay = [j for jobs_ in by_cell.values() for j in sorted(jobs_, key=lambda j: games[j]["seconds"])[:check]]
    differ: set[Cell] = set()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for job, outcome in pool.map(_play, replay, chunksize=1):
            was = games[job]
            if (outcome["winner"], outcome["rounds"], outcome["reason"]) != (was["winner"], was["rounds"], was["reason"]):
                differ.add(cell_of(job))
    print(f"replayed {len(replay)} of {len(games)} games of code {old} with code {code}: "
          f"{len(differ)} of {len(by_cell)} cells differ")
    for cell in sorted(differ):
        print(f"  not adopted: {cell[0]} {cell[1]} {cell[2]}/{cell[3]}")
    fresh = [job for cell, jobs_ in by_cell.items() if cell not in differ for job in jobs_ if job not in mine]
    with path.open("a") as out:
        for job in fresh:
            out.write(json.dumps({**games[job], "code": code, "adopted_from": old}) + "\n")
    print(f"adopted {len(fresh)} games")


def level_order(pair: tuple[str, str]) -> tuple[int, int]:
    rank = {"random": 0, "greedy": 1, "easy": 2, "normal": 3, "hard": 4}
    return rank.get(pair[0], 9), rank.get(pair[1], 9)


if __name__ == "__main__":
    main()
