"""Looking at a game: ``/sy board``, ``/sy log`` and ``/sy status``, answered privately; Mr. X sees his
own board and where he is, everyone else the public view."""

from __future__ import annotations

import io

import discord

from bot.games import get_family
from bot.games.family import MRX
from bot.i18n import Speaker, reader
from bot.service.models import LOBBY, RUNNING, GameInfo
from bot.service.timing import turn_waited

from bot.chat import finder
from bot.chat.context import ChatContext
from bot.chat.lobby_words import lobby_embed
from bot.chat.presenters import presenter
from bot.chat.replies import defer, guarded, say, speaker_for
from bot.chat.posts import when
from bot.chat.web_links import link_line, mrx_link_line, mrx_page_url, page_url
from bot.chat.words import COLOUR, mention, station, waited


async def look(ctx: ChatContext, interaction: discord.Interaction, game_id: int | None, show) -> None:
    """Acknowledge privately, find the game, and let ``show(ctx, interaction, game)`` answer."""
    if not ctx.first_time(interaction) or not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction) as scope:
        info = await finder.game_to_look_at(ctx.service, ctx.client, interaction, game_id)
        scope.game_id = info.id
        await show(ctx, interaction, info)


async def board(ctx: ChatContext, interaction: discord.Interaction, info: GameInfo, tracker: bool) -> None:
    me = await finder.player_or_none(ctx.service, info, interaction.user.id)
    view = await ctx.service.public_view(info.id) if info.status != RUNNING else None
    if view is not None and view.outcome is not None:  # over: Mr. X's whole route, for everyone
        png, name = await ctx.pictures.route(view, language=reader().language), "route.png"
        text = reader()._("🗺️ Game #{id} is over: Mr. X's whole route.").format(id=info.id)
    elif me is not None and MRX in me.pawns and info.status == RUNNING:  # his close-up and his board, his alone
        mview = await ctx.service.mrx_view(info.id, interaction.user.id)
        files = await ctx.pictures.mrx_files(mview, language=reader().language)
        text = reader()._("🎩 Your board, Mr. X: you are at {station}.").format(station=station(mview.station))
        text += mrx_link_line(await mrx_page_url(ctx.client, ctx.service, info.id, interaction.user.id), reader())
        await say(interaction, text if files else text + " " + reader()._("(No picture available right now.)"),
                  ephemeral=True, files=files, embeds=ctx.pictures.mrx_embeds(files))
        return
    else:
        view = view or await ctx.service.public_view(info.id)
        png, name = await ctx.pictures.board(view, tracker=tracker, language=reader().language), "board.png"
        text = reader()._("🗺️ Game #{id}, round {n}.").format(id=info.id, n=view.round)
    files = [discord.File(io.BytesIO(png), name)] if png else []
    text += link_line(await page_url(ctx.client, ctx.service, info.id), reader())
    await say(interaction, text if png else text + " " + reader()._("(No picture available right now.)"),
              ephemeral=True, files=files)


async def log(ctx: ChatContext, interaction: discord.Interaction, info: GameInfo) -> None:
    view = await ctx.service.public_view(info.id)
    embed = discord.Embed(title=reader()._("📒 Mr. X's logbook, game #{id}").format(id=info.id), colour=COLOUR,
                          description=ctx.pictures.logbook_text(view, reader().language))
    png = await ctx.pictures.logbook(view, language=reader().language)
    files = []
    if png:
        files.append(discord.File(io.BytesIO(png), "logbook.png"))
        embed.set_image(url="attachment://logbook.png")
    await say(interaction, embed=embed, files=files, ephemeral=True)


async def status(ctx: ChatContext, interaction: discord.Interaction, info: GameInfo) -> None:
    players = await ctx.service.players(info.id)
    if info.status == LOBBY:
        await say(interaction, embed=lobby_embed(info, players, await speaker_for(interaction)), ephemeral=True)
        return
    view = await ctx.service.public_view(info.id)
    t = await speaker_for(interaction)
    words = presenter(get_family(info.family))
    embed = words.status_embed(info, view, players, await _waiting(ctx, info, t), tr=t)
    me = next((p for p in players if p.user_id == interaction.user.id and p.status == "playing"), None)
    text = None
    if me is not None and MRX in me.pawns and view.outcome is None:
        text = words.mrx_status_text(await ctx.service.mrx_view(info.id, interaction.user.id), t)
    await say(interaction, text, embed=embed, ephemeral=True)


async def _waiting(ctx: ChatContext, info: GameInfo, t: Speaker) -> list[str]:
    """How long the turn has waited, and when its deadline falls; who is away, and whether the host has paused the
    game (for ``/sy status``)."""
    if info.status != RUNNING or info.turn_started_at is None:
        return []
    settings = await ctx.service.settings(info.id)
    now = ctx.clock()
    waited_for = turn_waited(info.turn_started_at, info.clock_stopped_at, now)
    lines = [t._("⏳ The turn has been waiting for {waited}.").format(waited=waited(waited_for, t))]
    if info.paused_at is not None:
        lines.append(t._("⏸ The host paused the game {when}: nobody moves and no clock runs until "
                         "`/sy-host resume`.").format(when=when(info.paused_at, "R")))
    for user, until in sorted(info.away.items(), key=lambda item: item[1]):
        if until > now:
            lines.append(t._("⏸ Away until {until}: {who}.").format(who=mention(user, t), until=when(until)))
    if info.clock_stopped_at is not None:
        lines.append(t._("⏸ The turn's clock stands still: no reminder and no deadline until it runs again."))
        return lines
    if settings.deadline_hours is not None:
        left = settings.deadline_hours * 3600 - waited_for
        lines.append(t._("⌛ The deadline is in {left}.").format(left=waited(left, t)) if left > 0 else
                     t._("⌛ The deadline passed {ago} ago: the host may skip or `/sy-host replace` the player.").format(
                         ago=waited(-left, t)))
    return lines
