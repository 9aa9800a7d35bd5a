"""A whole offline album's time, this code against a baseline commit, side by side in one run.

    python bench/bench_album.py [--baseline 0b110fe] [--rules classic] [--seed 7] [--runs 5] [--language en]

Checks the baseline out into a temporary git worktree, then runs ``python -m bot render --rules R --seed S``
in each tree in turn (baseline first in odd runs, this code first in even ones, so that a machine
that gets busier or quieter during the run weighs on both alike) and prints each side's median wall
time and CPU time (user + system of the child), and their ratio. Both sides run with this
interpreter; each imports its own tree's ``bot`` package. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
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


if __name__ == "__main__":
    main()
