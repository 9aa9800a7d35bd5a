"""Build boards/potsdam.json from the VBB extract in ../shared/boards-source/potsdam-vbb/.

Usage: python tools/convert_potsdam.py [SOURCE_DIR] [OUT_FILE]

Deterministic: the same input gives a byte-identical file (no randomness, every list sorted).
The pure part, `build_board(stations, lines)`, takes the two parsed JSON lists and returns the board dict.
Data: vbb-stations 8.31.0 and vbb-lines 5.22.0 by Jannis R, ISC licence (see boards/README.md).
"""
from __future__ import annotations

import json
import math
import sys
from collections import deque
from pathlib import Path

# The area the game is about (old town, Sanssouci, the Vorstädte, Bornstedt, Neuer Garten, Babelsberg, Templiner See).
LAT_MIN, LAT_MAX = 52.362, 52.432
LON_MIN, LON_MAX = 12.985, 13.140
TARGET_STATIONS = 199
WALK_MAX_M = 750.0
NEAR_WALK_M = 450.0  # any two board stations this close are also joined by a walk
HBF = "de:12054:900230999"
HBF_NUMBER = 99
# Boat landing stages along the Havel in water order, with the numbers of the original plan: (number, lat, lon).
BOAT_LANDINGS = [
    (13, 52.4195, 13.0700),   # Neuer Garten north, Jungfernsee
    (30, 52.4125, 13.0859),   # Glienicker Brücke
    (39, 52.4070, 13.0960),   # Park Babelsberg shore
    (96, 52.4015, 13.0718),   # Schiffbauergasse
    (114, 52.3921, 13.0638),  # Lange Brücke
    (193, 52.3760, 13.0420),  # Templiner See, Hermannswerder
    (194, 52.3860, 13.0330),  # Auf dem Kiewitt
]
START_CARDS = 13
LANDING_MAX_M = 1500.0  # a landing stage's station is a stop this close to it
RAIL_PRODUCTS = {"suburban", "regional"}
VIP_PRODUCTS = {"tram", "bus"}
EXCLUDED_BUS_NAMES = {"S7", "RB20", "RB21", "RB22", "RB23", "RB33", "RB37", "RE1", "RE7", "BER2"}
MIN_TRIP_SHARE = 0.1  # variants with fewer trips than this share of the line's busiest variant are detours

# Hand-authored outlines (lat, lon) of the water and parks, traced against the station coordinates.
WATER = [
    ("Havel", [(52.3850, 13.0470), (52.3905, 13.0505), (52.3928, 13.0600), (52.3931, 13.0680), (52.3952, 13.0740),
               (52.3988, 13.0795), (52.4012, 13.0748), (52.3972, 13.0700), (52.3943, 13.0650), (52.3941, 13.0560),
               (52.3926, 13.0475), (52.3872, 13.0440)]),
    ("Templiner See", [(52.3850, 13.0470), (52.3845, 13.0510), (52.3790, 13.0535), (52.3700, 13.0480),
                       (52.3600, 13.0420), (52.3550, 13.0390), (52.3600, 13.0360), (52.3700, 13.0420),
                       (52.3790, 13.0462)]),
    ("Tiefer See", [(52.3988, 13.0795), (52.4012, 13.0748), (52.4060, 13.0790), (52.4115, 13.0845),
                    (52.4135, 13.0885), (52.4130, 13.0935), (52.4100, 13.0975), (52.4060, 13.0985),
                    (52.4030, 13.0900)]),
    ("Heiliger See", [(52.4170, 13.0668), (52.4110, 13.0662), (52.4055, 13.0682), (52.4060, 13.0712),
                      (52.4120, 13.0702), (52.4165, 13.0692)]),
    ("Jungfernsee", [(52.4135, 13.0885), (52.4180, 13.0760), (52.4232, 13.0705), (52.4272, 13.0605),
                     (52.4300, 13.0625), (52.4292, 13.0750), (52.4250, 13.0900), (52.4180, 13.0940),
                     (52.4145, 13.0912)]),
    ("Griebnitzsee", [(52.3985, 13.1120), (52.4000, 13.1250), (52.3990, 13.1400), (52.3960, 13.1400),
                      (52.3962, 13.1250), (52.3968, 13.1120)]),
]
PARKS = [
    ("Park Sanssouci", [(52.4070, 13.0150), (52.4075, 13.0420), (52.4010, 13.0430), (52.3975, 13.0390),
                        (52.3975, 13.0150)]),
    ("Neuer Garten", [(52.4212, 13.0692), (52.4195, 13.0740), (52.4150, 13.0795), (52.4118, 13.0790),
                      (52.4100, 13.0715), (52.4130, 13.0700)]),
    ("Park Babelsberg", [(52.4115, 13.0990), (52.4105, 13.1090), (52.4005, 13.1080), (52.4000, 13.0960),
                         (52.4055, 13.0995)]),
]
LANDMARKS = [
    ("Hauptbahnhof", 52.3890, 13.0672),
    ("Park Sanssouci", 52.4020, 13.0260),
    ("Babelsberg", 52.3950, 13.1000),
    ("Neuer Garten", 52.4150, 13.0660),
    ("Glienicker Brücke", 52.4150, 13.0890),
]
TRANSPORTS = [
    {"id": "walk", "ticket": "walk", "riders": "all", "colour": "#e6b800", "emoji": "🚶",
     "name": {"en": "walk", "de": "Fußweg"}, "ticket_name": {"en": "walking ticket", "de": "Fußweg-Fahrschein"}},
    {"id": "vip", "ticket": "vip", "riders": "all", "colour": "#2e9e44", "emoji": "🚋",
     "name": {"en": "ViP", "de": "ViP"}, "ticket_name": {"en": "ViP ticket", "de": "ViP-Fahrschein"}},
    {"id": "sbahn", "ticket": "sbahn", "riders": "all", "colour": "#d7262e", "emoji": "🚆",
     "name": {"en": "Schnellbahn", "de": "Schnellbahn"},
     "ticket_name": {"en": "Schnellbahn ticket", "de": "Schnellbahn-Fahrschein"}},
    {"id": "boat", "ticket": "black", "riders": "mrx", "colour": "#1f5fbf", "emoji": "⛴",
     "name": {"en": "boat", "de": "Schiff"}, "ticket_name": {"en": "black ticket", "de": "schwarzer Fahrschein"}},
]
SOURCES = [
    "vbb-stations 8.31.0 (npm, Jannis R, ISC): stations and coordinates, from VBB GTFS open data",
    "vbb-lines 5.22.0 (npm, Jannis R, ISC): lines and stop order, from VBB GTFS open data",
    "water, parks and boat landings: hand-authored in tools/convert_potsdam.py",
]


