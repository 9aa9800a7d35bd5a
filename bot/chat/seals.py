"""The proof of fairness as the channel sees it (``docs/fairness.md``), kept short: the key commitment in the lobby's
and the start post's footer, one short seal on each of Mr. X's move posts (the seal chain binds his start with the
first), the key in a field of the final post; ``/sy verify`` and ``/sy export`` hold the rest. Nothing here says
anything of a station. And the game's own posts read back for ``/sy verify``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable, Mapping

import discord

from bot.fairness.commitments import V1, V2, short
from bot.fairness.published import Published
from bot.i18n import Speaker


def seal_line(payload: Mapping[str, Any], tr: Speaker | None = None) -> str | None:
    """The seal a post of Mr. X's carries: the seal chain after its entries (sy-commit/2), or the short commitment
    of each (a game still running under sy-commit/1); None when the post seals nothing."""
    if payload.get("seal"):
        return f"🔒 `{short(str(payload['seal']), V2)}`"
    sealed = payload.get("sealed") or ()
    if not sealed:
        return None
    return "🔒 " + " ".join(f"`{short(str(value), V1)}`" for _, value in sealed)


def key_commitment_line(key_commitment: str, tr: Speaker) -> str:
    return tr._("🔒 Key commitment: {commitment}").format(commitment=key_commitment)


def lobby_footer(footer: str, key_commitment: str | None, tr: Speaker) -> str:
    """The lobby's footer with the commitment to the game's key under it: fixed before anyone joins."""
    if not key_commitment:
        return footer
    return footer + "\n" + key_commitment_line(key_commitment, tr)


def start_footer(payload: Mapping[str, Any], key_commitment: str | None, tr: Speaker) -> str | None:
    """The start post's footer: the key commitment again (Mr. X's start card is the key's draw, and his first move's
    seal binds it); a game of sy-commit/1 showed the seal of his start here."""
    if key_commitment:
        return key_commitment_line(key_commitment, tr)
    seal = seal_line(payload)
    return tr._("Mr. X's start is sealed: {seal}").format(seal=seal[2:]) if seal else None


def start_embed(payload: Mapping[str, Any], key_commitment: str | None, tr: Speaker, colour: Any = None
                ) -> discord.Embed | None:
    """A small embed holding :func:`start_footer` only, under the start post."""
    text = start_footer(payload, key_commitment, tr)
    if text is None:
        return None
    embed = discord.Embed(colour=colour)
    embed.set_footer(text=text)
    return embed


def add_key(embed: discord.Embed, key: str | None, tr: Speaker) -> None:
    """The game's key, opening every seal, as the last field of the final post (after the result)."""
    if key:
        embed.add_field(name=tr._("🔑 Key"), value=f"`{key}`", inline=False)


def with_line(content: str | None, line: str | None, *, under_mrx: bool = False) -> str | None:
    """``content`` with ``line`` under it (either may be missing). ``under_mrx``: under the last line about Mr. X
    (🎩), else above the call to act (➡️), so the seal sits with his move and the call to act stays last."""
    if not (content and line and under_mrx):
        return "\n".join(part for part in (content, line) if part) or None
    lines = content.split("\n")
    about = [i for i, text in enumerate(lines) if text.startswith("🎩")]
    calls = [i for i, text in enumerate(lines) if text.startswith("➡️")]
    at = about[-1] + 1 if about else calls[0] if calls else len(lines)
    return "\n".join([*lines[:at], line, *lines[at:]])


def message_text(message: discord.Message) -> str:
    """What a reader reads of a post: its text, and its embeds' titles, descriptions, fields and footers."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name}: {field.value}" for field in embed.fields]
        parts.append(embed.footer.text or "" if embed.footer else "")
    return "\n".join(part for part in parts if part)


async def read_posts(client: discord.Client, posts: Iterable[tuple[int, int]]) -> tuple[Published, int]:
    """The proof the game's own posts show, read back from Discord (each place's history from its first post of the
    game to its last, the bot's own posts of the game among it): what was published, and how many posts were read.
    Raises ``discord.HTTPException`` when a place cannot be read."""
    wanted: dict[int, set[int]] = defaultdict(set)
    for channel_id, message_id in posts:
        if channel_id and message_id:
            wanted[channel_id].add(message_id)
    published, read = Published(), 0
    for channel_id, ids in wanted.items():
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
        async for message in channel.history(limit=None, after=discord.Object(min(ids) - 1), oldest_first=True):
            if message.id > max(ids):
                break
            if message.id in ids and message.author.id == client.user.id:
                published.add_text(message_text(message))
                read += 1
    return published, read
