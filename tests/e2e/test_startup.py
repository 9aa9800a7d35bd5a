"""What the bot does when it starts: where its commands go, what it logs (and what it keeps quiet)."""

from __future__ import annotations

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
    assert fake.command_overwrites == [None] and _names(fake.commands()) == ["sy"]

    # The development server gets the commands, the global copy (which it would list too) goes.
    await _start_and_stop(fake, service, dev_guild=world.guild.id)
    assert fake.command_overwrites == [None, world.guild.id, None]
    assert _names(fake.commands(world.guild)) == ["sy"] and fake.commands() == []
    async with fake.run_bot(_bot(service, dev_guild=world.guild.id)):  # unchanged: nothing synced again
        handle = await fake.slash(world.alice, world.channel, "sy", "help")
        assert await handle.wait_reply(timeout=5)
    assert fake.command_overwrites == [None, world.guild.id, None]

    # Another development server: the first one's copy goes too.
    other = fake.add_guild("Scotland Yard HQ")
    await _start_and_stop(fake, service, dev_guild=other.id)
    assert fake.command_overwrites[3:] == [other.id, world.guild.id]
    assert fake.commands(world.guild) == [] and _names(fake.commands(other)) == ["sy"] and fake.commands() == []

    # Back to normal: global commands only.
    await _start_and_stop(fake, service)
    assert fake.command_overwrites[5:] == [None, other.id]
    assert _names(fake.commands()) == ["sy"] and fake.commands(other) == [] and fake.commands(world.guild) == []
    fake.assert_clean()
