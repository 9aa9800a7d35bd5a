"""The real bot against the fake Discord: a world with a server, a channel and four people."""

from __future__ import annotations

import os
from typing import AsyncIterator

import pytest
import pytest_asyncio

from bot.service import GameService
from tests.fakediscord import FakeDiscord

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import DRAWN, Clock, Game, RecordingPictures, World, seeded_dealing
from tests.store.sqlite_template import migrated_sqlite


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest_asyncio.fixture
async def world(fake: FakeDiscord) -> World:
    return World(fake)


@pytest_asyncio.fixture
def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture
async def service(tmp_path, clock: Clock) -> AsyncIterator[GameService]:
    service = await GameService.open(await migrated_sqlite(tmp_path / "sy.sqlite3"), clock=clock, **seeded_dealing())
    yield service
    await service.close()


@pytest.fixture(scope="session")
def shared_drawings(tmp_path_factory) -> None:
    """Under -n, the workers of a run share what they drew (tests.e2e.helpers.Drawn) in a folder of the run's own
    temporary folder (xdist gives each worker a folder in it), which pytest removes with old runs' folders."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        DRAWN.folder = tmp_path_factory.getbasetemp().parent / "e2e-drawings"
        DRAWN.folder.mkdir(exist_ok=True)


@pytest_asyncio.fixture
def pictures(shared_drawings) -> RecordingPictures:
    return RecordingPictures()


async def _running(kind, fake: FakeDiscord, world: World, service: GameService, clock: Clock,
                   pictures: RecordingPictures) -> AsyncIterator:
    """A table of ``kind`` with the bot running; afterwards the bot stops and the fake checks it was tidy."""
    table = kind(fake, world, service, clock, pictures)
    await table.start_bot()
    yield table
    if table.bot is not None:  # the test is over and nothing is in flight: no grace for late interactions
        table.bot.close_grace = 0.0
    await table.stop_bot()
    fake.assert_clean()


@pytest_asyncio.fixture
async def game(fake: FakeDiscord, world: World, service: GameService, clock: Clock,
               pictures: RecordingPictures) -> AsyncIterator[Game]:
    async for table in _running(Game, fake, world, service, clock, pictures):
        yield table


@pytest_asyncio.fixture
async def dice(fake: FakeDiscord, world: World, service: GameService, clock: Clock,
               pictures: RecordingPictures) -> AsyncIterator[DiceGame]:
    async for table in _running(DiceGame, fake, world, service, clock, pictures):
        yield table
