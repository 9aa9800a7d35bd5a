"""Links to a game's web page (``bot.web``, ``docs/web.md``) in the bot's posts: the start post, the round
summaries and the result (a link button), ``/sy board`` and ``/sy games``; Mr. X's own page in his DM. Only when
the operator set ``SY_WEB_URL`` (the client's ``web_url``): without it nothing changes and no link is posted."""

from __future__ import annotations

import discord

from bot.i18n import N_, Speaker

#: the link button's label
OPEN = N_("Board in the browser")
MRX_OPEN = N_("Your own page, Mr. X (keep it to yourself)")


def base_of(client: discord.Client) -> str | None:
    return getattr(client, "web_url", None)


async def page_url(client: discord.Client, service, game_id: int) -> str | None:
    """The game's public page, or None (no SY_WEB_URL, or a game without a page)."""
    base = base_of(client)
    if not base:
        return None
    token = await service.page_token(game_id)
    return f"{base}/g/{token}" if token else None


async def mrx_page_url(client: discord.Client, service, game_id: int, user_id: int) -> str | None:
    """Mr. X's own page for ``user_id``, or None."""
    base = base_of(client)
    if not base:
        return None
    token = await service.mrx_page_token(game_id, user_id)
    return f"{base}/x/{token}" if token else None


def with_link(view: discord.ui.View | None, url: str | None, tr: Speaker) -> discord.ui.View | None:
    """``view`` (or a new one) with the page's link button added; ``view`` as it is without a link."""
    if not url:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=tr._(OPEN), emoji="🗺️"))
    return view


def links_only(message: discord.Message) -> discord.ui.View | None:
    """The link buttons of a posted message, alone (what a turn post keeps when its turn passes)."""
    view = discord.ui.View(timeout=None)
    for row in message.components:
        for item in getattr(row, "children", ()):
            if getattr(item, "url", None):
                view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=item.url, label=item.label,
                                                emoji=item.emoji))
    return view if view.children else None


def link_line(url: str | None, tr: Speaker) -> str:
    """A line with the page's link, for a reply's text ("" without a link)."""
    return f"\n🗺️ [{tr._(OPEN)}](<{url}>)" if url else ""


def mrx_link_line(url: str | None, tr: Speaker) -> str:
    """A line with Mr. X's own page's link, for his DM or his private answer ("" without a link)."""
    return f"\n🎩 [{tr._(MRX_OPEN)}](<{url}>)" if url else ""
