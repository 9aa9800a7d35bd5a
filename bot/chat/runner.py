"""Start-up: configuration, logging, where Discord is, and the bot's life in ``async with bot:``."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import aiohttp
import discord
import yarl

from bot.chat.status import shards_label
from bot.chat.words import one_line
from bot.config import Config, ConfigError, WebSettings, load_config
from bot.service.processes import ShardsTaken
from bot.store import DatabaseUnavailable

log = logging.getLogger("bot")


class DiscordUnreachable(Exception):
    """Discord (or the server ``DISCORD_API_BASE`` names) cannot be reached, or refused the start.
    The message says where and why, in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send REST calls and the gateway to a Discord-compatible server instead of Discord."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


async def serve(config: Config) -> None:
    from bot.service import GameService

    from bot.chat.client import ScotlandYardBot
    from bot.chat.leases import LEASE, Claimant
    from bot.chat.wakeups import POLL_EVERY

    service = await GameService.open(config.database, secret=config.secret)
    log.info("database %s", service.database.where)  # a server's URL without its password
    if config.shard_ids is not None:
        log.info("this process runs shards %s of %s%s", shards_label(config.shard_ids, config.shard_count),
                 config.shard_count, "" if config.syncs_commands else "; the process with shard 0 syncs the commands")
    # A dead process's work waits for its claims' lease, then for the next poll: a short lease polls as often.
    claimant = Claimant.of_this_process(config.claim_lease or LEASE)
    web = config.web or WebSettings()
    pages = None
    try:
        bot = ScotlandYardBot(service, dev_guild=config.dev_guild, shard_ids=config.shard_ids,
                              shard_count=config.shard_count, sync_commands=config.syncs_commands,
                              claimant=claimant, poll_interval=min(POLL_EVERY, claimant.lease),
                              health_file=config.health_file, web_url=web.url)
        if web.port is not None:  # the games' pages, served in this process (docs/web.md)
            from bot.web.server import WebServer

            pages = WebServer(service, web.host, web.port)
            # the bot tells the pages of every game it announces: its own moves at once, other processes' as its
            # wake-ups hear of them, and every game at its poll (so the pages need no listener of their own)
            await pages.start(listen=False)
            bot.changed.append(pages.hub.changed)
        async with bot:
            _close_on_sigterm(bot)
            await _start(bot, config.token)
        if bot.gave_up:
            raise ShardsTaken(bot.gave_up)
    finally:
        if pages is not None:
            await pages.close()
        await service.close()


async def _start(bot, token: str) -> None:
    """``bot.start``, with the ways Discord can be out of reach at start-up turned into one sentence."""
    try:
        await bot.start(token)
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:  # ClientConnectorError, timeouts, ...
        raise DiscordUnreachable(f"cannot reach Discord at {discord.http.Route.BASE}: {one_line(exc)}") from None
    except discord.HTTPException as exc:
        reason = " ".join(str(exc).split())
        raise DiscordUnreachable(f"Discord refused a request while the bot started: {reason}") from None
    except discord.ConnectionClosed as exc:  # the gateway refused a shard: a setting to fix, not a crash
        raise DiscordUnreachable(gateway_refusal(exc, bot.shard_count)) from None


#: what the gateway's close codes mean for the one who runs the bot
_CLOSE_CODES = {
    4010: "the shard is invalid: SY_SHARDS names a shard that SY_SHARD_COUNT does not have",
    4011: "the bot is in too many servers for its shards: raise SY_SHARD_COUNT (or leave it and SY_SHARDS unset "
          "for Discord's recommendation)",
    4013: "the intents are invalid",
    4014: "the intents are not enabled for this application in the Developer Portal",
}


def gateway_refusal(exc: discord.ConnectionClosed, shard_count: int | None) -> str:
    shard = "" if exc.shard_id is None else f" shard {exc.shard_id} of {shard_count}"
    reason = _CLOSE_CODES.get(exc.code, f"close code {exc.code}{': ' + exc.reason if exc.reason else ''}")
    return f"Discord's gateway refused{shard}: {reason}."


def _close_on_sigterm(bot) -> None:
    """``docker stop`` sends SIGTERM: finish the interactions in hand, then log out."""
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    except (NotImplementedError, RuntimeError):  # not on this platform / not the main thread
        pass


def log_format(config: Config) -> str:
    """Every log line names the process's shards when it holds only some of them (several processes write
    to one log collector)."""
    if config.shard_ids is None:
        return "%(asctime)s %(levelname)s %(name)s: %(message)s"
    shards = shards_label(config.shard_ids, config.shard_count).replace("%", "%%")
    return f"%(asctime)s %(levelname)s [shards {shards}/{config.shard_count}] %(name)s: %(message)s"


def run(overrides: dict[str, str] | None = None) -> int:
    """Run the bot until it is stopped; ``overrides``: settings given on the command line, by variable name."""
    try:
        config = load_config(overrides=overrides)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format=log_format(config))
    point_at(config.api_base, config.gateway_url)
    try:
        asyncio.run(serve(config))
    except KeyboardInterrupt:
        pass
    except DatabaseUnavailable as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("error: Discord refused the token: check DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except (DiscordUnreachable, ShardsTaken) as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    return 0
