"""``/sy games``: the caller's games in every server (and from their DMs), those where they move first,
each with its rules, round, whose turn it is and a link that jumps to it."""

from __future__ import annotations

import discord

from bot.i18n import N_, Speaker
from bot.service.models import LOBBY, UserGame

from bot.chat.context import ChatContext
from bot.chat.finder import guild_of
from bot.chat.places import jump_url
from bot.chat.replies import defer, guarded, say, speaker_for
from bot.chat.turn_posts import TURN
from bot.chat.web_links import page_url
from bot.chat.words import COLOUR, and_list, mention, pawn_name, rules_title

#: games listed at most (an embed holds 4096 characters)
SHOWN = 15
#: the link to a game
JUMP = N_("jump to it")
#: the link to a game's web page (bot.web)
BOARD = N_("board")


def _order(game: UserGame) -> tuple:
    """Yours to move first, then running games, then lobbies; the newest of each first."""
    return (not game.your_turn, game.game.status == LOBBY, -game.game.id)


async def games(ctx: ChatContext, interaction: discord.Interaction) -> None:
    if not ctx.first_time(interaction) or not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction):
        tr = await speaker_for(interaction)
        mine = sorted(await ctx.service.games_of_user(interaction.user.id), key=_order)
        if not mine:
            await say(interaction, tr._("You are in no game right now: `/sy new` opens one in a server channel."),
                      ephemeral=True)
            return
        names: dict[int, str | None] = {}
        lines = [await _line(ctx, g, tr, names) for g in mine[:SHOWN]]
        if len(mine) > SHOWN:
            lines.append(tr._("… and {n} more.").format(n=len(mine) - SHOWN))
        embed = discord.Embed(title=tr._("🕵️ Your games"), colour=COLOUR, description="\n\n".join(lines)[:4096])
        await say(interaction, embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def server_name(client: discord.Client, guild_id: int) -> str | None:
    """The server's name (:func:`guild_of`); None when the bot is no longer there."""
    try:
        return (await guild_of(client, guild_id)).name
    except discord.HTTPException:
        return None


async def _line(ctx: ChatContext, mine: UserGame, tr: Speaker, names: dict[int, str | None]) -> str:
    game = mine.game
    if game.guild_id not in names:
        names[game.guild_id] = await server_name(ctx.client, game.guild_id)
    name = names[game.guild_id]
    head = f"**#{game.id} · {rules_title(game.rules, tr)}**" + (f" · {name}" if name else "")
    if game.status == LOBBY:
        players = len(await ctx.service.players(game.id))
        lobby = await ctx.service.message_for(game.id, "lobby")
        where = jump_url(game.guild_id, game.channel_id, lobby.message_id if lobby else None)
        text = tr.ngettext("lobby, {n} player: waiting for the host's start",
                           "lobby, {n} players: waiting for the host's start", players).format(n=players)
        return f"{head}\n{text} · [{tr._(JUMP)}]({where})"
    view = await ctx.service.public_view(game.id)
    place = await ctx.service.game_thread(game.id) or game.channel_id
    turn = await ctx.service.message_for(game.id, TURN)
    where = jump_url(game.guild_id, turn.channel_id, turn.message_id) if turn and turn.message_id else \
        jump_url(game.guild_id, place)
    names = and_list((pawn_name(view, p, tr) for p in view.to_move), tr)
    if mine.your_turn:
        whose = tr._("➡️ **your move**: {pawns}").format(pawns=and_list(
            (pawn_name(view, p, tr) for p in view.to_move if p in mine.pawns), tr))
    else:
        owners = [p.user_id for p in await ctx.service.players(game.id)
                  if p.status == "playing" and set(p.pawns) & set(view.to_move)]
        whose = tr._("⏳ {pawns} to move ({who})").format(pawns=names, who=" ".join(mention(u, tr) for u in owners))
    round_ = tr._("round {n}").format(n=game.round)
    page = await page_url(ctx.client, ctx.service, game.id)
    board = f" · [{tr._(BOARD)}](<{page}>)" if page else ""
    return f"{head}\n{round_} · {whose} · [{tr._(JUMP)}]({where}){board}"