# One place with two station ids (S-Bahn station and its bus stop): merged into the first.
ALIASES = {"de:12054:900230004": "de:12054:900230000"}


def base_id(stop_id: str) -> str:
    b = stop_id.split("::", 1)[0]
    return ALIASES.get(b, b)


def clean_name(name: str) -> str:
    return name[len("Potsdam, "):] if name.startswith("Potsdam, ") else name


def metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    dy = (a[0] - b[0]) * 111_320.0
    dx = (a[1] - b[1]) * 111_320.0 * math.cos(math.radians(52.4))
    return math.hypot(dx, dy)


def in_area(lat: float, lon: float) -> bool:
    return LAT_MIN <= lat <= LAT_MAX and LON_MIN <= lon <= LON_MAX


def _segments_cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


# Stops at the end of a bridge (Glienicker Brücke, Lange Brücke, Humboldtbrücke): a walk from them may cross water.
BRIDGE_HEADS = {"de:12054:900230025", "de:12054:900230097", "de:12054:900230077"}


def crosses_water(a: tuple[float, float], b: tuple[float, float]) -> bool:
    for _, poly in WATER:
        n = len(poly)
        hits = sum(_segments_cross(a, b, poly[i], poly[(i + 1) % n]) for i in range(n))
        if hits >= 2:
            return True
    return False


def _line_sequences(lines: list[dict], products: set[str], keep) -> list[tuple[str, list[str]]]:
    out = []
    for line in sorted(lines, key=lambda l: (l["id"], l["name"])):
        if line["product"] not in products or not keep(line):
            continue
        top = max((v["trips"] for v in line["variants"]), default=0)
        for v in line["variants"]:
            if v["trips"] >= MIN_TRIP_SHARE * top:
                out.append((line["name"], [base_id(s) for s in v["stations"]]))
    return out


def vip_line(line: dict) -> bool:
    name = line["name"]
    if line["product"] == "tram":
        return True
    return not (name in EXCLUDED_BUS_NAMES or name.startswith("N") or name.startswith("X"))


def _chosen_pairs(seqs, chosen: set[str], max_m: float | None, coords) -> set[tuple[str, str]]:
    pairs = set()
    for _, seq in seqs:
        kept = [s for s in seq if s in chosen]
        for a, b in zip(kept, kept[1:]):
            if a == b:
                continue
            if max_m is not None and metres(coords[a], coords[b]) > max_m:
                continue
            pairs.add((min(a, b), max(a, b)))
    return pairs


