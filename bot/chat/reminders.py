"""The slow-play clock: a mention after ``reminder_hours`` without a move (once per turn), and,
past the game's deadline, a message offering the host to skip or replace the absent player. A reminder waits while
someone it mentions is inside their quiet hours; the deadline's clock counts on (its notice pings only those who
are not). Each tick also brings back the players whose time away ran out, and sends the turn notices whose quiet
hours are over.

Of several bot processes on one database, the one that claims a turn's reminder (or deadline notice) sends it;
the message's nonce stops a second copy when a process died between sending it and marking it sent, and another
sent it again once the claim expired."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

import discord

from bot.games.family import MRX
from bot.i18n import speaker
from bot.service import GameService
from bot.service.errors import ServiceError

from bot.chat.announcer import pinging
from bot.chat.leases import Claimant, message_nonce
from bot.chat.notices import TurnNotices
from bot.chat.moves import SkipButton
from bot.chat.places import Places
from bot.chat.posts import overdue_text, reminder_text
from bot.chat.words import pawn_label, waited

log = logging.getLogger(__name__)


def notice_nonce(kind: str, turn) -> str:
    """The nonce of a turn's reminder or deadline notice: Discord keeps one message per nonce for a few minutes,
    so one sent again by another process (the first died before marking it sent) is not posted twice."""
    return message_nonce("sr", f"{kind}:{turn.game_id}:{turn.turn}")


class Reminders:
    def __init__(self, service: GameService, client: discord.Client, clock: Callable[[], float],
                 interval: float = 60.0, claimant: Claimant | None = None,
                 announce: Callable[[int], Awaitable[None]] | None = None,
                 notices: TurnNotices | None = None) -> None:
        self.service = service
        #: this process, as its claims on reminders name it
        self.claimant = claimant or Claimant.of_this_process()
        #: where the reminders go (and whose life the ticking follows)
        self.client = client
        self.clock = clock
        self.interval = interval
        #: a game's channel, or its own thread
        self.places = Places(service, client)
        #: posts what a game owes (the line that a player's time away is over)
        self.announce = announce
        #: the DMs owed to people who asked to be told when a turn becomes theirs (those that waited for the end
        #: of their quiet hours go out at the tick)
        self.notices = notices or TurnNotices(service, client, self.claimant)

    async def run(self) -> None:
        """Tick every ``interval`` seconds until cancelled (posts a failure left owed are the poll's:
        :mod:`bot.chat.wakeups`)."""
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder tick failed")
            await asyncio.sleep(self.interval)

    async def tick(self) -> int:
        """Send what is due now; returns how many messages were sent. First the players whose time away ran out
        come back (their clocks go on from the moment it ran out), so their turns' reminders follow in time."""
        service = self.service
        me = self.claimant
        now = self.clock()
        sent = 0
        for game_id in await service.games_running_out(now):
            if await service.end_absences(game_id, me.name, me.lease) and self.announce is not None:
                await self.announce(game_id)
        for turn in await service.due_reminders(now):
            if await service.quiet_now(turn.user_ids):
                continue  # it waits until the quiet hours of those it mentions are over
            if not await service.claim_reminder(turn, me.name, me.lease):
                continue  # another process reminds them (or has)
            view = await self._view(turn.game_id)
            settings = await service.settings(turn.game_id)
            tr = speaker(settings.language, view.board if view is not None else None)
            deadline = None
            if settings.deadline_hours is not None:
                left = turn.waiting_since + settings.deadline_hours * 3600 - now
                deadline = waited(left, tr) if left > 0 else None
            text = reminder_text(turn.pawns, turn.user_ids, view, waited(now - turn.waiting_since, tr),
                                 deadline, tr)
            if await self._send(turn.game_id, text, nonce=notice_nonce("reminder", turn),
                                ping=await service.audible(turn.user_ids)):
                sent += 1
            await service.mark_reminded(turn.game_id, turn.turn, me.name)
        for turn in await service.overdue(now):
            if not await service.claim_overdue(turn, me.name, me.lease):
                continue
            view = await self._view(turn.game_id)
            tr = speaker((await service.settings(turn.game_id)).language, view.board if view is not None else None)
            text = overdue_text(turn.host_id, turn.pawns, turn.user_ids, view,
                                waited(now - turn.waiting_since, tr), tr)
            buttons = discord.ui.View(timeout=None)
            for pawn in turn.pawns:
                if pawn != MRX:
                    name = pawn_label(view, pawn, tr) if view else pawn
                    label = tr._("Skip {pawn}").format(pawn=name)
                    buttons.add_item(SkipButton(turn.game_id, turn.round, pawn, label))
            # the deadline's clock counts on through quiet hours: its notice goes, pinging those not inside them
            if await self._send(turn.game_id, text, buttons if buttons.children else None,
                                nonce=notice_nonce("deadline", turn),
                                ping=await service.audible((turn.host_id, *turn.user_ids))):
                sent += 1
            await service.mark_overdue(turn.game_id, turn.turn, me.name)
        return sent + await self.notices.send()

    async def _view(self, game_id: int):
        try:
            return await self.service.public_view(game_id)
        except ServiceError:
            return None

    async def _send(self, game_id: int, text: str, view: discord.ui.View | None = None, *, nonce: str,
                    ping: list[int]) -> bool:
        """Post in the game's channel or thread (in the channel when Discord refuses the thread for good)."""
        game = await self.service.get_game(game_id)
        place = await self.places.of(game)
        kwargs = {"view": view} if view is not None else {}
        while True:
            try:
                await self.client.get_partial_messageable(place).send(
                    text, allowed_mentions=pinging(ping), nonce=nonce, **kwargs)
                return True
            except discord.HTTPException as exc:
                if await self.places.refused(game, place, exc):
                    place = game.channel_id
                    continue
                log.warning("could not post a reminder in channel %s: %s", place, exc)
                return False
