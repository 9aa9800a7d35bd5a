import argparse
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import build_parser, main
from bot.fairness.proof import OFFLINE_SECRET
from bot.games.london.engine import GameState
from bot.service.dealing import deal_seed


def test_help_lists_the_subcommands(capsys):
    main([])
    out = capsys.readouterr().out
    assert "simulate" in out


def test_simulate_writes_a_replayable_record(tmp_path, capsys):
    assert main(["simulate", "--rules", "classic", "--seed", "7", "--players", "5", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    # The record keeps the number the game was dealt from: the seed mixed with the (offline) secret.
    assert record["seed"] == deal_seed(OFFLINE_SECRET, 7) and record["table_seed"] == 7
    assert record["rules"] == "classic"
    assert sum(p["role"] == "detective" for p in record["pawns"]) == 4
    from bot.games.london.engine import replay

    assert replay(record).outcome.to_json() == record["outcome"]
    assert "seed 7" in capsys.readouterr().out


@pytest.mark.parametrize("rules,players", [("master", 4), ("mb1985", 3), ("dice", 3)])
def test_simulate_plays_computer_levels_on_either_side(tmp_path, rules, players):
    from bot.games import family_for_rules

    replay = family_for_rules(rules).replay
    records = []
    for mrx, detectives in (("normal", "easy"), ("normal", "easy"), ("greedy", "greedy")):
        out = tmp_path / f"{mrx}-{detectives}-{len(records)}"
        assert main(["simulate", "--rules", rules, "--players", str(players), "--seed", "3", "--mrx", mrx,
                     "--detectives", detectives, "--out", str(out)]) == 0
        records.append(json.loads((out / "record.json").read_text()))
        assert replay(records[-1]).outcome.to_json() == records[-1]["outcome"]
    assert records[0] == records[1]  # computers are deterministic from the seed
    assert records[0]["actions"] != records[2]["actions"]  # and are not the baseline under another name


def test_simulate_deals_from_the_seed_mixed_with_the_secret(tmp_path):
    starts = {}
    for secret in (None, "another secret"):
        out = tmp_path / str(secret)
        assert main(["simulate", "--seed", "8", "--players", "4", "--out", str(out),
                     *(["--secret", secret] if secret else [])]) == 0
        starts[secret] = json.loads((out / "record.json").read_text())["start"]["mrx"]
    naive = GameState.new("classic", players=4, seed=8).start["mrx"]
    assert starts[None] != naive or starts["another secret"] != naive
    assert starts[None] != starts["another secret"]


def test_simulate_refuses_a_seed_sqlite_cannot_store(tmp_path, capsys):
    try:
        main(["simulate", "--seed", str(2**63), "--out", str(tmp_path)])
    except SystemExit as exc:
        assert exc.code == 2
    assert "a seed must be from" in capsys.readouterr().err


def test_simulate_refuses_an_impossible_player_count(tmp_path, capsys):
    assert main(["simulate", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "needs 2 to 6 players" in capsys.readouterr().err
    assert not (tmp_path / "record.json").exists()


def test_simulate_and_render_play_sanssouci_on_potsdam(tmp_path, capsys):
    # seed 5: over in round 8, so the album is short to draw and has every kind of picture all the same
    assert main(["render", "--rules", "sanssouci", "--seed", "5", "--width", "480", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["board"] == "potsdam" and set(record["transports"]) == {"walk", "vip", "sbahn", "boat"}
    assert (tmp_path / "board-01.png").exists() and (tmp_path / "board-end.png").exists()


def test_simulate_refuses_unknown_rules(tmp_path, capsys):
    assert main(["simulate", "--rules", "chess", "--out", str(tmp_path)]) == 2
    assert "no rules called 'chess'" in capsys.readouterr().err


def test_python_dash_m_bot_help_runs():
    out = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=True).stdout
    assert "simulate" in out


def test_migrate_names_the_path_and_the_reason_in_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    assert main(["migrate", "--database", str(blocker / "games.sqlite3")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(blocker) in err and "not a folder" in err and "Traceback" not in err


def test_migrate_reads_sy_database_from_dot_env_like_the_bot(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SY_DATABASE", raising=False)
    (tmp_path / ".env").write_text("SY_DATABASE=from-dotenv/games.sqlite3\n")
    assert main(["migrate"]) == 0
    assert (tmp_path / "from-dotenv" / "games.sqlite3").is_file()
    assert "from-dotenv" in capsys.readouterr().out


def test_the_bot_refuses_an_unusable_database_in_one_line_with_exit_code_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").write_text("a file where the data folder should be")
    monkeypatch.setenv("DISCORD_TOKEN", "token-that-is-never-used")
    monkeypatch.setenv("SY_DATABASE", str(tmp_path / "data" / "games.sqlite3"))
    assert main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot open the database") and err.count("\n") == 0


def test_run_shards_on_sqlite_are_refused_in_one_line_with_exit_code_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-that-is-never-used")
    for name in ("SY_DATABASE", "SY_SHARDS", "SY_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    assert main(["run", "--shards", "0-3", "--shard-count", "8"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("error: shards 0-3 of 8 (SY_SHARDS) leave the other shards to other processes")
    assert "PostgreSQL" in err and not (tmp_path / "data").exists()  # refused before opening anything
    # The same from the settings.
    monkeypatch.setenv("SY_SHARDS", "1")
    monkeypatch.setenv("SY_SHARD_COUNT", "2")
    assert main(["run"]) == 2 and capsys.readouterr().err.startswith("error: shards 1 of 2 (SY_SHARDS)")


def test_run_with_a_bad_shard_option_names_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-that-is-never-used")
    monkeypatch.delenv("SY_SHARD_COUNT", raising=False)
    assert main(["run", "--shards", "0-3"]) == 2
    assert capsys.readouterr().err == "error: SY_SHARDS needs SY_SHARD_COUNT: how many shards the whole bot has.\n"


def test_a_database_sqlite_cannot_open_is_one_line_and_no_thread_traceback(tmp_path):
    # A path through a dangling link: the folder checks pass, and SQLite itself cannot open the file, which
    # left aiosqlite's thread answering a loop asyncio.run() had closed ("Event loop is closed"), most times.
    (tmp_path / "db.sqlite3").symlink_to(tmp_path / "nowhere" / "db.sqlite3")
    script = "from bot.cli import main\nfor _ in range(6):\n    assert main(['run']) == 2\n"
    # no trusted certificates: aiohttp would read them all as it is imported, a fifth of this process's CPU (see
    # tests.e2e.test_process.bot_environment), and it never reaches Discord
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "never-used", "SY_DATABASE": str(tmp_path / "db.sqlite3"),
           "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "SSL_CERT_FILE": os.devnull,
           "SSL_CERT_DIR": os.devnull}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=60)
    line = f"error: cannot open the database {tmp_path / 'db.sqlite3'}: unable to open database file\n"
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == line * 6


PYPROJECT_VERSION = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"][
    "version"]


def test_version_names_the_distribution_and_its_version(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == f"scotland-yard-bot {PYPROJECT_VERSION}\n"
    out = subprocess.run([sys.executable, "-m", "bot", "--version"], capture_output=True, text=True, check=True).stdout
    assert out == f"scotland-yard-bot {PYPROJECT_VERSION}\n"


def test_version_falls_back_to_pyproject_when_the_package_is_not_installed(monkeypatch):
    from importlib import metadata

    from bot.cli import version

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert version() == PYPROJECT_VERSION


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_option_says_what_it_does_and_its_default():
    for parser in _parsers(build_parser()):
        for action in parser._actions:
            if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                continue
            assert action.help and "(default: " in action.help, f"{parser.prog} {action.option_strings[0]}"


def test_run_help_lists_every_variable_the_bot_reads_one_line_each(capsys):
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    out = capsys.readouterr().out
    names = ("DISCORD_TOKEN", "SY_DATABASE", "SY_DATABASE_POOL", "SY_DEV_GUILD", "SY_LOG_LEVEL", "DISCORD_API_BASE",
             "DISCORD_GATEWAY_URL", "SY_SECRET", "SY_SHARDS", "SY_SHARD_COUNT", "SY_CLAIM_LEASE")
    for name in names:
        lines = [line for line in out.splitlines() if line.split()[:1] == [name]]
        assert len(lines) == 1 and len(lines[0].split()) > 2, name
    database = next(line for line in out.splitlines() if line.split()[:1] == ["SY_DATABASE"])
    assert "SQLite file" in database and "postgresql://" in database  # both homes of the games


def test_a_malformed_setting_is_one_line_without_the_help(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-that-is-never-used")
    monkeypatch.setenv("SY_DEV_GUILD", "abc")
    for argv in ([], ["run"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == "error: SY_DEV_GUILD must be a server id (a number), not 'abc'.\n"


@pytest.fixture(scope="module")
def finished_record(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("record")
    # seed 4: caught in round 7, a short album for test_render_draws_a_good_record_file to draw
    assert main(["simulate", "--seed", "4", "--players", "3", "--out", str(out)]) == 0
    return json.loads((out / "record.json").read_text())


@pytest.mark.parametrize("content, fault", [
    (None, "cannot read it (No such file or directory)"),
    ("", "not JSON"),
    ("{'rules': 'classic'}", "not JSON"),
    (b"\xff\xfe\x00garbage", "not JSON"),
    ("[]", "not an array"),
    ('"record"', "not a string"),
    ("{}", "'actions' are a list"),
    ({"actions": "none"}, "'actions' are a list"),
    ({"actions": [1, 2]}, "'actions' are a list"),
    ({"actions": [{"pawn": "mrx"}]}, "'actions' are a list"),
    ({"format": "a shopping list"}, "Unknown record format"),
    ({"start": [1, 2]}, "not a game record that can be replayed"),
    ({"options": ["double"]}, "not a game record that can be replayed"),
    ({"players": "many"}, "must be whole numbers"),
    ({"rules": "chess"}, "no rules called 'chess'"),
    ({"outcome": None}, "only once the game is over"),
])
def test_render_refuses_a_broken_record_file_in_one_line(tmp_path, capsys, finished_record, content, fault):
    path = tmp_path / "record.json"
    if isinstance(content, dict):
        content = json.dumps({**finished_record, **content})  # a good record with one field spoilt
    if isinstance(content, str):
        path.write_text(content)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    assert main(["render", "--record", str(path), "--out", str(tmp_path / "pictures")]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"error: {path}: ") and err.count("\n") == 1 and fault in err, err
    assert "Traceback" not in err


def test_render_draws_a_good_record_file(tmp_path, capsys, finished_record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(finished_record))
    assert main(["render", "--record", str(path), "--width", "480", "--out", str(tmp_path / "pictures")]) == 0
    assert (tmp_path / "pictures" / "route.png").is_file()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_plays_the_dice_game_and_writes_its_record(tmp_path, capsys, players):
    assert main(["simulate", "--rules", "dice", "--players", str(players), "--seed", "3", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["format"] == "scotland-yard-dice-record/1" and record["players"] == players
    assert record["options"] == {"expert": False} and record["table_seed"] == 3
    from bot.games.dice.engine import replay

    assert replay(record).outcome.to_json() == record["outcome"]
    assert "Hunting Mister X, seed 3" in capsys.readouterr().out


def test_simulate_plays_the_expert_dice_game(tmp_path):
    assert main(["simulate", "--rules", "dice", "--expert", "--players", "4", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["options"] == {"expert": True}
    assert sum(t["side"] == "expert" for t in record["tiles"]) == 3


def test_simulate_refuses_a_dice_game_for_five_and_expert_london(tmp_path, capsys):
    assert main(["simulate", "--rules", "dice", "--players", "5", "--out", str(tmp_path)]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["simulate", "--rules", "classic", "--expert", "--out", str(tmp_path)]) == 2
    assert "no option 'expert'" in capsys.readouterr().err
    assert not (tmp_path / "record.json").exists()


def test_render_draws_a_dice_game(tmp_path, capsys):
    # seed 5: caught in round 2, still with boards, Mr. X's pictures, the logbook, route and replay
    assert main(["render", "--rules", "dice", "--players", "3", "--seed", "5", "--width", "480",
                 "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"board-01.png", "board-end.png", "logbook.png", "logbook.txt", "route.png", "replay.gif", "record.json"} <= names
    assert any(n.startswith("mrx-") for n in names)
    assert (tmp_path / "replay.gif").read_bytes()[:4] == b"GIF8"


def test_simulate_without_players_seats_what_the_rules_allow(tmp_path, capsys):
    assert main(["simulate", "--rules", "dice", "--out", str(tmp_path / "dice")]) == 0
    assert json.loads((tmp_path / "dice" / "record.json").read_text())["players"] == 4
    assert main(["simulate", "--rules", "classic", "--out", str(tmp_path / "classic")]) == 0
    assert json.loads((tmp_path / "classic" / "record.json").read_text())["players"] == 5


def test_an_unwritable_out_folder_gets_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for command in ("simulate", "render"):
        assert main([command, "--rules", "classic", "--out", str(blocker / "out")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: cannot write") and len(err.strip().splitlines()) == 1, err


def test_render_speaks_german(tmp_path):
    # seed 1: over in round 9, past the first reveal (round 3), so two short albums to draw
    assert main(["render", "--rules", "classic", "--players", "4", "--seed", "1", "--language", "de", "--width", "480",
                 "--out", str(tmp_path)]) == 0
    assert "gesehen" in (tmp_path / "logbook.txt").read_text()
    english = tmp_path / "en"
    assert main(["render", "--rules", "classic", "--players", "4", "--seed", "1", "--width", "480",
                 "--out", str(english)]) == 0
    assert (tmp_path / "logbook.txt").read_text() != (english / "logbook.txt").read_text()
    assert (tmp_path / "board-01.png").read_bytes() != (english / "board-01.png").read_bytes()


@pytest.mark.parametrize("rules", ["classic", "dice"])
def test_render_draws_the_boards_route_and_replay_at_the_width_asked_and_the_close_ups_as_posted(tmp_path, rules):
    # seed 5: a short game in either rule system
    assert main(["render", "--rules", rules, "--players", "3", "--seed", "5", "--width", "400",
                 "--out", str(tmp_path)]) == 0
    for name in ("board-01.png", "board-end.png", "route.png", "replay.gif", min(tmp_path.glob("mrx-0*.png")).name):
        assert Image.open(tmp_path / name).width == 400, name
    zoom = min(tmp_path.glob("mrx-zoom-*.png"))
    assert Image.open(zoom).width > 400  # a close-up is drawn as the bot posts it, readable on a phone


@pytest.mark.parametrize("width", ["319", "1601", "wide", "480.5"])
def test_render_refuses_a_width_it_does_not_draw_in_one_line(tmp_path, capsys, width):
    with pytest.raises(SystemExit) as exited:
        main(["render", "--width", width, "--out", str(tmp_path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--width" in err and ("320 to 1600" in err or "not a whole number" in err), err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["migrate"], ["run"]])
def test_a_database_url_of_another_kind_is_refused_in_one_line_and_no_file_is_made(argv, tmp_path, monkeypatch,
                                                                                     capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-that-is-never-used")
    monkeypatch.setenv("SY_DATABASE", "mysql://u@h/db")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mysql://" in err and "PostgreSQL" in err
    assert list(tmp_path.iterdir()) == []  # no SQLite file called mysql:/u@h/db
    monkeypatch.delenv("SY_DATABASE")
    assert main(["migrate", "--database", "postgresq://u@h/db"]) == 2
    assert "postgresq://" in capsys.readouterr().err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["simulate", "render"])
def test_an_empty_out_folder_is_one_clear_line_and_writes_nothing(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main([command, "--out", ""]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and '--out "" names no folder' in err
    assert list(tmp_path.iterdir()) == []


def test_health_reads_the_heartbeat_file_in_one_line(tmp_path, monkeypatch, capsys):
    import time

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SY_HEALTH_FILE", raising=False)
    assert main(["health"]) == 1
    assert capsys.readouterr().out.startswith("unhealthy: no health file to read: set SY_HEALTH_FILE")
    alive = tmp_path / "alive"
    monkeypatch.setenv("SY_HEALTH_FILE", str(alive))
    assert main(["health"]) == 1
    assert "no heartbeat yet" in capsys.readouterr().out
    alive.touch()
    assert main(["health"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("healthy: the last heartbeat was ") and out.count("\n") == 1
    old = time.time() - 600
    os.utime(alive, (old, old))
    assert main(["health"]) == 1
    assert capsys.readouterr().out.startswith("unhealthy: the last heartbeat was 600 s ago (more than 180 s)")
    assert main(["health", "--within", "900"]) == 0


def test_ratings_rates_the_finished_games_and_recompute_rates_them_all_again(tmp_path, capsys):
    import asyncio

    from bot.service import GameService

    path = tmp_path / "games.sqlite3"

    async def one_finished_game() -> None:
        service = await GameService.open(path, secret="cli-test")
        try:
            await service.create_game(1, 10, 100, "Host", seed=3)
            await service.join(10, 101, "Mr. X", "mrx")
            game = await service.start(10, 100)
            await service.resign(game.game.id, 101)
        finally:
            await service.close()

    asyncio.run(one_finished_game())
    assert main(["ratings", "--database", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "rated 0 finished games after the games rated before; 1 rated in all"
    assert main(["ratings", "--recompute", "--database", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "rated 1 finished game from nothing; 1 rated in all"
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    assert main(["ratings", "--database", str(blocker / "games.sqlite3")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
