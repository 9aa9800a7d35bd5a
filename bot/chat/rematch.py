"""The Rematch button under a finished game's final post: a new lobby in the same channel with the same table, rules,
variants and settings, Mr. X's seat offered to the next person in turn (:meth:`GameService.rematch`).

Clicked twice, or by several players at once (in several processes), it opens one lobby: the service keeps one
rematch per finished game, and the lobby's post carries a message nonce of its own, so a second click that finds no
post recorded yet (the first is still sending it, or its process died after the lobby was stored) sends the same
message again and Discord keeps one."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import NC_, Speaker, reader, speaker

from bot.chat.context import ChatContext, fresh_context
from bot.chat.leases import message_nonce
from bot.chat.lobby import lobby_embed, lobby_view
from bot.chat.replies import defer, guarded, say
from bot.chat.words import mention


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:rematch:(?P<game>\d+)"):
    def __init__(self, game_id: int, tr: Speaker | None = None) -> None:
        label = (tr or reader()).pgettext("button", NC_("button", "Rematch"))
        super().__init__(discord.ui.Button(label=label, emoji="🔁", style=discord.ButtonStyle.success,
                                           custom_id=f"sy:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "RematchButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is not None:
            await rematch(ctx, interaction, self.game_id)


def rematch_view(game_id: int, tr: Speaker) -> discord.ui.View:
    """The final post's button (in the game's language: the channel reads it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, tr))
    return view


async def rematch(ctx: ChatContext, interaction: discord.Interaction, game_id: int) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction, game_id) as scope:
        result = await ctx.service.rematch(game_id, interaction.user.id)
        lobby = result.game
        scope.game_id = lobby.id
        ref = await ctx.service.message_for(lobby.id, "lobby")
        if ref is None:
            ref = await post_lobby(ctx, game_id, result)
        link = f"https://discord.com/channels/{lobby.guild_id}/{ref.channel_id}/{ref.message_id}"
        tr = reader()
        if not result.duplicate:
            text = tr._("🔁 The rematch is open: {link}").format(link=link)
        elif lobby.status == "lobby":
            text = tr._("🔁 The rematch is open already: {link}").format(link=link)
        else:
            text = tr._("🔁 This game's rematch has begun already: {link}").format(link=link)
        await say(interaction, text, ephemeral=True)


async def post_lobby(ctx: ChatContext, game_id: int, result) -> Any:
    """The rematch's lobby post in the channel, naming (and notifying) the people at the table, and Mr. X's seat's
    offer; recorded as the lobby's post."""
    lobby, players = result.game, result.players
    tr = speaker(lobby.language, lobby.board)
    people = [p.user_id for p in players if p.user_id > 0]
    offered = next((p.user_id for p in players if p.role == "mrx"), None)
    text = tr._("🔁 Rematch of game #{old}: {people}.").format(old=game_id, people=" ".join(map(mention, people)))
    if offered is not None:
        text += " " + tr._("Mr. X's seat is offered to {who}.").format(who=mention(offered, tr))
    embed = lobby_embed(lobby, players, tr, thread=await ctx.service.wants_thread(lobby.id))
    message = await ctx.client.get_partial_messageable(lobby.channel_id).send(
        text, embed=embed, view=lobby_view(lobby.id, lobby.rules, lobby.options, tr),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in people] or False, everyone=False,
                                                 roles=False),
        nonce=message_nonce("sy", f"rematch:{game_id}"))
    await ctx.service.record_message(lobby.id, "lobby", lobby.channel_id, message.id)
    return await ctx.service.message_for(lobby.id, "lobby")


#: registered in ``setup_hook``: the button of every finished game keeps working after a restart
DYNAMIC_ITEMS = (RematchButton,)
