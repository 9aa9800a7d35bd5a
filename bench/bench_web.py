"""The board in a browser (docs/web.md, issue 37): the page's weight, how fast Chromium draws it, the server's CPU per
page view, and how quickly 1,000 open pages of one game see a move.

    python bench/bench_web.py [--views 400] [--pages 1000] [--draws 7]

A game of the classic rules is played for a few rounds on a SQLite file (as the bot does, seeded), and its pages are
served by a process of their own (``--serve``, the bot's web server in the way the bot runs it: its moves tell the
pages directly). This process measures from outside:

- weight: the compressed bytes a first visit downloads (the HTML, script, style, the view's data and the board's);
- first view: from navigation to the board drawn with its pawns (the page marks ``body[data-ready]``), in Debian's
  headless chromium at 390 x 844, the median and the slowest of ``--draws`` fresh visits;
- CPU per page view: the server process's CPU time (user + system, /proc) over ``--views`` returning visits (the page,
  its data and its board, each a request), divided by their number: the view's data is cached per action;
- live: ``--pages`` server-sent event streams on the game, then one move; the time until the last stream hears it.

Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SECRET = "bench-web-secret"


# -- the server's side (a process of its own) ----------------------------------------------------------

async def _play_one(service, game_id: int, rng: random.Random) -> None:
    from bot.games.london.engine.players import RandomPlayer, view_for

    state = await service.rebuild_state(game_id)
    pawn = next(p for p in state.to_move() if state.legal_moves(p))
    action = RandomPlayer(rng, double_chance=0.0).choose(view_for(state, pawn), pawn)
    owner = next(p.user_id for p in await service.players(game_id) if pawn in p.pawns)
    await service.act(game_id, owner, action, f"bench-{time.monotonic_ns()}", expected_round=state.round)


async def serve(database: str) -> None:
    from bot.service import GameService
    from bot.web.limits import Limits
    from bot.web.server import WebServer

    seeded = random.Random(3)
    service = await GameService.open(database, secret=SECRET, nonces=lambda: f"{seeded.getrandbits(128):032x}")
    await service.create_game(1, 10, 100, "Ada", rules="classic", seed=7)
    for user, name in ((101, "Bea"), (102, "Cem"), (103, "Dan"), (104, "Eva")):
        await service.join(10, user, name, "mrx" if user == 101 else None)
    game_id = (await service.start(10, 100, key="bench-start")).game.id
    rng = random.Random(5)
    for _ in range(5 * 5):
        await _play_one(service, game_id, rng)
    server = WebServer(service, "127.0.0.1", 0, poll_every=None,
                       limits=Limits(capacity=1e9, rate=1e9, streams=100_000))
    await server.start(listen=False)
    print(f"{server.port} {await service.page_token(game_id)}", flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line == "move":
            await _play_one(service, game_id, rng)
            server.hub.changed(game_id)  # as the bot tells its pages of its own moves
            print("moved", flush=True)
        elif line == "":
            break
    await server.close()
    await service.close()


# -- the measurements --------------------------------------------------------------------------------

def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def weight(base: str, token: str) -> dict[str, int]:
    import aiohttp

    sizes = {}
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        async with http.get(f"{base}/g/{token}", headers={"Accept-Encoding": "gzip"}) as response:
            html = await response.read()
            sizes["html"] = len(html)
        import gzip
        import re

        text = gzip.decompress(html).decode()
        for name in re.findall(r'(?:src|href)="(/static/[^"]+)"', text):
            async with http.get(base + name.replace("&amp;", "&"), headers={"Accept-Encoding": "gzip"}) as response:
                sizes[name.split("/")[-1].split("?")[0]] = len(await response.read())
        for name in ("data.json", "board.json"):
            async with http.get(f"{base}/g/{token}/{name}", headers={"Accept-Encoding": "gzip"}) as response:
                sizes[name] = len(await response.read())
    return sizes


async def first_views(base: str, token: str, draws: int) -> list[float]:
    from playwright.async_api import async_playwright

    times = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(draws + 1):  # the first warms the browser's own start
            context = await browser.new_context(viewport={"width": 390, "height": 844})
            page = await context.new_page()
            await page.goto(f"{base}/g/{token}")
            await page.wait_for_selector("body[data-ready='1'] #overlay g.pawn")
            drawn = await page.evaluate("performance.now()")
            times.append(drawn / 1000)
            await context.close()
        await browser.close()
    return times[1:]


async def cpu_per_view(base: str, token: str, pid: int, views: int) -> float:
    import aiohttp

    async with aiohttp.ClientSession() as http:
        async def visit() -> None:
            for path in ("", "/data.json", "/board.json"):
                async with http.get(f"{base}/g/{token}{path}", headers={"Accept-Encoding": "gzip"}) as response:
                    await response.read()

        for _ in range(20):
            await visit()
        before = cpu_seconds(pid)
        for _ in range(views):
            await visit()
        return (cpu_seconds(pid) - before) / views


async def live(base: str, token: str, pages: int, child) -> tuple[float, int]:
    import aiohttp

    connector = aiohttp.TCPConnector(limit=0)
    heard: list[float] = []
    ready = asyncio.Event()
    opened = 0

    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=None)) as http:
        async def listen() -> None:
            nonlocal opened
            async with http.get(f"{base}/g/{token}/events") as response:
                versions = 0
                async for line in response.content:
                    if line.startswith(b"data:"):
                        versions += 1
                        if versions == 1:
                            opened += 1
                            if opened == pages:
                                ready.set()
                        else:
                            heard.append(time.monotonic())
                            return

        tasks = [asyncio.create_task(listen()) for _ in range(pages)]
        await asyncio.wait_for(ready.wait(), 120)
        began = time.monotonic()
        child.stdin.write("move\n")
        child.stdin.flush()
        await asyncio.wait(tasks, timeout=30)
        for task in tasks:
            task.cancel()
    return (max(heard) - began if heard else float("inf")), len(heard)


async def measure(args) -> None:
    with tempfile.TemporaryDirectory() as folder:
        child = subprocess.Popen([sys.executable, __file__, "--serve", str(Path(folder) / "web.sqlite3")],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            port, token = child.stdout.readline().split()
            base = f"http://127.0.0.1:{port}"
            sizes = await weight(base, token)
            total = sum(sizes.values())
            print("page weight, compressed: " + ", ".join(f"{k} {v:,} B" for k, v in sizes.items())
                  + f"; total {total:,} B ({total / 1024:.1f} KB)")
            times = await first_views(base, token, args.draws)
            print(f"first view drawn (navigation to pawns on the board), {args.draws} fresh visits: median "
                  f"{statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms")
            cpu = await cpu_per_view(base, token, child.pid, args.views)
            print(f"server CPU per page view (page + data + board, {args.views} views): {cpu * 1000:.2f} ms")
            latest, count = await live(base, token, args.pages, child)
            print(f"{args.pages} open pages: {count} heard the move, the last {latest * 1000:.0f} ms after it was asked")
        finally:
            child.stdin.close()
            child.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--views", type=int, default=400)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--draws", type=int, default=7)
    parser.add_argument("--serve", metavar="DATABASE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve))
    else:
        asyncio.run(measure(args))


if __name__ == "__main__":
    main()
