"""Live pages: every open page of a game hears of its change at once (server-sent events).

The news comes the way the bot's processes hear of work (``bot.chat.wakeups``): inside the bot's process directly,
as the bot announces what a command owes (:meth:`Hub.changed` is one of its listeners); from other processes by
PostgreSQL's ``NOTIFY`` (the service's ``wakeups`` listener); and by a poll of the watched games, the fallback that
also finds what a lost listener missed. A change reads the game's version once, however many pages watch it, and
wakes them all.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)

#: seconds between two looks at the watched games' versions (the fallback)
POLL_EVERY = 5.0


class Watch:
    """One game's watchers: its last version seen and the event they wait on (replaced at every change)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.event = asyncio.Event()
        self.watchers = 0


class Hub:
    def __init__(self, service: Any, poll_every: float | None = POLL_EVERY) -> None:
        self.service = service
        self.poll_every = poll_every
        self.games: dict[int, Watch] = {}
        self._reading: set[int] = set()
        self._tasks: set[asyncio.Task] = set()
        self.listener = None
        #: set by :meth:`close`: the live connections end
        self.closed = False

    async def start(self, *, listen: bool = True) -> None:
        """Listen to the database (PostgreSQL; not where the bot's own process tells the hub directly) and poll."""
        if listen:
            self.listener = self.service.wakeups(self.changed, self.missed)
            if self.listener is not None:
                await self.listener.start()
        if self.poll_every:
            self._spawn(self._poll())

    async def close(self) -> None:
        if self.listener is not None:
            await self.listener.close()
        for task in list(self._tasks):
            task.cancel()
        self.closed = True
        for watch in self.games.values():
            watch.event.set()

    def changed(self, game_id: int | None) -> None:
        """A game changed (None: perhaps any): read its version once and wake its pages."""
        if game_id is None:
            self.missed()
            return
        if game_id in self.games and game_id not in self._reading:
            self._reading.add(game_id)
            self._spawn(self._read(game_id))

    def missed(self) -> None:
        for game_id in list(self.games):
            self.changed(game_id)

    async def _read(self, game_id: int) -> None:
        try:
            self._reading.discard(game_id)
            version = (await self.service.get_game(game_id)).version
        except Exception:
            log.exception("reading game %s for its live pages failed", game_id)
            return
        watch = self.games.get(game_id)
        if watch is not None and version != watch.version:
            watch.version = version
            watch.event.set()
            watch.event = asyncio.Event()

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_every)
            self.missed()

    def watch(self, game_id: int, version: int) -> Watch:
        watch = self.games.get(game_id)
        if watch is None:
            watch = self.games[game_id] = Watch(version)
        watch.watchers += 1
        return watch

    def unwatch(self, game_id: int) -> None:
        watch = self.games.get(game_id)
        if watch is not None:
            watch.watchers -= 1
            if watch.watchers <= 0:
                del self.games[game_id]

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
