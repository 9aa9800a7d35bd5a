"""The chat layer's pictures: drawn at the width it was made with, the replay GIF included."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.chat.picture_jobs import Pictures
from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game


def test_a_smaller_width_draws_the_replay_smaller_too() -> None:
    record = export_record(play_game("classic", players=3, seed=12))
    small, default = (asyncio.run(Pictures(width=w).replay(record)) for w in (320, None))
    assert small[:4] == default[:4] == b"GIF8"
    assert Image.open(io.BytesIO(small)).width == 320
    assert Image.open(io.BytesIO(default)).width > 320  # the replay's own width when none is asked for
