"""Start-up: pointing the client at a Discord-compatible server, and the pictures' guard rails."""

from __future__ import annotations

import discord
import pytest

from bot.chat.client import intents
from bot.chat.picture_jobs import Pictures
from bot.chat.runner import point_at
from bot.game import GameState


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
