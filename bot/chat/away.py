"""Away: ``/sy-me away`` and ``/sy-me back`` (the host's pause: :mod:`bot.chat.host`). The channel's one line comes
from the outbox (:mod:`bot.chat.announcer`); the caller's answer is private."""

from __future__ import annotations

import discord

from bot.i18n import reader

from bot.chat.context import ChatContext
from bot.chat.posts import when
from bot.chat.replies import defer, guarded, key, say
from bot.chat.words import and_list


def _games(ids, tr) -> str:
    return and_list([f"#{game_id}" for game_id in ids], tr)


async def go_away(ctx: ChatContext, interaction: discord.Interaction, days: float, reason: str | None,
                  game_id: int | None) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction):
        marked = await ctx.service.go_away(interaction.user.id, days, reason, game_id, key=key(interaction))
        tr = reader()
        lines = []
        for until, games in _by_end(a for a in marked if a.until is not None):
            lines.append(tr.ngettext(
                "⏸ You are away until {until} in game {games}: no reminder and no deadline while it is your turn. "
                "`/sy-me back` when you are back.",
                "⏸ You are away until {until} in games {games}: no reminder and no deadline while it is your turn. "
                "`/sy-me back` when you are back.", len(games)).format(until=when(until), games=_games(games, tr)))
        for away in marked:
            if away.until is None:
                lines.append(tr._("⚠️ Game #{id}: you have used the {days} days away it allows (`/sy-host settings "
                                  "away_days:` by its host).").format(id=away.game_id, days=f"{away.limit_days:g}"))
            elif away.shortened:
                lines.append(tr._("Game #{id} allows each player {days} days away in all: yours ends sooner "
                                  "there.").format(id=away.game_id, days=f"{away.limit_days:g}"))
        await say(interaction, "\n".join(lines), ephemeral=True)
        for away in marked:
            await ctx.announce(away.game_id)


def _by_end(marked) -> list[tuple[float, list[int]]]:
    """The games grouped by the end of the time away (a limit may end one sooner)."""
    found: dict[float, list[int]] = {}
    for away in marked:
        found.setdefault(away.until, []).append(away.game_id)
    return sorted(found.items())


async def come_back(ctx: ChatContext, interaction: discord.Interaction, game_id: int | None) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction):
        games = await ctx.service.come_back(interaction.user.id, game_id)
        tr = reader()
        await say(interaction, tr.ngettext("▶️ Welcome back: the clock runs again in game {games}.",
                                           "▶️ Welcome back: the clocks run again in games {games}.",
                                           len(games)).format(games=_games(games, tr)), ephemeral=True)
        for game in games:
            await ctx.announce(game)
