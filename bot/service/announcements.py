"""The bot's side of the outbox: the messages owed and not yet posted, claiming a game's to post them, and
marking one as posted.

Several bot processes may share a database: a process claims the games whose messages it posts
(:meth:`Announcements.claim_posts`), so each message is posted by one process, a game's in order, and releases
them when done (:meth:`Announcements.release_posts`). A dead process's claims expire after their lease.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .claims import OUTBOX, Claiming
from .models import Announcement

#: games claimed at most at once by one process (a flush of every game takes them in batches)
CLAIMED_AT_ONCE = 100


class Announcements(Claiming):
    async def pending_announcements(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        return await self._reads.outbox.pending(game_id)

    async def claim_posts(self, holder: str, lease: float, game_ids: Iterable[int] | None = None,
                          limit: int = CLAIMED_AT_ONCE) -> list[Announcement]:
        """Claim for ``lease`` seconds the games (of ``game_ids``; None: any) that owe messages and that no other
        process holds (one that another is claiming at this moment is left to it), and return what they owe,
        oldest first: ``holder``'s to post, in order, until it releases them (:meth:`release_posts`)."""
        now = self._clock()
        free = await self._reads.claims.owed_posts_free(holder, now, game_ids)
        if not free:
            return []  # a read only: no claim to write
        async with self._store.transaction() as tx:
            won = await tx.claims.take_owed_posts(holder, now, now + lease, free[:limit], limit)
            return await tx.outbox.pending_of(won) if won else []

    async def renew_posts(self, holder: str, lease: float, game_ids: Iterable[int]) -> list[int]:
        """Keep ``holder``'s claims on these games' messages ``lease`` seconds more; returns the games still its."""
        return await self.renew_claims(OUTBOX, game_ids, holder, lease)

    async def release_posts(self, holder: str, game_ids: Iterable[int], released: Iterable[int] = ()) -> list[int]:
        """``holder`` has posted what it claimed of these games (or gives up for now; ``released``: those whose
        claim the last post's mark ended already); returns those of them that owe messages all the same: queued
        while it posted, by a process that left them to it."""
        ids = list(game_ids)
        done = set(released)
        await self.release_claims(OUTBOX, [g for g in ids if g not in done], holder)
        return await self._reads.outbox.owing(ids)

    def wakeups(self, on_owed: Callable[[int], Any], on_reconnect: Callable[[], Any] | None = None):
        """What tells this process that a command, in any process, owes a game messages: ``on_owed(game_id)``
        (``start()`` it, ``close()`` it); ``on_reconnect()`` after it was cut off a while. None where no other
        process shares the database (SQLite)."""
        return self._store.wakeups(on_owed, on_reconnect)

    async def post_failed(self, announcement_id: int, reason: str) -> None:
        """Discord refused the announcement (or it could not be made): counted, with when and why, for the owner's
        report (:func:`bot.service.processes.process_report`); it stays owed."""
        async with self._store.transaction() as tx:
            await tx.outbox.failed(announcement_id, reason[:300], self._clock())

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int, *,
                          release: tuple[str, int] | None = None) -> None:
        """The announcement is posted there; ``release``: (holder, game), the game's last claimed post: the claim
        ends in the same transaction."""
        async with self._store.transaction() as tx:
            await tx.outbox.mark_posted(announcement_id, channel_id, message_id, self._clock())
            if release is not None:
                holder, game_id = release
                await tx.claims.release(OUTBOX, [game_id], holder)
