"""Start-up: pointing the client at a Discord-compatible server, and the pictures' guard rails."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.chat.client import intents
from bot.chat.picture_jobs import Pictures
from bot.chat.runner import point_at
from bot.games.london.engine import GameState

ROOT = Path(__file__).resolve().parents[2]


def test_point_at_redirects_rest_and_gateway() -> None:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        point_at("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/gateway")
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"
        point_at(None, None)  # nothing set: nothing changes
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


def test_only_non_privileged_intents() -> None:
    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds


@pytest.mark.asyncio
async def test_public_pictures_refuse_mr_x_view() -> None:
    state = GameState.new("classic", players=3, seed=1)
    pictures = Pictures(width=320)
    with pytest.raises(TypeError):
        await pictures.board(state.mrx_view())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await pictures.mrx_board(state.public_view())  # type: ignore[arg-type]
    png = await pictures.board(state.public_view())
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"


def test_run_without_a_token_explains_and_lists_the_tools(tmp_path, monkeypatch, capsys) -> None:
    from bot.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert "run" in out and "simulate" in out and "DISCORD_TOKEN" in err
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_no_discord_at_start_is_one_line_and_exit_code_2(tmp_path) -> None:
    api = f"http://127.0.0.1:{_closed_port()}/api/v10"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SY_"))}
    # no trusted certificates: the process speaks plain HTTP, and aiohttp would read them all as it is imported (a
    # fifth of the process's CPU; tests.e2e.test_process.bot_environment says more)
    env.update(DISCORD_TOKEN="token-that-is-never-used", DISCORD_API_BASE=api, SY_DATABASE=str(tmp_path / "sy.sqlite3"),
               PYTHONPATH=str(ROOT), SSL_CERT_FILE=os.devnull, SSL_CERT_DIR=os.devnull)
    done = subprocess.run([sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == [done.stderr.splitlines()[-1]] and errors[0].startswith(f"error: cannot reach Discord at {api}: ")
    assert "Traceback" not in done.stderr


@pytest.mark.asyncio
async def test_a_refusal_while_starting_is_one_sentence(tmp_path) -> None:
    from bot.chat.runner import DiscordUnreachable, serve
    from bot.config import Config
    from tests.fakediscord import FakeDiscord

    async with FakeDiscord():
        unknown_server = 4242
        with pytest.raises(DiscordUnreachable, match=r"^Discord refused a request while the bot started: 404 .*"
                                                     r"Unknown Guild$"):
            await serve(Config(token="fake-token", database=tmp_path / "sy.sqlite3", dev_guild=unknown_server))


class _Built(Exception):
    """Raised by the stand-in bot: the test only wants what the runner built it with."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lease, poll", [("2", 2.0), ("", 20.0), ("90", 20.0)])
async def test_the_claim_lease_setting_reaches_the_bot_and_the_poll_looks_as_often(tmp_path, monkeypatch,
                                                                                  lease, poll) -> None:
    """SY_CLAIM_LEASE is the lease of every claim the process makes, and a dead process's work waits at most a
    lease and a poll: the poll never waits longer than a lease (nor longer than its 20 s)."""
    import bot.chat.client
    from bot.chat.leases import LEASE
    from bot.chat.runner import serve
    from bot.config import load_config

    built = {}

    def stand_in(service, **kwargs):
        built.update(kwargs)
        raise _Built

    monkeypatch.setattr(bot.chat.client, "ScotlandYardBot", stand_in)
    config = load_config({"DISCORD_TOKEN": "t", "SY_DATABASE": str(tmp_path / "sy.sqlite3"), "SY_CLAIM_LEASE": lease},
                         dotenv=None)
    with pytest.raises(_Built):
        await serve(config)
    assert built["claimant"].lease == (float(lease) if lease else LEASE)
    assert built["poll_interval"] == poll