def build_board(stations: list[dict], lines: list[dict], landings=BOAT_LANDINGS) -> dict:
    coords: dict[str, tuple[float, float]] = {}
    names: dict[str, str] = {}
    weight: dict[str, int] = {}
    for st in sorted(stations, key=lambda s: s["id"]):
        b = base_id(st["id"])
        if st["id"] == b and b in coords and st["id"] in ALIASES.values():
            coords[b] = (st["lat"], st["lon"])
            names[b] = clean_name(st["name"])
        elif b not in coords:
            coords[b] = (st["lat"], st["lon"])
            names[b] = clean_name(st["name"])
        weight[b] = max(weight.get(b, 0), st.get("weight", 0))
    rail = _line_sequences(lines, RAIL_PRODUCTS, lambda l: True)
    vip = _line_sequences(lines, VIP_PRODUCTS, vip_line)
    served = {s for _, seq in rail + vip for s in seq}
    candidates = sorted(s for s in served if s in coords and in_area(*coords[s]))
    rail_stops = {s for _, seq in rail for s in seq}
    # Boat landings: the nearest served stop to each landing stage.
    boat_ids = []
    for _, lat, lon in landings:
        free = [s for s in candidates if s != HBF and s not in boat_ids
                and metres(coords[s], (lat, lon)) <= LANDING_MAX_M]
        if free:
            boat_ids.append(min(free, key=lambda s: (metres(coords[s], (lat, lon)), s)))
    must = set(boat_ids) | {HBF} | (rail_stops & set(candidates))
    # Keep the busiest stops up to the target; the others are passed by rides.
    rest = sorted((s for s in candidates if s not in must), key=lambda s: (-weight[s], s))
    take = TARGET_STATIONS - len(must)
    while True:
        picked = _pick(set(must) | set(rest[:take]), rail, vip, coords)
        if len(picked[0]) >= TARGET_STATIONS or take >= len(rest):
            break
        take += 1
    chosen, walk_pairs, vip_pairs, rail_pairs = picked
    boat_ids = [b for b in boat_ids if b in chosen]
    return _layout(chosen, walk_pairs, vip_pairs, rail_pairs, boat_ids, coords, names, landings)


def _pick(chosen, rail, vip, coords):
    # Drop stations nothing but a boat would reach, then refill from the rest.
    walk_pairs = {p for p in _chosen_pairs(vip, chosen, WALK_MAX_M, coords)
                  if set(p) & BRIDGE_HEADS or not crosses_water(coords[p[0]], coords[p[1]])}
    # Neighbouring stops of different lines a short walk apart (the straight line must stay on land).
    near = sorted(chosen)
    for i, a in enumerate(near):
        for b in near[i + 1:]:
            if metres(coords[a], coords[b]) <= NEAR_WALK_M and not crosses_water(coords[a], coords[b]):
                walk_pairs.add((a, b))
    vip_pairs = _chosen_pairs(vip, chosen, None, coords)
    rail_pairs = _chosen_pairs(rail, chosen, None, coords)
    # Reachability by walking or ViP from the Hauptbahnhof; drop the rest.
    adj: dict[str, set[str]] = {s: set() for s in chosen}
    for a, b in walk_pairs | vip_pairs:
        adj[a].add(b)
        adj[b].add(a)
    seen = {HBF}
    todo = deque([HBF])
    while todo:
        for n in sorted(adj[todo.popleft()]):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    chosen = seen
    walk_pairs = {p for p in walk_pairs if p[0] in chosen and p[1] in chosen}
    vip_pairs = {p for p in vip_pairs if p[0] in chosen and p[1] in chosen}
    rail_pairs = {p for p in rail_pairs if p[0] in chosen and p[1] in chosen}
    return chosen, walk_pairs, vip_pairs, rail_pairs


