"""Mr. X's private receipt for his move: his family's words for what he did, and his board as it is
now (he alone sees either: an ephemeral answer or his DM)."""

from __future__ import annotations

import io

import discord

from bot.games import get_family
from bot.games.errors import GameError
from bot.service.models import CommandResult

from bot.chat.context import ChatContext
from bot.chat.presenters import presenter
from bot.chat.replies import speaker_for


async def mrx_receipt(ctx: ChatContext, result: CommandResult,
                      interaction: discord.Interaction) -> tuple[str, list[discord.File]]:
    """(text, files) of the receipt; a move made already (a re-delivered click) says so, without a board."""
    tr = await speaker_for(interaction)
    if result.duplicate:
        return tr._("That move was already made."), []
    words = presenter(get_family(result.game.family))
    try:
        mview = await ctx.service.mrx_view(result.game.id, interaction.user.id)
    except GameError:
        return words.mrx_receipt_text(result.events, result.view, None, tr), []
    text = words.mrx_receipt_text(result.events, result.view, mview.station, tr)
    png = await ctx.pictures.mrx_board(mview, language=tr.language)
    return text, [discord.File(io.BytesIO(png), "mrx-board.png")] if png else []
