"""The bot's processes: each one's heartbeat row, the report of all of them (gone when a heartbeat is old) and the
posts owed, on SQLite and PostgreSQL."""

from __future__ import annotations

from bot.service.processes import FORGET_AFTER, GONE_AFTER, ProcessBook, process_report

from tests.service.helpers import started


async def test_each_process_writes_its_row_and_the_report_lists_them_by_shards(service, clock) -> None:
    one = ProcessBook(service.database, clock, "host-a:1")
    two = ProcessBook(service.database, clock, "host-b:1")
    await one.beat("0-3", 8, 0.045)
    await two.beat("4-7", 8, None)
    report = await process_report(service.database, clock)
    assert [(row.name, row.shards, row.shard_count, row.latency, gone) for row, gone in report.processes] == [
        ("host-a:1", "0-3", 8, 0.045, False), ("host-b:1", "4-7", 8, None, False)]
    assert report.now == clock() and report.processes[0][0].started_at == clock()


async def test_a_process_whose_heartbeat_is_old_is_gone_and_one_that_stopped_is_not_listed(service, clock) -> None:
    one = ProcessBook(service.database, clock, "host-a:1")
    two = ProcessBook(service.database, clock, "host-b:1")
    three = ProcessBook(service.database, clock, "host-c:1")
    for book, shards in ((one, "0"), (two, "1"), (three, "2")):
        await book.beat(shards, 3, 0.01)
    clock.now += GONE_AFTER - 1
    await one.beat("0", 3, 0.02)
    await three.stopped()
    assert [(row.name, gone) for row, gone in (await process_report(service.database, clock)).processes] == [
        ("host-a:1", False), ("host-b:1", False)]
    clock.now += 2
    report = await process_report(service.database, clock)
    assert [(row.name, row.latency, gone) for row, gone in report.processes] == [
        ("host-a:1", 0.02, False), ("host-b:1", 0.01, True)]
    # A week later the gone one's row is forgotten at the next heartbeat.
    clock.now += FORGET_AFTER
    await one.beat("0", 3, 0.02)
    assert [row.name for row, _ in (await process_report(service.database, clock)).processes] == ["host-a:1"]


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
