"""Two bot processes of one bot (shards 0 and 1 of 2) on one database: each writes its heartbeat, and the owner's
``/sy status processes:True`` lists both with their shards (one gone once its lease ended); others are refused."""

from __future__ import annotations

import logging

import pytest

from bot.chat.client import ScotlandYardBot
from bot.chat.leases import Claimant
from bot.chat.status import OWNER_ONLY
from bot.i18n import speaker

from tests.e2e.helpers import RecordingPictures


def _process(service, clock, shard: int, name: str) -> ScotlandYardBot:
    # Two processes in one test: two names (a process's heartbeat is named as its claims are).
    bot = ScotlandYardBot(service, pictures=RecordingPictures(), clock=clock, reminder_interval=None,
                          sync_commands=shard == 0, shard_ids=[shard], shard_count=2, claimant=Claimant(name))
    assert bot.heartbeat.book.name == bot.claimant.name == name
    return bot


@pytest.mark.asyncio
async def test_the_owner_sees_every_process_with_its_shards_and_the_gone_one(fake, world, service, clock,
                                                                             caplog) -> None:
    caplog.set_level(logging.INFO, logger="bot.chat.status")
    zero, one = _process(service, clock, 0, "here:3"), _process(service, clock, 1, "elsewhere:7")
    async with fake.run_bot(zero), fake.run_bot(one):
        await fake.wait_until(lambda: len([r for r in caplog.records if "shards 1 of 2" in r.getMessage()]) >= 1)
        handle = await fake.slash(fake.owner, "dm", "sy", "status", {"processes": True})
        answer = await handle.wait_reply(timeout=5)
        assert answer.kind == "ephemeral"
        lines = answer.text.splitlines()
        assert lines[0] == "🖥️ The bot's processes:"
        assert lines[1].startswith("• here:3 (this one): shards 0 of 2, latency ")
        assert lines[2].startswith("• elsewhere:7: shards 1 of 2, latency ") and "seen 0 s ago" in lines[2]
        assert lines[3] == "📮 No posts owed."

        # Shard 1's process stops renewing (killed, say): once its lease has ended it shows as gone.
        clock.now += 240
        await zero.heartbeat.beat()
        answer = await (await fake.slash(fake.owner, "dm", "sy", "status", {"processes": True})).wait_reply(timeout=5)
        gone = [line for line in answer.text.splitlines() if line.startswith("• elsewhere:7:")]
        assert gone == ["• elsewhere:7: shards 1 of 2, gone (last seen 4 minutes ago)"]

        # Anyone else is refused, in their language; /sy status without the option is unchanged for them.
        refused = await (await fake.slash(world.alice, world.channel, "sy", "status", {"processes": True},
                                          locale="de")).wait_reply(timeout=5)
        assert refused.kind == "ephemeral" and refused.text == speaker("de")._(OWNER_ONLY)
        assert refused.text.startswith("⛔ Nur der Besitzer")
    # Each process logged every process on its first heartbeat, naming the shards.
    logged = [r.getMessage() for r in caplog.records if r.name == "bot.chat.status"]
    assert any(line.startswith("elsewhere:7 (this one): shards 1 of 2") for line in logged), logged
    fake.assert_clean()


@pytest.mark.asyncio
async def test_the_heartbeat_touches_the_health_file_while_discord_and_the_database_answer(fake, service, clock,
                                                                                         tmp_path) -> None:
    import os

    from bot.cli import main

    alive = tmp_path / "alive"
    bot = ScotlandYardBot(service, pictures=RecordingPictures(), clock=clock, reminder_interval=None,
                          claimant=Claimant("here:1"), health_file=alive)
    async with fake.run_bot(bot):
        await fake.wait_until(lambda: alive.exists())  # the first beat, once ready
        os.utime(alive, (0, 0))
        await bot.heartbeat.beat()
        assert alive.stat().st_mtime > 1e9  # touched again
        assert main(["health", "--file", str(alive)]) == 0
        # The database goes away: the beat fails, and the file is not touched.
        await service.close()
        os.utime(alive, (0, 0))
        with pytest.raises(Exception):
            await bot.heartbeat.beat()
        assert alive.stat().st_mtime == 0
        assert main(["health", "--file", str(alive)]) == 1
