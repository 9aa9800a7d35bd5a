"""Answering interactions: once, in time, privately when it may be private, politely on errors."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import AsyncIterator, Any

import discord

from bot.games.london.engine import GameError
from bot.i18n import personal_language, reading
from bot.store import DatabaseUnavailable

from bot.games.london.presenter import messages

log = logging.getLogger(__name__)

#: the most characters a Discord message holds
MESSAGE_LIMIT = 2000


class Seen:
    """Interaction ids handled since start-up: a re-delivered interaction is dropped at the door.

    Across restarts the service's idempotency key (the interaction id) does the same job.
    """

    def __init__(self, size: int = 2048) -> None:
        self._ids: OrderedDict[int, None] = OrderedDict()
        self._size = size

    def first_time(self, interaction_id: int) -> bool:
        if interaction_id in self._ids:
            return False
        self._ids[interaction_id] = None
        if len(self._ids) > self._size:
            self._ids.popitem(last=False)
        return True


def key(interaction: discord.Interaction) -> str:
    return str(interaction.id)


def is_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> bool:
    """Acknowledge now; False when Discord says someone already did (a re-delivered interaction)."""
    if interaction.response.is_done():
        return True
    try:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    except discord.HTTPException as exc:
        if exc.code in (40060, 10062):
            log.info("interaction %s was already acknowledged (%s)", interaction.id, exc.code)
            return False
        raise
    return True


async def say(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
              **kwargs: Any) -> discord.Message | None:
    """Answer, whether or not the interaction was deferred. Returns the message when Discord gives one.
    A text longer than a Discord message can hold is cut short rather than lost."""
    if content is not None and len(content) > MESSAGE_LIMIT:
        content = content[: MESSAGE_LIMIT - 1] + "…"
    if not interaction.response.is_done():
        response = await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
        resource = getattr(response, "resource", None)
        return resource if isinstance(resource, discord.Message) else None
    return await interaction.followup.send(content, ephemeral=ephemeral, wait=True, **kwargs)


@contextlib.asynccontextmanager
async def guarded(interaction: discord.Interaction, game_id: int | None = None) -> AsyncIterator["Scope"]:
    """Turn refusals into short private answers and surprises into an apology (and a log line).

    Set ``scope.game_id`` inside the block once the game is known, for the log.
    """
    scope = Scope(game_id)
    client = interaction.client
    busy = getattr(client, "busy", None)
    if busy is not None:
        busy.enter()
    try:
        with reading(await reader_language(interaction)) as tr:
            try:
                yield scope
            except GameError as exc:
                await _safe_say(interaction, f"⚠️ {exc.said_in(tr)}")
            except DatabaseUnavailable as exc:
                log.error("%s: refusing interaction %s (game %s)", exc.message, interaction.id, scope.game_id)
                await _safe_say(interaction, tr._(messages.DATABASE_GONE))
            except discord.HTTPException as exc:
                if exc.code in (40060, 10062):  # already answered / too late: nothing more to say
                    log.info("interaction %s: %s", interaction.id, exc)
                    return
                log.exception("Discord refused a request (game %s, interaction %s)", scope.game_id, interaction.id)
                await _safe_say(interaction, tr._(messages.APOLOGY))
            except Exception:
                log.exception("unexpected error (game %s, interaction %s)", scope.game_id, interaction.id)
                await _safe_say(interaction, tr._(messages.APOLOGY))
    finally:
        if busy is not None:
            busy.leave()


async def reader_language(interaction: discord.Interaction) -> str:
    """The language of the answers only this person sees: their own choice, else their Discord language."""
    service = getattr(interaction.client, "service", None)
    try:
        chosen = await service.user_language(interaction.user.id) if service is not None else None
    except Exception:  # the database may be gone; the answer still goes out
        chosen = None
    return personal_language(chosen, interaction.locale)


class Busy:
    """Counts interactions still being handled, so shutting down (or a test) can wait for them."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def enter(self) -> None:
        self.count += 1
        self._idle.clear()

    def leave(self) -> None:
        self.count -= 1
        if self.count == 0:
            self._idle.set()

    async def wait_idle(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self._idle.wait(), timeout)


class Scope:
    def __init__(self, game_id: int | None) -> None:
        self.game_id = game_id


async def _safe_say(interaction: discord.Interaction, text: str) -> None:
    try:
        await say(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
