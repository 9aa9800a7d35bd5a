"""The pages in a real browser: Debian's chromium (never a downloaded one), driven by Playwright, one browser for the
whole session, at a phone's size; the bot's service and web server on the same (session's) event loop."""

from __future__ import annotations

import random
import shutil
from typing import AsyncIterator

import pytest
import pytest_asyncio

from bot.service import GameService
from bot.web.limits import Limits
from bot.web.server import WebServer
from tests.fakediscord import FakeDiscord
from tests.e2e.helpers import Clock, Game, RecordingPictures, World, seeded_dealing
from tests.service.helpers import SECRET, nonces

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser():
    if not shutil.which(CHROMIUM):
        pytest.fail("Debian's chromium is needed for the web page tests (.ci/run installs it)")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        await launched.close()


class Phone:
    """A page at a phone's size that remembers every error its console and scripts report."""

    def __init__(self, page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    async def open(self, url: str) -> None:
        await self.page.goto(url)
        await self.page.wait_for_selector("body[data-ready]")
        assert await self.page.get_attribute("body", "data-ready") == "1", self.errors


@pytest_asyncio.fixture(loop_scope="session")
async def phone(browser) -> AsyncIterator[Phone]:
    context = await browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-GB")
    page = Phone(await context.new_page())
    yield page
    await context.close()
    assert page.errors == [], page.errors  # no error in the browser's console


@pytest_asyncio.fixture(loop_scope="session")
async def service(tmp_path) -> AsyncIterator[GameService]:
    opened = await GameService.open(tmp_path / "web.sqlite3", rng=random.Random(1), secret=SECRET, nonces=nonces(7))
    yield opened
    await opened.close()


@pytest_asyncio.fixture(loop_scope="session")
async def site(service) -> AsyncIterator[WebServer]:
    server = WebServer(service, "127.0.0.1", 0, limits=Limits(capacity=400, rate=200), poll_every=None)
    await server.start(listen=False)
    server.base = f"http://127.0.0.1:{server.port}"  # type: ignore[attr-defined]
    yield server
    await server.close()


@pytest_asyncio.fixture(loop_scope="session")
async def table(tmp_path) -> AsyncIterator[tuple[Game, WebServer]]:
    """The real bot against the fake Discord, with its pages served and linked (SY_WEB_URL)."""
    async with FakeDiscord() as fake:
        clock = Clock()
        service = await GameService.open(tmp_path / "sy.sqlite3", clock=clock, **seeded_dealing())
        server = WebServer(service, "127.0.0.1", 0, poll_every=None)
        await server.start(listen=False)
        base = f"http://127.0.0.1:{server.port}"

        class Linked(Game):
            def make_bot(self):
                bot = super().make_bot()
                bot.web_url = base
                bot.changed.append(server.hub.changed)
                return bot

        game = Linked(fake, World(fake), service, clock, RecordingPictures())
        await game.start_bot()
        server.base = base  # type: ignore[attr-defined]
        try:
            yield game, server
        finally:
            await game.stop_bot()
            await server.close()
            await service.close()

