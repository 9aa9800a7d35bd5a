"""A take-back under sy-commit/2 (docs/fairness.md, "Take-backs"): Mr. X's withdrawn commitment stays in the record,
marked withdrawn, and the withdrawal is a link of the seal chain that the take-back's post shows; the bot's verifier
(``python -m bot verify --seals``), the standalone one (tools/verify_record.py) and the seals the channel showed all
accept the record and refuse a tampered one. Chance cannot be taken back: a throw of the dice is refused, and a
paused game takes nothing back."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.fairness.commitments import V2, Withdrawal, chain_links, seal_chain, short
from bot.fairness.published import read_published
from bot.fairness.verify import verify_record
from bot.service import outbox
from bot.service.errors import GamePaused
from bot.service.takebacks import TakebackRefused

from tests.service.helpers import new_key, play_out, started
from tests.service.test_takebacks import A, B, C, detective_moves, mrx_moves, owed

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import verify_record as standalone  # noqa: E402


async def channel_text(service, game_id: int, record: dict) -> str:
    """What the channel showed: the lobby's key commitment, every seal on a post (Mr. X's moves, the take-back's),
    and the key at the end, in the order posted."""
    rows = await service.database.all("SELECT kind, payload FROM announcements WHERE game_id = ? ORDER BY id",
                                      (game_id,))
    lines = [f"🔒 Key commitment: {record['fairness']['key_commitment']}"]
    for row in rows:
        payload = json.loads(row["payload"])
        if payload.get("seal"):
            lines.append(f"{row['kind']}\n🔒 `{short(payload['seal'], V2)}`")
    lines.append(f"🔑 Key: `{record['fairness']['key']}`")
    return "\n".join(lines)


async def a_game_with_mr_x_taking_back(service) -> tuple[int, dict, str, str]:
    """A game in which Mr. X takes his first move back and moves elsewhere; the record, the channel's text, and the
    seal the take-back's post showed."""
    game = (await started(service, people=3, mrx=B)).game.id
    await mrx_moves(service, game, pick=0)
    await service.ask_takeback(game, B)
    await service.answer_takeback(game, A, 1, True)
    (taken,) = [p for _, p in await owed(service, game, outbox.TAKEBACK) if p["state"] == "accepted"]
    await mrx_moves(service, game, pick=1)  # another station this time
    await play_out(service, game, random.Random(4), greedy=True)
    record = await service.record(game)
    return game, record, await channel_text(service, game, record), taken["seal"]


def standalone_problems(record: dict, text: str | None = None) -> list[str]:
    return standalone.Verifier(copy.deepcopy(record)).run(text)


async def test_the_withdrawal_is_a_link_of_the_seal_chain_and_its_post_shows_it(service):
    game, record, text, seal = await a_game_with_mr_x_taking_back(service)
    block = record["fairness"]
    assert block["withdrawals"] == [{"entry": 1, "after": 2}]
    assert [(e["entry"], e.get("attempt", 0), e.get("withdrawn", False)) for e in block["entries"][:3]] == [
        (0, 0, False), (1, 0, True), (1, 1, False)]
    commitments = [e["commitment"] for e in block["entries"]]
    links = chain_links(commitments, [Withdrawal(1, 2)])
    assert links[2] == Withdrawal(1, 2) and len(links) == len(commitments) + 1
    chain = seal_chain(block["key_commitment"], block["start_input"], links)
    assert seal == chain[2]  # the take-back's post: the chain after the withdrawal
    assert f"🔒 `{short(seal, V2)}`" in text
    # the take-back's post says nothing of the station he withdrew from (only a seal: a hash)
    (taken,) = [p for _, p in await owed(service, game, outbox.TAKEBACK) if p["state"] == "accepted"]
    assert set(taken) == {"state", "seq", "pawn", "asker", "by", "next", "seal"}


