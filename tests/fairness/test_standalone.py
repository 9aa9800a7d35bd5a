"""tools/verify_record.py, written from docs/fairness.md with the standard library alone, and ``python -m bot verify``
agree on every simulated record of the five rule systems (both schemes) and on every tampered copy: both accept the
sound ones and both refuse each tampering the page lists, the short and malformed times included."""

from __future__ import annotations

import ast
import copy
import sys
from pathlib import Path

import pytest

from bot.fairness.published import read_published
from bot.fairness.verify import verify_record

from tests.fairness.records import RULES, forged, hidden_rows, moved_elsewhere, v1_record, v2_record
from tests.fairness.test_scheme2 import channel_text

TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_record.py"
sys.path.insert(0, str(TOOL.parent))

import verify_record as standalone  # noqa: E402


def test_the_tool_imports_nothing_of_the_bot() -> None:
    imported = set()
    for node in ast.walk(ast.parse(TOOL.read_text())):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def flipped(text: str) -> str:
    return ("1" if text[0] != "1" else "2") + text[1:]


def tamperings(record: dict) -> dict[str, dict]:
    """Every tampering the page lists, each applied to a copy of ``record``."""
    found: dict[str, dict] = {}

    def change(name: str, edit) -> None:
        bad = copy.deepcopy(record)
        edit(bad)
        found[name] = bad

    block = record["fairness"]
    rows = record["actions"]
    hidden = hidden_rows(record)
    found["a hidden station"] = moved_elsewhere(record, hidden[-2], next(s for s in range(1, 200)
                                                                         if s != rows[hidden[-2]]["to"]))
    change("a salt", lambda b: b["fairness"]["entries"][2].update(salt=flipped(block["entries"][2]["salt"])))
    change("a commitment", lambda b: b["fairness"]["entries"][1].update(commitment=flipped(block["entries"][1]["commitment"])))
    change("the key", lambda b: b["fairness"].update(key=flipped(block["key"])))
    change("the key in capitals", lambda b: b["fairness"].update(key=block["key"].upper()))
    change("a short salt", lambda b: b["fairness"]["entries"][0].update(salt=block["entries"][0]["salt"][:-1]))
    change("the order", lambda b: b["fairness"]["entries"].insert(1, b["fairness"]["entries"].pop(2)))
    change("the count", lambda b: b["fairness"]["entries"].pop())
    change("times one short", lambda b: b.update(times=b["times"][:-1]))
    change("times empty", lambda b: b.update(times=[]))
    change("times a dict", lambda b: b.update(times={str(i): t for i, t in enumerate(b["times"])}))
    change("a time as text", lambda b: b["times"].__setitem__(4, str(b["times"][4])))
    change("an 'at' as text", lambda b: b["fairness"]["entries"][1].update(at=str(block["entries"][1]["at"])))
    change("a late commitment", lambda b: b["fairness"]["entries"][2].update(at=record["times"][-1] + 100))
    change("an entry true", lambda b: b["actions"][hidden[0]].update(entry=True))
    change("an entry 1.0", lambda b: b["actions"][hidden[0]].update(entry=float(rows[hidden[0]]["entry"])))
    detective = next(i for i, r in enumerate(rows) if r["pawn"] != "mrx" and "from" in r and i > 3)
    change("a detective's 'from'", lambda b: b["actions"][detective].update({"from": rows[detective]["from"] % 199 + 1}))
    change("an entry number", lambda b: b["actions"][hidden[1]].update(entry=rows[hidden[1]]["entry"] + 1))
    change("a reveal", lambda b: b["actions"][hidden[0]].update(revealed=True))
    if block["scheme"] == "sy-commit/2":
        change("the key commitment", lambda b: b["fairness"].update(key_commitment=flipped(block["key_commitment"])))
        change("the nonce", lambda b: b["fairness"].update(nonce=flipped(block["nonce"])))
        change("the start input", lambda b: b["fairness"].update(start_input=block["start_input"] + "1"))
        if record["rules"] == "dice":
            throw = next(i for i, r in enumerate(rows) if "roll" in r)
            faces = ("taxi", "bus", "underground", "x")
            change("a throw", lambda b: b["actions"][throw]["roll"].__setitem__(
                0, next(f for f in faces if f != rows[throw]["roll"][0])))
            change("the tiles", lambda b: b["tiles"][0].update(side="expert" if b["tiles"][0]["side"] == "standard"
                                                               else "standard"))
        else:
            from bot.games import family_for_rules

            left = sorted(family_for_rules(record["rules"]).replay(record).start_candidates - {record["start"]["mrx"]})
            change("the start card", lambda b: b["start"].update(mrx=left[0]))
    return found


def both(record: dict, published: str | None = None) -> tuple[list[str], list[str]]:
    """(the bot's problems, the standalone's problems) on ``record``."""
    bot = verify_record(record, read_published(published) if published is not None else None)
    return bot.problems and bot.lines(), standalone.Verifier(copy.deepcopy(record)).run(published)


@pytest.fixture(params=[(rules, scheme) for rules in RULES for scheme in (1, 2)], ids=lambda p: f"{p[0]}-{p[1]}")
def record(request) -> dict:
    rules, scheme = request.param
    return (v2_record if scheme == 2 else v1_record)(rules, 13, timed=True)


def test_both_accept_every_sound_record(record) -> None:
    ours, theirs = both(record)
    assert not ours and not theirs, (ours, theirs)


def test_both_refuse_every_tampering(record) -> None:
    disagree = {}
    for name, bad in tamperings(record).items():
        ours, theirs = both(bad)
        if not ours or not theirs:
            disagree[name] = (ours, theirs)
    assert not disagree, disagree


@pytest.mark.parametrize("rules", RULES)
def test_both_refuse_a_forged_record_against_the_channel_and_accept_the_true_one(rules) -> None:
    record = v2_record(rules, 17, timed=True)
    channel = channel_text(record)
    ours, theirs = both(record, channel)
    assert not ours and not theirs, (ours, theirs)
    ours, theirs = both(forged(record), channel)
    assert ours and theirs


@pytest.mark.parametrize("rules", RULES)
def test_both_agree_over_many_games(rules) -> None:
    """More tables: players and seeds, the variants of the London family that change what the record holds."""
    options = {"mb1985": {"voluntary_surfacing": True}, "sanssouci": {"mrx_visible": True, "stay_put": True},
               "dice": {"expert": True}}.get(rules, {})
    for seed in range(4):
        for players in (3, 4):
            record = v2_record(rules, 100 + seed, players, options if seed % 2 else {}, timed=True)
            ours, theirs = both(record)
            assert not ours and not theirs, (seed, players, ours, theirs)


def test_the_command_line_exit_codes(tmp_path, capsys) -> None:
    import json

    record = v2_record("classic", 3, timed=True)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert standalone.main([str(path)]) == 0
    (tmp_path / "channel.md").write_text(channel_text(record))
    assert standalone.main([str(path), "--seals", str(tmp_path / "channel.md")]) == 0
    assert "bits" in capsys.readouterr().out
    record["times"] = record["times"][:-1]
    path.write_text(json.dumps(record))
    assert standalone.main([str(path)]) == 1
    path.write_text("{broken")
    assert standalone.main([str(path)]) == 2
