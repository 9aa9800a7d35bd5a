from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.london.engine import GameState
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import round_states
from bot.games.london.engine import export_record


@pytest.fixture(scope="session")
def finished() -> GameState:
    """A whole simulated classic game: two double moves, reveals, caught in round 14."""
    return play_game("classic", players=5, seed=3)


@pytest.fixture(scope="session")
def rounds(finished) -> list[GameState]:
    """The same game at the start and after every round."""
    return round_states(export_record(finished))


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def near(colour, target, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))
