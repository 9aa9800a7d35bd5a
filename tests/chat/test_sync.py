"""Retrying a failed command sync: Discord's outages are waited out, its refusals are not."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot.chat.sync import passing, sync_with_retries


def http_error(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="injected"), {"message": "x", "code": 0})


@pytest.mark.parametrize("exc, later", [
    (http_error(500), True), (http_error(503), True), (http_error(429), True),
    (aiohttp.ClientConnectionError("refused"), True), (TimeoutError(), True), (OSError("unreachable"), True),
    (http_error(400), False), (http_error(403), False), (http_error(404), False),
])
def test_outages_pass_and_refusals_do_not(exc, later) -> None:
    assert passing(exc) is later


class Flaky:
    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.calls = 0

    async def __call__(self) -> None:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)


@pytest.mark.asyncio
async def test_a_sync_is_tried_again_with_longer_waits_until_it_works(caplog) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    caplog.set_level(logging.INFO, logger="bot.chat.sync")
    sync = Flaky(http_error(503), aiohttp.ClientConnectionError("down"), http_error(502), http_error(500))
    assert await sync_with_retries(sync, delays=(1.0, 5.0, 30.0), sleep=sleep) == 5
    assert waits == [1.0, 5.0, 30.0, 30.0] and sync.calls == 5  # the last wait repeats
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 4 and "try 1: 503" in warnings[0].getMessage()
    assert caplog.records[-1].getMessage() == "slash command sync succeeded at try 5"


@pytest.mark.asyncio
async def test_a_refusal_ends_the_tries_with_an_error_line(caplog) -> None:
    async def sleep(seconds: float) -> None:
        pass

    sync = Flaky(http_error(503), http_error(404), http_error(503))
    assert await sync_with_retries(sync, delays=(1.0,), sleep=sleep) == 2
    assert sync.calls == 2
    assert [r.levelname for r in caplog.records if r.name == "bot.chat.sync"] == ["WARNING", "ERROR"]
