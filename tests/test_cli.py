import json
import subprocess
import sys

from bot.cli import main


def test_help_lists_the_subcommands(capsys):
    main([])
    out = capsys.readouterr().out
    assert "simulate" in out


def test_simulate_writes_a_replayable_record(tmp_path, capsys):
    assert main(["simulate", "--rules", "classic", "--seed", "7", "--players", "5", "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["seed"] == 7 and record["rules"] == "classic"
    assert sum(p["role"] == "detective" for p in record["pawns"]) == 4
    from bot.game import replay

    assert replay(record).outcome.to_json() == record["outcome"]
    assert "seed 7" in capsys.readouterr().out


def test_simulate_refuses_an_impossible_player_count(tmp_path, capsys):
    assert main(["simulate", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "needs 2 to 6 players" in capsys.readouterr().err
    assert not (tmp_path / "record.json").exists()


def test_simulate_refuses_unavailable_rules(tmp_path, capsys):
    assert main(["simulate", "--rules", "sanssouci", "--out", str(tmp_path)]) == 2
    assert "Potsdam" in capsys.readouterr().err


def test_python_dash_m_bot_help_runs():
    out = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=True).stdout
    assert "simulate" in out
