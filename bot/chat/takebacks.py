"""Take-backs by consent in the chat (``docs/takebacks.md``): ``/sy takeback`` asks to take one's last move back (Mr.
X may ask in his DMs), the channel's post asks the other side, whose **Accept** / **Refuse** buttons answer; the
posts come from the outbox (:meth:`bot.chat.announcer.Announcer.post`) and say nothing of Mr. X's station."""

from __future__ import annotations

import re
from typing import Any, Mapping

import discord

from bot.i18n import NC_, Speaker, reader
from bot.service.models import LOBBY

from bot.chat import finder
from bot.chat.context import ChatContext, fresh_context
from bot.chat.replies import Refused, defer, guarded, key, say
from bot.chat.words import and_list, mention, pawn_name


async def ask(ctx: ChatContext, interaction: discord.Interaction, game_id: int | None) -> None:
    """``/sy takeback``: ask to take back one's last move (the other side decides; a computer accepts at once)."""
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction, game_id) as scope:
        game = await finder.game_for(ctx.service, interaction, game_id)
        scope.game_id = game.id
        if game.status == LOBBY:
            raise Refused("The game has not started: there is nothing to take back.")
        before = game.version
        result = await ctx.service.ask_takeback(game.id, interaction.user.id, key(interaction))
        tr = reader()
        if result.game.version != before and not result.duplicate:
            await say(interaction, tr._("↩️ Taken back: move again."), ephemeral=True)
        else:
            await say(interaction, tr._("↩️ Asked: the other side decides."), ephemeral=True)
        await ctx.announce(game.id)


async def answer(ctx: ChatContext, interaction: discord.Interaction, game_id: int, seq: int, accept: bool) -> None:
    """The other side's **Accept** or **Refuse** under the channel's question; the question loses its buttons."""
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction, game_id):
        await ctx.service.answer_takeback(game_id, interaction.user.id, seq, accept, key(interaction))
        try:
            if interaction.message is not None:
                await interaction.message.edit(view=None)
        except discord.HTTPException:
            pass  # the channel's answer says it all the same
        tr = reader()
        await say(interaction, tr._("↩️ Accepted: the move is taken back.") if accept
                  else tr._("↩️ Refused: the move stands."), ephemeral=True)
        await ctx.announce(game_id)


def takeback_text(payload: Mapping[str, Any], view: Any, tr: Speaker) -> str:
    """The channel's post of a take-back: asked (and who decides), accepted, refused. Of Mr. X's, only that he
    asks, and whether it was granted."""
    pawn, asker, state = payload.get("pawn"), payload.get("asker"), payload.get("state")
    mrx = pawn == "mrx"
    who = pawn_name(view, pawn, tr) if pawn and not mrx else ""
    if state == "asked":
        deciders = and_list([mention(u, tr) for u in payload.get("deciders", ())], tr)
        if mrx:
            return tr._("↩️ Mr. X asks to take back his last move. {deciders}: a detective (or the host) decides "
                        "below.").format(deciders=deciders)
        return tr._("↩️ {asker} asks to take back {pawn}'s last move. {deciders}, as Mr. X, decides below.").format(
            asker=mention(asker, tr), pawn=who, deciders=deciders)
    by = payload.get("by")
    if state == "refused":
        if mrx:
            return tr._("↩️ {by} refused Mr. X's take-back: his move stands.").format(by=mention(by, tr))
        return tr._("↩️ {by} refused the take-back: {pawn}'s move stands.").format(by=mention(by, tr), pawn=who)
    if mrx:
        text = (tr._("↩️ Mr. X's last move is taken back ({by} agreed): he moves again.").format(by=mention(by, tr))
                if by else tr._("↩️ Mr. X's last move is taken back: he moves again."))
    else:
        text = (tr._("↩️ {pawn}'s last move is taken back ({by} agreed).").format(pawn=who, by=mention(by, tr))
                if by else tr._("↩️ {pawn}'s last move is taken back.").format(pawn=who))
    return text


class TakebackButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"sy:takeback:(?P<game>\d+):(?P<seq>\d+):(?P<answer>yes|no)"):
    def __init__(self, game_id: int, seq: int, accept: bool, tr: Speaker | None = None) -> None:
        tr = tr or reader()
        label = tr.pgettext("button", NC_("button", "Accept")) if accept else tr.pgettext("button",
                                                                                           NC_("button", "Refuse"))
        super().__init__(discord.ui.Button(
            label=label, emoji="✅" if accept else "✖️",
            style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
            custom_id=f"sy:takeback:{game_id}:{seq}:{'yes' if accept else 'no'}"))
        self.game_id, self.seq, self.accept = game_id, seq, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "TakebackButton":
        return cls(int(match["game"]), int(match["seq"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is not None:
            await answer(ctx, interaction, self.game_id, self.seq, self.accept)


def takeback_view(game_id: int, seq: int, tr: Speaker) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackButton(game_id, seq, True, tr))
    view.add_item(TakebackButton(game_id, seq, False, tr))
    return view


#: registered in ``setup_hook``, so a question's buttons keep working after a restart
DYNAMIC_ITEMS = (TakebackButton,)
