"""The lobby once the game starts: a short card that points to the game's start post (or its thread), and
at the end to its result; joining by command leaves no post behind in the channel (the lobby's post
shows who is in)."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import Game


@pytest.mark.asyncio
async def test_the_closed_lobby_is_a_card_pointing_to_the_start_and_then_to_the_result(game: Game) -> None:
    w, fake = game.world, game.fake
    # seed 8: caught in round 9 (seed 6's game took twice as long): the card points to the start, then the result
    lobby = await game.open(seed=8, mrx=w.bob, detectives=(w.carol, w.dave))
    # Carol and Dave joined by command: each got a private answer, the channel holds the lobby alone.
    assert [m.id for m in fake.channel_messages(w.channel)] == [lobby.id]
    assert f"<@{w.carol.id}>" in lobby.text and f"<@{w.dave.id}>" in lobby.text
    answers = fake.ephemeral_messages(w.carol)
    assert answers and "joined as" in answers[-1].text
    await game.start()
    start = next(m for m in fake.channel_messages(w.channel) if "🚦" in m.content)
    link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}/{start.id}"
    assert link in lobby.embeds[0]["description"] and lobby.live_components == []
    assert lobby.embeds[0].get("fields", []) == []  # short: no list of players (the start post names them)
    await game.play(ways=("dm",))
    await game.settle()
    end = next(m for m in reversed(fake.channel_messages(w.channel)) if m.embeds and "🏆" in m.embeds[0]["title"])
    assert f"/{end.id})" in lobby.embeds[0]["description"] and "over" in lobby.embeds[0]["description"]


@pytest.mark.asyncio
async def test_the_lobby_card_speaks_the_games_language(game: Game) -> None:
    w = game.world
    w.guild.preferred_locale = "de"
    lobby = await game.open(seed=6, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    assert "Das Spiel läuft" in lobby.embeds[0]["description"], lobby.text
