"""sy-commit/2: the key opens the commitment published before the game, every chance draw recomputes from the key, and
a record is checked against what the channel published (its key commitment and seals)."""

from __future__ import annotations

import copy
import json

import pytest

from bot.cli import main
from bot.fairness.chance import Draws, draw
from bot.fairness.commitments import V2, key_commitment, seal_chain, seals
from bot.fairness.published import read_published
from bot.fairness.verify import verify_record
from bot.games import family_for_rules

from tests.fairness.records import RULES, forged, kept_record, v2_record


def channel_text(record: dict) -> str:
    """What the channel showed of a game: the key commitment in the lobby, one seal per Mr. X's post, the key."""
    block = record["fairness"]
    shown = seals(V2, [e["commitment"] for e in block["entries"]], block["key_commitment"], block["start_input"])
    lines = [f"Game #1 · /sy join works too\n🔒 Key commitment: {block['key_commitment']}"]
    lines += [f"🎩 Mr. X's move {n}: 🚕 taxi.\n🔒 `{seal}`" for n, seal in enumerate(shown)]
    lines.append(f"🏆 Mr. X wins!\n🔑 Key: `{block['key']}`")
    return "\n".join(lines)


@pytest.fixture(params=RULES)
def record(request) -> dict:
    return kept_record(v2_record, request.param, 11)


def test_the_key_must_open_the_commitment_published_before_the_game(record) -> None:
    bad = copy.deepcopy(record)
    bad["fairness"]["key_commitment"] = key_commitment(bad["fairness"]["nonce"], "0" * 64)
    assert any("does not open its key commitment" in line for line in verify_record(bad).lines())


def test_a_forged_route_under_a_new_key_fails_against_the_channel(record, tmp_path, capsys) -> None:
    fake = forged(record)
    # Against the record alone the forgery holds where its chance could be ground (Mr. X's start card): only the dice
    # game's throws give it away.
    alone = verify_record(fake)
    if record["rules"] == "dice":
        assert any("Throw" in p for p in alone.lines())
    else:
        assert alone.sound, alone.lines()
    published = read_published(channel_text(record))
    verdict = verify_record(fake, published)
    assert not verdict.sound
    assert any("key commitment" in p and "not this record's" in p for p in verdict.lines())
    assert any("seal" in p and "not one of this record's" in p for p in verdict.lines())
    # the true record against the same channel: every seal and the key commitment match
    true = verify_record(record, published)
    assert true.sound, true.lines()
    entries = len(record["fairness"]["entries"])
    assert f"{entries} seals" in true.published.message and f"{entries * 64 + 256} bits" in true.published.message
    # and from the command line, with the channel's text in a file
    (tmp_path / "fake.json").write_text(json.dumps(fake))
    (tmp_path / "true.json").write_text(json.dumps(record))
    (tmp_path / "channel.md").write_text(channel_text(record))
    assert main(["verify", str(tmp_path / "fake.json"), "--seals", str(tmp_path / "channel.md")]) == 1
    assert "not one of this record's" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "true.json"), "--seals", str(tmp_path / "channel.md")]) == 0
    assert f"binding {entries * 64 + 256} bits" in capsys.readouterr().out


def test_seals_one_per_line_and_their_bits(record, tmp_path, capsys) -> None:
    block = record["fairness"]
    chain = seal_chain(block["key_commitment"], block["start_input"], [e["commitment"] for e in block["entries"]])
    (tmp_path / "seals.txt").write_text("\n".join(value[:16] for value in chain[:3]) + "\n")
    (tmp_path / "record.json").write_text(json.dumps(record))
    assert main(["verify", str(tmp_path / "record.json"), "--seals", str(tmp_path / "seals.txt")]) == 0
    out = capsys.readouterr().out
    assert "3 seals (up to logbook entry 2) match it, binding 192 bits" in out
    (tmp_path / "seals.txt").write_text("0123456789abcdef\n")
    assert main(["verify", str(tmp_path / "record.json"), "--seals", str(tmp_path / "seals.txt")]) == 1
    (tmp_path / "seals.txt").write_text("nothing here\n")
    assert main(["verify", str(tmp_path / "record.json"), "--seals", str(tmp_path / "seals.txt")]) == 1
    assert "Nothing published" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "record.json"), "--seals", str(tmp_path / "none.txt")]) == 2


def test_every_draw_recomputes_from_the_published_key(record) -> None:
    family = family_for_rules(record["rules"])
    block = record["fairness"]
    key, start_input = block["key"], block["start_input"]
    found = family.redraw(record, draw(key, start_input, "mrx-start"), lambda label: Draws(key, start_input, label))
    assert found and all(recorded == drawn for _, _, recorded, drawn in found)
    if record["rules"] == "dice":
        assert found[0][0] == "tiles" and sum(kind == "throw" for kind, *_ in found) >= 5
    else:
        assert found == [("start", 0, record["start"]["mrx"], record["start"]["mrx"])]


def test_a_changed_start_card_or_throw_is_refused(record) -> None:
    bad = copy.deepcopy(record)
    if record["rules"] != "dice":
        family = family_for_rules(record["rules"])
        candidates = sorted(family.replay(record).start_candidates)
        bad["start"]["mrx"] = next(s for s in candidates if s != record["start"]["mrx"])
        assert any("start card in the record" in line for line in verify_record(bad).lines())
        return
    row = next(i for i, r in enumerate(bad["actions"]) if "roll" in r)
    faces = bad["actions"][row]["roll"]
    faces[0] = next(f for f in ("taxi", "bus", "underground", "x") if f != faces[0])
    problems = verify_record(bad).lines()
    assert any("Throw 1 in the record" in line for line in problems), problems
    bad = copy.deepcopy(record)
    first = bad["tiles"][0]
    bad["tiles"][0], bad["tiles"][1] = {**bad["tiles"][1], "column": first["column"], "row": first["row"]}, {
        **first, "column": bad["tiles"][1]["column"], "row": bad["tiles"][1]["row"]}
    assert any("tiles in the record" in line for line in verify_record(bad).lines())


def test_a_reused_seed_deals_mr_x_elsewhere_offline_too() -> None:
    """Offline, the key depends on the rules, the players and the seed: other rules or tables, other keys."""
    keys = {v2_record(rules, 3, players)["fairness"]["key"] for rules in RULES for players in (3, 4)}
    assert len(keys) == 2 * len(RULES)
