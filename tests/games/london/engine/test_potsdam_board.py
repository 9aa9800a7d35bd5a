"""Facts of boards/potsdam.json, read straight from the file (the loader comes later)."""
from __future__ import annotations

import importlib.util
import json
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
BOARD_FILE = ROOT / "boards" / "potsdam.json"
BOATS = [13, 30, 39, 96, 114, 193, 194]


@pytest.fixture(scope="module")
def board() -> dict:
    with BOARD_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)


def _converter():
    spec = importlib.util.spec_from_file_location("convert_potsdam", ROOT / "tools" / "convert_potsdam.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_header_and_transports(board):
    assert board["format"] == "scotland-yard-board/2"
    assert board["name"] == "potsdam"
    assert [t["id"] for t in board["transports"]] == ["walk", "vip", "sbahn", "boat"]
    boat = board["transports"][3]
    assert boat["ticket"] == "black" and boat["riders"] == "mrx"
    assert all(t["riders"] == "all" for t in board["transports"][:3])
    assert board["route_stations"] is None


def test_station_count_and_numbering(board):
    ids = [s["id"] for s in board["stations"]]
    assert ids == list(range(1, 200))
    assert all(s["name"] for s in board["stations"])
    assert all(0.0 <= s["x"] <= 1.0 and 0.0 <= s["y"] <= 1.0 for s in board["stations"])


def test_hauptbahnhof_is_99(board):
    st = board["stations"][98]
    assert st["id"] == 99 and "Hauptbahnhof" in st["name"]
    assert set(st["transports"]) >= {"walk", "vip", "sbahn"}


def test_edges_and_stations_per_transport(board):
    counts = {t: len(e) for t, e in board["edges"].items()}
    assert counts == {"walk": 319, "vip": 282, "sbahn": 7, "boat": 6}
    per = {t: sum(t in s["transports"] for s in board["stations"]) for t in counts}
    assert per["boat"] == 7 and per["sbahn"] == 6
    assert per["vip"] == 199
    for t, es in board["edges"].items():
        assert all(a < b for a, b in es), t
        assert len({tuple(e) for e in es}) == len(es), t
        touched = {n for e in es for n in e}
        assert touched == {s["id"] for s in board["stations"] if t in s["transports"]}, t


def test_boat_chain(board):
    assert board["edges"]["boat"] == sorted(sorted(p) for p in zip(BOATS, BOATS[1:]))


def test_start_cards(board):
    starts = board["start_cards"]["start"]
    assert len(starts) == 13 == len(set(starts))
    assert 99 not in starts and not set(starts) & set(BOATS)
    by_id = {s["id"]: s for s in board["stations"]}
    ys = sorted(by_id[n]["y"] for n in starts)
    xs = sorted(by_id[n]["x"] for n in starts)
    assert ys[0] < 0.2 and ys[-1] > 0.8 and xs[0] < 0.2 and xs[-1] > 0.8


def test_no_isolated_station_and_reachable_by_walk_or_vip(board):
    adj: dict[int, set[int]] = {s["id"]: set() for s in board["stations"]}
    for t in ("walk", "vip"):
        for a, b in board["edges"][t]:
            adj[a].add(b)
            adj[b].add(a)
    assert all(adj.values())
    seen, todo = {99}, deque([99])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(adj)


def test_shapes_and_landmarks(board):
    names = {(s["kind"], s["name"]) for s in board["shapes"]}
    for w in ("Havel", "Templiner See", "Tiefer See", "Heiliger See", "Jungfernsee", "Griebnitzsee"):
        assert ("water", w) in names
    for p in ("Park Sanssouci", "Neuer Garten", "Park Babelsberg"):
        assert ("park", p) in names
    assert {l["text"] for l in board["landmarks"]} == {
        "Hauptbahnhof", "Park Sanssouci", "Babelsberg", "Neuer Garten", "Glienicker Brücke"}


def _cross(p1, p2, q1, q2) -> bool:
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (o(q1, q2, p1) > 0) != (o(q1, q2, p2) > 0) and (o(p1, p2, q1) > 0) != (o(p1, p2, q2) > 0)


def test_stations_on_land_and_walks_cross_water_only_on_bridges(board):
    water = [s["points"] for s in board["shapes"] if s["kind"] == "water"]
    pos = {s["id"]: (s["x"], s["y"]) for s in board["stations"]}
    names = {s["id"]: s["name"] for s in board["stations"]}
    inside = _converter()._inside
    assert not [n for n, p in pos.items() if any(inside(p, w) for w in water)]
    bridge_heads = {"Glienicker Brücke", "Lange Brücke", "Humboldtring/Nuthestr."}
    crossing = []
    for a, b in board["edges"]["walk"]:
        for w in water:
            hits = sum(_cross(pos[a], pos[b], w[i], w[(i + 1) % len(w)]) for i in range(len(w)))
            if hits >= 2 and not {names[a], names[b]} & bridge_heads:
                crossing.append((a, b))
    assert crossing == []
    # The boat landings sit close to the water: within 0.07 (board units) of a shore point.
    for n in BOATS:
        d = min(((pos[n][0] - x) ** 2 + (pos[n][1] - y) ** 2) ** 0.5 for w in water for x, y in w)
        assert d < 0.07, (n, d)


# A tiny network: a tram line A-B-C-D, a rare detour B-D, an S-Bahn A-D, a night bus, a rail replacement bus.
def _fixture():
    def st(n, lat, lon, w=10):
        return {"id": f"de:12054:90023{n:04d}", "name": f"Potsdam, Stop {n}", "lat": lat, "lon": lon,
                "weight": w, "in_potsdam": True}
    hbf = {"id": "de:12054:900230999", "name": "S Potsdam Hauptbahnhof", "lat": 52.3914, "lon": 13.0671,
           "weight": 99, "in_potsdam": True}
    stations = [hbf, dict(hbf, id=hbf["id"] + "::1"), st(1, 52.3880, 13.0720), st(2, 52.3850, 13.0760),
                st(3, 52.3820, 13.0800), dict(st(3, 52.3820, 13.0800), id="de:12054:900230003::2")]
    ids = [s["id"] for s in stations]
    lines = [
        {"id": "t", "name": "91", "mode": "train", "product": "tram",
         "variants": [{"stations": [ids[1], ids[2], ids[3], ids[5]], "trips": 50},
                      {"stations": [ids[2], ids[5]], "trips": 1}]},
        {"id": "s", "name": "S7", "mode": "train", "product": "suburban",
         "variants": [{"stations": [ids[0], ids[4]], "trips": 50}]},
        {"id": "n", "name": "N14", "mode": "bus", "product": "bus",
         "variants": [{"stations": [ids[0], ids[4]], "trips": 50}]},
        {"id": "r", "name": "RB22", "mode": "bus", "product": "bus",
         "variants": [{"stations": [ids[0], ids[3]], "trips": 50}]},
    ]
    return stations, lines


def test_converter_pure_part_on_fixture():
    conv = _converter()
    stations, lines = _fixture()
    landings = [(7, 52.3815, 13.0810)]  # one landing stage beside Stop 3
    board = conv.build_board(stations, lines, landings)
    assert conv.dump(board) == conv.dump(conv.build_board(stations, lines, landings))
    names = sorted(s["name"] for s in board["stations"])
    assert names == ["S Potsdam Hauptbahnhof", "Stop 1", "Stop 2", "Stop 3"]  # ::1, ::2 merged
    by_name = {s["name"]: s["id"] for s in board["stations"]}
    hbf, s1, s2, s3 = (by_name[n] for n in names)
    assert hbf == 99 and s3 == 7
    pair = lambda a, b: [min(a, b), max(a, b)]  # noqa: E731
    # No rare detour, no night bus N14, no rail replacement RB22:
    assert sorted(board["edges"]["vip"]) == sorted([pair(hbf, s1), pair(s1, s2), pair(s2, s3)])
    assert board["edges"]["sbahn"] == [pair(hbf, s3)]
    assert pair(hbf, s1) in board["edges"]["walk"]


def test_committed_file_matches_its_dump_format(board):
    conv = _converter()
    assert conv.dump(board) == BOARD_FILE.read_text(encoding="utf-8")


def test_script_twice_gives_same_bytes(tmp_path):
    conv = _converter()
    stations, lines = _fixture()
    (tmp_path / "stations.json").write_text(json.dumps(stations[::-1]), encoding="utf-8")
    (tmp_path / "lines.json").write_text(json.dumps(lines), encoding="utf-8")
    assert conv.main(["x", str(tmp_path), str(tmp_path / "a.json")]) == 0
    assert conv.main(["x", str(tmp_path), str(tmp_path / "b.json")]) == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["stations"]


def test_script_refuses_missing_source(tmp_path, capsys):
    conv = _converter()
    assert conv.main(["x", str(tmp_path), str(tmp_path / "out.json")]) == 2
    assert not (tmp_path / "out.json").exists()
    assert "no stations.json" in capsys.readouterr().err


# -- the layout: room for every circle, number and pawn at the drawing scale ------------------------------------

def _drawn():
    from bot.games.london.engine import load_board
    from bot.games.london.pictures.layout import number_boxes
    from bot.games.london.pictures.layout import BASE_WIDTH, layout

    lay = layout(load_board("potsdam"), BASE_WIDTH)
    return lay, number_boxes(lay)


def _meets(box, centre, r) -> bool:
    nx, ny = min(max(centre[0], box[0]), box[2]), min(max(centre[1], box[1]), box[3])
    return ((centre[0] - nx) ** 2 + (centre[1] - ny) ** 2) ** 0.5 < r


def test_no_two_station_circles_overlap_on_the_drawn_board():
    lay, _ = _drawn()
    ids = sorted(lay.board.stations)
    touching = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
                if ((lay.xy(a)[0] - lay.xy(b)[0]) ** 2 + (lay.xy(a)[1] - lay.xy(b)[1]) ** 2) ** 0.5
                < lay.outer(a) + lay.outer(b)]
    assert touching == []


