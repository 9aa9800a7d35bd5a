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


@pytest.mark.asyncio
async def test_python_dash_m_bot_runs_against_a_discord_compatible_server(tmp_path) -> None:
    async with FakeDiscord(token="process-token", point=False) as fake:
        guild = fake.add_guild("Baker Street")
        channel = fake.add_channel(guild, "game")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SY_"))}
        env.update(DISCORD_TOKEN="process-token", SY_DATABASE=str(tmp_path / "db" / "sy.sqlite3"),
                   DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url, SY_LOG_LEVEL="INFO",
                   PYTHONPATH=str(ROOT))
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
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(process.wait(), 10)
                except asyncio.TimeoutError:
                    process.kill()
                    await process.wait()
            output = (await process.stdout.read()).decode(errors="replace")
        assert process.returncode == 0, output  # SIGTERM: a clean shutdown
        assert "Traceback" not in output, output
        fake.assert_clean()
