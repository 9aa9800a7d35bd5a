"""After the game: ``/sy export`` (a finished game's record), ``/sy verify`` (its checks), ``/sy stats`` and
``/sy leaderboard``."""

from __future__ import annotations

import io
import json
import logging

import discord

from bot.fairness.published import Published
from bot.fairness.verify import verify_record
from bot.i18n import game_language, reader, speaker
from bot.ratings import ALL
from bot.service.errors import GameNotOver

from bot.chat import finder
from bot.chat.context import ChatContext
from bot.chat.posts import stats_text
from bot.chat.ratings import leaderboard_text, ratings_text
from bot.chat.replies import Refused, defer, guarded, is_dm, say
from bot.chat.seals import read_posts

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
#: the latest games ``/sy stats`` shows the rating changes of
HISTORY = 5


async def export(ctx: ChatContext, interaction: discord.Interaction, game: int | None) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction, game) as scope:
        game_id, record = await _finished_record(ctx, interaction, game)
        scope.game_id = game_id
        data = json.dumps(record, indent=1).encode()
        await say(interaction, reader()._("📦 The record of game #{id} (`{format}`).").format(
            id=game_id, format=record.get("format", "scotland-yard-record/1")), ephemeral=True,
                  file=discord.File(io.BytesIO(data), f"scotland-yard-{game_id}.json"))


async def verify(ctx: ChatContext, interaction: discord.Interaction, game: int | None) -> None:
    """``/sy verify``: the checks of ``docs/fairness.md`` on a finished game's record, and on what the game's own posts
    published (read back from Discord: its key commitment, its seals, its key), in the reader's words."""
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction, game) as scope:
        game_id, record = await _finished_record(ctx, interaction, game)
        scope.game_id = game_id
        tr = reader()
        published, said = await _published(ctx, game_id, tr)
        verdict = verify_record(record, published)
        head = (tr._("✅ Game #{id} checks out.") if verdict.sound else
                tr._("❌ Game #{id} does not check out:")).format(id=game_id)
        await say(interaction, "\n".join([head, *(f"• {line}" for line in verdict.lines(tr)), said]), ephemeral=True)


async def _published(ctx: ChatContext, game_id: int, tr) -> tuple[Published | None, str]:
    """What the game's posts published, read back from Discord, and the line that says what was read."""
    posts = [(ref.channel_id, ref.message_id) for ref in await ctx.service.public_posts(game_id)]
    try:
        published, read = await read_posts(ctx.client, posts)
    except discord.HTTPException as exc:
        log.info("game %s: could not read its posts back: %s", game_id, exc)
        return None, tr._("📜 I could not read the game's posts back from Discord, so only its record was checked.")
    if not read:
        return None, tr._("📜 I found none of the game's posts to read back (deleted, or I lack Read Message History "
                          "there), so only its record was checked.")
    return published, tr._("📜 I read the game's {posts} posts back from Discord and checked their seals and key "
                           "commitment against the record.").format(posts=read)


async def _finished_record(ctx: ChatContext, interaction: discord.Interaction, game: int | None) -> tuple[int, dict]:
    """The number and record of ``game`` (default: the channel's latest finished game), for someone who may see it."""
    service = ctx.service
    if game is not None:
        game_id = (await finder.visible_game(service, ctx.client, interaction, game)).id
    else:
        latest = None if is_dm(interaction) else await finder.latest_here(service, interaction.channel_id)
        if latest is None:
            active = None if is_dm(interaction) else await finder.game_here(service, interaction.channel_id)
            if active is not None:
                raise GameNotOver("The record is available once the game is over.")
            raise Refused("Which game? Give its number with the `game` option (shown in the game's messages).")
        game_id = latest.id
    return game_id, await service.record(game_id)


async def stats(ctx: ChatContext, interaction: discord.Interaction, user: discord.User | None) -> None:
    async with guarded(interaction):
        if is_dm(interaction):
            raise Refused("Statistics are per server: ask in a server channel.")
        who = user or interaction.user
        found = await ctx.service.stats(interaction.guild_id, who.id)
        rated = ratings_text(await ctx.service.ratings_of(interaction.guild_id, who.id, HISTORY), reader())
        text = stats_text(who.id, found, reader())
        await say(interaction, f"{text}\n{rated}" if rated else text, ephemeral=True, allowed_mentions=NO_PINGS)


async def leaderboard(ctx: ChatContext, interaction: discord.Interaction, show: bool = False,
                      role: str | None = None) -> None:
    """The server's best rated players (``role``: as Mr. X, or as detectives): privately, in the reader's
    language, like ``/sy stats``; with ``show``, for the channel, in the server's language."""
    async with guarded(interaction):
        if is_dm(interaction):
            raise Refused("The leaderboard is per server: ask in a server channel.")
        ladder = role or ALL
        rows = await ctx.service.rating_board(interaction.guild_id, ladder)
        stats = {s.user_id: s for s in await ctx.service.leaderboard(interaction.guild_id, limit=None)}
        if show:
            server = await ctx.service.guild_settings(interaction.guild_id)  # a public post: the server's language
            tr = speaker(game_language(None, server.language, interaction.guild_locale))
        else:
            tr = reader()
        await say(interaction, leaderboard_text(rows, stats, ladder, tr), ephemeral=not show, allowed_mentions=NO_PINGS)
