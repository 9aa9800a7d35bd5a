"""Build boards/potsdam.json from the VBB extract in ../shared/boards-source/potsdam-vbb/.

Usage: python tools/convert_potsdam.py [SOURCE_DIR] [OUT_FILE]

Deterministic: the same input gives a byte-identical file (no randomness, every list sorted).
The pure part, `build_board(stations, lines)`, takes the two parsed JSON lists and returns the board dict.
Data: vbb-stations 8.31.0 and vbb-lines 5.22.0 by Jannis R, ISC licence (see boards/README.md).

Stations are numbered and start cards chosen on the real map; then a layout pass (`spread_out`) moves stops of the
crowded centre apart, each as little as it takes, until no two station circles touch and no pawn on a station
covers a neighbour's number at the board's drawing scale (the bot's own sizes, from bot/pictures), and the place
names go where they cover no station (`place_labels`). Only coordinates change: ids, names and edges do not.
"""
from __future__ import annotations

import json
import math
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures.marks import PAWN_RADIUS, segment_crosses
from bot.games.london.pictures.windows import MAX_GROWTH as LABEL_GROWTH
from bot.pictures import style
from bot.games.london.pictures.layout import BASE_WIDTH, MARGIN

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
     "name": {"en": "boat", "de": "Schiff"}, "ticket_name": {"en": "black ticket", "de": "Black-Ticket"}},
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

    edge_pairs = [pair for t, es in edge_lists.items() if t != "boat" for pair in es]
    spread_out(out_stations, aspect, [poly(p) for _, p in WATER], edge_pairs)
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
        "landmarks": place_labels([(t, *xy(lat, lon)) for t, lat, lon in LANDMARKS], out_stations, edge_pairs, aspect),
        "sources": SOURCES,
    }


# -- the layout pass: room for every circle, number and pawn at the drawing scale -----------------------------

#: px between two station circles, and between a pawn's disc and a neighbour's number, on the 2000 px board
CIRCLE_GAP = 3.0
PAWN_GAP = 2.0
#: how far a sweep pulls each stop back towards its real place (a share of the way), in the first PULL_SWEEPS
#: sweeps; after them pushes alone settle the last stops that touch
PULL, PULL_SWEEPS = 0.02, 100
SWEEPS = 1000
#: where a place name may go: rings of spots this many px apart around its real place
LABEL_STEP, LABEL_RINGS = 12, 14


def _map_size(aspect: float) -> tuple[float, float]:
    """The station area of the full-size board picture, in px (bot.games.london.pictures.layout.layout)."""
    width = BASE_WIDTH - 2 * round(MARGIN)
    return width, round(width / aspect)


def _outer(station: dict) -> float:
    """The radius a station's circle covers on the full-size board (bot/pictures/style)."""
    land = [t["id"] for t in TRANSPORTS if t["riders"] == "all"]
    rank = max((land.index(t) for t in station["transports"] if t in land), default=0)
    pier = any(t not in land for t in station["transports"])
    return style.STATION_RADII[min(rank, len(style.STATION_RADII) - 1)] + (style.PIER_RIM if pier else 0)


def _number_reach(number: int) -> float:
    """How far from a station's centre its number's box reaches (half its diagonal, a pixel to spare)."""
    left, top, right, bottom = style.font(style.STATION_FONT, "condensed").getbbox(str(number), anchor="mm")
    return math.hypot((right - left) / 2 + 1, (bottom - top) / 2 + 1.5)


def room_needed(a: dict, b: dict) -> float:
    """How far apart the centres of stations ``a`` and ``b`` must be: their circles apart, and a pawn on either
    clear of the other's number."""
    return max(_outer(a) + _outer(b) + CIRCLE_GAP, PAWN_RADIUS + _number_reach(b["id"]) + PAWN_GAP,
               PAWN_RADIUS + _number_reach(a["id"]) + PAWN_GAP)


def _inside(p, poly) -> bool:
    x, y = p
    c = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


