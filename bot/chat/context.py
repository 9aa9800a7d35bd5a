"""What the chat layer's handlers are handed: the service, the pictures, the clock, the Discord
client to post with, the call that posts what the service owes, and the bookkeeping of the
interactions in hand.

The bot builds one :class:`ChatContext` and passes it down (as discord.py's ``advanced_startup``
example passes its database into the Bot): the command group gets it in its constructor, the
lobby, move and look handlers as their first argument. A button or menu that survives a restart is
built by discord.py from its custom id alone, so it finds the context with :func:`context_of`.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Awaitable, Callable

import discord

from bot.chat.picture_jobs import Pictures
from bot.service import GameService


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


@dataclass
class ChatContext:
    service: GameService
    pictures: Pictures
    #: seconds since the epoch (tests pass a clock they move)
    clock: Callable[[], float]
    #: where posts outside an interaction's answer go: a channel, a DM, a message to edit
    client: discord.Client
    #: post what the service owes for a game (None: every game), then let a computer owing a move play it
    announce: Callable[..., Awaitable[None]]
    seen: Seen = field(default_factory=Seen)
    busy: Busy = field(default_factory=Busy)

    def first_time(self, interaction: discord.Interaction) -> bool:
        """False for an interaction handled already (Discord delivered it twice)."""
        return self.seen.first_time(interaction.id)


def context_of(interaction: discord.Interaction) -> ChatContext:
    """The context of the bot an interaction reached (the bot keeps it as ``context``)."""
    return interaction.client.context  # type: ignore[attr-defined]


def fresh_context(interaction: discord.Interaction) -> ChatContext | None:
    """The context, or None for an interaction handled already (Discord delivered it twice): where
    a button or menu's callback begins."""
    ctx = context_of(interaction)
    return ctx if ctx.first_time(interaction) else None
