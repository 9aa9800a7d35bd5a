"""Turn notices by DM: a person who asked for them (``/sy-me notices dm:True``) gets a DM with a link to the post
that handed them the turn; inside their quiet hours it waits until they end.

The announcer queues the notices a post owes (:meth:`TurnNotices.owed`) as it posts it; the notices due are sent
at once and, for the ones that waited, by the reminders' tick. Of several bot processes, the one that claims a
game's notices (a lease, :mod:`bot.chat.leases`) sends them; each DM carries a nonce, so one sent again by another
process (the first died before marking it sent) is not delivered twice.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import speaker
from bot.service import GameService
from bot.service.claims import NOTICES
from bot.service.models import RUNNING

from bot.chat.leases import Claimant, message_nonce, renewing
from bot.chat.words import rules_title

log = logging.getLogger(__name__)


def link(guild_id: int, channel_id: int, message_id: int) -> str:
    """The address that opens a post in Discord."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


class TurnNotices:
    def __init__(self, service: GameService, client: discord.Client, claimant: Claimant | None = None) -> None:
        self.service = service
        self.client = client
        self.claimant = claimant or Claimant.of_this_process()

    async def owed(self, game_id: int, key: str, turn: int, channel_id: int, message_id: int,
                   user_ids: list[int]) -> int:
        """The post ``key`` handed the turn to ``user_ids``: queue their notices, send the ones due now."""
        people = [u for u in user_ids if u > 0]
        if not people or not await self.service.queue_turn_notices(game_id, key, turn, channel_id, message_id,
                                                                     people):
            return 0
        return await self.send(game_id)

    async def send(self, game_id: int | None = None) -> int:
        """Send the notices due now (of one game, or of all); returns how many went out."""
        me = self.claimant
        sent = 0
        for gid in [game_id] if game_id is not None else await self.service.games_owing_notices():
            owed = await self.service.claim_notices(gid, me.name, me.lease)
            if not owed:
                continue
            try:
                async with renewing(lambda: self.service.renew_claims(NOTICES, [gid], me.name, me.lease),
                                    me.renew_every):
                    game = await self.service.get_game(gid)
                    owing = {p.user_id for p in await self.service.players(gid) if set(p.pawns) & set(game.to_move)}
                    done = []
                    for notice in owed:  # one whose turn has passed meanwhile is dropped
                        due = game.status == RUNNING and game.turn == notice.turn and notice.user_id in owing
                        if not due or await self._dm(game, notice):
                            done.append(notice.id)
                            sent += due
                    await self.service.notices_sent(done)
            finally:
                await self.service.release_claims(NOTICES, [gid], me.name)
        return sent

    async def _dm(self, game, notice) -> bool:
        """Send one notice; True once it is dealt with (sent, or the person's DMs are shut), False to try again."""
        tr = speaker(await self.service.user_language(notice.user_id) or game.language, game.board)
        text = tr._("🔔 Your turn in game #{id} ({rules}): {link}").format(
            id=game.id, rules=rules_title(game.rules, tr), link=link(game.guild_id, notice.channel_id,
                                                                     notice.message_id))
        try:
            user = self.client.get_user(notice.user_id) or await self.client.fetch_user(notice.user_id)
            await user.send(text, nonce=message_nonce("sn", str(notice.id)))
        except discord.Forbidden:
            log.info("turn notice %s: the DMs of %s are shut", notice.id, notice.user_id)
        except discord.HTTPException as exc:
            log.warning("could not send turn notice %s (game %s): %s", notice.id, game.id, exc)
            return False
        return True
