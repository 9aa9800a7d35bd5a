"""The transcripts in docs/transcripts (tools/transcripts.py) come from whole games through the real bot, and
hold the channel to its rhythm: one post per move, one summary per round, a mention only for a new turn."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import transcripts  # noqa: E402

SETUPS = {s.name: s for s in transcripts.GAMES}


def played(rounds):
    return [r for r in rounds if r.name.startswith("round")]


@pytest.mark.asyncio
async def test_a_dice_game_posts_once_a_turn_and_once_a_summary() -> None:
    text, rounds = await transcripts.transcribe(SETUPS["dice"])
    later = played(rounds)[1:]  # the first round has the start picks too
    assert len(later) >= 5
    for r in later:
        # three detectives' turns (a roll rewrites its post), Mr. X's move, the summary
        assert len(r.posts) == 5 and r.posts[-1].summary, [p.text for p in r.posts]
        assert r.mentions <= 4
    assert "| **per round" in text and "## Round 2" in text


@pytest.mark.asyncio
async def test_a_classic_game_in_its_thread_keeps_the_channel_to_the_lobby_and_the_result() -> None:
    text, rounds = await transcripts.transcribe(SETUPS["classic-de"])
    posts = [p for r in rounds for p in r.posts]
    in_channel = [p for p in posts if not p.in_thread]
    assert len(in_channel) == 2 and "🏁" in in_channel[-1].text  # the lobby (no join lines), the result
    for r in played(rounds):
        assert sum(p.summary for p in r.posts) == 1 and r.posts[-1].summary
        assert len(r.posts) <= 6  # Mr. X's move, four detectives' moves, the summary
        assert not any(p.live for p in r.posts)  # every passed turn post lost its button
    assert "(thread)" in text and "Runde 1 ist vorbei" in text