def spread_out(stations: list[dict], aspect: float, water: list[list[list[float]]],
               lines: list[list[int]] = ()) -> None:
    """Move stops that stand too close (see room_needed) apart along the line between them, sweep after sweep,
    the first sweeps also pulling every stop a little back towards its real place; a stop never moves into water or
    off the map, nor so that one of ``lines`` (pairs of station ids) that ran on land comes to cross water.
    Changes the stations' x and y in place."""
    w, h = _map_size(aspect)
    real = {s["id"]: (s["x"] * w, s["y"] * h) for s in stations}
    at = dict(real)
    need = {(a["id"], b["id"]): room_needed(a, b) for i, a in enumerate(stations) for b in stations[i + 1:]}
    reach = max(need.values(), default=0.0)
    lakes = [[(x * w, y * h) for x, y in poly] for poly in water]
    dry: dict[int, list[int]] = {s["id"]: [] for s in stations}
    for a, b in lines:
        if not _wet(real[a], real[b], lakes):
            dry[a].append(b)
            dry[b].append(a)

    def allowed(sid, p) -> bool:
        return (0 <= p[0] <= w and 0 <= p[1] <= h and not any(_inside(p, lake) for lake in lakes)
                and not any(_wet(p, at[other], lakes) for other in dry[sid]))

    def move(sid, dx, dy) -> bool:
        p = (at[sid][0] + dx, at[sid][1] + dy)
        if allowed(sid, p):
            at[sid] = p
            return True
        return False

    def too_close() -> list[tuple[int, int]]:
        return [(a, b) for (a, b), d in need.items()
                if abs(at[a][0] - at[b][0]) < reach and abs(at[a][1] - at[b][1]) < reach
                and math.dist(at[a], at[b]) < d]

    close = too_close()
    for sweep in range(SWEEPS):
        for a, b in close:
            d = math.dist(at[a], at[b])
            if d >= need[(a, b)]:
                continue
            ux, uy = ((at[b][0] - at[a][0]) / d, (at[b][1] - at[a][1]) / d) if d else (1.0, 0.0)
            push = (need[(a, b)] - d) / 2 + 0.05  # a little more, for the rounding below
            moved_a = move(a, -ux * push, -uy * push)
            moved_b = move(b, ux * push, uy * push)
            if not moved_a:  # against the shore or the edge: the other one takes the whole way
                move(b, ux * push, uy * push)
            if not moved_b:
                move(a, -ux * push, -uy * push)
        close = too_close()
        if not close:
            break
        if sweep < PULL_SWEEPS:  # then only pushes, which settle
            for sid, (rx, ry) in real.items():
                if at[sid] != (rx, ry):
                    move(sid, (rx - at[sid][0]) * PULL, (ry - at[sid][1]) * PULL)
            close = too_close()
    assert not close, f"stops still too close after {SWEEPS} sweeps: {close}"
    for s in stations:
        s["x"], s["y"] = round(at[s["id"]][0] / w, 5), round(at[s["id"]][1] / h, 5)


def _wet(a, b, lakes) -> bool:
    """Whether the straight line a-b crosses a lake (enters and leaves it)."""
    left, right, top, bottom = min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])
    for lake in lakes:
        xs, ys = [p[0] for p in lake], [p[1] for p in lake]
        if right < min(xs) or left > max(xs) or bottom < min(ys) or top > max(ys):
            continue
        if sum(_segments_cross(a, b, lake[i], lake[(i + 1) % len(lake)]) for i in range(len(lake))) >= 2:
            return True
    return False


def place_labels(labels: list[tuple[str, float, float]], stations: list[dict], edges: list[list[int]],
                 aspect: float) -> list[dict]:
    """Each place name at the spot near its real place where, drawn as the bot draws it, it covers no station and
    no other name (even LABEL_GROWTH times larger against the map, as a close-up may draw it, where it can) and
    crosses fewest lines."""
    w, h = _map_size(aspect)
    discs = [(s["x"] * w, s["y"] * h, _outer(s)) for s in stations]
    where = {s["id"]: (s["x"] * w, s["y"] * h) for s in stations}
    lines = [(where[a], where[b]) for a, b in edges]
    placed: list[tuple[float, float, float, float]] = []
    out = []
    for text, x, y in labels:
        sizes = [_label_half(text, grow) for grow in (1.0, LABEL_GROWTH)]
        best = None
        for ring in range(LABEL_RINGS + 1):
            for k in range(max(1, 8 * ring)):
                angle = 2 * math.pi * k / max(1, 8 * ring)
                cx, cy = x * w + math.cos(angle) * ring * LABEL_STEP, y * h + math.sin(angle) * ring * LABEL_STEP
                boxes = [(cx - half_w, cy - half_h, cx + half_w, cy + half_h) for half_w, half_h in sizes]
                faults = [int(box[0] < 0 or box[2] > w or box[1] < 0 or box[3] > h)  # off the map
                          + sum(_box_meets_disc(box, (sx, sy), r) for sx, sy, r in discs)
                          + sum(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in placed)
                          for box in boxes]
                box = boxes[-1]  # the largest
                crosses = sum(segment_crosses(a, b, box) for a, b in lines)
                cost = (*faults, crosses + ring * 0.5)
                if best is None or cost < best[0]:
                    best = (cost, cx, cy, box)
        _, cx, cy, box = best  # type: ignore[misc]
        placed.append(box)
        out.append({"text": text, "x": round(cx / w, 5), "y": round(cy / h, 5)})
    return out


def _label_half(text: str, grow: float) -> tuple[float, float]:
    """Half the width and height a place name covers, its paper-coloured rim included, at ``grow`` times the
    full board's size."""
    left, top, right, bottom = style.font(round(style.LANDMARK_FONT * grow), "bold").getbbox(text, anchor="mm")
    return (right - left) / 2 + 3 * grow, (bottom - top) / 2 + 3 * grow


def _box_meets_disc(box, centre, r) -> bool:
    nx = min(max(centre[0], box[0]), box[2])
    ny = min(max(centre[1], box[1]), box[3])
    return math.hypot(centre[0] - nx, centre[1] - ny) < r


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
