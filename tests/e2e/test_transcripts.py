"""The transcripts in docs/transcripts (tools/transcripts.py) come from whole games through the real bot, and
hold the channel to its rhythm: one post per move, one summary per round, a mention only for a new turn."""

from __future__ import annotations

import dataclasses
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


@pytest.mark.asyncio
async def test_a_classic_round_fits_one_phone_screen() -> None:
    """Issue 35: a round of a whole classic game (its move posts and its summary) reads in at most 18 phone lines
    of 38 columns on average; and the summary says the round, the logbook, where he may be, the call last."""
    posts, people = await transcripts.played(SETUPS["classic-en"])
    rounds = played(transcripts.rounds_of(posts))
    assert len(rounds) >= 10

    def lines(post) -> int:
        # The growing list of every seal so far goes with issue 33's change (one seal on Mr. X's post instead).
        shown = tuple(line for line in post.shown if not line.startswith("🔒 Seals so far"))
        return len(transcripts.phone_lines(dataclasses.replace(post, shown=shown), people))

    per_round = [sum(lines(p) for p in r.posts) for r in rounds]
    assert sum(per_round) / len(per_round) <= 18, per_round
    for r in rounds[:-1]:
        summary = [line for line in r.posts[-1].shown if not line.startswith("🔒")]
        assert summary[0].startswith("📋") and summary[1].startswith("📒") and summary[-1].startswith("🎩"), summary
