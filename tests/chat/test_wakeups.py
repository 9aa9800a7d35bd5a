"""Wake-ups: a change in one process makes another post what it owes at once (PostgreSQL's NOTIFY, heard on a
connection of its own that comes back when cut), and a slow poll looks at every game in any case."""

from __future__ import annotations

import asyncio
import random

import asyncpg
import pytest

from bot.chat.wakeups import Wakeups

from tests.chat.test_claimed_posts import RecordingAnnouncer
from tests.service.helpers import play_turn, started
from tests.store.postgres_server import server

SOON = 5.0  # seconds: a wake-up takes milliseconds; this only bounds a failing test


class Announced:
    """An ``announce`` that records its calls (the bot's posts and computers are tested elsewhere)."""

    def __init__(self, then=None) -> None:
        self.calls: list[int | None] = []
        self.then = then
        self.changed = asyncio.Condition()

    async def __call__(self, game_id: int | None = None, **_) -> None:
        if self.then is not None:
            await self.then(game_id)
        async with self.changed:
            self.calls.append(game_id)
            self.changed.notify_all()

    async def until(self, check) -> None:
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: check(self.calls)), SOON)


async def test_a_change_in_one_process_makes_the_other_post_it_at_once(two_on_postgresql):
    one, two = two_on_postgresql
    posts: list = []
    announcer = RecordingAnnouncer(two, "two", posts)
    announced = Announced(then=announcer.flush)
    wakeups = Wakeups(two, announced, poll_interval=None)
    await wakeups.start()
    try:
        assert wakeups.listener is not None and wakeups.listener.listening.is_set()
        start = await started(one)  # process one's command owes the start post and Mr. X's prompt
        game_id = start.game.id
        await announced.until(lambda calls: game_id in calls)
        assert await one.pending_announcements() == []
        assert len(posts) == 2 and {name for name, _, _ in posts} == {"two"}
        await play_turn(one, game_id, random.Random(1))
        await announced.until(lambda calls: calls.count(game_id) >= 2)
        assert await one.pending_announcements() == [] and len(posts) == 3
    finally:
        await wakeups.close()


async def test_the_listener_comes_back_when_its_connection_is_cut_and_looks_at_every_game(two_on_postgresql):
    one, two = two_on_postgresql
    announced = Announced()
    wakeups = Wakeups(two, announced, poll_interval=None)
    await wakeups.start()
    try:
        listener = wakeups.listener
        cut = listener.server_pid
        admin = await asyncpg.connect(server().url("postgres"))
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", cut)
        finally:
            await admin.close()
        await announced.until(lambda calls: None in calls)  # what it missed meanwhile: every game looked at
        assert listener.connections == 2 and listener.server_pid not in (None, cut)
        start = await started(one)
        await announced.until(lambda calls: start.game.id in calls)
    finally:
        await wakeups.close()


async def test_a_change_rolled_back_wakes_nobody(two_on_postgresql):
    one, two = two_on_postgresql
    start = await started(one)
    announced = Announced()
    wakeups = Wakeups(two, announced, poll_interval=None)
    await wakeups.start()
    try:
        with pytest.raises(RuntimeError):
            async with one.database.transaction() as tx:
                await tx.outbox.queue(start.game.id, "test:rolled-back", "action", {}, 0)
                raise RuntimeError("the command fails after queueing")
        await tx_marker(one, start.game.id)
        await announced.until(lambda calls: calls == [start.game.id])  # the marker's wake-up only
    finally:
        await wakeups.close()


async def tx_marker(service, game_id: int) -> None:
    async with service.database.transaction() as tx:
        await tx.outbox.queue(game_id, "test:marker", "action", {}, 0)


async def test_many_wake_ups_for_one_game_before_it_is_looked_at_make_one_look():
    calls: list = []

    async def announce(game_id=None, **_):
        calls.append(game_id)

    wakeups = Wakeups(service=None, announce=announce, poll_interval=None)
    for _ in range(5):
        wakeups.owed(7)
    wakeups.owed(8)
    await asyncio.sleep(0.01)
    assert sorted(calls) == [7, 8]
    await wakeups.close()


async def test_the_poll_looks_at_every_game_on_either_backend(two_processes):
    _, two = two_processes
    announced = Announced()
    wakeups = Wakeups(two, announced, poll_interval=0.01)
    await wakeups.start()
    try:
        await announced.until(lambda calls: calls[:3] == [None, None, None])
    finally:
        await wakeups.close()


async def test_a_process_passes_over_the_wake_ups_of_its_own_commands(two_on_postgresql):
    one, two = two_on_postgresql
    announced = Announced()
    wakeups = Wakeups(two, announced, poll_interval=None)
    await wakeups.start()
    try:
        own = await started(two, channel=10)  # process two posts what its own command owes itself
        other = await started(one, channel=11)
        await announced.until(lambda calls: other.game.id in calls)
        assert own.game.id not in announced.calls
    finally:
        await wakeups.close()
