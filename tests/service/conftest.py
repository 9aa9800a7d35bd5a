import random

import pytest

from bot.service import GameService

from tests.service.helpers import SECRET, Clock
from tests.store.postgres_server import server


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request, tmp_path):
    """Where the games are kept: a new SQLite file, or a new database on the test PostgreSQL server."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    pg = server()
    url = await pg.new_database()
    yield url
    await pg.drop_database(url)


@pytest.fixture
async def service(database, clock):
    opened = await GameService.open(database, clock=clock, rng=random.Random(1), secret=SECRET)
    yield opened
    await opened.close()
