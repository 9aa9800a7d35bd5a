"""``python -m bot`` itself, as a process, against the fake Discord (configured by the environment)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def bot_environment(fake: FakeDiscord, database: str, **settings: str) -> dict[str, str]:
    """The environment of ``python -m bot`` against ``fake`` (token ``process-token``) on ``database``: this one's
    without its Discord and SY_ settings (:func:`process_environment`), plus ``settings``."""
    return process_environment(DISCORD_TOKEN="process-token", SY_DATABASE=database, DISCORD_API_BASE=fake.api_base,
                               DISCORD_GATEWAY_URL=fake.gateway_url, SY_LOG_LEVEL="INFO", **settings)


def process_environment(**settings: str) -> dict[str, str]:
    """This process's environment without its Discord and SY_ settings, plus ``settings``, the repository on the
    path, and no trusted certificates. A bot process speaks plain HTTP to the fake, while aiohttp, as it is imported,
    reads every certificate SSL_CERT_FILE names into two TLS contexts: a fifth of what a process spent on its imports
    (0.47 of 2.23 G instructions). Without them, a request that reached for the real Discord would fail to verify
    it, not go through."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SY_"))}
    env.update(PYTHONPATH=str(ROOT), SSL_CERT_FILE=os.devnull, SSL_CERT_DIR=os.devnull, **settings)
    return env


async def stopped(process: asyncio.subprocess.Process) -> str:
    """SIGTERM (what ``docker stop`` sends), a kill if it lingers; the process's output."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), 10)
        except asyncio.TimeoutError:
            process.kill()
            await process.wait()
    return (await process.stdout.read()).decode(errors="replace")


@pytest.mark.asyncio
async def test_python_dash_m_bot_runs_against_a_discord_compatible_server(tmp_path) -> None:
    async with FakeDiscord(token="process-token", point=False) as fake:
        guild = fake.add_guild("Baker Street")
        channel = fake.add_channel(guild, "game")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        env = bot_environment(fake, str(tmp_path / "db" / "sy.sqlite3"))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        try:
            await fake.wait_for_ready(timeout=45)  # a ceiling: a loaded machine starts Python slowly
            await fake.wait_until(lambda: fake.command_syncs, timeout=10)
            await asyncio.sleep(0.3)  # the guild's GUILD_CREATE, then the interaction
            handle = await fake.slash(alice, channel, "sy", "new", {"rules": "classic"})
            lobby = await handle.wait_reply(timeout=10)
            assert lobby.kind == "channel" and "new game" in lobby.text
            assert "sy:lobby:1:join_x" in lobby.custom_ids
            assert (tmp_path / "db" / "sy.sqlite3").exists()
        finally:
            output = await stopped(process)
        assert process.returncode == 0, output  # SIGTERM: a clean shutdown
        assert "Traceback" not in output, output
        fake.assert_clean()


@pytest.mark.asyncio
async def test_two_processes_of_one_bot_each_hold_their_shard_and_only_shard_0_syncs(tmp_path) -> None:
    from tests.store.postgres_server import server

    pg = server()
    database = await pg.new_database()
    async with FakeDiscord(token="process-token", point=False) as fake:
        home = fake.add_guild("Home", shard=(1, 2))
        channel = fake.add_channel(home, "game")
        alice = fake.add_user("alice")
        fake.add_member(home, alice)
        env = bot_environment(fake, database)
        processes = [await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", "--shards", str(shard), "--shard-count", "2", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT) for shard in (1, 0)]
        try:
            await fake.wait_until(lambda: len(fake.gateway.identifies) == 2 and fake.command_syncs, timeout=45)
            assert sorted(i["shard"] for i in fake.gateway.identifies) == [[0, 2], [1, 2]]
            await asyncio.sleep(0.3)  # the guild's GUILD_CREATE, then the interaction
            # Home's events go to shard 1's process; it answers, on the games both share.
            lobby = await (await fake.slash(alice, channel, "sy", "new", {"rules": "classic"})).wait_reply(timeout=10)
            assert lobby.kind == "channel" and "new game" in lobby.text
        finally:
            outputs = [await stopped(process) for process in processes]
            await pg.release_database(database)
        one, zero = outputs
        assert [p.returncode for p in processes] == [0, 0], outputs
        assert len(fake.command_overwrites) == 1  # shard 0's process synced, shard 1's did not
        assert "the process with shard 0 syncs the commands" in one and "slash commands" not in one
        assert "slash commands synced" in zero
        for output, shard in ((one, 1), (zero, 0)):
            lines = [line for line in output.splitlines() if line.strip()]
            assert lines and all(f"[shards {shard}/2]" in line for line in lines), output
            assert "Traceback" not in output, output
        fake.assert_clean()
