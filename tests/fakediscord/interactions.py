"""Interaction handles: what the bot did with one injected interaction."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from tests.fakediscord.models import FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

__all__ = ['Callback', 'InteractionHandle', 'FakeDiscordTimeout', 'CALLBACK_NAMES']

CALLBACK_NAMES = {
    1: 'pong',
    4: 'message',
    5: 'deferred_message',
    6: 'deferred_update',
    7: 'update_message',
    8: 'autocomplete',
    9: 'modal',
    12: 'launch_activity',
}


class FakeDiscordTimeout(AssertionError, TimeoutError):
    """Raised by the fake's ``wait_*`` helpers. An AssertionError, so pytest shows the message nicely."""


@dataclass
class Callback:
    """One ``POST /interactions/{id}/{token}/callback`` the bot made."""

    type: int
    data: Dict[str, Any]
    accepted: bool
    status: int
    at: float = field(default_factory=time.monotonic)

    @property
    def name(self) -> str:
        return CALLBACK_NAMES.get(self.type, str(self.type))

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get('flags', 0) or 0) & 64)


class InteractionHandle:
    """Everything the bot did in answer to one interaction.

    Attributes (read them after awaiting one of the ``wait_*`` helpers):

    - ``id``, ``token``, ``type`` (2 command, 3 component, 4 autocomplete, 5 modal submit),
      ``payload`` (the INTERACTION_CREATE ``d``), ``user``, ``channel``, ``message`` (component's message)
    - ``callback``: the accepted initial :class:`Callback` (or ``None``); ``callbacks``: every attempt,
      including rejected second acknowledgements (``accepted=False``, answered 400/40060)
    - ``response_type``: ``callback.type`` or ``None``
    - ``original``: the message ``@original`` refers to (callback message, deferred placeholder, or for
      component deferred-update/update the clicked message)
    - ``followups``: messages created by ``POST /webhooks/{app}/{token}`` (the first one after a
      type-5 deferral fills the placeholder instead and is *also* listed here)
    - ``answers``: visible answers in order (callback message, filled placeholder, follow-ups, edits of
      ``@original`` after a type-6 deferral); ``reply`` is ``answers[0]``
    - ``choices``: autocomplete choices (type 8), ``modal``: modal data (type 9)
    - ``deliveries``: how many times INTERACTION_CREATE was sent (re-delivery increments it)
    """

    def __init__(
        self,
        fake: 'FakeDiscord',
        *,
        id: int,
        token: str,
        type: int,
        payload: Dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        message: Optional[FakeMessage] = None,
    ) -> None:
        self._fake = fake
        self.id = id
        self.token = token
        self.type = type
        self.payload = payload
        self.user = user
        self.channel = channel
        self.message = message
        self.deliveries = 0
        self.delivered_at: Optional[float] = None
        self.callbacks: List[Callback] = []
        self.callback: Optional[Callback] = None
        self.original: Optional[FakeMessage] = None
        self.followups: List[FakeMessage] = []
        self.answers: List[FakeMessage] = []
        self.choices: Optional[List[Dict[str, Any]]] = None
        self.modal: Optional[Dict[str, Any]] = None
        self.last_activity: float = time.monotonic()

    # -- state ---------------------------------------------------------------
    @property
    def response_type(self) -> Optional[int]:
        return self.callback.type if self.callback else None

    @property
    def acknowledged(self) -> bool:
        return self.callback is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def answered_in_place(self) -> bool:
        """Acknowledged on the clicked message itself (deferred update 6, or update 7) and no message of its
        own: no "thinking" placeholder, no follow-up. How a click that needs no answer should look."""
        return self.response_type in (6, 7) and not self.messages

    @property
    def ephemeral(self) -> bool:
        """Whether the initial response (message or deferral) was ephemeral."""
        return bool(self.callback and self.callback.ephemeral)

    @property
    def reply(self) -> Optional[FakeMessage]:
        return self.answers[0] if self.answers else None

    @property
    def rejected_callbacks(self) -> List[Callback]:
        return [c for c in self.callbacks if not c.accepted]

    @property
    def messages(self) -> List[FakeMessage]:
        """All messages this interaction created (original first), without duplicates."""
        out: List[FakeMessage] = []
        if self.original is not None and self.original is not self.message:
            out.append(self.original)
        for m in self.followups:
            if m not in out:
                out.append(m)
        return out

    def _touch(self) -> None:
        self.last_activity = time.monotonic()
        self._fake._notify()

    def describe(self) -> str:
        parts = [f'interaction {self.id} (type {self.type}, delivered {self.deliveries}x)']
        if not self.callbacks:
            parts.append('no callback received')
        for cb in self.callbacks:
            parts.append(f"callback {cb.name} ({cb.type}) accepted={cb.accepted} status={cb.status}")
        for m in self.answers:
            parts.append(f'answer {m!r}')
        if self._fake.errors:
            parts.append(f'fake.errors={self._fake.errors!r}')
        return '; '.join(parts)

    # -- waiting -------------------------------------------------------------
    async def _wait(self, check: Callable[[], Any], timeout: float, what: str) -> Any:
        try:
            return await self._fake.wait_until(check, timeout=timeout)
        except FakeDiscordTimeout:
            raise FakeDiscordTimeout(f'timed out after {timeout}s waiting for {what}: {self.describe()}') from None

    async def wait_callback(self, timeout: float = 5.0) -> Callback:
        """Wait for the initial (accepted) callback and return it."""
        return await self._wait(lambda: self.callback, timeout, 'the interaction callback')

    async def wait_reply(self, timeout: float = 5.0) -> FakeMessage:
        """Wait for the first visible answer.

        That is the callback message (type 4), the updated message (type 7), the filled-in
        placeholder after a type-5 deferral, or the first follow-up / ``@original`` edit after a
        type-6 deferral. Raises AssertionError if the bot answered with autocomplete or a modal.
        """

        def check() -> Any:
            if self.answers:
                return self.answers[0]
            if self.response_type in (8, 9):
                raise AssertionError(
                    f'the bot answered with {CALLBACK_NAMES[self.response_type]}, not a message: {self.describe()}'
                )
            return None

        return await self._wait(check, timeout, 'a reply')

    async def wait_outcome(self, timeout: float = 5.0) -> Optional[FakeMessage]:
        """Wait until the bot answered visibly, or deleted its deferred answer (or, for a component,
        the message it sat on) without a word; returns the answer, or None for a silent deletion."""

        def check() -> Any:
            if self.answers:
                return self.answers[0]
            if self.original is not None and self.original.deleted:
                return 'deleted'
            return None

        found = await self._wait(check, timeout, 'an answer or a deletion')
        return None if found == 'deleted' else found

    async def wait_answers(self, count: int, timeout: float = 5.0) -> List[FakeMessage]:
        """Wait until at least ``count`` visible answers exist; return them all."""
        return await self._wait(lambda: self.answers if len(self.answers) >= count else None, timeout,
                                f'{count} answers')

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> List[FakeMessage]:
        """Wait until at least ``count`` follow-ups were posted; return them all."""
        return await self._wait(lambda: self.followups if len(self.followups) >= count else None, timeout,
                                f'{count} follow-ups')

    async def wait_choices(self, timeout: float = 5.0) -> List[Dict[str, Any]]:
        """Wait for an autocomplete (type 8) answer and return its choices."""

        def check() -> Any:
            if self.choices is not None:
                return (self.choices,)  # wrapped: an empty list of choices is an answer too
            if self.callback is not None and self.callback.type != 8:
                raise AssertionError(f'expected autocomplete choices: {self.describe()}')
            return None

        (choices,) = await self._wait(check, timeout, 'autocomplete choices')
        return choices

    async def wait_modal(self, timeout: float = 5.0) -> Dict[str, Any]:
        """Wait for a modal (type 9) answer and return its data (``custom_id``, ``title``, ``components``)."""
        return await self._wait(lambda: self.modal, timeout, 'a modal')

    async def wait_idle(self, quiet: float = 0.1, timeout: float = 5.0) -> 'InteractionHandle':
        """Wait until the interaction was acknowledged and then nothing happened for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        await self.wait_callback(timeout=timeout)
        while True:
            idle_for = time.monotonic() - self.last_activity
            if idle_for >= quiet:
                return self
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FakeDiscordTimeout(f'interaction never went quiet: {self.describe()}')
            await asyncio.sleep(min(quiet - idle_for, remaining))

    wait_done = wait_idle

    def __repr__(self) -> str:
        return f'<InteractionHandle id={self.id} type={self.type} response={self.response_type}>'
