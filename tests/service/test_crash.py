"""Kill a process that is playing games at random moments; every game must survive intact."""

import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from bot.service import GameService
from bot.store import integrity_check

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12


async def read_until(children: subprocess.Popen, wanted: Callable[[str], bool], errors: Path) -> str:
    """The first line the children write that is ``wanted`` (a killed child's last batches come before it)."""
    while True:
        line = (await asyncio.to_thread(children.stdout.readline)).strip()
        assert line, errors.read_text()  # the children's process ended
        if wanted(line):
            return line


def tell(children: subprocess.Popen, command: str) -> None:
    children.stdin.write(command + "\n")
    children.stdin.flush()


async def test_games_survive_sigkill_at_random_moments(tmp_path):
    path = tmp_path / "crash.sqlite3"
    errors = tmp_path / "children.log"
    rng = random.Random(2024)
    with errors.open("w") as log:  # each child is a fork of this process (tests/service/crash_child.py)
        children = subprocess.Popen([sys.executable, "-m", "tests.service.crash_child"], cwd=ROOT,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        for run in range(KILLS):
            tell(children, f"start {path} {run}")
            try:  # its first batch written
                await asyncio.wait_for(read_until(children, lambda line: line.startswith(f"{run} "), errors), 20)
            except asyncio.TimeoutError:
                raise AssertionError(errors.read_text()) from None
            await asyncio.sleep(rng.uniform(0.05, 1.5))
            tell(children, "kill")  # SIGKILL, if it still runs
            ended = await read_until(children, lambda line: line.split()[0] in ("killed", "died"), errors)
            assert ended == "killed", errors.read_text()
            await check_everything(path)
    finally:
        children.stdin.close()
        children.wait(timeout=20)
        children.stdout.close()

    service = await GameService.open(path)
    try:
        counts = await service.database.one(
            "SELECT (SELECT COUNT(*) FROM actions), (SELECT COUNT(*) FROM games WHERE status = 'finished')")
    finally:
        await service.close()
    assert counts[0] > 200 and counts[1] > 0, "the child did not play enough to prove anything"


async def check_everything(path: Path) -> None:
    started = time.perf_counter()
    service = await GameService.open(path)
    try:
        db = service.database
        assert await integrity_check(db.reader) == ["ok"]
        for game in await db.all("SELECT id FROM games WHERE players IS NOT NULL"):
            assert await service.check_game(game["id"]) == []
        # Each action was written with its command and its announcement, or not at all.
        half_done = await db.all(
            "SELECT a.game_id, a.seq FROM actions a LEFT JOIN commands c ON c.key = a.key "
            "LEFT JOIN announcements n ON n.game_id = a.game_id AND n.key = 'action:' || a.seq "
            "WHERE c.key IS NULL OR n.id IS NULL")
        assert half_done == []
        # NOT IN reads the actions' keys once into a lookup table; a join on actions.key (no index: nothing else looks
        # actions up by key) scanned every action for every command, 0.6 s by the twelfth kill.
        orphans = await db.all(
            "SELECT key FROM commands WHERE name = 'act' AND key NOT IN (SELECT key FROM actions WHERE key IS NOT NULL)")
        assert orphans == []
        unfinished = await db.all(
            "SELECT g.id FROM games g LEFT JOIN results r ON r.game_id = g.id "
            "WHERE (g.status = 'finished') != (r.game_id IS NOT NULL)")
        assert unfinished == []
    finally:
        await service.close()
    assert time.perf_counter() - started < 10
