"""Provably fair in the channel: the start post seals Mr. X's start, each of his moves seals its entry, the
summaries list the seals so far, the final post gives the key, and /sy verify checks the game (English and
German). Nothing a seal shows says where he is: the seals are what the record opens."""

from __future__ import annotations

import json
import re

import pytest

from bot.fairness.commitments import SHORT

from tests.e2e.helpers import Game

SEAL = re.compile(r"`([0-9a-f]{%d})`" % SHORT)


async def played(game: Game, seed: int = 3) -> dict:
    w = game.world
    await game.open(seed=seed, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(mrx="greedy", detectives="greedy")
    answer = await game.reply(w.alice, "export")
    (data,) = answer.files.values()
    return json.loads(data)


@pytest.mark.asyncio
async def test_every_seal_is_posted_when_its_station_is_fixed_and_opens_at_the_end(game: Game) -> None:
    w = game.world
    record = await played(game)
    public = game.fake.channel_messages(w.channel)
    entries = record["fairness"]["entries"]
    started = next(m for m in public if "Mr. X's start is sealed" in m.text)
    assert SEAL.findall(started.text) == [entries[0]["commitment"][:SHORT]]
    # each entry's seal appears in a post made before any later detective move was announced
    sealed = [(i, n, v) for i, m in enumerate(public) for n, v in re.findall(r"(\d+) `([0-9a-f]{6})`", m.text)
              if "🔒 Sealed:" in m.text]
    assert [v for _, _, v in sealed] == [e["commitment"][:SHORT] for e in entries[1:]]
    assert [int(n) for _, n, _ in sealed] == list(range(1, len(entries)))
    summaries = [m for m in public if "🔒 Seals so far:" in m.text]
    assert summaries and SEAL.findall(summaries[-1].text)[0] == entries[0]["commitment"][:SHORT]
    over = next(m for m in reversed(public) if "🔑" in m.text)
    assert record["fairness"]["key"] in over.text
    verdict = await game.reply(w.carol, "verify")
    assert verdict.kind == "ephemeral" and "checks out" in verdict.text, verdict.text


@pytest.mark.asyncio
async def test_verify_answers_in_german_and_refuses_a_running_game(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    running = await game.reply(w.carol, "verify")
    assert running.kind == "ephemeral" and "once the game is over" in running.text
    await game.play(mrx="greedy", detectives="greedy")
    await game.reply(w.carol, "sy-me language", {"language": "de"}, channel="dm")
    verdict = await game.reply(w.carol, "verify")
    assert "ist stimmig" in verdict.text and "Stimmig:" in verdict.text, verdict.text