async def test_every_verifier_accepts_the_record_with_its_withdrawal_and_the_channels_seals(service, tmp_path, capsys):
    _, record, text, seal = await a_game_with_mr_x_taking_back(service)
    verdict = verify_record(record, read_published(text))
    assert verdict.sound, verdict.lines()
    assert verdict.published is not None and "seals" in verdict.published.message
    assert standalone_problems(record, text) == []
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "channel.txt").write_text(text)
    assert main(["verify", str(tmp_path / "record.json"), "--seals", str(tmp_path / "channel.txt")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sound") or "Sound" in out
    # the withdrawal's own seal is one of the record's: a record without the withdrawal does not show it
    bare = copy.deepcopy(record)
    bare["fairness"]["withdrawals"] = []
    assert not verify_record(bare, read_published(text)).sound
    assert standalone_problems(bare, text)


def tamperings(record: dict) -> dict[str, dict]:
    found = {}

    def change(name, edit) -> None:
        bad = copy.deepcopy(record)
        edit(bad)
        found[name] = bad

    block = record["fairness"]
    change("no withdrawal", lambda r: r["fairness"].update(withdrawals=[]))
    change("the withdrawal elsewhere", lambda r: r["fairness"].update(withdrawals=[{"entry": 1, "after": 3}]))
    change("the withdrawal from the start", lambda r: r["fairness"].update(withdrawals=[{"entry": 0, "after": 2}]))
    change("not marked withdrawn", lambda r: r["fairness"]["entries"][1].pop("withdrawn"))
    change("a live one marked withdrawn", lambda r: r["fairness"]["entries"][2].update(withdrawn=True))
    change("the withdrawn commitment left out", lambda r: (r["fairness"]["entries"].pop(1),
                                                          r["fairness"].update(withdrawals=[])))
    change("the withdrawn station", lambda r: r["takebacks"][0].update(entries=[[1, r["takebacks"][0]["entries"][0][1] + 1]]))
    change("the take-back left out", lambda r: r.pop("takebacks"))
    change("the attempt", lambda r: r["fairness"]["entries"][2].pop("attempt"))
    change("the withdrawn salt", lambda r: r["fairness"]["entries"][1].update(salt=block["entries"][2]["salt"]))
    change("a withdrawals of the wrong shape", lambda r: r["fairness"].update(withdrawals=[{"entry": "1", "after": 2}]))
    return found


async def test_a_tampered_record_with_a_take_back_is_refused_by_every_verifier(service):
    _, record, text, _ = await a_game_with_mr_x_taking_back(service)
    for name, bad in tamperings(record).items():
        assert not verify_record(bad).sound, name
        assert standalone_problems(bad), name


async def test_a_throw_of_the_dice_cannot_be_taken_back(service):
    from tests.service.dice_helpers import dice_turn

    game = (await started(service, people=3, rules="dice", mrx=B)).game.id
    rng = random.Random(2)
    for _ in range(200):  # until a detective has just thrown the dice
        last = await service.database.one("SELECT a.user_id, a.action FROM actions a WHERE a.game_id = ? "
                                          "ORDER BY a.seq DESC LIMIT 1", (game,))
        action = json.loads(last["action"]) if last else {}
        if last is not None and last["user_id"] != B and ("roll" in json.dumps(action)):
            break
        await dice_turn(service, game, rng)
    else:
        raise AssertionError("no throw")
    before = await service.database.one("SELECT COUNT(*) AS n FROM actions WHERE game_id = ?", (game,))
    with pytest.raises(TakebackRefused, match="throw of the dice"):
        await service.ask_takeback(game, last["user_id"])
    after = await service.database.one("SELECT COUNT(*) AS n FROM actions WHERE game_id = ?", (game,))
    assert before["n"] == after["n"]


async def test_a_paused_game_takes_nothing_back_and_answers_nothing(service):
    game = (await started(service, people=3, mrx=B)).game.id
    await mrx_moves(service, game)
    pawn, _ = await detective_moves(service, game)
    from tests.service.test_takebacks import owner

    mover = await owner(service, game, pawn)
    await service.ask_takeback(game, mover)
    await service.pause(game, A)
    with pytest.raises(GamePaused):
        await service.answer_takeback(game, B, 2, True)
    await service.resume(game, A)
    await service.answer_takeback(game, B, 2, True)
    await detective_moves(service, game)
    await service.pause(game, A)
    with pytest.raises(GamePaused):
        await service.ask_takeback(game, mover)
    assert [p["state"] for _, p in await owed(service, game, outbox.TAKEBACK)] == ["asked", "accepted"]
