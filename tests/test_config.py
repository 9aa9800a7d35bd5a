from pathlib import Path

import pytest

from bot.config import ConfigError, load_config, read_dotenv


def test_token_is_required_with_a_clear_message():
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        load_config({}, dotenv=None)


def test_defaults(tmp_path):
    config = load_config({"DISCORD_TOKEN": "t"}, dotenv=None)
    assert config.database == Path("data/scotland-yard.sqlite3")
    assert config.api_base is None and config.dev_guild is None and config.log_level == "INFO"


def test_environment_wins_over_dotenv(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text('# comment\nDISCORD_TOKEN="from-file"\nexport SY_DATABASE=/tmp/x.sqlite3\nSY_DEV_GUILD=42\n')
    config = load_config({"DISCORD_TOKEN": "from-env"}, dotenv=dotenv)
    assert config.token == "from-env"
    assert config.database == Path("/tmp/x.sqlite3") and config.dev_guild == 42
    assert read_dotenv(dotenv)["DISCORD_TOKEN"] == "from-file"


@pytest.mark.parametrize("key, value, fault", [
    ("SY_DEV_GUILD", "abc", r"SY_DEV_GUILD must be a server id \(a number\), not 'abc'"),
    ("SY_LOG_LEVEL", "loud", "SY_LOG_LEVEL must be"),
])
def test_malformed_settings_are_named(key, value, fault):
    with pytest.raises(ConfigError, match=fault):
        load_config({"DISCORD_TOKEN": "t", key: value}, dotenv=None)


@pytest.mark.parametrize("shards, count, ids, every", [
    ("", "", None, True),
    ("", "4", None, True),
    ("0-3", "8", (0, 1, 2, 3), False),
    ("0, 2,5", "6", (0, 2, 5), False),
    ("1,0", "2", (0, 1), True),
    ("0-1,4", "5", (0, 1, 4), False),
])
def test_shards_are_read(shards, count, ids, every):
    config = load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": count,
                          "SY_DATABASE": "postgresql://bot@db/sy"}, dotenv=None)
    assert config.shard_ids == ids
    assert config.shard_count == (int(count) if count else None)
    assert config.runs_every_shard is every


@pytest.mark.parametrize("shards, count, fault", [
    ("0-3", "", "SY_SHARDS needs SY_SHARD_COUNT"),
    ("0-3", "0", "SY_SHARD_COUNT must be a whole number of at least 1"),
    ("", "many", "SY_SHARD_COUNT must be a whole number"),
    ("0-8", "8", "names shard 8, but SY_SHARD_COUNT is 8: shards are 0 to 7"),
    ("3-1", "8", "runs backwards"),
    ("a", "8", "lists shard numbers and ranges"),
    ("0-", "8", "lists shard numbers and ranges"),
    ("1,1", "8", "names a shard twice"),
])
def test_bad_shards_are_named(shards, count, fault):
    with pytest.raises(ConfigError, match=fault):
        load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": count}, dotenv=None)


POSTGRES = "postgresql://bot@db/sy"


@pytest.mark.parametrize("shards, count", [("0-3", "8"), ("1", "2"), ("0,2", "4")])
def test_some_of_the_shards_on_sqlite_are_refused_in_one_line(shards, count):
    with pytest.raises(ConfigError) as refused:
        load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": count}, dotenv=None)
    message = str(refused.value)
    assert "\n" not in message and f"shards {shards} of {count}" in message
    assert "PostgreSQL" in message and "SQLite" in message
    # On PostgreSQL the same block is a process of a bigger bot.
    config = load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": count,
                          "SY_DATABASE": POSTGRES}, dotenv=None)
    assert config.shard_count == int(count)


@pytest.mark.parametrize("shards, count", [("", ""), ("", "4"), ("0-3", "4"), ("1,0", "2")])
def test_every_shard_in_one_process_is_fine_on_sqlite(shards, count):
    config = load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": count}, dotenv=None)
    assert config.runs_every_shard and config.syncs_commands


@pytest.mark.parametrize("shards, syncs", [("0-3", True), ("4-7", False), ("3,0", True), ("5", False)])
def test_the_process_holding_shard_0_syncs_the_commands(shards, syncs):
    config = load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": shards, "SY_SHARD_COUNT": "8",
                          "SY_DATABASE": POSTGRES}, dotenv=None)
    assert config.syncs_commands is syncs


def test_the_command_line_wins_over_the_environment():
    config = load_config({"DISCORD_TOKEN": "t", "SY_SHARDS": "0", "SY_SHARD_COUNT": "2", "SY_DATABASE": POSTGRES},
                         dotenv=None, overrides={"SY_SHARDS": "2-3", "SY_SHARD_COUNT": "4"})
    assert config.shard_ids == (2, 3) and config.shard_count == 4


@pytest.mark.parametrize("value, seconds", [("", None), ("30", 30.0), (" 2.5 ", 2.5)])
def test_the_claim_lease_is_read_in_seconds(value, seconds):
    assert load_config({"DISCORD_TOKEN": "t", "SY_CLAIM_LEASE": value}, dotenv=None).claim_lease == seconds


@pytest.mark.parametrize("value", ["0", "-3", "soon", "nan", "inf"])
def test_a_claim_lease_that_is_no_positive_number_is_named(value):
    with pytest.raises(ConfigError, match=f"SY_CLAIM_LEASE must be a number of seconds above 0, such as 30, not '{value}'"):
        load_config({"DISCORD_TOKEN": "t", "SY_CLAIM_LEASE": value}, dotenv=None)


@pytest.mark.parametrize("url", ["mysql://u:secret@h/db", "postgresq://u@h/db", "sqlite:///games.sqlite3",
                                 "POSTGRESQL://u@h/db"])
def test_a_database_url_that_is_not_postgresql_is_refused_not_taken_for_a_file(url):
    with pytest.raises(ConfigError) as refused:
        load_config({"DISCORD_TOKEN": "t", "SY_DATABASE": url}, dotenv=None)
    message = str(refused.value)
    scheme = url.split("://")[0]
    assert message.startswith("SY_DATABASE: cannot use the database") and f"{scheme}://" in message
    assert "\n" not in message and "secret" not in message  # one line, without the password


@pytest.mark.parametrize("value", ["games.sqlite3", "data/sy.sqlite3", "/var/lib/sy/games", "C:/sy/games.sqlite3",
                                   "weird:name.sqlite3"])
def test_a_path_stays_a_path(value):
    assert load_config({"DISCORD_TOKEN": "t", "SY_DATABASE": value}, dotenv=None).database == Path(value)


@pytest.mark.parametrize("value", ["-1", "0", "lots", "2.5"])
def test_a_bad_pool_size_is_one_clear_line_before_any_connection(value):
    with pytest.raises(ConfigError) as refused:
        load_config({"DISCORD_TOKEN": "t", "SY_DATABASE_POOL": value}, dotenv=None)
    assert str(refused.value) == (f"SY_DATABASE_POOL must be a whole number of connections, at least 1 (default 20), "
                                  f"not {value!r}.")
    assert "cannot open" not in str(refused.value)
    assert load_config({"DISCORD_TOKEN": "t", "SY_DATABASE_POOL": "5"}, dotenv=None).token == "t"
