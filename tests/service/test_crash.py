"""Kill a process that is playing games at random moments; every game must survive intact."""

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.service import GameService
from bot.store import integrity_check

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12


async def read_line(process: subprocess.Popen) -> str:
    return await asyncio.to_thread(process.stdout.readline)


async def test_games_survive_sigkill_at_random_moments(tmp_path):
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(2024)
    for run in range(KILLS):
        child = subprocess.Popen([sys.executable, "-m", "tests.service.crash_child", str(path), str(run)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = await asyncio.wait_for(read_line(child), timeout=20)
            assert first.strip(), child.stderr.read()
            await asyncio.sleep(rng.uniform(0.05, 1.5))
            assert child.poll() is None, child.stderr.read()
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            child.stdout.close()
            child.stderr.close()
        await check_everything(path)

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
