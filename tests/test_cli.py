import json
import subprocess
import sys

from bot.cli import main
from bot.game import GameState
from bot.service.dealing import OFFLINE_SECRET, deal_seed


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
    from bot.game import replay

    assert replay(record).outcome.to_json() == record["outcome"]
    assert "seed 7" in capsys.readouterr().out


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
    assert main(["render", "--rules", "sanssouci", "--seed", "3", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["board"] == "potsdam" and set(record["transports"]) == {"walk", "vip", "sbahn", "boat"}
    assert (tmp_path / "board-00.png").exists()


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
