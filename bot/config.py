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
    "SY_DATABASE": f"the SQLite file (default: {DEFAULT_DATABASE}, under the working directory)",
    "SY_DEV_GUILD": "a server id for development: the commands live there only (not global) and update at once",
    "SY_LOG_LEVEL": "DEBUG, INFO (default), WARNING, ERROR or CRITICAL",
    "SY_SECRET": "the installation secret mixed into every hidden draw (default: one kept in the database)",
    "DISCORD_API_BASE": "REST base URL of a Discord-compatible server (default: Discord's)",
    "DISCORD_GATEWAY_URL": "gateway websocket URL of such a server (default: Discord's)",
}


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


class MissingToken(ConfigError):
    """Nothing says which bot to be: the usual first start, before any configuration."""


@dataclass(frozen=True)
class Config:
    token: str
    database: Path
    api_base: str | None = None
    gateway_url: str | None = None
    dev_guild: int | None = None
    log_level: str = "INFO"
    secret: str | None = None


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


def database_path(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    return Path(env.get("SY_DATABASE") or DEFAULT_DATABASE)


def load_config(env: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Config:
    """Read the settings; the real environment wins over the ``.env`` file."""
    merged = read_dotenv(dotenv) if dotenv else {}
    merged.update(dict(os.environ) if env is None else env)
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise MissingToken("DISCORD_TOKEN is not set: put the bot token in the environment or in a .env file.")
    guild = merged.get("SY_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"SY_DEV_GUILD must be a server id (a number), not {guild!r}.")
    level = merged.get("SY_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"SY_LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}.")
    return Config(
        token=token,
        database=database_path(merged),
        api_base=merged.get("DISCORD_API_BASE") or None,
        gateway_url=merged.get("DISCORD_GATEWAY_URL") or None,
        dev_guild=int(guild) if guild else None,
        log_level=level,
        secret=merged.get("SY_SECRET", "").strip() or None,
    )
