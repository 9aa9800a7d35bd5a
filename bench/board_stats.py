"""Board figures for London and Potsdam: stations, edges per transport, average shortest ride count between
stations (detective transports only), and the share of stations an agent reaches within 2 moves (mean over starts).

    python bench/board_stats.py

Reads the board files directly; understands format /1 (transports as strings, `mrx_only`) and /2 (transport objects
with `riders`). Prints figures; it is not a test.
"""

from __future__ import annotations

import json
import statistics
from collections import deque
from pathlib import Path

BOARDS = Path(__file__).resolve().parents[1] / "boards"


def detective_transports(board: dict) -> list[str]:
    out = []
    for t in board["transports"]:
        if isinstance(t, str):
            if t not in board.get("mrx_only", []):
                out.append(t)
        elif t.get("riders") == "all":
            out.append(t["id"])
    return out


def stats(board: dict) -> dict:
    ids = [s["id"] for s in board["stations"]]
    adj: dict[int, set[int]] = {i: set() for i in ids}
    for t in detective_transports(board):
        for a, b in board["edges"].get(t, []):
            adj[a].add(b)
            adj[b].add(a)
    dists, reach2 = [], []
    for src in ids:
        dist = {src: 0}
        todo = deque([src])
        while todo:
            n = todo.popleft()
            for m in adj[n]:
                if m not in dist:
                    dist[m] = dist[n] + 1
                    todo.append(m)
        dists.extend(d for k, d in dist.items() if k != src)
        reach2.append(sum(1 for k, d in dist.items() if 0 < d <= 2) / (len(ids) - 1))
    return {
        "stations": len(ids),
        "edges": {t: len(e) for t, e in board["edges"].items()},
        "avg_rides": statistics.fmean(dists),
        "reach2": statistics.fmean(reach2),
    }


def main() -> None:
    print(f"{'board':<8} {'stations':>8}  {'avg rides':>9}  {'reach in 2':>10}  edges per transport")
    for name in ("london", "potsdam"):
        board = json.loads((BOARDS / f"{name}.json").read_text(encoding="utf-8"))
        s = stats(board)
        edges = ", ".join(f"{t} {n}" for t, n in s["edges"].items())
        print(f"{name:<8} {s['stations']:>8}  {s['avg_rides']:>9.2f}  {s['reach2']:>9.1%}  {edges}")


if __name__ == "__main__":
    main()
