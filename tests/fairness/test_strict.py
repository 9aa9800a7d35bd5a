"""A strict verify: what it cannot check it refuses, one line per problem, and never skips a check in silence."""

from __future__ import annotations

import copy
import json

import pytest

from bot.cli import main
from bot.fairness.verify import verify_record

from tests.fairness.records import RULES, hidden_rows, kept_record, v2_record


@pytest.fixture(params=RULES)
def record(request) -> dict:
    return kept_record(v2_record, request.param, 7)


def lines(record) -> list[str]:
    verdict = verify_record(record)
    assert not verdict.sound
    return verdict.lines()


@pytest.mark.parametrize("times, said", [
    ("short", "'times' for"), ("empty", "'times' for"), ("dict", "'times' are not a list"),
    ("string", "not a number of seconds"), ("true", "not a number of seconds"),
])
def test_times_must_be_one_number_per_action_row(record, times, said) -> None:
    bad = copy.deepcopy(record)
    if times == "short":
        bad["times"] = bad["times"][:-1]
    elif times == "empty":
        bad["times"] = []
    elif times == "dict":
        bad["times"] = dict(enumerate(bad["times"]))
    elif times == "string":
        bad["times"][3] = "1700000003"
    else:
        bad["times"][3] = True
    found = lines(bad)
    assert any(said in line for line in found), found


def test_a_late_commitment_is_refused_even_beside_a_short_times_list(record) -> None:
    """The check the old verifier skipped: with ``times`` one short it said nothing and took a commitment 100 s late."""
    bad = copy.deepcopy(record)
    bad["fairness"]["entries"][1]["at"] += 100
    assert any("published after the next detective move" in line for line in lines(bad))
    bad["times"] = bad["times"][:-1]
    assert any("'times' for" in line for line in lines(bad))


def test_commitment_times_without_action_times_are_refused(record) -> None:
    bad = copy.deepcopy(record)
    del bad["times"]
    assert any("no 'times'" in line for line in lines(bad))
    bad = copy.deepcopy(record)
    bad["fairness"]["entries"][2]["at"] = "late"
    assert any("'at'" in line for line in lines(bad))


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_an_entry_number_must_be_a_whole_number(record, value) -> None:
    row = hidden_rows(record)[0]
    bad = copy.deepcopy(record)
    bad["actions"][row]["entry"] = value if value is not None else bad["actions"][row]["entry"]
    if value is None:
        bad["fairness"]["entries"][0]["entry"] = False
        assert any("'entry'" in line for line in lines(bad))
        return
    assert any(f"Action row {row + 1}: 'entry'" in line for line in lines(bad)), lines(bad)


@pytest.mark.parametrize("field, value", [("key", "upper"), ("key", "short"), ("salt", "upper"),
                                          ("commitment", "short"), ("nonce", "upper"), ("key_commitment", "short")])
def test_hex_must_have_its_length_and_lowercase(record, field, value) -> None:
    bad = copy.deepcopy(record)
    holder = bad["fairness"]["entries"][1] if field in ("salt", "commitment") else bad["fairness"]
    holder[field] = holder[field].upper() if value == "upper" else holder[field][:-1]
    assert lines(bad)


@pytest.mark.parametrize("field", ["from", "entry", "revealed"])
def test_every_row_is_compared_with_the_replay(record, field) -> None:
    """A record saying a pawn came from elsewhere, or a move wrote another entry or was (not) shown, is refused in both
    families (the old verifier let a London record say Green came from 169 when the replay had him on 140)."""
    rows = record["actions"]
    if field == "from":
        row = next(i for i, r in enumerate(rows) if r.get("pawn") != "mrx" and "from" in r)
        changed = rows[row]["from"] % 199 + 1
    elif field == "entry":
        row = hidden_rows(record)[1]
        changed = rows[row]["entry"] + 1
    else:
        row = hidden_rows(record)[0]
        changed = True
    bad = copy.deepcopy(record)
    bad["actions"][row][field] = changed
    found = lines(bad)
    assert any(f"Action row {row + 1}" in line or "replay" in line for line in found), found


def test_one_line_per_problem_exit_one_and_two(tmp_path, capsys) -> None:
    record = v2_record("classic", 3, timed=True)
    record["times"] = {}
    record["actions"][0]["entry"] = True
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= 2 and all(line.startswith(str(path)) for line in out)
    path.write_text("[1, 2]")
    assert main(["verify", str(path)]) == 1
    assert "not a game record" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
