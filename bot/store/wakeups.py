"""Wake-ups: a connection of its own that listens for the work other processes queue (PostgreSQL only).

When a command owes messages, the ``announcements`` table's trigger (migration 0012) sends ``NOTIFY sy_owed``
with the game's id as the command's transaction commits, and the sending process's tag (its connections' setting
``sy.process``): a process hears its own commands' wake-ups too, and passes over them (after a command it posts
what the command owes anyway). Every bot process keeps one connection listening
(``LISTEN``; a pooled connection cannot: the pool hands it to commands) and hears it at once. A connection lost
(the server restarted, a network cut, an idle connection killed) is noticed, by the server's goodbye or by a
check every few seconds, and made again; what was sent meanwhile was not heard, so the caller is told to look
for it (``on_reconnect``). SQLite needs none of this: one process owns the database.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import asyncpg

log = logging.getLogger(__name__)

#: the channel the trigger notifies: its payload is a game's id and the sending process's tag
CHANNEL = "sy_owed"
#: the setting of a process's connections that names it in its wake-ups
PROCESS_SETTING = "sy.process"
#: what the listening connection calls itself on the server (``pg_stat_activity``)
APPLICATION_NAME = "scotland-yard-bot-wakeups"
#: seconds between checks that the listening connection is still there
CHECK_EVERY = 10.0
#: seconds to wait before each attempt to connect again (the last repeats)
RETRY_DELAYS = (0.2, 1.0, 2.0, 5.0)


class Wakeups:
    """``await wakeups.start()`` listens until ``await wakeups.close()``; ``on_owed(game_id)`` is called for each
    notification (on the event loop, quickly: it should only schedule the work), ``on_reconnect()`` each time the
    connection is made again after it was lost."""

    def __init__(self, url: str, where: str, on_owed: Callable[[int], Any],
                 on_reconnect: Callable[[], Any] | None = None, *, check_every: float = CHECK_EVERY,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS, process: str = "") -> None:
        self.url = url
        #: this process's tag: its own wake-ups are passed over
        self.process = process
        self.where = where
        self.on_owed = on_owed
        self.on_reconnect = on_reconnect
        self.check_every = check_every
        self.retry_delays = retry_delays
        #: set while the listening connection is up (tests wait for it)
        self.listening = asyncio.Event()
        #: how many times the connection was made (the first time included)
        self.connections = 0
        self._task: asyncio.Task | None = None
        self._connection: asyncpg.Connection | None = None

    async def start(self) -> None:
        """Listen from now on; returns once the first connection is up (or its first attempt failed: it is tried
        again in the background)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="wakeups")
            waiting = asyncio.create_task(self.listening.wait())
            await asyncio.wait([waiting, self._task], timeout=self.retry_delays[0] + 5,
                               return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    @property
    def server_pid(self) -> int | None:
        """The listening connection's server process (tests end it to cut the connection)."""
        return self._connection.get_server_pid() if self._connection is not None else None

    async def _run(self) -> None:
        failures = 0
        while True:
            try:
                connection = await asyncpg.connect(self.url, server_settings={"application_name": APPLICATION_NAME})
            except (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                delay = self.retry_delays[min(failures, len(self.retry_delays) - 1)]
                if failures == 0:
                    log.warning("cannot listen for other processes' work on %s (%s); trying again", self.where,
                                " ".join(str(exc).split()) or type(exc).__name__)
                failures += 1
                await asyncio.sleep(delay)
                continue
            try:
                await self._listen(connection, again=self.connections > 0)
            except Exception:
                log.exception("listening for other processes' work failed; connecting again")
                await asyncio.sleep(self.retry_delays[-1])
            finally:
                self.listening.clear()
                self._connection = None
                connection.terminate()
            failures = 0

    async def _listen(self, connection: asyncpg.Connection, again: bool) -> None:
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _: lost.set())
        try:
            await connection.add_listener(CHANNEL, self._heard)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            return
        self._connection = connection
        self.connections += 1
        self.listening.set()
        if again:
            log.info("listening for other processes' work on %s again", self.where)
            if self.on_reconnect is not None:
                self._call(self.on_reconnect)
        while not lost.is_set():
            try:
                await asyncio.wait_for(lost.wait(), timeout=self.check_every)
            except asyncio.TimeoutError:
                try:  # a connection cut without a word (a network gone) is found here
                    await connection.execute("SELECT 1", timeout=self.check_every)
                except (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                    break
        log.warning("lost the connection listening for other processes' work on %s; connecting again", self.where)

    def _heard(self, connection, pid: int, channel: str, payload: str) -> None:
        game, _, sender = payload.partition(" ")
        if sender and sender == self.process:
            return  # this process's own command: it posts what it owes itself
        try:
            game_id = int(game)
        except ValueError:
            log.warning("a wake-up with a payload that is no game's id: %r", payload)
            return
        self._call(self.on_owed, game_id)

    @staticmethod
    def _call(callback: Callable[..., Any], *args: Any) -> None:
        try:
            callback(*args)
        except Exception:
            log.exception("a wake-up's callback failed")
