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
