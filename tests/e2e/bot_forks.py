"""``python -m bot run`` processes forked from one process that has imported the bot, for the two-process tests.

    python -m tests.e2e.bot_forks

reads a request a line (JSON: ``argv``, ``env``, ``cwd``, ``output``) and forks a child for each, which answers
as ``python -m bot ARGV`` would, from ``cwd`` with the environment ``env`` only and its output (stdout and stderr)
written to the file ``output``, and ends as that process would, through the interpreter's own exit. This process
says ``started PID`` for each child, and ``ended PID CODE`` as each ends (CODE as ``asyncio`` gives it: minus the
signal for one that was killed). Its imports are those a bot process makes before it serves (the CLI, the runner,
the service, the client, the PostgreSQL store): a bot process spent about three quarters of its CPU importing the
bot (0.6 s), and tests/e2e/test_two_processes.py starts 14 of them. The start of a real ``python -m bot`` stays
tested by tests/e2e/test_process.py, tests/e2e/test_postgres_games.py and tests/chat/test_runner.py.

:class:`BotForks` is the tests' side: :meth:`BotForks.launch` gives a :class:`Forked` that stands for the child as
``asyncio.create_subprocess_exec`` would (``pid``, ``returncode``, ``wait``, ``kill``, ``send_signal``,
``stdout.read``). This module imports nothing of the bot at its top: a computer's worker process (``spawn``) of a
child imports it again, as the main module.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# -- this process: the children's parent ---------------------------------------------------------------------------

#: what ``python -m bot run`` imports before it serves, beyond the CLI: the run command's runner, serve()'s own
#: imports, and the store of a ``postgresql://`` database
SERVING = ("bot.chat.runner", "bot.chat.client", "bot.chat.leases", "bot.chat.wakeups", "bot.service",
           "bot.store.postgres")


def serve() -> None:
    """Fork a child for each request read, and report each one's end, until the input ends."""
    from bot.cli import main

    for name in SERVING:
        importlib.import_module(name)
    ended_r, ended_w = os.pipe()  # SIGCHLD wakes the loop below through it
    for fd in (ended_r, ended_w):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(ended_w)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    selector = selectors.DefaultSelector()
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
    selector.register(ended_r, selectors.EVENT_READ)
    pending = b""
    while True:
        for key, _ in selector.select():
            if key.fd == ended_r:
                os.read(ended_r, 4096)
                _report_ended()
                continue
            data = os.read(key.fd, 65536)
            if not data:
                return
            pending += data
            *lines, pending = pending.split(b"\n")
            for line in lines:
                request = json.loads(line)
                sys.stdout.flush()  # nothing of this process's output goes to a child's
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    for fd in (ended_r, ended_w):
                        os.close(fd)
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    # Out of this loop and this process's code for good: python -m bot's last line.
                    raise SystemExit(_as_python_m_bot(main, request))
                print("started", pid, flush=True)


def _as_python_m_bot(main, request: dict) -> int:
    """In the child: what ``python -m bot ARGV`` does, from the request's folder with its environment and output."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    nothing = os.open(os.devnull, os.O_RDONLY)
    output = os.open(request["output"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(nothing, 0)
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.close(nothing)
    os.close(output)
    sys.argv = [str(Path(sys.modules["bot"].__file__).parent / "__main__.py"), *request["argv"]]
    return main(request["argv"])


def _report_ended() -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        print("ended", pid, os.waitstatus_to_exitcode(status), flush=True)


# -- the tests' side ----------------------------------------------------------------------------------------------


class Forked:
    """A child of the fork server, as the test sees it (the parts of ``asyncio.subprocess.Process`` the tests use)."""

    def __init__(self, forks: BotForks, pid: int, output: Path) -> None:
        self._forks = forks
        self.pid = pid
        self.stdout = _Output(output)

    @property
    def returncode(self) -> int | None:
        return self._forks.ended.get(self.pid)

    async def wait(self) -> int:
        return await self._forks.ended_future(self.pid)

    def send_signal(self, signum: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class _Output:
    """A child's output, read once it has ended (as a pipe's end is read)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    async def read(self) -> bytes:
        return self.path.read_bytes() if self.path.exists() else b""


class BotForks:
    """The fork server of this test process (started on first use, ended with the process) and its children."""

    def __init__(self, env: dict[str, str]) -> None:
        self._server = subprocess.Popen([sys.executable, "-m", "tests.e2e.bot_forks"], cwd=ROOT, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._lock = threading.Lock()
        #: each child's exit code, once it has ended
        self.ended: dict[int, int] = {}
        #: the launches waiting for their child's pid, in the order asked, and the waits for a child's end
        self._starting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []
        self._waiting: dict[int, list[tuple[asyncio.AbstractEventLoop, asyncio.Future]]] = {}
        self._count = 0
        threading.Thread(target=self._listen, name="bot-forks", daemon=True).start()
        atexit.register(self.close)

    async def launch(self, argv: list[str], env: dict[str, str], cwd: Path) -> Forked:
        """``python -m bot ARGV`` in ``cwd`` with ``env``, forked (its output goes to a file in ``cwd``)."""
        loop = asyncio.get_running_loop()
        started = loop.create_future()
        with self._lock:
            self._count += 1
            output = Path(cwd) / f"bot-fork-{os.getpid()}-{self._count}.out"
            self._starting.append((loop, started))
            request = {"argv": argv, "env": env, "cwd": str(cwd), "output": str(output)}
            self._server.stdin.write(json.dumps(request).encode() + b"\n")
            self._server.stdin.flush()
        return Forked(self, await started, output)

    def ended_future(self, pid: int) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            if pid in self.ended:
                future.set_result(self.ended[pid])
            else:
                self._waiting.setdefault(pid, []).append((loop, future))
        return future

    def _listen(self) -> None:
        for line in self._server.stdout:
            word, *numbers = line.split()
            with self._lock:
                if word == b"started":
                    _tell(*self._starting.pop(0), int(numbers[0]))
                elif word == b"ended":
                    pid, code = map(int, numbers)
                    self.ended[pid] = code
                    for loop, future in self._waiting.pop(pid, ()):
                        _tell(loop, future, code)
        with self._lock:  # the server is gone (it failed to start, say): nobody waits for it in vain
            gone = RuntimeError(f"the fork server ended (exit code {self._server.wait()}): see its output above")
            for loop, future in [*self._starting, *(w for ws in self._waiting.values() for w in ws)]:
                _tell(loop, future, gone)
            self._starting, self._waiting = [], {}

    def close(self) -> None:
        if self._server.poll() is None:
            self._server.stdin.close()
            self._server.wait(timeout=20)


def _tell(loop: asyncio.AbstractEventLoop, future: asyncio.Future, value: int | Exception) -> None:
    """Hand ``value`` (an exception: raise it) to ``future`` on its own loop, unless its test is over."""
    try:
        loop.call_soon_threadsafe(_settle, future, value)
    except RuntimeError:  # the loop is closed
        pass


def _settle(future: asyncio.Future, value: int | Exception) -> None:
    if future.done():  # given up on: a wait that timed out
        return
    if isinstance(value, Exception):
        future.set_exception(value)
    else:
        future.set_result(value)


_forks: BotForks | None = None


def bot_forks() -> BotForks:
    """This test process's fork server, started on first use with a bot process's environment less its Discord and
    database settings (:func:`tests.e2e.test_process.process_environment`)."""
    from tests.e2e.test_process import process_environment

    global _forks
    if _forks is None:
        _forks = BotForks(process_environment())
    return _forks


if __name__ == "__main__":
    serve()
