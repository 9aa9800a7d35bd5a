"""Picture speed and size: a round's board PNG (draw and encode), and every other picture once; and
how often the phone close-up leaves out a station Mr. X may be at.

    python bench/bench_render.py [--games 6] [--rules classic,master]   (--rules sanssouci: Potsdam)
                                 [--coverage-seeds 1-8] [--coverage-rules classic,master,sanssouci]

Prints figures; it is not a test. Aim: a round's board at most 15 ms median and under 400 KB;
the phone close-up under 400 KB and at most 25 ms median; no picture over 8 MB; no round with at most
``zoom.MAX_SHOWN`` stations Mr. X may be at that leaves one of them out of the close-up. The boards
are the real ones after every round of simulated games, so each picture has its own text and pawns
(nothing is rendered twice from a warm cache of the same view).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.london.engine import get_rules, load_board  # noqa: E402
from bot.games.london.engine.players import play_game  # noqa: E402
from bot.games.london.pictures import (  # noqa: E402
    logbook_text,
    render_board,
    render_logbook,
    render_mrx_board,
    render_mrx_zoom,
    render_replay,
    render_route,
    render_zoom,
    round_states,
)
from bot.games.london.pictures.basemap import base_map, base_palette  # noqa: E402
from bot.games.london.pictures.board import draw_board  # noqa: E402
from bot.games.london.pictures.layout import BOARD_WIDTH  # noqa: E402
from bot.games.london.pictures.zoom import MAX_SHOWN, PHONE_WIDTH, label_px, plan_zoom  # noqa: E402
from bot.games.london.engine import export_record  # noqa: E402
from bot.pictures.canvas import encode_png  # noqa: E402

LIMIT = 8 * 1024 * 1024
#: people at the table in the simulated games, per rule system
PLAYERS = {"classic": 6, "mb1985": 6, "master": 4, "sanssouci": 5}


def timed(fn, *args, **kw) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args, **kw)
    return (time.perf_counter() - start) * 1000, result


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def line(name: str, times: list[float], sizes: list[int]) -> None:
    print(f"{name:<26} median {statistics.median(times):6.1f} ms   p99 {p99(times):6.1f} ms   "
          f"size median {statistics.median(sizes) / 1024:6.0f} KB   max {max(sizes) / 1024:6.0f} KB   (n={len(times)})")


def coverage(seeds: range, rules: list[str]) -> None:
    """How many rounds leave stations Mr. X may be at out of the close-up: in rounds with 1-10 of
    them (the issue's count: none shown, some left out) and with up to MAX_SHOWN."""
    print(f"close-up coverage, seeds {seeds.start}-{seeds.stop - 1}:")
    total = left_out = before_first_move = starts = 0
    for name in rules:
        counted = none = some = up_to_max = out_max = 0
        for seed in seeds:
            for state in round_states(export_record(play_game(name, players=PLAYERS.get(name, 5), seed=seed))):
                view = state.public_view()
                n = len(view.possible)
                if view.outcome is not None or not 1 <= n <= MAX_SHOWN:
                    continue
                plan = plan_zoom(view)
                out = [s for s in view.possible if not plan.shows(view.board, s)]
                up_to_max += 1
                out_max += bool(out)
                before_first_move += bool(out) and not view.logbook
                starts += not view.logbook
                if n <= 10:
                    counted += 1
                    none += len(out) == n
                    some += 0 < len(out) < n
        total += up_to_max
        left_out += out_max
        print(f"  {name:<10} rounds with 1-10 stations: {counted:3}, none of them shown in {none}, only some in {some}; "
              f"with up to {MAX_SHOWN}: {up_to_max}, {out_max} leave one out")
    print(f"rounds that leave a possible station out of the close-up: {left_out - before_first_move} of "
          f"{total - starts} round summaries (the close-ups the bot posts); at the start, before Mr. X's first "
          f"move (drawn only in the offline album; the start cards may lie all over the board): "
          f"{before_first_move} of {starts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rules", default="classic,master", help="rule systems, comma-separated")
    parser.add_argument("--coverage-seeds", default="1-8", help="seeds of the close-up's coverage count (first-last)")
    parser.add_argument("--coverage-rules", default="classic,master,sanssouci",
                        help="rule systems of the coverage count, comma-separated")
    args = parser.parse_args()
    chosen = [r.strip() for r in args.rules.split(",") if r.strip()]
    first, _, last = args.coverage_seeds.partition("-")
    coverage(range(int(first), int(last or first) + 1), [r.strip() for r in args.coverage_rules.split(",") if r.strip()])

    for name in dict.fromkeys(get_rules(r).board for r in chosen):
        board = load_board(name)
        cold, _ = timed(lambda: (base_map(board, BOARD_WIDTH), base_palette(board, BOARD_WIDTH).bands()))
        print(f"static base map and palette of {name}, once per board and size: {cold:.0f} ms")

    games = [play_game(rules, players=PLAYERS.get(rules, 5), seed=seed)
             for seed in range(args.games) for rules in chosen]
    rounds = [state for game in games for state in round_states(export_record(game))]
    views = [s.public_view() for s in rounds]
    render_board(views[0])  # warm the fonts and sprite caches that every picture shares

    figures: dict[str, tuple[list[float], list[int]]] = {}

    def measure(name: str, fn, *items) -> None:
        times, sizes = figures.setdefault(name, ([], []))
        for item in items:
            ms, data = timed(fn, item)
            times.append(ms)
            sizes.append(len(data))

    measure("board (after each round)", render_board, *views)
    measure("board with tracker", lambda v: render_board(v, tracker=True), *views)
    measure("Mr. X's board", render_mrx_board, *[s.mrx_view() for s in rounds if not s.is_over])
    measure("logbook PNG", render_logbook, *views)
    measure("logbook text", lambda v: logbook_text(v).encode(), *views)
    finals = [g.public_view() for g in games]
    measure("route", render_route, *finals)
    measure("zoom (phone picture)", render_zoom, *views)
    measure("Mr. X's close-up", render_mrx_zoom, *[s.mrx_view() for s in rounds if not s.is_over])
    print(f"{len(games)} games ({', '.join(sorted({g.rules.name for g in games}))}), {len(views)} rounds:")
    for name, (times, sizes) in figures.items():
        line(name, times, sizes)
    plans = [plan_zoom(v) for v in views]
    windows = [len(p.windows) for p in plans]
    print(f"zoom: station numbers {min(label_px(p.scale, p.width) for p in plans):.1f} px tall at {PHONE_WIDTH} px "
          f"wide; windows median {statistics.median(windows):.0f}, most {max(windows)}; "
          f"one window in {sum(n == 1 for n in windows) / len(windows):.0%} of the rounds")

    split_draw, split_encode = [], []
    for view in views:
        ms, pic = timed(draw_board, view)
        split_draw.append(ms)
        ms, _ = timed(pic.png)  # type: ignore[attr-defined]
        split_encode.append(ms)
    print(f"board split: draw median {statistics.median(split_draw):.1f} ms, "
          f"palette mapping + PNG encode median {statistics.median(split_encode):.1f} ms "
          f"({BOARD_WIDTH} px wide)")

    replay_times, replay_sizes = [], []
    for game in games[:2]:
        states = round_states(export_record(game))
        ms, data = timed(render_replay, [s.public_view() for s in states])
        replay_times.append(ms)
        replay_sizes.append(len(data))
    line("replay GIF (whole game)", replay_times, replay_sizes)

    print("encoding the same board, by choice (zlib level; 'RGB' = no palette; the first: what the pictures do):")
    pic = draw_board(views[len(views) // 2])
    indexed = pic.to_indexed()
    choices = [("8-bit, changed rows only, level 1 runs", lambda: pic.png()),
               ("8-bit, every row, level 1 runs", lambda: encode_png(indexed))]
    for label, img, level in (("8-bit, Pillow, level 1", indexed, 1), ("8-bit, Pillow, level 6", indexed, 6),
                              ("8-bit, Pillow, level 9", indexed, 9), ("RGB, Pillow, level 1", pic.img, 1)):
        def encode(im=img, lvl=level) -> bytes:
            out = io.BytesIO()
            im.save(out, format="PNG", compress_level=lvl)
            return out.getvalue()
        choices.append((label, encode))
    for label, encode in choices:
        ms = statistics.median(timed(encode)[0] for _ in range(5))
        print(f"  {label:<40} {ms:6.1f} ms  {len(encode()) / 1024:6.0f} KB")

    biggest = max(max(sizes) for _, sizes in figures.values())
    biggest = max(biggest, max(replay_sizes))
    print(f"largest picture: {biggest / 1024:.0f} KB ({'within' if biggest <= LIMIT else 'OVER'} the 8 MB limit)")


if __name__ == "__main__":
    main()
