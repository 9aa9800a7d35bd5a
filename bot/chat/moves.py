"""Playing, the same for every family: ``/sy move``, ``/sy trade``, ``/sy surface``, resigning and the
host's skip; the resign and skip buttons.

What a move's options mean is the family's to say (its presenter's ``move_parts`` and
``trade_action``); the service accepts or refuses every action, and the channel's post (from the
announcer) is the answer the table reads.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.games import get_family
from bot.games.family import MRX
from bot.i18n import reader
from bot.service.models import LOBBY, RUNNING

from bot.chat import finder
from bot.chat.context import ChatContext, fresh_context
from bot.chat.presenters import presenter
from bot.chat.receipts import mrx_receipt
from bot.chat.replies import Refused, defer, guarded, key, quiet_done, say

log = logging.getLogger(__name__)


async def move(ctx: ChatContext, interaction: discord.Interaction, to: int, ticket: str | None,
               pawn: str | None = None, then_to: int | None = None, then_ticket: str | None = None,
               game_id: int | None = None, expected_round: int | None = None) -> None:
    """``/sy move``: a detective in the channel, Mr. X in DMs (or privately in the channel)."""
    if not await defer(interaction, ephemeral=True):
        return
    service = ctx.service
    async with guarded(interaction) as scope:
        game = await finder.game_for(service, interaction, game_id, playing=True)
        scope.game_id = game.id
        if game.status != RUNNING:
            raise Refused("The game has not started yet: the host starts it with `/sy start`.")
        mover = await finder.mover(service, game, interaction, pawn)
        who = mover.pawn
        first, second = await presenter(get_family(game.family)).move_parts(mover, to, ticket, then_to, then_ticket)
        if second is not None:
            result = await service.double_move(game.id, interaction.user.id, first, second, key(interaction),
                                               expected_round)
        else:
            result = await service.move(game.id, interaction.user.id, who, first[0], first[1], key(interaction),
                                        expected_round)
        if who == MRX:
            text, files = await mrx_receipt(ctx, result, interaction)
            await say(interaction, text, ephemeral=True, files=files)
            await retire_prompt(ctx, game.id)
        elif result.duplicate:
            await say(interaction, reader()._("That move was already made."), ephemeral=True)
        else:
            await quiet_done(interaction)  # the channel shows the move: no private echo
        await ctx.announce(game.id)


async def retire_prompt(ctx: ChatContext, game_id: int) -> None:
    """Mr. X moved with ``/sy move``: his DM menu for this turn loses its controls."""
    ref = await ctx.service.message_for(game_id, "mrx_prompt")
    if ref is None:
        return
    try:
        await ctx.client.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id).edit(
            content=reader()._("✅ You moved with `/sy move`; this menu is closed."), view=None)
    except discord.HTTPException:
        log.info("could not close Mr. X's menu of game %s", game_id)


async def trade(ctx: ChatContext, interaction: discord.Interaction, to: str, ticket: str, pawn: str | None,
                game_id: int | None = None) -> None:
    """``/sy trade`` (a sanssouci variant): on its own turn, before moving, an agent hands one ticket
    to another agent. The channel's post is the answer."""
    if not await defer(interaction, ephemeral=True):
        return
    service = ctx.service
    async with guarded(interaction) as scope:
        game = await finder.channel_game(service, interaction, game_id, playing=True, option=True)
        scope.game_id = game.id
        if game.status != RUNNING:
            raise Refused("The game has not started yet.")
        giver = (await finder.mover(service, game, interaction, pawn)).pawn  # a channel's game: never in DMs
        view = await service.public_view(game.id)
        action = presenter(get_family(game.family)).trade_action(view, giver, to, ticket)
        result = await service.act(game.id, interaction.user.id, action, key(interaction))
        if result.duplicate:
            await say(interaction, reader()._("That was done already."), ephemeral=True)
        else:
            await quiet_done(interaction)
        await ctx.announce(game.id)


