"""Reminders and deadlines: the turns that waited too long, and marking each one as dealt with.

A turn starts whenever someone new owes a move (:func:`.timing.next_turn`); the store remembers the last turn
reminded and the last one reported past its deadline, so each is dealt with once.
"""

from __future__ import annotations

from bot.store import Session

from .core import ServiceCore
from .models import WaitingTurn


class Reminders(ServiceCore):
    async def due_reminders(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns that have waited longer than the game's reminder_hours and were not reminded yet."""
        return await waiting_turns(self._reads, "reminder_hours", self._now(now))

    async def mark_reminded(self, game_id: int, turn: int) -> None:
        """The bot has reminded the players who owe ``turn``."""
        async with self._store.transaction() as tx:
            await tx.games.mark_turn("reminder_hours", game_id, turn)

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only) not yet marked with :meth:`mark_overdue`."""
        return await waiting_turns(self._reads, "deadline_hours", self._now(now))

    async def mark_overdue(self, game_id: int, turn: int) -> None:
        """The bot has told the host that ``turn`` is past its deadline."""
        async with self._store.transaction() as tx:
            await tx.games.mark_turn("deadline_hours", game_id, turn)


async def waiting_turns(session: Session, hours: str, now: float) -> list[WaitingTurn]:
    """Running games whose turn has waited the game's ``hours`` (reminder_hours, deadline_hours), not yet marked."""
    return [WaitingTurn(game_id=game.id, guild_id=game.guild_id, channel_id=game.channel_id, host_id=game.host_id,
                        turn=game.turn, round=game.round, pawns=game.to_move,
                        user_ids=await session.seats.controllers(game.id, game.to_move),
                        waiting_since=game.turn_started_at)
            for game in await session.games.waiting(hours, now)]
