"""The replay: an animated GIF, a frame per round, made only after the game."""

from __future__ import annotations

import pytest

from bot.games.london.pictures import render_replay, round_views

from tests.games.london.pictures.conftest import decode
from bot.games.london.engine import export_record


def test_round_views_start_and_follow_every_round(finished):
    views = round_views(export_record(finished))
    assert views[0].round == 1 and not views[0].logbook
    assert views[-1].outcome == finished.outcome
    assert [v.round for v in views[1:-1]] == list(range(2, len(views)))


def test_replay_is_a_gif_with_a_frame_per_view(finished):
    views = round_views(export_record(finished))
    data = render_replay(views)
    img = decode(data)
    assert img.format == "GIF" and img.n_frames == len(views)
    assert img.info.get("loop") == 0
    assert len(data) < 8 * 1024 * 1024


def test_replay_refuses_a_game_that_is_not_over(rounds):
    with pytest.raises(ValueError, match="over"):
        render_replay([s.public_view() for s in rounds[:3]])
    with pytest.raises(ValueError, match="over"):
        round_views({**export_record(rounds[0]), "outcome": None})