async def surface(ctx: ChatContext, interaction: discord.Interaction, take: str | None, game_id: int | None) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction) as scope:
        game = await finder.game_for(ctx.service, interaction, game_id, playing=True)
        scope.game_id = game.id
        await ctx.service.surface(game.id, interaction.user.id, None, key(interaction), prefer=take)
        await say(interaction, reader()._("✅ You surfaced: everyone sees where you are now."), ephemeral=True)
        await ctx.announce(game.id)


async def resign(ctx: ChatContext, interaction: discord.Interaction, game_id: int | None, *,
                 confirmed: bool = False) -> None:
    """``/sy resign`` asks first (a button); the button resigns."""
    if not await defer(interaction, ephemeral=True):
        return
    service = ctx.service
    async with guarded(interaction, game_id) as scope:
        if game_id is not None and confirmed:
            game = await finder.game(service, game_id)
        else:
            game = await finder.game_for(service, interaction, game_id, playing=True)
        scope.game_id = game.id
        if game.status == LOBBY:
            raise Refused("The game has not started: use `/sy leave` to leave the lobby.")
        if not confirmed:
            me = await finder.me(service, game, interaction.user.id)
            tr = reader()
            what = (tr._("Mr. X resigning ends the game: the detectives win.") if MRX in me.pawns else
                    tr._("Your pawns go to the other detectives (if nobody is left, Mr. X wins)."))
            await say(interaction, tr._("🏳️ Really resign from game #{id}? {what}").format(id=game.id, what=what),
                      ephemeral=True, view=resign_view(game.id))
            return
        await service.resign(game.id, interaction.user.id, key(interaction))
        await say(interaction, reader()._("🏳️ You resigned."), ephemeral=True)
        await ctx.announce(game.id)


async def skip(ctx: ChatContext, interaction: discord.Interaction, game_id: int, round_: int, pawn: str) -> None:
    """The host's **Skip** button under the deadline's post: acknowledged in place (the channel's post
    says who was skipped), and the button goes."""
    if not await defer(interaction, thinking=False):
        return
    async with guarded(interaction, game_id):
        await ctx.service.skip(game_id, interaction.user.id, pawn, key(interaction), round_)
        await _without_clicked_button(interaction)
        await ctx.announce(game_id)


async def _without_clicked_button(interaction: discord.Interaction) -> None:
    if interaction.message is None:
        return
    view = discord.ui.View.from_message(interaction.message, timeout=None)
    clicked = (interaction.data or {}).get("custom_id")
    for item in list(view.children):
        if getattr(item, "custom_id", None) == clicked:
            view.remove_item(item)
    try:
        await interaction.edit_original_response(view=view if view.children else None)
    except discord.HTTPException:
        log.info("could not take the skip button off message %s", interaction.message.id)


# -- the buttons: the host's skip past the deadline, and the confirmation to resign ----------------


class SkipButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sy:skip:(?P<game>\d+):(?P<round>\d+):(?P<pawn>[a-z0-9]+)"):
    def __init__(self, game_id: int, round_: int, pawn: str, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or reader()._("Skip {pawn}").format(pawn=pawn), emoji="⏭️",
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"sy:skip:{game_id}:{round_}:{pawn}"))
        self.game_id, self.round, self.pawn = game_id, round_, pawn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "SkipButton":
        return cls(int(match["game"]), int(match["round"]), match["pawn"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await skip(ctx, interaction, self.game_id, self.round, self.pawn)


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:resign:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=reader()._("Yes, resign"), emoji="🏳️", style=discord.ButtonStyle.danger,
                                           custom_id=f"sy:resign:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ResignButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await resign(ctx, interaction, self.game_id, confirmed=True)


def resign_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id))
    return view


#: registered in ``setup_hook`` so that earlier runs' buttons keep working
DYNAMIC_ITEMS = (SkipButton, ResignButton)
