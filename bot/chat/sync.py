"""Sync the slash commands only when they changed.

Discord rate-limits command syncs, and a sync on every start is what discord.py's
``advanced_startup.py`` warns against. The payload the tree would send (translations included) is
hashed; the digest of the last successful sync is kept in the database, per scope.
"""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands

from bot.service import GameService

log = logging.getLogger(__name__)


async def payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[dict]:
    """What ``tree.sync(guild=guild)`` would send."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


async def sync_if_changed(tree: app_commands.CommandTree, service: GameService, application_id: int | None,
                          guild: discord.abc.Snowflake | None = None) -> bool:
    """Sync the commands of ``guild`` (None: the global ones) unless they are what was last synced.
    Returns True when it synced."""
    scope = f"commands:{application_id}:{'global' if guild is None else guild.id}"
    body = json.dumps(await payload(tree, guild), sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(body.encode()).hexdigest()
    if await service.installation_value(scope) == digest:
        log.info("slash commands unchanged (%s): not synced", scope)
        return False
    await tree.sync(guild=guild)
    await service.set_installation_value(scope, digest)
    log.info("slash commands synced (%s)", scope)
    return True
