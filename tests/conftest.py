"""Fixtures the test folders share."""

import os
import sys

# The bot's modules are compiled once, not by every process the tests start: with PYTHONDONTWRITEBYTECODE set
# (as on the CI machine) each pytest worker, each `python -m bot` and each computer's worker process would
# compile them again (a second a process; a worker collecting the suite took 8 s instead of 2). Set before the
# bot is imported; the compiled files go to __pycache__ folders, which git ignores.
sys.dont_write_bytecode = False

import pytest  # noqa: E402

from tests.service.helpers import restart_keys  # noqa: E402
from tests.store.postgres_server import fresh_database  # noqa: E402
from tests.store.sqlite_template import migrated_sqlite  # noqa: E402


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's test command) starts half as many workers again as there are cores (3 on 2 cores):
    a test often waits, on a bot process starting or giving up its shard, on PostgreSQL, on Chromium, and with a
    worker a core cannot do the other's work meanwhile (over a whole run on 2 cores with 2 workers, the tests'
    own processes used 543 s of CPU in 680 s of the workers' time). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still
    decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + (cores + 1) // 2


#: test files that spend most of their time waiting rather than computing: real bot processes starting, taking and
#: giving up shards and outwaiting leases, a child process killed again and again, Chromium loading pages,
#: PostgreSQL servers stopped and started. The whole run is bound by its CPU (both cores busy 96 % of it), but these
#: came last in the files' order, and for the last half minute of a run one worker ran only these while the other
#: cores ran out of work; collected first, they are handed out at the start, while the other workers keep both
#: cores busy.
WAITING = ("tests/e2e/test_two_processes.py", "tests/service/test_crash.py", "tests/service/test_processes.py",
           "tests/store/test_postgres.py", "tests/web/")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.startswith(WAITING))  # (stable: each file keeps its own order)


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request, tmp_path):
    """Where the games are kept: a new SQLite file, or a new database on the test PostgreSQL server (a test that
    takes it runs on both backends)."""
    if request.param == "sqlite":
        yield await migrated_sqlite(tmp_path / "games.sqlite3")
        return
    async with fresh_database() as url:
        yield url


@pytest.fixture(autouse=True)
def keys_from_one():
    """Each test's interaction ids count from 1 (``tests.service.helpers.new_key``)."""
    restart_keys()
