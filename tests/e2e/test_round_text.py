"""The round's summary names what the bot knows of Mr. X, in the game's language, never more than everyone knows:
the stations where he may be when they are few (up to six), the one he must be at when only one is left, else how
many; and it reads in order: the round, the logbook, where he may be, whose turn it is last."""

from __future__ import annotations

import re

import pytest

from bot.chat.posts import NAMED

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game, summary_title

SAID = {"en": ("❓ He may be at ", "❗ He must be at ", " or ", ".", "❓ He may be at any of {n} stations."),
        "de": ("❓ Er kann auf ", "❗ Er muss auf ", " oder ", " stehen.", "❓ Er kann auf einer von {n} Haltestellen "
                                                                          "stehen.")}


def summaries(fake, channel) -> list:
    return [m for m in fake.channel_messages(channel) if summary_title(m)]


async def check_where(game, language: str) -> tuple[int, int]:
    """Each summary's line on where Mr. X may be, against the public view as its round ended; returns how many
    named several stations, and how many one."""
    may, must, joined, end, many = SAID[language]
    several = one = 0
    for m in summaries(game.fake, game.world.channel):
        ended = int(re.search(r"(\d+)", summary_title(m))[1])
        view = await game.service.public_view(game.game_id, after_round=ended)
        if view.outcome is not None:
            continue
        stations = sorted(view.possible)
        line = next(x for x in m.content.splitlines() if x.startswith(("❓", "❗")))
        if view.mrx_shown is not None:
            assert f"**{view.mrx_shown}**" in line, line
        elif len(stations) == 1:
            one += 1
            assert line == f"{must}**{stations[0]}**{end}", (line, stations)
        elif len(stations) <= NAMED:
            several += 1
            listed = ", ".join(f"**{s}**" for s in stations[:-1]) + f"{joined}**{stations[-1]}**"
            assert line == f"{may}{listed}{end}", (line, stations)
        else:
            assert line == many.format(n=len(stations)), (line, stations)
    return several, one


def check_order(message) -> None:
    """The round, the logbook, (when he shows himself next,) where he may be, and the call to act last."""
    lines = message.content.splitlines()
    lines = lines[next(i for i, x in enumerate(lines) if x.startswith("📋")):]  # (the seals above it, for now)
    assert lines[0].startswith("📋") and lines[1].startswith("📒"), lines
    where = next(i for i, x in enumerate(lines) if x.startswith(("❓", "❗")))
    assert where > 1 and lines[-1].startswith(("🎩", "➡️", "🎲", "⏳", "😬", "📍")), lines


@pytest.mark.asyncio
@pytest.mark.parametrize("rules,language", [("classic", "en"), ("classic", "de"), ("sanssouci", "en")])
async def test_the_summary_names_where_mr_x_may_be(game: Game, rules: str, language: str) -> None:
    w, fake = game.world, game.fake
    if language == "de":
        w.guild.preferred_locale = "de"
    await game.open(rules=rules, seed=8, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: s.is_over or s.round > 12)
    several, one = await check_where(game, language)
    assert several + one >= 2
    for m in summaries(fake, w.channel)[:-1]:
        check_order(m)


@pytest.mark.asyncio
async def test_the_dice_game_says_where_he_must_be(dice: DiceGame) -> None:
    w = dice.world
    await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol, w.dave))
    await dice.start()
    await dice.play_dice(ways=("buttons",))
    several, one = await check_where(dice, "en")
    assert several + one >= 1
    for m in summaries(dice.fake, w.channel)[:-1]:
        check_order(m)
