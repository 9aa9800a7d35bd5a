"""The live turn post: the one post of a game whose buttons still act (**Move**, 🎲 **Roll**, ...).

When the turn passes, the post before loses its buttons (an edit), so the channel shows one place to
act: the latest. A family may let an announcement that keeps the turn with the same person (the dice
game's roll) rewrite the live post instead of adding one: its call to act gives way to the new lines.
"""

from __future__ import annotations

import logging

import discord

from bot.chat.web_links import base_of, links_only

from bot.service import GameService
from bot.service.models import MessageRef

log = logging.getLogger(__name__)

#: the kind of message (``GameService.record_message``) the live turn post is kept under
TURN = "turn"


def rewritten(old: str, call: str | None, lines: str) -> str:
    """``old`` with its call to act (``call``) replaced by ``lines``, or ``lines`` added under it when
    the call is not known (the bot restarted since); unchanged when ``old`` holds them already (the same
    announcement, posted again)."""
    if lines in old:
        return old
    if call and call in old:
        before, _, after = old.rpartition(call)
        return (before + lines + after).strip("\n")
    return f"{old}\n{lines}" if old else lines


class TurnPosts:
    def __init__(self, service: GameService, client: discord.Client) -> None:
        self.service = service
        self.client = client
        #: the call to act in each game's live post, as posted (kept while the bot runs)
        self._calls: dict[int, str] = {}

    async def live(self, game_id: int) -> MessageRef | None:
        ref = await self.service.message_for(game_id, TURN)
        return ref if ref is not None and ref.message_id else None

    async def passed(self, game_id: int, channel_id: int, message_id: int, live: bool, call: str | None = None) -> None:
        """A post went out (``live``: with buttons; ``call``: its call to act): the post before it is done with."""
        old = await self.live(game_id)
        if old is not None and old.message_id != message_id:
            await self.retire(old)
        self._calls.pop(game_id, None)
        if live:
            await self.service.record_message(game_id, TURN, channel_id, message_id)
            if call:
                self._calls[game_id] = call
        elif old is not None:
            await self.service.record_message(game_id, TURN, 0, 0)  # no post acts now

    async def retire(self, ref: MessageRef) -> None:
        try:
            keep = None
            if base_of(self.client):  # a link to the game's page stays (bot.chat.web_links)
                keep = links_only(await self._message(ref).fetch())
            await self._message(ref).edit(view=keep)
        except discord.HTTPException as exc:  # deleted by a moderator, an archived thread: nothing to undo
            log.info("could not take the buttons off message %s: %s", ref.message_id, exc)

    async def rewrite(self, game_id: int, lines: str, view: discord.ui.View | None,
                      call: str | None = None) -> tuple[int, int] | None:
        """Put ``lines`` (which end with the new ``call``) in place of the live post's call to act; None
        when no post is live (post anew)."""
        ref = await self.live(game_id)
        if ref is None:
            return None
        try:
            message = await self._message(ref).fetch()
            acting = view is not None
            kept = links_only(message) if base_of(self.client) else None
            if kept is not None:  # the game's page link stays on the post (bot.chat.web_links)
                view = view if view is not None else discord.ui.View(timeout=None)
                for item in kept.children:
                    view.add_item(item)
            await message.edit(content=rewritten(message.content, self._calls.get(game_id), lines), view=view)
        except discord.HTTPException as exc:
            log.info("could not rewrite the turn post %s of game %s: %s", ref.message_id, game_id, exc)
            return None
        self._calls.pop(game_id, None)
        if not acting:
            await self.service.record_message(game_id, TURN, 0, 0)
        elif call:
            self._calls[game_id] = call
        return ref.channel_id, ref.message_id

    def _message(self, ref: MessageRef) -> discord.PartialMessage:
        return self.client.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id)
