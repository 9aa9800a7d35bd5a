"""compose.yaml, read as Docker Compose would (no Docker here): the bot beside a postgres:16 server with a named
volume and a health check, the bot waiting for it and pointed at it, the secrets from the environment; and the
README's "A bigger bot" section that explains it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from bot.config import database_path

ROOT = Path(__file__).resolve().parents[1]
#: the top-level elements of the Compose specification (``version`` is obsolete)
TOP_LEVEL = {"name", "services", "networks", "volumes", "configs", "secrets", "include"}


def read_yaml(text: str) -> dict:
    """The block mappings, block lists and flow lists (JSON-shaped) this project's compose file is written in;
    anything else fails, so the file stays in that plain subset."""
    lines = []
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if line.strip():
            lines.append((len(line) - len(line.lstrip()), line.strip()))

    def scalar(value: str):
        if value.startswith("["):
            return json.loads(value)
        if value[:1] in "'\"":
            return value[1:-1]
        return value

    def block(at: int, indent: int):
        if lines[at][1].startswith("- "):
            items = []
            while at < len(lines) and lines[at][0] == indent and lines[at][1].startswith("- "):
                items.append(scalar(lines[at][1][2:]))
                at += 1
            return items, at
        mapping = {}
        while at < len(lines) and lines[at][0] == indent:
            key, colon, value = lines[at][1].partition(":")
            assert colon and not key.startswith("- "), f"not a mapping entry: {lines[at][1]!r}"
            assert key not in mapping, f"{key} twice"
            at += 1
            if value.strip():
                mapping[key] = scalar(value.strip())
            elif at < len(lines) and lines[at][0] > indent:
                mapping[key], at = block(at, lines[at][0])
            else:
                mapping[key] = None
        assert at == len(lines) or lines[at][0] < indent, f"bad indentation at {lines[at][1]!r}"
        return mapping, at

    found, _ = block(0, 0)
    return found


COMPOSE = read_yaml((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def interpolated(value: str) -> list[str]:
    """The variables a value takes from the environment (``${NAME}``, ``${NAME:-default}``, ``${NAME:?error}``)."""
    return re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)", value)


def test_only_elements_of_the_compose_specification_at_the_top():
    assert set(COMPOSE) <= TOP_LEVEL and set(COMPOSE["services"]) == {"db", "bot", "web"}


def test_the_database_is_postgres_16_on_a_named_volume_with_a_health_check():
    db = COMPOSE["services"]["db"]
    assert db["image"] == "postgres:16" and db["restart"] == "unless-stopped"
    volume, _, mounted = db["volumes"][0].partition(":")
    assert mounted == "/var/lib/postgresql/data" and volume in COMPOSE["volumes"]  # named, declared at the top
    test = db["healthcheck"]["test"]
    assert test[0] == "CMD-SHELL" and test[1].startswith("pg_isready ")
    env = db["environment"]
    assert f"--username={env['POSTGRES_USER']}" in test[1] and f"--dbname={env['POSTGRES_DB']}" in test[1]
    # Over TCP as the bot connects, not on the socket the initialising server listens on alone.
    assert "--host=127.0.0.1" in test[1] and "--port=5432" in test[1]
    assert {"interval", "timeout", "retries", "start_period"} <= set(db["healthcheck"])


def test_the_bot_has_a_health_check_of_its_own_and_the_image_no_anonymous_volume():
    bot = COMPOSE["services"]["bot"]
    assert bot["healthcheck"]["test"] == ["CMD", "scotland-yard-bot", "health"]
    assert {"interval", "timeout", "retries", "start_period"} <= set(bot["healthcheck"])
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert not re.search(r"^VOLUME", dockerfile, re.MULTILINE)  # Compose would leave an unused anonymous volume
    assert re.search(r'^HEALTHCHECK .*CMD \["scotland-yard-bot", "health"\]$', dockerfile, re.MULTILINE)
    assert "SY_HEALTH_FILE=" in dockerfile  # what the bot touches and the check reads


def test_the_bot_waits_for_a_healthy_server_and_points_at_it():
    bot, db = COMPOSE["services"]["bot"], COMPOSE["services"]["db"]
    assert bot["build"] == "." and (ROOT / "Dockerfile").is_file()
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"}}
    url = bot["environment"]["SY_DATABASE"]
    assert isinstance(database_path({"SY_DATABASE": url}), str)  # the bot reads it as a server, not a file
    parts = urlsplit(url)
    assert (parts.scheme, parts.hostname, parts.username, parts.path) == \
        ("postgresql", "db", db["environment"]["POSTGRES_USER"], "/" + db["environment"]["POSTGRES_DB"])
    assert parts.password is None  # it comes as PGPASSWORD, from the same variable the server is given
    assert interpolated(bot["environment"]["PGPASSWORD"]) == interpolated(db["environment"]["POSTGRES_PASSWORD"]) \
        == ["POSTGRES_PASSWORD"]


def test_secrets_come_from_the_environment_and_must_be_set():
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    for name in ("DISCORD_TOKEN", "POSTGRES_PASSWORD"):
        assert re.search(rf"\$\{{{name}:\?[^}}]+\}}", text), f"{name} is required (${{{name}:?...}})"
    assert interpolated(COMPOSE["services"]["bot"]["environment"]["DISCORD_TOKEN"]) == ["DISCORD_TOKEN"]
    assert "hunter" not in text and not re.search(r"PASSWORD: [^$]", text)  # no password written in the file


def test_the_readme_explains_compose_an_existing_server_moving_and_backups():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## A bigger bot\n", 1)[1].split("\n## ", 1)[0]
    for words in ("compose.yaml", "docker compose up -d", "POSTGRES_PASSWORD", "postgresql://USER:PASSWORD@HOST",
                  "CREATE DATABASE scotland_yard OWNER scotland_yard", "GRANT SELECT, INSERT, UPDATE, DELETE",
                  "python -m bot migrate --database postgresql://", "--copy-to postgresql://", "pg_dump",
                  "pg_restore", "SY_DATABASE_POOL"):
        assert words in section, words
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    for name in set(interpolated(text)) - {"SY_LOG_LEVEL"}:  # the rest have defaults
        assert name in section, f"the README does not say where {name} comes from"


def test_the_web_pages_run_beside_the_bot_on_its_database_behind_a_local_port():
    web, bot = COMPOSE["services"]["web"], COMPOSE["services"]["bot"]
    assert web["command"] == ["scotland-yard-bot", "web"] and web["image"] == bot["image"]
    assert web["environment"]["SY_DATABASE"] == bot["environment"]["SY_DATABASE"]
    assert web["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert web["ports"] == ["127.0.0.1:8080:8080"] and web["environment"]["SY_WEB_PORT"] == "8080"
    assert interpolated(bot["environment"]["SY_WEB_URL"]) == ["SY_WEB_URL"]
