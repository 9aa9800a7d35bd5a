"""Fixtures of the store's tests."""

import pytest

from tests.store.postgres_server import fresh_database


@pytest.fixture
async def url():
    """A new database on the test PostgreSQL server."""
    async with fresh_database() as found:
        yield found