def test_no_number_is_hidden_by_another_station_or_by_a_pawn_beside_it():
    from bot.pictures.marks import PAWN_RADIUS

    lay, numbers = _drawn()
    ids = sorted(lay.board.stations)
    hidden = []
    for a in ids:
        for b in ids:
            if a == b:
                continue
            box = numbers[b]
            if _meets(box, lay.xy(a), lay.outer(a)):
                hidden.append((b, "under the circle of", a))
            if _meets(box, lay.xy(a), PAWN_RADIUS * lay.scale):
                hidden.append((b, "under a pawn on", a))
            other = numbers[a]
            if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                hidden.append((b, "touches the number of", a))
    assert hidden == []


def test_place_names_cover_no_station_and_no_other_name():
    from bot.pictures import style

    lay, _ = _drawn()
    left, top, right, bottom = lay.map_box
    font = style.font(lay.px(style.LANDMARK_FONT), "bold")
    boxes = []
    for mark in lay.board.landmarks:
        x, y = left + mark.x * (right - left), top + mark.y * (bottom - top)
        l, t, r, b = font.getbbox(mark.text, anchor="mm")
        boxes.append((mark.text, (x + l, y + t, x + r, y + b)))
    for text, box in boxes:
        assert not [s for s in lay.board.stations if _meets(box, lay.xy(s), lay.outer(s))], text
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert not (box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]), (a, b)


