"""Build boards/london.json from the cross-checked public sources.

Run once by a maintainer: ``python tools/convert_london.py ../shared/boards-source boards/london.json``.
The bot never reads the sources at run time; it reads only the committed board file.

Graph and station types: AlexElvers/scotland-yard-data (equals the official app's effective graph).
Drawing positions: the Bristol COMS skeleton's pos.txt (Apache-2.0, best fit to the official layout).
Start cards: the classic 18 (kai5263499/whitehall1212, MIT) and the D/X 29-card set (Bristol 2014).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

TRANSPORT_NAMES = {"taxi": "taxi", "bus": "bus", "underground": "underground", "water": "ferry"}
ORDER = ("taxi", "bus", "underground", "ferry")

#: London's transports as the board game shows them: colours of the box, the rulebooks' German words
TRANSPORTS = [
    {"id": "taxi", "ticket": "taxi", "riders": "all", "colour": "#ecb200", "emoji": "\U0001f695",
     "name": {"en": "taxi", "de": "Taxi"}, "ticket_name": {"en": "taxi", "de": "Taxi"},
     "aliases": ["cab"], "line_width": 3},
    {"id": "bus", "ticket": "bus", "riders": "all", "colour": "#16964e", "emoji": "\U0001f68c",
     "name": {"en": "bus", "de": "Bus"}, "ticket_name": {"en": "bus", "de": "Bus"}, "line_width": 5},
    {"id": "underground", "ticket": "underground", "riders": "all", "colour": "#da252b", "emoji": "\U0001f687",
     "name": {"en": "underground", "de": "U-Bahn"}, "ticket_name": {"en": "underground", "de": "U-Bahn"},
     "aliases": ["tube", "ug", "metro", "u", "ubahn"], "line_width": 7},
    {"id": "ferry", "ticket": "black", "riders": "mrx", "colour": "#18181c", "emoji": "\u26f4",
     "name": {"en": "ferry", "de": "Fähre"}, "ticket_name": {"en": "black", "de": "Black-Ticket"},
     "line_width": 4},
]


def _ints(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()]


def convert(source: Path) -> dict:
    types: dict[int, list[str]] = {}
    for line in (source / "london-alexelvers/stations.txt").read_text().splitlines():
        if line.strip():
            sid, _x, _y, kinds = line.split()
            types[int(sid)] = kinds.split(",")

    lines = (source / "london-bristol-coms/pos.txt").read_text().splitlines()[1:]
    raw = {int(a): (int(b), int(c)) for a, b, c in (line.split() for line in lines if line.strip())}
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    # A small margin so circles at the edge are not cut when drawn.
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    width, height = x1 - x0, y1 - y0

    edges: dict[str, list[list[int]]] = {name: [] for name in ORDER}
    for line in (source / "london-alexelvers/connections.txt").read_text().splitlines():
        if line.strip():
            a, b, kind = line.split()
            edges[TRANSPORT_NAMES[kind]].append(sorted((int(a), int(b))))
    for name in ORDER:
        edges[name].sort()

    piers = {end for pair in edges["ferry"] for end in pair}
    for sid in piers:
        types[sid].append("ferry")
    stations = []
    for sid in sorted(types):
        x, y = raw[sid]
        stations.append({
            "id": sid,
            "transports": [t for t in ORDER if t in types[sid]],
            "x": round((x - x0) / width, 5),
            "y": round((y - y0) / height, 5),
        })

    classic = sorted(_ints(source / "london-kai5263499-whitehall1212/detective_starting_positions.txt"))
    return {
        "format": "scotland-yard-board/2",
        "name": "london",
        "title": "London",
        "aspect": round(width / height, 4),
        "transports": TRANSPORTS,
        "stations": stations,
        "edges": edges,
        "start_cards": {
            "classic": classic,
            "D": sorted(_ints(source / "london-bristol-2014/detective_starts.txt")),
            "X": sorted(_ints(source / "london-bristol-2014/x_starts.txt")),
        },
        "route_stations": None,
        "sources": [
            "Graph and station types: github.com/AlexElvers/scotland-yard-data @b4fa65e (equals the official "
            "Ravensburger app's effective graph, 468 edges; includes taxi 13-14, excludes taxi 29-55)",
            "Positions: University of Bristol COMS Scotland Yard skeleton pos.txt (Apache-2.0), normalised to [0,1]",
            "Classic start cards: github.com/kai5263499/whitehall1212 (MIT)",
            "D/X start cards: github.com/willprice/coms10001-cw6-networked-game @4c6e1ec",
        ],
    }


def main() -> None:
    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    board = convert(source)
    transports = board.pop("transports")
    ordered = {k: board[k] for k in ("format", "name", "title", "aspect")}
    ordered["transports"] = None
    ordered.update(board)
    text = json.dumps(ordered, indent=1, ensure_ascii=False)
    # One line per transport, as in the board format's README.
    lines = ",\n".join("  " + json.dumps(t, ensure_ascii=False) for t in transports)
    text = text.replace('"transports": null', '"transports": [\n' + lines + "\n ]", 1)
    # Keep pairs on one line: the file stays readable and diffable.
    text = re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", text)
    text = re.sub(r'\[\s+((?:"\w+",?\s*)+)\]', lambda m: "[" + ", ".join(s.strip().rstrip(",") for s in m.group(1).split()) + "]", text)
    text = re.sub(r"\{\s+(\"id\"[^{}]*?)\s+\}", lambda m: "{" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "}", text)
    out.write_text(text + "\n")


if __name__ == "__main__":
    main()
