import random

import pytest

from bot.service import GameService

from tests.service.helpers import SECRET, Clock, nonces


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def service(database, clock):
    opened = await GameService.open(database, clock=clock, rng=random.Random(1), secret=SECRET, nonces=nonces(1))
    yield opened
    await opened.close()
