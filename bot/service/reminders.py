"""Reminders and deadlines: the turns that waited too long, and marking each one as dealt with."""

from __future__ import annotations

from .core import ServiceCore
from .models import WaitingTurn
from .timing import mark_turn, waiting_turns


class Reminders(ServiceCore):
    async def due_reminders(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns that have waited longer than the game's reminder_hours and were not reminded yet."""
        return await waiting_turns(self._db.reader, "reminder_hours", "reminded_turn", self._now(now))

    async def mark_reminded(self, game_id: int, turn: int) -> None:
        """The bot has reminded the players who owe ``turn``."""
        async with self._db.transaction() as tx:
            await mark_turn(tx, "reminded_turn", game_id, turn)

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only) not yet marked with :meth:`mark_overdue`."""
        return await waiting_turns(self._db.reader, "deadline_hours", "overdue_turn", self._now(now))

    async def mark_overdue(self, game_id: int, turn: int) -> None:
        """The bot has told the host that ``turn`` is past its deadline."""
        async with self._db.transaction() as tx:
            await mark_turn(tx, "overdue_turn", game_id, turn)
