import random

import pytest

from bot.service import GameService

from tests.service.helpers import SECRET, Clock
from tests.store.postgres_server import server


@pytest.fixture
def clock():
    return Clock()


async def _on_postgresql(clock):
    pg = server()
    url = await pg.new_database()
    first = await GameService.open(url, clock=clock, rng=random.Random(1), secret=SECRET)
    second = await GameService.open(url, clock=clock, rng=random.Random(2), secret=SECRET)
    yield first, second
    await first.close()
    await second.close()
    await pg.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
async def two_processes(request, tmp_path, clock):
    """Two bot processes' services on one database: on PostgreSQL each with its own pool (as two processes
    have); on SQLite, which one process owns, the same service twice."""
    if request.param == "sqlite":
        service = await GameService.open(tmp_path / "games.sqlite3", clock=clock, rng=random.Random(1),
                                         secret=SECRET)
        yield service, service
        await service.close()
        return
    async for both in _on_postgresql(clock):
        yield both


@pytest.fixture
async def two_on_postgresql(clock):
    """Two bot processes' services on one PostgreSQL database, each with its own pool."""
    async for both in _on_postgresql(clock):
        yield both
