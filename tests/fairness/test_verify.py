"""Commit and reveal: a sound record checks out in every rule system under both schemes (sy-commit/1 records keep
verifying), and every kind of tampering with the route, the commitments, their order and time is caught."""

from __future__ import annotations

import copy
import json

import pytest

from bot.cli import main
from bot.fairness.commitments import V1, V2, commit, game_key, salt, short
from bot.fairness.proof import fairness_block
from bot.fairness.verify import verify_record
from bot.games import family_for_rules

from tests.fairness.records import RULES, SECRET, hidden_rows, kept_record, moved_elsewhere, v1_record, v2_record


@pytest.fixture(params=[(rules, scheme) for rules in RULES for scheme in (V1, V2)], ids=lambda p: f"{p[0]}-{p[1][-1]}")
def record(request) -> dict:
    rules, scheme = request.param
    return kept_record(v2_record if scheme == V2 else v1_record, rules, 5)


def test_a_sound_record_checks_out(record) -> None:
    verdict = verify_record(record)
    assert verdict.sound, verdict.lines()
    family = family_for_rules(record["rules"])
    route = family.secret_route(family.replay(record))
    assert f"its {len(route)} commitments" in verdict.summary.message


def test_a_changed_hidden_station_is_caught(record) -> None:
    """Every other station in a hidden entry (the latest ones first), its next row's ``from`` changed to match: the
    replay refuses it or ends otherwise, or it replays to the same end and the commitment does not open to it."""
    opened_wrong = 0
    rows = record["actions"]
    for row in reversed(hidden_rows(record)):
        entry = rows[row]["entry"]
        for other in range(1, 200):
            if other == rows[row]["to"]:
                continue
            problems = verify_record(moved_elsewhere(record, row, other)).lines()
            assert problems
            if not any("does not replay" in p or "the replay says" in p or "replay" in p for p in problems):
                assert any(f"commitment to logbook entry {entry} does not open" in p for p in problems), problems
                opened_wrong += 1
        if opened_wrong:
            return
    raise AssertionError("no other station replayed: the test never reached the commitment check")


def test_a_changed_commitment_salt_key_or_game_is_caught(record) -> None:
    bad = copy.deepcopy(record)
    bad["fairness"]["entries"][2]["salt"] = "0" * 64
    assert any("salt of logbook entry 2" in p for p in verify_record(bad).lines())

    bad = copy.deepcopy(record)
    entry = bad["fairness"]["entries"][1]
    entry["commitment"] = ("1" if entry["commitment"][0] != "1" else "2") + entry["commitment"][1:]
    assert any("commitment to logbook entry 1 does not open" in p for p in verify_record(bad).lines())

    bad = copy.deepcopy(record)
    bad["fairness"]["key"] = game_key("another secret", bad["fairness"]["game"])
    assert len(verify_record(bad).lines()) >= len(bad["fairness"]["entries"])

    bad = copy.deepcopy(record)
    if bad["fairness"]["scheme"] == V2:
        bad["fairness"]["nonce"] = "0" * 32
    else:
        bad["fairness"]["game"] = "g999"
    assert any("does not open" in p for p in verify_record(bad).lines())


def test_reordered_or_missing_entries_are_caught(record) -> None:
    bad = copy.deepcopy(record)
    entries = bad["fairness"]["entries"]
    entries[1], entries[2] = entries[2], entries[1]
    problems = verify_record(bad).lines()
    assert any("not in entry order" in p for p in problems)

    bad = copy.deepcopy(record)
    del bad["fairness"]["entries"][-1]
    assert any("commitments for a route of" in p for p in verify_record(bad).lines())


def test_a_commitment_published_after_the_next_detective_move_is_caught(record) -> None:
    assert verify_record(record).sound, verify_record(record).lines()
    late = copy.deepcopy(record)
    late["fairness"]["entries"][1]["at"] = late["times"][-1] + 1
    assert any("logbook entry 1 was published after the next detective move" in p
               for p in verify_record(late).lines())


def test_a_game_not_over_publishes_no_key_or_salt() -> None:
    family = family_for_rules("classic")
    state = family.new_game("classic", 4, 11, {})
    block = fairness_block(family, state, secret=SECRET, game="g11")
    assert [e["entry"] for e in block["entries"]] == [0]  # the deal, committed at the start
    assert "key" not in block and all("salt" not in e for e in block["entries"])


def test_keys_are_per_game_and_commitments_hide_the_station() -> None:
    assert game_key(SECRET, "1") != game_key(SECRET, "2") != game_key("other", "2")
    key = game_key(SECRET, "1")
    assert salt(key, 1) != salt(key, 2)
    # without the salt, a guess of the station does not give the commitment
    published = commit(key, "1", 3, 42)
    assert published not in {commit(game_key("guess", "1"), "1", 3, s) for s in range(1, 200)}
    assert len(short(published)) == 6 and published.startswith(short(published))
    assert len(short(published, V2)) == 16


def test_the_cli_verifies_and_names_each_problem(tmp_path, capsys) -> None:
    assert main(["simulate", "--rules", "classic", "--players", "4", "--seed", "2", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    path = tmp_path / "record.json"
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Sound: game offline-classic-4-2 replays by the rules")
    record = json.loads(path.read_text())
    assert record["fairness"]["scheme"] == V2
    record["fairness"]["entries"][3]["salt"] = "f" * 64
    record["fairness"]["entries"][4]["commitment"] = "0" * 64
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "salt of logbook entry 3" in lines[0] and "entry 4 does not open" in lines[1]
    path.write_text("{not json")
    assert main(["verify", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_the_verdict_speaks_german() -> None:
    from bot.i18n import speaker

    record = v1_record("classic", 5)
    (line,) = verify_record(record).lines(speaker("de"))
    assert line.startswith("Stimmig") and "Partie g5" in line
    (line,) = verify_record(v2_record("dice", 5)).lines(speaker("de"))
    assert line.startswith("Stimmig") and "Schlüssel" in line
    bad = copy.deepcopy(record)
    bad["fairness"]["entries"][0]["salt"] = "0" * 64
    bad["fairness"]["entries"][3]["commitment"] = "0" * 64
    lines = verify_record(bad).lines(speaker("de"))
    assert any("für den Start" in line for line in lines) and any("Eintrag 3" in line for line in lines), lines
