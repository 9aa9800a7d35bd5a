"""Configuration from the environment (a ``.env`` file in the working directory is read too).

:data:`VARIABLES` lists what is read (``python -m bot run --help`` shows it); :func:`load_config` reads it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = Path("data") / "scotland-yard.sqlite3"

#: the variables the bot reads, with what each is for (one line each)
VARIABLES = {
    "DISCORD_TOKEN": "the bot token (required to run the bot)",
    "SY_DATABASE": f"where the games live: a SQLite file (default: {DEFAULT_DATABASE}, under the working "
                   "directory, created as needed) or a postgresql:// URL for a PostgreSQL server",
    "SY_DATABASE_POOL": "on PostgreSQL, the connections each process keeps open (default: 20)",
    "SY_DEV_GUILD": "a server id for development: the commands live there only (not global) and update at once",
    "SY_LOG_LEVEL": "DEBUG, INFO (default), WARNING, ERROR or CRITICAL",
    "SY_SECRET": "the installation secret every game's key comes from (default: one kept in the database)",
    "DISCORD_API_BASE": "REST base URL of a Discord-compatible server (default: Discord's)",
    "DISCORD_GATEWAY_URL": "gateway websocket URL of such a server (default: Discord's)",
    "SY_SHARDS": "the gateway shards this process runs, e.g. 0-3 or 0,2 (default: all of them); needs SY_SHARD_COUNT",
    "SY_SHARD_COUNT": "how many shards the whole bot has (default: the number Discord recommends)",
    "SY_CLAIM_LEASE": "seconds a process's claim on work lasts unless renewed: a dead process's posts, reminders "
                      "and computer turns wait this long for another (default: 30)",
    "SY_WEB_PORT": "serve the games' web pages on this port, in the bot's process (docs/web.md; default: no pages)",
    "SY_WEB_URL": "the pages' public base address, such as https://sy.example.org (behind a TLS proxy): the bot "
                  "links each game's page in its posts; without it no link is posted",
    "SY_WEB_HOST": "the address the pages' server listens on (default: 0.0.0.0, every interface)",
    "SY_HEALTH_FILE": "a file the bot touches at every heartbeat (once a minute) while it is connected to Discord and "
                      "to its database; `python -m bot health` checks that it is fresh (default: none)",
}


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


class MissingToken(ConfigError):
    """Nothing says which bot to be: the usual first start, before any configuration."""


@dataclass(frozen=True)
class Config:
    token: str
    database: Path | str  # a file (SQLite) or a postgresql:// URL
    api_base: str | None = None
    gateway_url: str | None = None
    dev_guild: int | None = None
    log_level: str = "INFO"
    secret: str | None = None
    #: the gateway shards this process runs (None: all), of ``shard_count`` (None: Discord's recommendation)
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: seconds a claim on work lasts unless renewed (None: the bot's default, bot.chat.leases.LEASE)
    claim_lease: float | None = None
    #: the file touched at every heartbeat while Discord and the database answer (``python -m bot health``)
    health_file: Path | None = None
    #: the web pages (docs/web.md): served on ``web.port`` when set; linked under ``web.url`` when set
    web: "WebSettings | None" = None

    @property
    def runs_every_shard(self) -> bool:
        """Whether this process holds the whole bot (else other processes hold the other shards)."""
        return self.shard_ids is None or set(self.shard_ids) == set(range(self.shard_count or 0))

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: the one that holds shard 0 (every bot has exactly
        one, and Discord sends it the DMs), so processes that start at once never both sync."""
        return self.shard_ids is None or 0 in self.shard_ids


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments and blank lines ignored; quotes around a value dropped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def database_path(env: dict[str, str] | None = None) -> Path | str:
    """``SY_DATABASE``: a file path (SQLite), or a ``postgresql://`` URL, kept as it is written; any other URL
    (``mysql://``, a typo such as ``postgresq://``) is refused with a ConfigError, never taken for a file name."""
    from bot.store.base import DatabaseUnavailable, refuse_foreign_url

    env = dict(os.environ) if env is None else env
    value = env.get("SY_DATABASE") or DEFAULT_DATABASE
    try:
        refuse_foreign_url(value)
    except DatabaseUnavailable as exc:
        raise ConfigError(f"SY_DATABASE: {exc.message}.") from None
    return value if str(value).startswith(("postgresql://", "postgres://")) else Path(value)


def database_pool(text: str) -> int:
    """``SY_DATABASE_POOL`` as connections (empty: the default)."""
    from bot.store.base import DatabaseUnavailable, pool_size

    try:
        return pool_size(text)
    except DatabaseUnavailable as exc:
        raise ConfigError(f"{exc.message}.") from None


