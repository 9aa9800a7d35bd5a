"""Computer players think outside the bot's event loop.

A decision of the ``hard`` level takes up to a second and a half of CPU. Run on the event loop, it
would stall every other interaction (Discord wants an answer within 3 s); run in a thread, it would
still hold the interpreter. So :class:`Thinker` hands each decision to a pool of worker processes
(one fewer than the machine has cores, at least one), with the computer's view pickled: the worker
never sees more than the computer may see. The workers are started on first use with ``spawn`` (a
forked copy of a process that runs aiosqlite's threads may deadlock) and each keeps its own tables
per board. ``Thinker(processes=0)`` thinks in a thread instead (tests; machines without process
support). A worker ends within a second of the bot's end, however the bot ended (killed, too): it
watches its parent, so no decision outlives the process that asked for it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any


def decide(family: str, strategy: str, seed: int, view: Any, pawn: str) -> Any:
    """One decision: the family's computer player ``strategy`` answers from ``view`` for ``pawn``."""
    from bot.games import get_family

    chosen = get_family(family)
    return chosen.computer_step(chosen.computer(strategy, seed), view, pawn)


#: how often a worker looks whether the bot that started it still runs (seconds)
PARENT_CHECK = 0.5


def _worker_started(parent: int) -> None:
    """The first thing each worker does: end itself as soon as its parent (the bot) is gone."""
    if os.getppid() != parent:  # the bot died before this worker got going
        os._exit(0)
    threading.Thread(target=_end_with, args=(parent,), name="watch-parent", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)  # orphaned (its parent killed): a decision nobody will read is not finished


class Thinker:
    def __init__(self, processes: int | None = None) -> None:
        #: worker processes (None: one fewer than the cores, at least one; 0: a thread)
        self.processes = max(1, (os.cpu_count() or 2) - 1) if processes is None else processes
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes:
                self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_worker_started, initargs=(os.getpid(),))
            else:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="computer")
        return self._pool

    async def decide(self, turn) -> Any:
        """The action the computer of ``turn`` (a :class:`bot.service.ComputerTurn`) plays."""
        loop = asyncio.get_running_loop()
        job = (turn.family, turn.strategy, turn.seed, turn.view, turn.pawn)
        try:
            return await loop.run_in_executor(self._executor(), decide, *job)
        except BrokenProcessPool:  # a worker died (killed for memory, say): start afresh, once
            self.close()
            return await loop.run_in_executor(self._executor(), decide, *job)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
