"""The ``claims`` table: work that is not a reply to a command, held by one bot process at a time.

Several processes may share one PostgreSQL database; each names itself (a *holder*) and claims a game's work
before doing it: the game's owed posts (``outbox``), its computer players' turn (``computers``), its reminder
(``reminder``), its deadline notice (``deadline``), the players' time away that ran out (``away``) and the turn
notices owed by DM (``notices``). A claim is a lease: it ends at ``expires_at`` (the bot's
clock, in seconds) unless its holder renews it, and a process that died leaves claims that another takes once
they have expired. Nobody's claim: holder ``''``, ``expires_at`` 0.

Two ways to take one, both a single statement that returns what this process won and nothing else:

- :meth:`Claims.take_owed_posts`: a game's ``outbox`` row exists from its first owed message on
  (:meth:`Claims.ensure_outbox`, written with it), so the games owing posts are claimed by locking their rows
  ``FOR UPDATE SKIP LOCKED`` on a server: a process never waits for another that is claiming the same game, it
  leaves that game to it.
- :meth:`Claims.take`: any other work, whose row may not exist yet: an insert that, on finding the row, takes
  it over only when it has expired (or is this process's already). The server runs the check on the row as it
  stands once it is locked, so of two processes at once exactly one wins.
"""

from __future__ import annotations

from typing import Iterable

from .base import Sql, listed

OUTBOX = "outbox"
COMPUTERS = "computers"
REMINDER = "reminder"
DEADLINE = "deadline"
AWAY = "away"
NOTICES = "notices"


class Claims:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def ensure_outbox(self, game_id: int) -> None:
        """The game's ``outbox`` claim row, nobody's, if it has none yet (queued with its owed messages)."""
        await self.sql.execute("INSERT INTO claims (game_id, work, holder, expires_at) VALUES (?, ?, '', 0) "
                               "ON CONFLICT (game_id, work) DO NOTHING", (game_id, OUTBOX))

    async def take_owed_posts(self, holder: str, now: float, expires_at: float,
                              game_ids: Iterable[int] | None = None, limit: int = 100) -> list[int]:
        """Claim the games (of ``game_ids``; None: any) that owe posts and whose ``outbox`` claim is free, expired
        or ``holder``'s already, at most ``limit``, lowest id first; returns the games won. A game another process
        is claiming at this moment is left to it (``SKIP LOCKED``)."""
        ids = sorted(set(game_ids)) if game_ids is not None else None
        if ids == []:
            return []
        which = f"AND c.game_id IN ({listed(len(ids))}) " if ids else ""
        skip = " SKIP LOCKED" if self.sql.lock else ""  # SQLite: the transaction holds the whole file
        found = await self.sql.all(
            "UPDATE claims SET holder = ?, expires_at = ? WHERE work = ? AND game_id IN ("
            "SELECT c.game_id FROM claims c WHERE c.work = ? " + which +
            "AND (c.expires_at <= ? OR c.holder = ?) AND EXISTS (SELECT 1 FROM announcements a "
            "WHERE a.game_id = c.game_id AND a.posted_at IS NULL) ORDER BY c.game_id LIMIT ?"
            + self.sql.lock + skip + ") RETURNING game_id",
            (holder, expires_at, OUTBOX, OUTBOX, *(ids or ()), now, holder, limit))
        return sorted(row["game_id"] for row in found)

    async def owed_posts_free(self, holder: str, now: float, game_ids: Iterable[int] | None = None) -> list[int]:
        """The games (of ``game_ids``; None: any) that owe posts and that no other process holds now: a read, for a
        look before a claim (most looks, a process hearing of posts another has made already, find none)."""
        ids = sorted(set(game_ids)) if game_ids is not None else None
        if ids == []:
            return []
        which = f"AND a.game_id IN ({listed(len(ids))})" if ids else ""
        # From the few messages not yet posted (a partial index), not from every game's claim row.
        found = await self.sql.all(
            "SELECT c.game_id FROM claims c WHERE c.work = ? AND c.game_id IN (SELECT a.game_id FROM announcements a "
            f"WHERE a.posted_at IS NULL {which}) AND (c.expires_at <= ? OR c.holder = ?) ORDER BY c.game_id",
            (OUTBOX, *(ids or ()), now, holder))
        return [row["game_id"] for row in found]

    async def take(self, game_id: int, work: str, holder: str, now: float, expires_at: float) -> bool:
        """Claim ``work`` of the game for ``holder`` until ``expires_at``, if nobody holds it or their claim has
        expired (``holder``'s own is renewed); whether this process won it."""
        row = await self.sql.one(
            "INSERT INTO claims (game_id, work, holder, expires_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, work) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "
            "WHERE claims.expires_at <= ? OR claims.holder = excluded.holder RETURNING game_id",
            (game_id, work, holder, expires_at, now))
        return row is not None

    async def renew(self, work: str, game_ids: Iterable[int], holder: str, expires_at: float) -> list[int]:
        """Keep ``holder``'s claims of ``work`` in these games until ``expires_at``; returns the games still its
        own (a claim that expired and was taken by another is lost: its work is the other's now)."""
        ids = sorted(set(game_ids))
        if not ids:
            return []
        found = await self.sql.all(
            f"UPDATE claims SET expires_at = ? WHERE work = ? AND holder = ? AND game_id IN "
            f"({listed(len(ids))}) RETURNING game_id", (expires_at, work, holder, *ids))
        return sorted(row["game_id"] for row in found)

    async def release(self, work: str, game_ids: Iterable[int], holder: str) -> None:
        """``holder`` is done with ``work`` in these games: the claims are nobody's (another's stay as they are)."""
        ids = sorted(set(game_ids))
        if ids:
            await self.sql.execute(
                f"UPDATE claims SET holder = '', expires_at = 0 WHERE work = ? AND holder = ? AND game_id IN "
                f"({listed(len(ids))})", (work, holder, *ids))

    async def computer_games_free(self, holder: str, now: float) -> list[int]:
        """Running games in which a computer holds a pawn that is to move now, and whose ``computers`` claim no
        other process holds: the fallback poll's one query (a game's move then decides what the computer owes)."""
        found = await self.sql.all(
            "SELECT DISTINCT g.id FROM games g JOIN pawn_controls c ON c.game_id = g.id "
            "JOIN players p ON p.game_id = c.game_id AND p.user_id = c.user_id "
            "WHERE g.status = 'running' AND g.paused_at IS NULL AND p.strategy IS NOT NULL AND p.status = 'playing' "
            "AND (' ' || g.to_move || ' ') LIKE ('% ' || c.pawn || ' %') AND NOT EXISTS (SELECT 1 FROM claims k "
            "WHERE k.game_id = g.id AND k.work = ? AND k.expires_at > ? AND k.holder <> ?) ORDER BY g.id",
            (COMPUTERS, now, holder))
        return [row["id"] for row in found]

    async def holder(self, game_id: int, work: str, now: float) -> str | None:
        """Who holds the game's ``work`` now (an expired claim: nobody), for tools and tests."""
        row = await self.sql.one("SELECT holder FROM claims WHERE game_id = ? AND work = ? AND expires_at > ? "
                                 "AND holder <> ''", (game_id, work, now))
        return row["holder"] if row else None
