"""Fixtures the test folders share."""

import pytest

from tests.service.helpers import restart_keys
from tests.store.postgres_server import fresh_database


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request, tmp_path):
    """Where the games are kept: a new SQLite file, or a new database on the test PostgreSQL server (a test that
    takes it runs on both backends)."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    async with fresh_database() as url:
        yield url


@pytest.fixture(autouse=True)
def keys_from_one():
    """Each test's interaction ids count from 1 (``tests.service.helpers.new_key``)."""
    restart_keys()
