"""The round's summary names the stations where Mr. X may be whenever the close-up shows each of them
(``possible_stations``), in the game's language; never more than everyone knows."""

from __future__ import annotations

import re

import pytest

from bot.games.london.pictures.zoom import possible_stations

from tests.e2e.helpers import Game

SAID = {"en": ("Mr. X may be at ", " or "), "de": ("Mister X könnte auf ", " oder ")}


@pytest.mark.asyncio
@pytest.mark.parametrize("rules,language", [("classic", "en"), ("classic", "de"), ("sanssouci", "en")])
async def test_the_summary_names_where_mr_x_may_be(game: Game, rules: str, language: str) -> None:
    w, fake = game.world, game.fake
    if language == "de":
        w.guild.preferred_locale = "de"
    await game.open(rules=rules, seed=8, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: s.is_over or s.round > 12)
    summaries = [m for m in fake.channel_messages(w.channel) if m.embeds and "📋" in m.embeds[0].get("title", "")]
    said, joined = SAID[language]
    named = 0
    for m in summaries:
        ended = int(re.search(r"(\d+)", m.embeds[0]["title"])[1])
        view = await game.service.public_view(game.game_id, after_round=ended)
        stations = possible_stations(view)
        line = next((x for x in m.text.splitlines() if x.startswith(said)), None)
        if len(stations) > 1:
            named += 1
            listed = ", ".join(f"**{s}**" for s in stations[:-1]) + f"{joined}**{stations[-1]}**"
            assert line == f"{said}{listed}" + (" stehen." if language == "de" else "."), (line, stations)
        else:
            assert line is None, line
    assert named >= 2
