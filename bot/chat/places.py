"""Where a game's posts go: its channel, or the public thread of its own that the bot opens when a game
that asked for one starts (``/sy new thread:``, or the server's default). The lobby stays in the channel
(the thread hangs under the lobby's post), and the channel hears the result at the end.

Opening a thread takes **Create Public Threads**, posting in it **Send Messages in Threads**; a bot that
lacks them says so once and the game plays in the channel. So does a game whose thread Discord refuses for good
later (deleted, locked by a moderator, the permission taken away).
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import N_, Speaker, speaker
from bot.service import GameService
from bot.service.models import GameInfo

from bot.chat.leases import message_nonce
from bot.chat.words import rules_title

log = logging.getLogger(__name__)

#: what a game's thread needs besides what its channel needs: (permission flag, its name in Discord)
THREAD_NEEDS = (("create_public_threads", N_("Create Public Threads")),
                ("send_messages_in_threads", N_("Send Messages in Threads")))
#: a game's thread goes quiet after a week without posts (Discord's longest); a post wakes it
ARCHIVE_MINUTES = 10080
NO_THREAD = N_("🧵 I couldn't open a thread for game #{id}: I need **Create Public Threads** and **Send Messages "
               "in Threads** in this channel. The game plays here instead.")
THREAD_LOST = N_("🧵 I can no longer post in the thread of game #{id} ({thread}): it was locked or deleted, or I may not "
                 "post there any more. The game goes on here.")


def lasting(exc: discord.HTTPException) -> bool:
    """Whether Discord's refusal of a post in a thread lasts: the thread is gone (404), the bot may no longer see it or
    post in it, or it is locked (403: 50001, 50013, 160005), or it is locked and closed, so that a post cannot reopen
    it (400/50083). A hiccup (a 5xx, a rate limit) passes."""
    return isinstance(exc, (discord.NotFound, discord.Forbidden)) or exc.code == 50083


def missing_thread_permissions(permissions: discord.Permissions) -> list[str]:
    return [label for flag, label in THREAD_NEEDS if not getattr(permissions, flag)]


def thread_name(game: GameInfo, tr: Speaker) -> str:
    """``Game #12 · Classic (Ravensburger 2000)``: what the thread is called (at most 100 characters)."""
    return tr._("Game #{id} · {rules}").format(id=game.id, rules=rules_title(game.rules, tr))[:100]


def jump_url(guild_id: int, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens a channel, a thread or a message in Discord."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}" + (f"/{message_id}" if message_id else "")


class Places:
    def __init__(self, service: GameService, client: discord.Client) -> None:
        self.service = service
        self.client = client

    async def of(self, game: GameInfo) -> int:
        """The channel (or thread) the game's posts go to now; a game that asked for a thread and has
        started gets it here, the first time a post needs it."""
        wanted, thread_id = await self.service.thread_of(game.id)
        if thread_id is not None:
            return thread_id
        if game.started_at is None or not wanted:  # the lobby, or no thread
            return game.channel_id
        return await self.open_thread(game)

    async def open_thread(self, game: GameInfo) -> int:
        """Open the game's public thread, from its lobby's post when there is one; returns where its posts
        go (the channel when Discord refused: the channel is told why, once)."""
        tr = speaker(game.language, game.board)
        lobby = await self.service.message_for(game.id, "lobby")
        try:
            thread = None
            if lobby is not None and lobby.channel_id == game.channel_id:
                channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
                try:
                    thread = await channel.get_partial_message(lobby.message_id).create_thread(
                        name=thread_name(game, tr), auto_archive_duration=ARCHIVE_MINUTES)
                except discord.NotFound:  # the lobby's post was deleted: a thread of its own, then
                    thread = None
            if thread is None:
                channel = self.client.get_channel(game.channel_id) or await self.client.fetch_channel(game.channel_id)
                thread = await channel.create_thread(name=thread_name(game, tr), auto_archive_duration=ARCHIVE_MINUTES,
                                                     type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for game %s in channel %s: %s", game.id, game.channel_id, exc)
            await self.service.thread_opened(game.id, game.channel_id)  # the game plays in the channel
            try:
                await self.client.get_partial_messageable(game.channel_id).send(
                    tr._(NO_THREAD).format(id=game.id), allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.warning("could not tell channel %s that game %s has no thread", game.channel_id, game.id)
            return game.channel_id
        await self.service.thread_opened(game.id, thread.id)
        return thread.id

    async def refused(self, game: GameInfo, place: int, exc: discord.HTTPException) -> bool:
        """Discord refused a post in the game's thread for good (:func:`lasting`): from now on the game's posts go
        to its channel, which is told so once. True when the game moved to its channel (post there now)."""
        if place == game.channel_id or not lasting(exc):
            return False
        log.warning("game %s can no longer post in its thread %s (%s %s): it plays in its channel %s", game.id, place,
                    exc.status, exc.code, game.channel_id)
        await self.service.thread_opened(game.id, game.channel_id)
        tr = speaker(game.language, game.board)
        try:
            await self.client.get_partial_messageable(game.channel_id).send(
                tr._(THREAD_LOST).format(id=game.id, thread=f"<#{place}>"),
                allowed_mentions=discord.AllowedMentions.none(), nonce=message_nonce("sy", f"{game.id}:thread-lost"))
        except discord.HTTPException as told:
            log.warning("could not tell channel %s that game %s left its thread: %s", game.channel_id, game.id, told)
        return True

    async def result_in_channel(self, game: GameInfo, place: int, title: str, sentence: str) -> None:
        """A game played in its thread ends: the channel hears who won, with a link to the whole game."""
        if place == game.channel_id:
            return
        tr = speaker(game.language, game.board)
        text = tr._("🏁 {name}: **{title}** {sentence} The whole game: {thread}").format(
            name=thread_name(game, tr), title=title, sentence=sentence, thread=f"<#{place}>")
        try:
            await self.client.get_partial_messageable(game.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not announce the result of game %s in its channel", game.id)
