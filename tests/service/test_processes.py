"""The bot's processes: each one's hold on its shards (its row, a lease renewed by its heartbeat), the report of all
of them (gone when a lease ended without a word) and the posts owed, on SQLite and PostgreSQL: a process refuses to
start beside a live one on its shards or with another shard count, waits out the lease of one that was killed, and
gives its shards up when it finds another process on them."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import GameService, processes
from bot.service.processes import FORGET_AFTER, ProcessBook, ShardsTaken, process_report
from bot.store import DatabaseUnavailable, OutcomeUnknown
from bot.store.processes import LOCK_IDLE_MS

from tests.service.helpers import started
from tests.store.postgres_server import fresh_database


async def test_each_process_writes_its_row_and_the_report_lists_them_by_shards(service, clock) -> None:
    one = ProcessBook(service.database, clock, "host-a:1")
    two = ProcessBook(service.database, clock, "host-b:1")
    await one.hold([0, 1, 2, 3], 8)
    await two.hold([4, 5, 6, 7], 8)
    await one.renew([0, 1, 2, 3], 8, 0.045)
    report = await process_report(service.database, clock)
    assert [(row.name, row.shards, row.shard_count, row.latency, gone) for row, gone in report.processes] == [
        ("host-a:1", "0-3", 8, 0.045, False), ("host-b:1", "4-7", 8, None, False)]
    assert report.now == clock() and report.processes[0][0].started_at == clock()
    assert report.processes[0][0].expires_at == clock() + one.lease


async def test_a_process_whose_lease_ended_is_gone_and_one_that_stopped_is_not_listed(service, clock) -> None:
    one = ProcessBook(service.database, clock, "host-a:1")
    two = ProcessBook(service.database, clock, "host-b:1")
    three = ProcessBook(service.database, clock, "host-c:1")
    for book, shards in ((one, [0]), (two, [1]), (three, [2])):
        await book.hold(shards, 3)
    clock.now += one.lease - 1
    await one.renew([0], 3, 0.02)
    await three.stopped()
    assert [(row.name, gone) for row, gone in (await process_report(service.database, clock)).processes] == [
        ("host-a:1", False), ("host-b:1", False)]
    clock.now += 2
    report = await process_report(service.database, clock)
    assert [(row.name, row.latency, gone) for row, gone in report.processes] == [
        ("host-a:1", 0.02, False), ("host-b:1", None, True)]
    # A week later the gone one's row is forgotten at the next heartbeat.
    clock.now += FORGET_AFTER
    await one.renew([0], 3, 0.02)
    assert [row.name for row, _ in (await process_report(service.database, clock)).processes] == ["host-a:1"]


class Watch:
    """The time a process waiting for another's lease sees: a sleep moves the monotonic clock (and the bot's),
    and ``during_sleep`` runs what happens meanwhile (the other process renewing, say)."""

    def __init__(self, clock, during_sleep=None) -> None:
        self.clock, self.during_sleep, self.now, self.slept = clock, during_sleep, 0.0, 0.0

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds
        self.clock.now += seconds
        if self.during_sleep is not None:
            await self.during_sleep()


@pytest.mark.parametrize("theirs, mine, says", [
    (([1], 2), ([1], 2), "process host-a:1 holds shard 1 of 2 already: give every shard to exactly one process"),
    (([0, 1], 4), ([1, 2], 4), "process host-a:1 holds shard 1 of 4 already"),
    (([1], 3), ([0], 2), "process host-a:1 runs shards 1 of 3: every process of the bot must run the same "
                         "SY_SHARD_COUNT"),
    ((None, None), ([0], 2), "process host-a:1 runs shards all of ?, and a process that runs every shard must run "
                             "alone"),
    (([0, 1, 2], 3), ([0], 2), "process host-a:1 runs shards 0-2 of 3: every process of the bot must run the same"),
    (([0], 2), (None, 2), "process host-a:1 runs shards 0 of 2, and a process that runs every shard"),
])
async def test_a_process_that_clashes_with_a_live_one_does_not_start_and_names_it(service, clock, theirs, mine,
                                                                                   says) -> None:
    running = ProcessBook(service.database, clock, "host-a:1")
    await running.hold(*theirs)
    starting = ProcessBook(service.database, clock, "host-b:2")
    watch = Watch(clock, lambda: running.renew(*theirs, 0.01))  # it renews while the new one waits
    with pytest.raises(ShardsTaken) as refused:
        await starting.hold(*mine, sleep=watch.sleep, monotonic=watch.monotonic)
    assert says in refused.value.message and refused.value.other.name == "host-a:1", refused.value.message
    assert "\n" not in refused.value.message and watch.slept < running.lease / 3
    assert [row.name for row, _ in (await process_report(service.database, clock)).processes] == ["host-a:1"]


async def test_processes_on_other_shards_of_the_same_count_start_side_by_side(service, clock) -> None:
    for n, shards in enumerate(([0, 1], [2], [3])):
        await ProcessBook(service.database, clock, f"host:{n}").hold(shards, 4)
    assert len((await process_report(service.database, clock)).processes) == 3


async def test_a_process_killed_without_a_word_delays_a_restart_on_its_shards_by_its_lease_at_most(service,
                                                                                                   clock) -> None:
    killed = ProcessBook(service.database, clock, "host-a:1", lease=30.0)
    await killed.hold([1], 2)
    clock.now += 5  # killed 5 s after its last renewal: nobody renews its row again
    said = []
    watch = Watch(clock)
    again = ProcessBook(service.database, clock, "host-a:2", lease=30.0)
    await again.hold([1], 2, sleep=watch.sleep, monotonic=watch.monotonic, waiting=lambda row, why: said.append(why))
    assert watch.slept <= killed.lease + 3.5 and said == [
        "process host-a:1 holds shard 1 of 2 already: give every shard to exactly one process"]
    report = await process_report(service.database, clock)
    assert [(row.name, gone) for row, gone in report.processes] == [("host-a:1", True), ("host-a:2", False)]
    # The killed one's row, with its lease ended, keeps no one else out either.
    await ProcessBook(service.database, clock, "host-b:3").hold([0], 2)


async def test_of_processes_starting_at_once_on_one_shard_one_runs_and_the_others_name_it(service,
                                                                                           monkeypatch) -> None:
    import time

    monkeypatch.setattr(processes, "SHORTEST_LEASE", 0.5)  # quick renewals: the test waits for them

    def real() -> float:
        return time.time()

    books = [ProcessBook(service.database, real, f"host:{n}", lease=0.6) for n in range(4)]
    renewing = []

    async def start(book):
        await book.hold([0], 1)

        async def keep():
            while True:
                await asyncio.sleep(book.lease / 3)
                await book.renew([0], 1, None)
        renewing.append(asyncio.create_task(keep()))
        return book.name

    try:
        outcomes = await asyncio.gather(*(start(book) for book in books), return_exceptions=True)
    finally:
        for task in renewing:
            task.cancel()
    (winner,) = [o for o in outcomes if isinstance(o, str)]
    refused = [o for o in outcomes if not isinstance(o, str)]
    assert len(refused) == 3 and all(isinstance(o, ShardsTaken) and o.other.name == winner for o in refused), outcomes
    assert [row.name for row, gone in (await process_report(service.database, real)).processes if not gone] == [winner]


async def test_a_process_that_finds_another_on_its_shards_gives_them_up_and_its_row_says_so(service, clock) -> None:
    frozen = ProcessBook(service.database, clock, "host-a:1", lease=30.0)
    await frozen.hold([1], 2)
    clock.now += 31  # frozen (SIGSTOP, a lost database) past its lease; another process takes the shard
    taker = ProcessBook(service.database, clock, "host-b:2", lease=30.0)
    await taker.hold([1], 2)
    other = await frozen.renew([1], 2, 0.01)  # it wakes up
    assert other is not None and other.name == "host-b:2" and frozen.gave_up == other
    await frozen.stopped()  # its row stays, for the owner to read
    assert await taker.renew([1], 2, 0.01) is None
    report = await process_report(service.database, clock)
    assert [(row.name, row.gave_up, gone) for row, gone in report.processes] == [
        ("host-a:1", "host-b:2", False), ("host-b:2", None, False)]


async def test_the_report_counts_the_posts_owed_and_how_long_the_oldest_waits(service, clock) -> None:
    assert (await process_report(service.database, clock)).owed.count == 0
    queued_at = clock()
    await started(service)  # its start owes posts until the bot posts them
    clock.now += 30
    owed = (await process_report(service.database, clock)).owed
    assert owed.count == len(await service.database.reads.outbox.pending()) > 0
    assert owed.oldest == queued_at


async def test_the_posts_a_process_has_claimed_are_in_its_hand_until_the_claim_expires(service, clock) -> None:
    await started(service)
    pending = await service.database.reads.outbox.pending()
    owed, game_id = len(pending), pending[0].game_id
    assert await service.claim("outbox", game_id, "host-a:1", 60.0)
    assert (await process_report(service.database, clock)).owed.in_hand == {"host-a:1": owed}
    clock.now += 61  # the holder died: nobody has them in hand, they are still owed
    report = await process_report(service.database, clock)
    assert report.owed.in_hand == {} and report.owed.count == owed


async def test_a_process_frozen_while_it_holds_the_processes_lock_keeps_no_other_from_starting(clock) -> None:
    """A process stopped (a stalled machine, SIGSTOP) inside its heartbeat's transaction holds the lock on the
    processes' rows: the server ends that transaction once it has waited LOCK_IDLE_MS on its process, and another
    process takes its shards then, instead of waiting until the frozen one wakes. The frozen one, woken, learns that
    its transaction is gone, and its next one works."""
    async with fresh_database() as url:
        frozen, other = [await GameService.open(url, clock=clock, secret="one bot") for _ in range(2)]
        loop = asyncio.get_running_loop()
        locked, woken = loop.create_future(), asyncio.Event()

        async def beat_frozen_half_way() -> None:
            async with frozen.database.transaction() as tx:
                await tx.processes.lock()
                locked.set_result(loop.time())
                await woken.wait()  # frozen: it sends nothing more until it wakes

        beat = asyncio.create_task(beat_frozen_half_way())
        try:
            began = await locked
            await asyncio.wait_for(ProcessBook(other.database, clock, "host-b:1").hold([1], 2), timeout=20)
            waited = loop.time() - began
            woken.set()
            with pytest.raises((DatabaseUnavailable, OutcomeUnknown)):  # the server ended it
                await beat
            # it waited for that (on a busy machine this process may have read the lock's answer late)
            assert LOCK_IDLE_MS / 2000 < waited < LOCK_IDLE_MS / 1000 + 10
            report = await process_report(other.database, clock)
            assert [(row.name, row.shards, gone) for row, gone in report.processes] == [("host-b:1", "1", False)]
            await ProcessBook(frozen.database, clock, "host-a:1").hold([0], 2)
        finally:
            beat.cancel()
            await asyncio.gather(beat, return_exceptions=True)
            for service in (frozen, other):
                await service.close()
