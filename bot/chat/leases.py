"""Who this process is when it claims work, and keeping a claim while the work takes.

Work that is not a reply to an interaction (owed posts, computer players' turns, reminders) is claimed in the
database before it is done, so that of several bot processes sharing one PostgreSQL exactly one does it
(:mod:`bot.service.claims`). A claim is a lease: it lasts :attr:`Claimant.lease` seconds unless renewed, so the
claims of a process that died expire and another process does the work. Leases are read on each process's own
clock (the service's): the machines' clocks must agree to well within a lease (NTP does, to milliseconds).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import socket
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable

log = logging.getLogger(__name__)

#: seconds a claim lasts unless its holder renews it: how long a dead process's work waits for another
LEASE = 30.0


@dataclass(frozen=True)
class Claimant:
    """This process as its claims name it, and how long they last. Two processes must never share a name: a
    process may take over a claim under its own name at once (a restart under a fixed name picks up its own)."""

    name: str
    lease: float = LEASE

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a claimant needs a name")
        if not self.lease > 0:
            raise ValueError(f"a lease lasts a positive number of seconds, not {self.lease!r}")

    @classmethod
    def of_this_process(cls, lease: float = LEASE, label: str = "") -> "Claimant":
        """A name no other process has: the host, the process id and a random part (a container restarted with
        the same host name and pid 1 is another process), with ``label`` (its shards, say) for the reader."""
        name = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        return cls(f"{name} {label}".strip(), lease)

    @property
    def renew_every(self) -> float:
        """How often a held claim is renewed: three times a lease, so one slow renewal does not lose it."""
        return self.lease / 3


def message_nonce(prefix: str, key: str) -> str:
    """The nonce of the one message ``key`` names: Discord creates one message per nonce (``enforce_nonce``) for
    a few minutes, so the same message sent again (by a process whose claim passed from one that died after
    sending it, or after a failed "posted" mark) returns the first."""
    return prefix + hashlib.sha256(key.encode()).hexdigest()[:23]  # Discord allows 25 characters


async def repeating(job: Callable[[], Awaitable[object]], every: float, failed: str) -> None:
    """``job()`` every ``every`` seconds (the first after ``every``), until cancelled; a failure is logged as
    ``failed`` and the next time comes all the same."""
    while True:
        await asyncio.sleep(every)
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception(failed)


@asynccontextmanager
async def renewing(renew: Callable[[], Awaitable[object]], every: float) -> AsyncIterator[None]:
    """While the block runs, ``renew()`` every ``every`` seconds. A renewal that fails is logged: the claim may
    then expire and pass to another process (Discord's nonce still stops a post being sent twice)."""
    task = asyncio.create_task(repeating(renew, every, "could not renew a claim"), name="renew-claims")
    try:
        yield
    finally:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
