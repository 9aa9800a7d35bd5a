"""A whole offline album's time, this code against a baseline commit, side by side in one run; and each
kind of picture's median time the same way.

    python bench/bench_album.py [--baseline 0b110fe] [--rules classic] [--seed 7] [--runs 5] [--language en]
                                [--pictures 4]

Checks the baseline out into a temporary git worktree, then runs ``python -m bot render --rules R --seed S``
in each tree in turn (baseline first in odd runs, this code first in even ones, so that a machine
that gets busier or quieter during the run weighs on both alike) and prints each side's median wall
time and CPU time (user + system of the child), and their ratio. Both sides run with this
interpreter; each imports its own tree's ``bot`` package. With ``--pictures N`` it then times each kind of
picture (a round's board, its close-up, Mr. X's board and close-up, the route, the replay GIF) over the rounds
of N simulated classic and master games, in each tree in turn (CPU time of each picture, warm caches, as
``bench_render.py`` measures), and prints the medians side by side. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_album(tree: Path, args: argparse.Namespace, out: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``render`` in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "bot", "render", "--rules", args.rules, "--seed", str(args.seed),
               "--out", str(out), "--language", args.language]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


#: times each kind of picture over simulated games; only what the baseline has too (run in each tree)
PICTURES = r"""
import json, sys, time
from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import (render_board, render_mrx_board, render_mrx_zoom, render_replay,
                                       render_route, render_zoom, round_states)
games = [play_game(rules, players=5, seed=seed) for seed in range(int(sys.argv[1])) for rules in ("classic", "master")]
states = [s for g in games for s in round_states(export_record(g))]
views = [s.public_view() for s in states]
mviews = [s.mrx_view() for s in states if not s.is_over]
render_board(views[0]); render_zoom(views[0]); render_mrx_board(mviews[0]); render_mrx_zoom(mviews[0])
out = {}
def measure(name, fn, items):
    times = out.setdefault(name, [])
    for item in items:
        start = time.process_time()
        fn(item)
        times.append((time.process_time() - start) * 1000)
measure("board", render_board, views)
measure("close-up", render_zoom, views)
measure("Mr. X's board", render_mrx_board, mviews)
measure("Mr. X's close-up", render_mrx_zoom, mviews)
measure("route", render_route, [g.public_view() for g in games])
measure("replay GIF", render_replay, [[s.public_view() for s in round_states(export_record(g))] for g in games[:2]])
print(json.dumps(out))
"""


def run_pictures(tree: Path, games: int) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", PICTURES, str(games)], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def which_bot(tree: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, "-c", "import bot; print(bot.__file__)"], cwd=tree, env=env,
                          check=True, capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="0b110fe", help="the commit to compare with (default: 0b110fe)")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--language", default="en")
    parser.add_argument("--pictures", type=int, default=0, metavar="N",
                        help="then time each kind of picture over N classic and N master games (0: not)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-album-") as scratch:
        base = Path(scratch) / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base), args.baseline], cwd=ROOT,
                       check=True)
        try:
            trees = {"baseline": base, "this code": ROOT}
            for name, tree in trees.items():
                found = which_bot(tree)
                assert found.startswith(str(tree)), f"{name} imports {found}, not its own tree"
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
            for run in range(args.runs):
                order = list(trees) if run % 2 == 0 else list(reversed(trees))
                for name in order:
                    times[name].append(run_album(trees[name], args, Path(scratch) / f"out-{name}-{run}"))
                    print(f"run {run + 1}: {name:<9} wall {times[name][-1][0]:6.2f} s   CPU {times[name][-1][1]:6.2f} s",
                          flush=True)
            kinds: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
            for run in range(2 if args.pictures else 0):
                for name in (list(trees) if run % 2 == 0 else list(reversed(trees))):
                    for kind, values in run_pictures(trees[name], args.pictures).items():
                        kinds[name].setdefault(kind, []).extend(values)
                    print(f"pictures run {run + 1}: {name} done", flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)

    print(f"\nalbum of {args.rules} seed {args.seed} ({args.language}), {args.runs} runs each, medians:")
    medians = {}
    for name, values in times.items():
        medians[name] = (statistics.median(v[0] for v in values), statistics.median(v[1] for v in values))
        print(f"  {name:<9} wall {medians[name][0]:6.2f} s   CPU {medians[name][1]:6.2f} s")
    wall = medians["this code"][0] / medians["baseline"][0]
    cpu = medians["this code"][1] / medians["baseline"][1]
    print(f"  ratio     wall {wall:6.2f}     CPU {cpu:6.2f}   (this code / baseline {args.baseline})")
    if args.pictures:
        print(f"\neach picture's CPU time, median ms over {args.pictures} classic and {args.pictures} master games "
              f"(two runs each, in turn):")
        print(f"  {'':<18} {'baseline':>9} {'this code':>10} {'ratio':>7}   (n)")
        for kind, base in kinds["baseline"].items():
            mine = kinds["this code"][kind]
            a, b = statistics.median(base), statistics.median(mine)
            print(f"  {kind:<18} {a:9.1f} {b:10.1f} {b / a:7.2f}   ({len(mine)})")


if __name__ == "__main__":
    main()
