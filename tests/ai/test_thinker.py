"""The thinker's worker processes end with the bot, however it ends: killed in the middle of a decision too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: a bot stand-in: starts the thinker's pool, keeps a worker busy for a minute, prints the worker's pid
PARENT = """
import os, sys, time
from bot.ai.thinker import Thinker
thinker = Thinker(processes=1)
pool = thinker._executor()
print(pool.submit(os.getpid).result(), flush=True)
pool.submit(time.sleep, 60)
time.sleep(60)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


def test_workers_end_within_seconds_when_the_bot_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(parent.stdout.readline())
        assert alive(worker)
        time.sleep(0.5)  # the worker is inside its minute-long job now
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 5
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker), "the worker outlived the killed bot"
    finally:
        parent.kill()