def _layout(chosen, walk_pairs, vip_pairs, rail_pairs, boat_ids, coords, names, landings) -> dict:
    # Numbering: pinned numbers for the Hauptbahnhof and the boat landings, reading order (north to south) for the rest.
    pinned = {HBF: HBF_NUMBER}
    for (num, _, _), sid in zip(landings, boat_ids):
        pinned[sid] = num
    lats = [coords[s][0] for s in chosen]
    lons = [coords[s][1] for s in chosen]
    lat0, lat1, lon0, lon1 = min(lats), max(lats), min(lons), max(lons)
    kx = math.cos(math.radians((lat0 + lat1) / 2))
    width, height = (lon1 - lon0) * kx, lat1 - lat0

    def xy(lat: float, lon: float) -> tuple[float, float]:
        return round((lon - lon0) * kx / (width or 1.0), 5), round((lat1 - lat) / (height or 1.0), 5)

    band = 0.04  # reading order: rows of this height, west to east inside a row
    order = sorted((s for s in chosen if s not in pinned),
                   key=lambda s: (int(xy(*coords[s])[1] / band), xy(*coords[s])[0], s))
    free = [n for n in range(1, len(chosen) + 1) if n not in pinned.values()]
    number = dict(pinned)
    number.update(zip(order, free))

    def edges(pairs):
        return sorted(sorted((number[a], number[b])) for a, b in pairs)

    boat_numbers = [number[b] for b in boat_ids]
    edge_lists = {
        "walk": edges(walk_pairs),
        "vip": edges(vip_pairs),
        "sbahn": edges(rail_pairs),
        "boat": sorted(sorted(p) for p in zip(boat_numbers, boat_numbers[1:])),
    }
    tlist: dict[int, set[str]] = {n: set() for n in number.values()}
    for t, es in edge_lists.items():
        for a, b in es:
            tlist[a].add(t)
            tlist[b].add(t)
    tord = [t["id"] for t in TRANSPORTS]
    by_number = {n: s for s, n in number.items()}
    out_stations = []
    for n in sorted(by_number):
        s = by_number[n]
        x, y = xy(*coords[s])
        out_stations.append({"id": n, "name": names[s], "transports": [t for t in tord if t in tlist[n]],
                             "x": x, "y": y})
    # Start cards: spread over the board, the station nearest to each point of a 13-point pattern.
    grid = [(0.15, 0.1), (0.5, 0.1), (0.85, 0.1), (0.3, 0.3), (0.7, 0.3), (0.1, 0.5), (0.5, 0.5), (0.9, 0.5),
            (0.3, 0.7), (0.7, 0.7), (0.15, 0.9), (0.5, 0.9), (0.85, 0.9)]
    aspect = round(width / height, 4) if width and height else 1.0
    starts: list[int] = []
    for gx, gy in grid:
        cands = [st for st in out_stations if st["id"] not in starts and st["id"] not in boat_numbers
                 and st["id"] != HBF_NUMBER]
        if not cands:
            break
        best = min(cands, key=lambda st: (((st["x"] - gx) * aspect) ** 2 + (st["y"] - gy) ** 2, st["id"]))
        starts.append(best["id"])

    def poly(points):
        return [list(xy(lat, lon)) for lat, lon in points]

    return {
        "format": "scotland-yard-board/2", "name": "potsdam", "title": "Potsdam", "aspect": aspect,
        "hunters": "agents",  # Sanssouci's rulebook: Agenten
        "transports": TRANSPORTS,
        "stations": out_stations,
        "edges": edge_lists,
        "start_cards": {"start": sorted(starts)},
        "route_stations": None,
        "shapes": [{"kind": "water", "name": n, "points": poly(p)} for n, p in WATER]
        + [{"kind": "park", "name": n, "points": poly(p)} for n, p in PARKS],
        "landmarks": [{"text": t, "x": xy(lat, lon)[0], "y": xy(lat, lon)[1]} for t, lat, lon in LANDMARKS],
        "sources": SOURCES,
    }


def dump(board: dict) -> str:
    """One station / edge per line, like london.json; stable bytes."""
    lines = ["{"]
    items = list(board.items())
    for i, (k, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if k in ("stations", "transports", "shapes", "landmarks", "sources"):
            body = ",\n".join("  " + json.dumps(e, ensure_ascii=False) for e in v)
            lines.append(f' "{k}": [\n{body}\n ]{comma}')
        elif k == "edges":
            body = ",\n".join(f'  "{t}": {json.dumps(es)}' for t, es in v.items())
            lines.append(f' "edges": {{\n{body}\n }}{comma}')
        else:
            lines.append(f' "{k}": {json.dumps(v, ensure_ascii=False)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    src = Path(argv[1]) if len(argv) > 1 else root.parent / "shared" / "boards-source" / "potsdam-vbb"
    out = Path(argv[2]) if len(argv) > 2 else root / "boards" / "potsdam.json"
    if not (src / "stations.json").is_file() or not (src / "lines.json").is_file():
        print(f"no stations.json/lines.json in {src}", file=sys.stderr)
        return 2
    stations = json.loads((src / "stations.json").read_text(encoding="utf-8"))
    lines = json.loads((src / "lines.json").read_text(encoding="utf-8"))
    board = build_board(stations, lines)
    out.write_text(dump(board), encoding="utf-8")
    counts = {t: len(e) for t, e in board["edges"].items()}
    print(f"{out}: {len(board['stations'])} stations, edges {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