def parse_shards(text: str, count: int) -> tuple[int, ...]:
    """``0-3``, ``0,2,5`` or ``0-1,4`` as shard ids, each below ``count``; ConfigError says what is wrong."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"SY_SHARDS lists shard numbers and ranges such as 0-3 or 0,2, not {text!r}.")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ConfigError(f"SY_SHARDS: the range {part} runs backwards (write {last}-{first}).")
        ids += range(first, last + 1)
    if max(ids) >= count:
        raise ConfigError(f"SY_SHARDS names shard {max(ids)}, but SY_SHARD_COUNT is {count}: "
                          f"shards are 0 to {count - 1}.")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SY_SHARDS names a shard twice: {text!r}.")
    return tuple(sorted(ids))


def shard_settings(shards: str, count: str) -> tuple[tuple[int, ...] | None, int | None]:
    """(shard ids, shard count) from SY_SHARDS and SY_SHARD_COUNT as written (empty: not set)."""
    shards, count = shards.strip(), count.strip()
    if count and (not count.isdigit() or int(count) < 1):
        raise ConfigError(f"SY_SHARD_COUNT must be a whole number of at least 1, not {count!r}.")
    if shards and not count:
        raise ConfigError("SY_SHARDS needs SY_SHARD_COUNT: how many shards the whole bot has.")
    if not count:
        return None, None
    return (parse_shards(shards, int(count)) if shards else None), int(count)


def claim_lease(text: str) -> float | None:
    """``SY_CLAIM_LEASE`` as seconds (empty: not set)."""
    text = text.strip()
    if not text:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise ConfigError(f"SY_CLAIM_LEASE must be a number of seconds above 0, such as 30, not {text!r}.")
    return seconds


@dataclass(frozen=True)
class WebSettings:
    """SY_WEB_PORT, SY_WEB_URL and SY_WEB_HOST (docs/web.md)."""

    #: the port the pages are served on (None: not by this process)
    port: int | None = None
    #: the pages' public base address, without a trailing slash (None: no link is posted)
    url: str | None = None
    host: str = "0.0.0.0"


def web_settings(env: dict[str, str]) -> WebSettings:
    """The web pages' settings; a bad one is a ConfigError in one line."""
    port = env.get("SY_WEB_PORT", "").strip()
    url = env.get("SY_WEB_URL", "").strip().rstrip("/") or None
    if url is not None and not url.startswith(("https://", "http://")):
        raise ConfigError(f"SY_WEB_URL must be an https:// (or http://) address, not {url!r}.")
    if port and (not port.isdigit() or not 0 < int(port) < 65536):
        raise ConfigError(f"SY_WEB_PORT must be a port number from 1 to 65535, not {port!r}.")
    return WebSettings(int(port) if port else None, url, env.get("SY_WEB_HOST", "").strip() or "0.0.0.0")


def load_config(env: dict[str, str] | None = None, dotenv: Path | None = Path(".env"),
                overrides: dict[str, str] | None = None) -> Config:
    """Read the settings; the real environment wins over the ``.env`` file, and ``overrides`` (the command
    line's, by variable name) over both."""
    merged = read_dotenv(dotenv) if dotenv else {}
    merged.update(dict(os.environ) if env is None else env)
    merged.update(overrides or {})
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise MissingToken("DISCORD_TOKEN is not set: put the bot token in the environment or in a .env file.")
    guild = merged.get("SY_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"SY_DEV_GUILD must be a server id (a number), not {guild!r}.")
    level = merged.get("SY_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"SY_LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}.")
    shard_ids, shard_count = shard_settings(merged.get("SY_SHARDS", ""), merged.get("SY_SHARD_COUNT", ""))
    database_pool(merged.get("SY_DATABASE_POOL", ""))  # a bad one is refused here, in one line, before any connection
    config = Config(
        token=token,
        database=database_path(merged),
        api_base=merged.get("DISCORD_API_BASE") or None,
        gateway_url=merged.get("DISCORD_GATEWAY_URL") or None,
        dev_guild=int(guild) if guild else None,
        log_level=level,
        secret=merged.get("SY_SECRET", "").strip() or None,
        shard_ids=shard_ids,
        shard_count=shard_count,
        claim_lease=claim_lease(merged.get("SY_CLAIM_LEASE", "")),
        health_file=Path(merged["SY_HEALTH_FILE"].strip()) if merged.get("SY_HEALTH_FILE", "").strip() else None,
        web=web_settings(merged),
    )
    if not config.runs_every_shard and not isinstance(config.database, str):
        raise ConfigError(f"shards {merged['SY_SHARDS'].strip()} of {shard_count} (SY_SHARDS) leave the other shards "
                          "to other processes, and processes share the games only on PostgreSQL "
                          "(SY_DATABASE=postgresql://...), not on a SQLite file.")
    return config
