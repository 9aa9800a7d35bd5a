"""What an operator sets for a PostgreSQL server (README, "A bigger bot"): the database user the bot runs as (the
owner of its database, or a user allowed only to read and write the tables once their owner has brought them up to
date; without either, one line says what to do), the pool's size, and the name the bot's connections show."""

from __future__ import annotations

import itertools
import os
import random

import asyncpg
import pytest

from bot.service import GameService
from bot.store import DatabaseUnavailable, open_store

from tests.service.helpers import SECRET, Clock, play_turn, started
from tests.store.postgres_server import server

_names = itertools.count(1)

#: what the README grants a user that only plays (the owner migrates)
PLAYING_GRANTS = """
    GRANT USAGE ON SCHEMA public TO {role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role};
"""


@pytest.fixture
async def role(url):
    """A login role of its own on the test server (dropped after the database)."""
    name = f"sy_player_{os.getpid()}_{next(_names)}"
    admin = await asyncpg.connect(server().url("postgres"))
    await admin.execute(f"CREATE ROLE {name} LOGIN")
    yield name
    await server().drop_database(url)
    await admin.execute(f"DROP ROLE {name}")
    await admin.close()


def as_role(url: str, role: str) -> str:
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


async def test_a_user_that_may_only_read_and_write_plays_on_tables_the_owner_brought_up_to_date(url, role):
    owner = await asyncpg.connect(url)  # the template database is migrated already
    try:
        await owner.execute(PLAYING_GRANTS.format(role=role))
    finally:
        await owner.close()
    service = await GameService.open(as_role(url, role), clock=Clock(), rng=random.Random(1), secret=SECRET)
    try:
        start = await started(service)
        await play_turn(service, start.game.id, random.Random(2))
        assert await service.check_game(start.game.id) == []
    finally:
        await service.close()


async def test_a_user_that_may_not_create_tables_on_a_new_database_hears_how_to_fix_it(url, role):
    admin = await asyncpg.connect(server().url("postgres"))
    name = f"sy_empty_{os.getpid()}_{next(_names)}"
    try:
        await admin.execute(f"CREATE DATABASE {name}")  # an empty one, not from the migrated template
        empty = server().url(name)
        lock = await asyncpg.connect(empty)
        await lock.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # as PostgreSQL 15 has it by default
        await lock.close()
        with pytest.raises(DatabaseUnavailable) as refused:
            await open_store(as_role(empty, role))
        message = refused.value.message
        assert "permission denied" in message and "run python -m bot migrate as its owner" in message
        assert "\n" not in message
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


async def test_the_bots_connections_name_themselves_unless_the_url_does(url):
    async def names(target: str) -> set[str]:
        store = await open_store(target)
        try:
            return {row["application_name"] for row in await store.all(
                "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() OR pid = pg_backend_pid()")}
        finally:
            await store.close()

    assert "scotland-yard-bot" in await names(url)
    assert "shard-3" in await names(url + "&application_name=shard-3")


async def test_the_pool_size_comes_from_sy_database_pool_and_a_bad_one_is_one_line(url, monkeypatch):
    monkeypatch.setenv("SY_DATABASE_POOL", "3")
    store = await open_store(url)
    try:
        assert store.pool.get_max_size() == 3
    finally:
        await store.close()
    monkeypatch.setenv("SY_DATABASE_POOL", "lots")
    with pytest.raises(DatabaseUnavailable) as refused:
        await open_store(url)
    assert "SY_DATABASE_POOL must be a whole number" in refused.value.message and "'lots'" in refused.value.message
