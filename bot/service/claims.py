"""Claims: work that is not a reply to a command, done by one bot process of several sharing a database.

A process names itself (``holder``) and claims a game's work for ``lease`` seconds of the service's clock before
doing it (:mod:`bot.store.claims`): the game's owed posts, its computer players' turn, its reminder, its
deadline notice, the players' time away that ran out, and the turn notices owed by DM. It renews the claim while it works and releases it when done; a process that dies leaves claims
that another takes once they have expired. On SQLite one process owns the database and wins every claim.
"""

from __future__ import annotations

from typing import Iterable

from bot.store.claims import AWAY, COMPUTERS, DEADLINE, NOTICES, OUTBOX, REMINDER

from .core import ServiceCore

__all__ = ["Claiming", "AWAY", "COMPUTERS", "DEADLINE", "NOTICES", "OUTBOX", "REMINDER"]


class Claiming(ServiceCore):
    async def claim(self, work: str, game_id: int, holder: str, lease: float) -> bool:
        """Claim the game's ``work`` for ``lease`` seconds, unless another process holds it (a claim of
        ``holder``'s own is renewed); whether ``holder`` won it."""
        now = self._clock()
        async with self._store.transaction() as tx:
            return await tx.claims.take(game_id, work, holder, now, now + lease)

    async def renew_claims(self, work: str, game_ids: Iterable[int], holder: str, lease: float) -> list[int]:
        """Renew ``holder``'s claims of ``work`` in these games for ``lease`` seconds from now; returns the games
        still its own (a claim that expired and was taken by another process is lost)."""
        ids = list(game_ids)
        if not ids:
            return []
        async with self._store.transaction() as tx:
            return await tx.claims.renew(work, ids, holder, self._clock() + lease)

    async def release_claims(self, work: str, game_ids: Iterable[int], holder: str) -> None:
        """``holder`` is done with ``work`` in these games."""
        ids = list(game_ids)
        if ids:
            async with self._store.transaction() as tx:
                await tx.claims.release(work, ids, holder)

    async def claim_holder(self, work: str, game_id: int) -> str | None:
        """The process that holds the game's ``work`` now, if any (tools, tests, the status)."""
        return await self._reads.claims.holder(game_id, work, self._clock())
