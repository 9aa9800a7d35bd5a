"""The slow-play clock: a mention after ``reminder_hours`` without a move (once per turn), and,
past the game's deadline, a message offering the host to skip or replace the absent player."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.games.london.engine import MRX
from bot.service.errors import ServiceError
from bot.i18n import speaker

from bot.games.london.presenter import messages, views

if TYPE_CHECKING:
    from bot.chat.client import ScotlandYardBot

log = logging.getLogger(__name__)


class Reminders:
    def __init__(self, bot: "ScotlandYardBot", interval: float = 60.0) -> None:
        self.bot = bot
        self.interval = interval

    async def run(self) -> None:
        """Tick every ``interval`` seconds until cancelled."""
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.bot.announce()  # retry anything a failed post left owed
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder tick failed")
            await asyncio.sleep(self.interval)

    async def tick(self) -> int:
        """Send what is due now; returns how many messages were sent."""
        service = self.bot.service
        now = self.bot.clock()
        sent = 0
        for turn in await service.due_reminders(now):
            view = await self._view(turn.game_id)
            settings = await service.settings(turn.game_id)
            tr = speaker(settings.language, view.board if view is not None else None)
            deadline = None
            if settings.deadline_hours is not None:
                left = turn.waiting_since + settings.deadline_hours * 3600 - now
                deadline = messages.waited(left, tr) if left > 0 else None
            text = messages.reminder_text(turn.pawns, turn.user_ids, view, messages.waited(now - turn.waiting_since, tr),
                                          deadline, tr)
            if await self._send(turn.channel_id, text):
                sent += 1
            await service.mark_reminded(turn.game_id, turn.turn)
        for turn in await service.overdue(now):
            view = await self._view(turn.game_id)
            tr = speaker((await service.settings(turn.game_id)).language, view.board if view is not None else None)
            text = messages.overdue_text(turn.host_id, turn.pawns, turn.user_ids, view,
                                         messages.waited(now - turn.waiting_since, tr), tr)
            buttons = discord.ui.View(timeout=None)
            for pawn in turn.pawns:
                if pawn != MRX:
                    name = messages.pawn_label(view, pawn, tr) if view else pawn
                    label = tr._("Skip {pawn}").format(pawn=name)
                    buttons.add_item(views.SkipButton(turn.game_id, turn.round, pawn, label))
            if await self._send(turn.channel_id, text, buttons if buttons.children else None):
                sent += 1
            await service.mark_overdue(turn.game_id, turn.turn)
        return sent

    async def _view(self, game_id: int):
        try:
            return await self.bot.service.public_view(game_id)
        except ServiceError:
            return None

    async def _send(self, channel_id: int, text: str, view: discord.ui.View | None = None) -> bool:
        try:
            kwargs = {"view": view} if view is not None else {}
            await self.bot.get_partial_messageable(channel_id).send(
                text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False), **kwargs)
            return True
        except discord.HTTPException:
            log.warning("could not post a reminder in channel %s", channel_id)
            return False
