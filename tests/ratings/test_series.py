"""The computer kinds' series (bench/rating_series.py): its record, rated by the bot's rating code, puts the kinds in
the expected order, and the fixed ratings the bot gives the computers are the series' ratings."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from bot.games import COMPUTER_KINDS
from bot.ratings import ALL, COMPUTERS, DETECTIVE, MRX

ROOT = Path(__file__).resolve().parents[2]


def bench():
    spec = importlib.util.spec_from_file_location("rating_series", ROOT / "bench" / "rating_series.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def recorded() -> list[dict]:
    lines = (ROOT / "bench" / "results" / "rating_series.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_series_pairs_every_two_kinds_in_turn():
    pairs = bench().pairings(200)
    assert len({(x, d) for _, x, d in pairs}) == 20 and all(x != d for _, x, d in pairs)
    assert [seed for seed, _, _ in pairs] == list(range(200))


def test_the_recorded_series_puts_the_kinds_in_the_expected_order_and_gives_the_computers_their_ratings():
    games = recorded()
    assert len(games) == 200 and {g["seed"] for g in games} == set(range(200))
    ladders = bench().rate(games)
    for ladder in (ALL, MRX, DETECTIVE):
        mus = [ladders.get(1, ladder, n).mu for n, _ in enumerate(COMPUTER_KINDS, start=1)]
        assert mus == sorted(mus), (ladder, mus)  # random < greedy < easy < normal < hard
    for n, kind in enumerate(COMPUTER_KINDS, start=1):
        for role in (MRX, DETECTIVE):
            assert COMPUTERS[(kind, role)] == pytest.approx(ladders.get(1, role, n).mu, abs=0.25)