def test_spread_out_moves_close_stops_apart_a_little_and_leaves_the_rest():
    conv = _converter()
    aspect = 1.0
    w, h = conv._map_size(aspect)
    stop = lambda n, x, y: {"id": n, "transports": ["walk", "vip"], "x": x / w, "y": y / h}  # noqa: E731
    # three stops almost on top of each other, one far off, one by a lake it must not be pushed into
    stations = [stop(1, 500, 500), stop(2, 510, 500), stop(3, 505, 508), stop(4, 1500, 1500), stop(5, 900, 500),
                stop(6, 930, 500)]
    lake = [[960 / w, 400 / h], [1200 / w, 400 / h], [1200 / w, 600 / h], [960 / w, 600 / h]]
    before = {s["id"]: (s["x"] * w, s["y"] * h) for s in stations}
    conv.spread_out(stations, aspect, [lake])
    after = {s["id"]: (s["x"] * w, s["y"] * h) for s in stations}
    for i, a in enumerate(stations):
        for b in stations[i + 1:]:
            gap = ((after[a["id"]][0] - after[b["id"]][0]) ** 2 + (after[a["id"]][1] - after[b["id"]][1]) ** 2) ** 0.5
            assert gap >= conv.room_needed(a, b) - 0.1, (a["id"], b["id"])
    moved = {n: ((after[n][0] - before[n][0]) ** 2 + (after[n][1] - before[n][1]) ** 2) ** 0.5 for n in after}
    assert moved[4] < 0.05 and max(moved.values()) < 45  # (the file keeps five decimals)
    assert after[6][0] < 960  # pushed towards the lake, it stays on the shore and its neighbour gives way
    assert after[5][0] < before[5][0]
