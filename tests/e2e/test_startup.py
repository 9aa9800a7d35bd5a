"""What the bot does when it starts: where its commands go, what it logs (and what it keeps quiet)."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import discord
import pytest

from bot.chat.client import ScotlandYardBot, invite_url
from bot.service import GameService
from tests.fakediscord import FakeDiscord

from tests.e2e.helpers import RecordingPictures, World

README = Path(__file__).resolve().parents[2] / "README.md"


def _bot(service: GameService, dev_guild: int | None = None) -> ScotlandYardBot:
    return ScotlandYardBot(service, pictures=RecordingPictures(), reminder_interval=None, dev_guild=dev_guild)


async def _start_and_stop(fake: FakeDiscord, service: GameService, dev_guild: int | None = None) -> None:
    async with fake.run_bot(_bot(service, dev_guild)):
        pass


def _names(commands: list[dict]) -> list[str]:
    return [c["name"] for c in commands]


def test_the_invite_link_is_the_one_the_readme_gives() -> None:
    link = re.search(r"^https://discord\.com/oauth2/authorize\?\S+$", README.read_text(), re.MULTILINE).group(0)
    assert invite_url(1234) == link.replace("APP_ID", "1234")
    assert "&scope=bot+applications.commands&permissions=" in invite_url(1234)


@pytest.mark.asyncio
async def test_the_bot_logs_its_invite_link_once_it_knows_its_application_id(fake, service, caplog) -> None:
    caplog.set_level(logging.INFO, logger="bot.chat.client")
    await _start_and_stop(fake, service)
    invites = [r.getMessage() for r in caplog.records if "invite link" in r.getMessage()]
    assert invites == [f"invite link: {invite_url(fake.application_id)}"]
    assert f"client_id={fake.application_id}&" in invites[0]


@pytest.mark.asyncio
async def test_no_warnings_about_voice_which_the_bot_never_uses(service, caplog, monkeypatch) -> None:
    # As on a machine without PyNaCl and davey, whatever this one has installed.
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    caplog.set_level(logging.DEBUG, logger="discord")
    _bot(service)
    assert not [r for r in caplog.records if "voice" in r.getMessage()]


@pytest.mark.asyncio
async def test_with_a_development_server_the_commands_live_there_only(fake, world: World, service) -> None:
    await _start_and_stop(fake, service)
    assert fake.command_overwrites == [None] and _names(fake.commands()) == ["sy", "sy-host", "sy-me"]

    # The development server gets the commands, the global copy (which it would list too) goes.
    await _start_and_stop(fake, service, dev_guild=world.guild.id)
    assert fake.command_overwrites == [None, world.guild.id, None]
    assert _names(fake.commands(world.guild)) == ["sy", "sy-host", "sy-me"] and fake.commands() == []
    async with fake.run_bot(_bot(service, dev_guild=world.guild.id)):  # unchanged: nothing synced again
        handle = await fake.slash(world.alice, world.channel, "sy", "help")
        assert await handle.wait_reply(timeout=5)
    assert fake.command_overwrites == [None, world.guild.id, None]

    # Another development server: the first one's copy goes too.
    other = fake.add_guild("Scotland Yard HQ")
    await _start_and_stop(fake, service, dev_guild=other.id)
    assert fake.command_overwrites[3:] == [other.id, world.guild.id]
    assert fake.commands(world.guild) == [] and _names(fake.commands(other)) == ["sy", "sy-host", "sy-me"] and fake.commands() == []

    # Back to normal: global commands only.
    await _start_and_stop(fake, service)
    assert fake.command_overwrites[5:] == [None, other.id]
    assert _names(fake.commands()) == ["sy", "sy-host", "sy-me"] and fake.commands(other) == [] and fake.commands(world.guild) == []
    fake.assert_clean()


COMMANDS = r"/applications/\d+/commands$"


def _retrying_bot(service: GameService) -> ScotlandYardBot:
    return ScotlandYardBot(service, pictures=RecordingPictures(), reminder_interval=None,
                           sync_retry_delays=(0.05, 0.1))


@pytest.mark.asyncio
async def test_a_failed_command_sync_does_not_stop_the_bot_it_syncs_again_in_the_background(
        fake, world: World, service, caplog) -> None:
    caplog.set_level(logging.INFO, logger="bot.chat")
    fake.fail_next("PUT", COMMANDS, status=503, times=2)  # Discord down for the first two tries
    async with fake.run_bot(_retrying_bot(service)):
        # Up and answering with whatever commands Discord has (none yet), and the sync comes through.
        await fake.wait_until(lambda: fake.commands(), timeout=5)
        assert len(fake.command_overwrites) == 1 and _names(fake.commands()) == ["sy", "sy-host", "sy-me"]
        handle = await fake.slash(world.alice, world.channel, "sy", "help")
        assert await handle.wait_reply(timeout=5)
    failures = [r.getMessage() for r in caplog.records if "sync failed" in r.getMessage()]
    assert len(failures) == 2 and all("503" in line for line in failures), failures
    assert "starting anyway" in failures[0] and "try 1" in failures[1]
    assert [r.levelname for r in caplog.records if "sync failed" in r.getMessage()] == ["WARNING", "WARNING"]
    # Synced once: the next start finds the stored digest and Discord's copy alike.
    async with fake.run_bot(_retrying_bot(service)):
        pass
    assert len(fake.command_overwrites) == 1
    fake.assert_clean()


@pytest.mark.asyncio
async def test_commands_removed_on_discords_side_come_back_though_the_digest_says_unchanged(
        fake, world: World, service, caplog) -> None:
    await _start_and_stop(fake, service)
    assert fake.command_overwrites == [None]
    fake.global_commands.clear()  # another deployment of the application overwrote them with nothing
    caplog.set_level(logging.INFO, logger="bot.chat.sync")
    await _start_and_stop(fake, service)
    assert fake.command_overwrites == [None, None] and _names(fake.commands()) == ["sy", "sy-host", "sy-me"]
    assert any("differ on Discord's side" in r.getMessage() for r in caplog.records)
    # One GET of the scope per start, and nothing synced when both agree.
    gets = len(fake.requests_to("GET", COMMANDS))
    await _start_and_stop(fake, service)
    assert fake.command_overwrites == [None, None] and len(fake.requests_to("GET", COMMANDS)) == gets + 1
    fake.assert_clean()


@pytest.mark.asyncio
async def test_a_command_changed_on_discords_side_is_synced_again(fake, world: World, service) -> None:
    await _start_and_stop(fake, service)
    fake.global_commands[0]["description"] = "something else"
    await _start_and_stop(fake, service)
    assert fake.command_overwrites == [None, None] and fake.commands()[0]["description"] != "something else"


@pytest.mark.asyncio
async def test_when_discord_cannot_list_the_commands_the_bot_starts_and_checks_again(fake, world: World,
                                                                                      service) -> None:
    await _start_and_stop(fake, service)
    fake.global_commands.clear()
    fake.fail_next("GET", COMMANDS, status=503)
    async with fake.run_bot(_retrying_bot(service)):
        await fake.wait_until(lambda: fake.commands(), timeout=5)
    assert fake.command_overwrites == [None, None]
    fake.assert_clean()


@pytest.mark.asyncio
async def test_a_process_without_shard_0_leaves_the_commands_alone(fake, world: World, service) -> None:
    bot = ScotlandYardBot(service, pictures=RecordingPictures(), reminder_interval=None, sync_commands=False,
                          shard_ids=[1], shard_count=2)
    async with fake.run_bot(bot):
        assert bot.shard_ids == [1] and bot.shard_count == 2
    assert fake.command_overwrites == [] and not fake.requests_to("GET", COMMANDS)
    assert [i["shard"] for i in fake.gateway.identifies] == [[1, 2]]


@pytest.mark.asyncio
async def test_a_shard_another_process_holds_stops_the_start_with_one_line(fake, world: World, service,
                                                                         monkeypatch) -> None:
    """Discord would let a second process identify on a held shard (the fake does as Discord does): the bot's own
    book of processes refuses it, before it connects, in one line naming the process that holds it."""
    from bot.chat.leases import Claimant
    from bot.chat.runner import _start
    from bot.service import processes
    from bot.service.processes import ShardsTaken

    monkeypatch.setattr(processes, "SHORTEST_LEASE", 0.5)  # quick renewals: the second process waits for one

    def holding(shard: int, name: str, count: int = 2) -> ScotlandYardBot:
        return ScotlandYardBot(service, pictures=RecordingPictures(), reminder_interval=None, sync_commands=False,
                               shard_ids=[shard], shard_count=count, claimant=Claimant(name, lease=0.6))

    async with fake.run_bot(holding(1, "first:1")):
        for second in (holding(1, "second:2"), holding(0, "third:3", count=3)):
            async with second:
                with pytest.raises(ShardsTaken) as refused:
                    await asyncio.wait_for(_start(second, "fake-token"), 20)
            assert "\n" not in refused.value.message and "first:1" in refused.value.message, refused.value.message
    assert refused.value.message == ("this process (shards 0 of 3) does not start: process first:1 runs shards 1 of 2: "
                                     "every process of the bot must run the same SY_SHARD_COUNT (that process is "
                                     "running: it renewed its hold while this one waited)")
    assert [i["shard"] for i in fake.gateway.identifies] == [[1, 2]]  # neither connected
