"""Sync the slash commands only when they changed.

Discord rate-limits command syncs, and a sync on every start is what discord.py's
``advanced_startup.py`` warns against. The payload the tree would send (translations included) is
hashed; the digest of the last successful sync is kept in the database, per scope. A digest that says
"unchanged" is checked against what Discord has (one GET of the scope's commands) before the sync is
skipped: commands removed or changed on Discord's side (another deployment of the same application, say)
come back.

A sync that fails for a while (Discord answers 5xx or 429, or is out of reach) does not stop the bot:
:func:`sync_with_retries` tries again in the background, waiting longer each time. One Discord refuses (a 4xx:
``SY_DEV_GUILD`` names a server Discord does not know, or the bot is not in it) is a setting to fix, which no
retry mends: it still stops the start in one sentence.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
from typing import Any, Awaitable, Callable, Iterable

import aiohttp
import discord
from discord import app_commands

from bot.service import GameService

from bot.chat.words import one_line

log = logging.getLogger(__name__)

#: seconds between tries of a failed sync (the last one repeats): Discord's outages are minutes long
RETRY_DELAYS = (5.0, 15.0, 60.0, 300.0)


#: each command's translated payload, by its translator's kind and its payload untranslated: the translations
#: come from the package's catalogues, fixed while the process runs, and working them out for each of Discord's
#: locales took most of the time a start spends on its commands (once to compare, once more to sync)
_translated: dict[tuple[type, str], dict] = {}


async def payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[dict]:
    """What ``tree.sync(guild=guild)`` would send."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if not translator:
        return [command.to_dict(tree) for command in commands]
    sent = []
    for command in commands:
        key = (type(translator), json.dumps(command.to_dict(tree), sort_keys=True, default=str))
        if key not in _translated:
            _translated[key] = await command.get_translated_payload(tree, translator)
        sent.append(copy.deepcopy(_translated[key]))
    return sent


async def upload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None, sent: list[dict]) -> None:
    """``tree.sync(guild=guild)`` with its payload worked out already (:func:`payload`): the same request, and a
    payload Discord refuses raises the same :class:`app_commands.CommandSyncFailure`."""
    http, application_id = tree.client.http, tree.client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    try:
        if guild is None:
            await http.bulk_upsert_global_commands(application_id, payload=sent)
        else:
            await http.bulk_upsert_guild_commands(application_id, guild.id, payload=sent)
    except discord.HTTPException as exc:
        if exc.status == 400 and exc.code == 50035:
            raise app_commands.CommandSyncFailure(exc, tree.get_commands(guild=guild)) from None
        raise


def _outline(entries: Iterable[dict[str, Any]]) -> list[tuple]:
    """What must match between the commands sent and those Discord lists: each command's and option's type,
    name and description, nested. Discord echoes a command with fields of its own (ids, version, defaults
    it fills in, no translations unless asked), so the rest is left out of the comparison."""
    return sorted((int(e.get("type") or 1), str(e.get("name")), str(e.get("description") or ""),
                   tuple(_outline(e.get("options") or ()))) for e in entries)


async def discord_has(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> list[tuple]:
    """The outline of the commands Discord holds for the scope (one GET)."""
    fetched = await tree.fetch_commands(guild=guild)
    return _outline(command.to_dict() for command in fetched)


async def sync_if_changed(tree: app_commands.CommandTree, service: GameService, application_id: int | None,
                          guild: discord.abc.Snowflake | None = None) -> bool:
    """Sync the commands of ``guild`` (None: the global ones) unless they are what was last synced and what
    Discord still has. Returns True when it synced."""
    scope = f"commands:{application_id}:{'global' if guild is None else guild.id}"
    sent = await payload(tree, guild)
    body = json.dumps(sent, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(body.encode()).hexdigest()
    if await service.installation_value(scope) == digest:
        if await discord_has(tree, guild) == _outline(sent):
            log.info("slash commands unchanged (%s): not synced", scope)
            return False
        log.warning("slash commands differ on Discord's side from the last sync (%s): syncing again", scope)
    await upload(tree, guild, sent)
    await service.set_installation_value(scope, digest)
    log.info("slash commands synced (%s)", scope)
    return True


#: what a sync can fail with and be tried again: Discord's outages, a network that is down
RETRYABLE = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


def passing(exc: BaseException) -> bool:
    """Whether a failed sync may work later: Discord's 5xx and 429, and a network that is down; not a 4xx
    refusal (an unknown server, no access, a payload Discord rejects)."""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return isinstance(exc, RETRYABLE)


async def sync_with_retries(sync: Callable[[], Awaitable[None]], delays: tuple[float, ...] = RETRY_DELAYS,
                            sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> int:
    """Run ``sync`` until it succeeds, waiting ``delays`` between tries (the last delay repeats); every failure
    is one warning line. A refusal that no retry mends (a 4xx) ends the tries with an error line. Returns the
    number of the last try."""
    tries = 0
    while True:
        tries += 1
        try:
            await sync()
        except RETRYABLE as exc:
            reason = one_line(exc)
            if not passing(exc):
                log.error("slash command sync refused (try %s: %s); not trying again until the next start",
                          tries, reason)
                return tries
            wait = delays[min(tries - 1, len(delays) - 1)]
            log.warning("slash command sync failed (try %s: %s); trying again in %g s", tries, reason, wait)
            await sleep(wait)
            continue
        if tries > 1:
            log.info("slash command sync succeeded at try %s", tries)
        return tries
