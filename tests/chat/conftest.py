import random

import pytest

from bot.service import GameService

from tests.service.helpers import SECRET, Clock, nonces
from tests.store.postgres_server import fresh_database


@pytest.fixture
def clock():
    return Clock()


async def _two_services(url, clock):
    first = await GameService.open(url, clock=clock, rng=random.Random(1), secret=SECRET, nonces=nonces(1))
    second = await GameService.open(url, clock=clock, rng=random.Random(2), secret=SECRET, nonces=nonces(2))
    yield first, second
    await first.close()
    await second.close()


@pytest.fixture
async def two_processes(database, clock):
    """Two bot processes' services on one database: on PostgreSQL each with its own pool (as two processes
    have); on SQLite, which one process owns, the same service twice."""
    if not isinstance(database, str):
        service = await GameService.open(database, clock=clock, rng=random.Random(1), secret=SECRET, nonces=nonces(1))
        yield service, service
        await service.close()
        return
    async for both in _two_services(database, clock):
        yield both


@pytest.fixture
async def two_on_postgresql(clock):
    """Two bot processes' services on one PostgreSQL database, each with its own pool."""
    async with fresh_database() as url:
        async for both in _two_services(url, clock):
            yield both
