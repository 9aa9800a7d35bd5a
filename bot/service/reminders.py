"""Reminders and deadlines: the turns that waited too long, and marking each one as dealt with.

A turn starts whenever someone new owes a move (:func:`.timing.next_turn`); the store remembers the last turn
reminded and the last one reported past its deadline, so each is dealt with once. Of several bot processes on one
database, the one that claims a turn's reminder (:meth:`Reminders.claim_reminder`) sends it and marks it sent,
which ends the claim; a claim never marked (its process died before) expires, and the reminder is sent again.
"""

from __future__ import annotations

from bot.store import Session

from .claims import DEADLINE, REMINDER, Claiming
from .models import WaitingTurn


class Reminders(Claiming):
    async def due_reminders(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns that have waited longer than the game's reminder_hours and were not reminded yet."""
        return await waiting_turns(self._reads, "reminder_hours", self._now(now))

    async def claim_reminder(self, turn: WaitingTurn, holder: str, lease: float) -> bool:
        """Claim the reminder of ``turn`` (from :meth:`due_reminders`) for ``lease`` seconds: whether ``holder``
        is to send it (False: another process holds it, or it was sent, or the turn is over, meanwhile)."""
        return await self._claim_turn(REMINDER, "reminder_hours", turn, holder, lease)

    async def mark_reminded(self, game_id: int, turn: int, holder: str | None = None) -> None:
        """The bot has reminded the players who owe ``turn`` (and ``holder``'s claim on it ends)."""
        async with self._store.transaction() as tx:
            await tx.games.mark_turn("reminder_hours", game_id, turn)
            if holder is not None:
                await tx.claims.release(REMINDER, [game_id], holder)

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only) not yet marked with :meth:`mark_overdue`."""
        return await waiting_turns(self._reads, "deadline_hours", self._now(now))

    async def claim_overdue(self, turn: WaitingTurn, holder: str, lease: float) -> bool:
        """Claim the deadline notice of ``turn`` (from :meth:`overdue`), as :meth:`claim_reminder` a reminder."""
        return await self._claim_turn(DEADLINE, "deadline_hours", turn, holder, lease)

    async def mark_overdue(self, game_id: int, turn: int, holder: str | None = None) -> None:
        """The bot has told the host that ``turn`` is past its deadline (and ``holder``'s claim on it ends)."""
        async with self._store.transaction() as tx:
            await tx.games.mark_turn("deadline_hours", game_id, turn)
            if holder is not None:
                await tx.claims.release(DEADLINE, [game_id], holder)

    async def _claim_turn(self, work: str, hours: str, turn: WaitingTurn, holder: str, lease: float) -> bool:
        now = self._clock()
        async with self._store.transaction() as tx:
            if not await tx.claims.take(turn.game_id, work, holder, now, now + lease):
                return False
            # Read after the claim: a process that dealt with the turn marked it before it let the claim go.
            game = await tx.games.get(turn.game_id)
            done = getattr(game, _DONE[hours]) if game is not None else None
            if game is None or game.status != "running" or game.turn != turn.turn or (done or 0) >= turn.turn:
                await tx.claims.release(work, [turn.game_id], holder)
                return False
            return True


#: the game's column that remembers the last turn dealt with, by the hours that make a turn due
_DONE = {"reminder_hours": "reminded_turn", "deadline_hours": "overdue_turn"}


async def waiting_turns(session: Session, hours: str, now: float) -> list[WaitingTurn]:
    """Running games whose turn has waited the game's ``hours`` (reminder_hours, deadline_hours), not yet marked."""
    return [WaitingTurn(game_id=game.id, guild_id=game.guild_id, channel_id=game.channel_id, host_id=game.host_id,
                        turn=game.turn, round=game.round, pawns=game.to_move,
                        user_ids=await session.seats.controllers(game.id, game.to_move),
                        waiting_since=game.turn_started_at)
            for game in await session.games.waiting(hours, now)]
