"""Wake-ups: this process hears of work that another process queued, and looks for any left over.

Several bot processes may share one PostgreSQL database: a move that arrives at one owes posts (and perhaps a
computer's turn) that any of them may claim. The database tells every process when a command owes messages
(:mod:`bot.store.wakeups`), and this process then does what the command's own process does after it:
``announce(game_id)`` (post what is owed, then let a computer that is to move play), claiming as it goes, so
whichever process claims first does the work and the others find nothing to do. A slow poll is the fallback:
every ``poll_interval`` seconds ``announce()`` looks at every game (two cheap queries: the games owing posts
that nobody holds, the games where a computer is to move that nobody holds), which also finds the work of a
process that died once its claims have expired, and posts a retry owed after a failure. On SQLite, which one
process owns, only the poll runs.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from bot.service import GameService

from bot.chat.leases import repeating

log = logging.getLogger(__name__)

#: seconds between two looks at every game for work nobody has done
POLL_EVERY = 20.0


class Wakeups:
    def __init__(self, service: GameService, announce: Callable[..., Awaitable[None]],
                 poll_interval: float | None = POLL_EVERY) -> None:
        self.service = service
        #: ``announce(game_id)``: post what a game owes and let its computers play; ``announce()``: every game's
        self.announce = announce
        self.poll_interval = poll_interval
        #: the database's listener (None on SQLite)
        self.listener = None
        #: games whose announce is scheduled and has not begun: a second wake-up for one of them changes nothing
        self._waiting: set[int] = set()
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        """Listen (PostgreSQL) and poll, until :meth:`close`."""
        self.listener = self.service.wakeups(self.owed, self.missed)
        if self.listener is not None:
            await self.listener.start()
        if self.poll_interval:
            self._spawn(repeating(self.announce, self.poll_interval, "the poll for work left owed failed"),
                        "wakeups-poll")

    async def close(self) -> None:
        if self.listener is not None:
            await self.listener.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)

    def owed(self, game_id: int) -> None:
        """A command (in this process or another) owes the game messages: post them, if nobody else does."""
        if game_id in self._waiting:
            return
        self._waiting.add(game_id)

        async def run() -> None:
            self._waiting.discard(game_id)  # one that arrives from now on may be news to this run: it runs again
            await self.announce(game_id)

        self._spawn(run(), f"wakeup-{game_id}")

    def missed(self) -> None:
        """The listener was away for a while: look at every game for what it missed."""
        self._spawn(self.announce(), "wakeups-missed")

    def _spawn(self, coro, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
