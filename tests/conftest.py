"""Fixtures the test folders share."""

import fnmatch
import gc
import multiprocessing
import os
import sys
from pathlib import Path

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
    cores = _cores()
    return cores + (cores + 1) // 2


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


#: test files that spend most of their time waiting rather than computing: real bot processes starting, taking and
#: giving up shards and outwaiting leases, a child process killed again and again, Chromium loading pages,
#: PostgreSQL servers stopped and started. The whole run is bound by its CPU (both cores busy 96 % of it), but these
#: came last in the files' order, and for the last half minute of a run one worker ran only these while the other
#: cores ran out of work; collected first, they are handed out at the start, while the other workers keep both
#: cores busy.
WAITING = ("tests/e2e/test_two_processes.py", "tests/service/test_crash.py", "tests/service/test_processes.py",
           "tests/store/test_postgres.py", "tests/web/")


def pytest_configure(config):
    """Before ``-n`` starts its workers, rewrite the test modules' assertions once, here, for all of them.

    pytest compiles each test module with its assertions rewritten and keeps the result beside it
    (``__pycache__/*-pytest-*.pyc``); on a clean checkout every worker found none and rewrote all 161 modules
    itself at the same time, 5.3 s of CPU each. Done once, on every core, the workers read them: a clean run's
    collection with 3 workers 28.9 -> 21.4 s of CPU. This uses pytest's own rewriting and pyc format through its
    private functions; should they change, the workers simply rewrite for themselves."""
    workers = config.getoption("numprocesses", None)
    if os.environ.get("PYTEST_XDIST_WORKER") or not isinstance(workers, int) or workers < 1:
        return
    if config.getoption("assertmode", "rewrite") != "rewrite":
        return
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return
    patterns = config.getini("python_files")
    modules = [path for path in sorted(Path(__file__).parent.rglob("*.py"))
               if path.name == "conftest.py" or any(fnmatch.fnmatch(path.name, p) for p in patterns)]
    stale = [path for path in modules if rewrite._read_pyc(path, _rewritten(rewrite, path)) is None]
    if not stale:
        return
    global _REWRITING
    _REWRITING = config
    try:
        with multiprocessing.get_context("fork").Pool(min(_cores(), len(stale))) as pool:
            pool.map(_rewrite_ahead, stale, chunksize=4)
    except Exception:  # noqa: BLE001 (a private API changed, say: each worker rewrites what it needs, as without this)
        pass
    finally:
        _REWRITING = None


#: the configuration the forked rewriting processes use (set only while they run)
_REWRITING = None


def _rewrite_ahead(path: Path) -> None:
    from _pytest.assertion import rewrite

    source_hash, code = rewrite._rewrite_test(path, _REWRITING)
    pyc = _rewritten(rewrite, path)
    if rewrite.try_makedirs(pyc.parent):
        rewrite._write_pyc(_REWRITING.stash[rewrite.assertstate_key], code, source_hash, pyc)


def _rewritten(rewrite, path: Path) -> Path:
    """Where pytest keeps the test module ``path`` compiled with its assertions rewritten (``rewrite``: its
    module that does it)."""
    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.startswith(WAITING))  # (stable: each file keeps its own order)


def pytest_collection_finish(session):
    """The process that runs the tests (an -n worker, or the only one) keeps what it has imported and collected out
    of the garbage collector's full passes: those go through every object the process holds, and the bot, its
    games, pictures and computer players, the test modules and their items are most of them and stay to the end.
    What the tests make is collected as before, the youngest objects every 5,000 allocations instead of every 700:
    the tests make and drop many (JSON, game states, messages), and fewer passes move fewer of them to the older
    generations, whose passes cost more. Collection time (gc.callbacks) over tests/service and tests/games/london,
    -n 0: 3.55 -> 1.49 s; over the e2e whole games and dice games: 1.1 -> 0.6 s."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(5000, *gc.get_threshold()[1:])


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
