"""Provably fair in the channel, quietly: the lobby's footer commits to the game's key before anyone joins, the start
post repeats it, each of Mr. X's moves carries one short seal (the chain after it, his start included), the
round summaries carry none, the final post leads with the result and gives the key in a field, and /sy verify reads the
game's own posts back and checks them against the record: a record rewritten afterwards (another route under a new
key) is refused. English and German. Nothing a seal shows says where he is."""

from __future__ import annotations

import json
import re

import pytest

from bot.fairness.commitments import seal_chain
from bot.games import get_family
from bot.games.london.engine.codec import actions_from_history

from tests.e2e.helpers import Game, summary_title
from tests.fairness.records import forged

SEAL = re.compile(r"🔒 `([0-9a-f]{16})`")
LONG = re.compile(r"[0-9a-f]{64}")


async def played(game: Game, seed: int = 3) -> dict:
    w = game.world
    await game.open(seed=seed, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(mrx="greedy", detectives="greedy")
    answer = await game.reply(w.alice, "export")
    (data,) = answer.files.values()
    return json.loads(data)


@pytest.mark.asyncio
async def test_the_key_is_committed_in_the_lobby_and_every_seal_is_posted_once(game: Game) -> None:
    w = game.world
    # seed 5: caught in round 8, with a double move of his (two entries, one post, one seal) on the way; seed 3's
    # game went the 22 rounds, twice the time
    record = await played(game, seed=5)
    assert any(row.get("double") for row in record["actions"])
    block = record["fairness"]
    chain = seal_chain(block["key_commitment"], block["start_input"], [e["commitment"] for e in block["entries"]])
    public = game.fake.channel_messages(w.channel)
    lobby = public[0]  # while the game formed (before its post became the short card that points to the game)
    forming = [e.get("footer", {}).get("text", "") for snap in lobby.history for e in snap["embeds"]]
    assert any(f"🔒 Key commitment: {block['key_commitment']}" in text for text in forming), forming
    started = next(m for m in public if "🚦" in (m.content or ""))
    assert started.embeds[-1]["footer"]["text"] == f"🔒 Key commitment: {block['key_commitment']}"
    assert "🔒" not in (started.content or "")  # in the footer, out of the way
    # one short seal on each of Mr. X's move posts: the chain after its last entry
    moves = [m for m in public if SEAL.search(m.content or "")]
    ends, parts = [], 0  # the last entry each of his moves wrote (a double move: two rows, one post)
    for row in record["actions"]:
        if row["pawn"] == "mrx" and "to" in row:
            parts += 1
            if not row.get("double") or parts == 2:
                ends.append(row["entry"])
                parts = 0
    assert [SEAL.search(m.content)[1] for m in moves] == [chain[n][:16] for n in ends]
    assert all(len(SEAL.findall(m.content)) == 1 for m in moves)
    assert not any("Seals so far" in m.text or "Sealed:" in m.text for m in public)
    summaries = [m for m in public if summary_title(m)]
    assert summaries and not any("🔒" in m.text for m in summaries)
    over = next(m for m in reversed(public) if "🔑" in m.text)
    assert not over.content  # the result leads: the embed's title, then the key in a field
    assert over.embeds[0]["title"] and over.embeds[0]["fields"][-1]["value"] == f"`{block['key']}`"
    verdict = await game.reply(w.carol, "verify")
    assert verdict.kind == "ephemeral" and "checks out" in verdict.text, verdict.text
    # one seal per move of his (not one per entry: a double move posts once), and the key commitment
    seals = len(ends)
    assert "I read the game's" in verdict.text and f"{seals} seals (up to logbook entry {ends[-1]})" in verdict.text
    assert f"binding {seals * 64 + 256} bits" in verdict.text, verdict.text


@pytest.mark.asyncio
async def test_verify_refuses_a_game_rewritten_after_its_end(game: Game) -> None:
    """The operator rewrites the finished game in the database: Mr. X's route elsewhere, a new key and new commitments
    for it, a nonce ground so that the new key deals his start card where the old one did. The record alone checks
    out; the game's own posts, read back from Discord, do not match it."""
    from bot.fairness.verify import verify_record

    w = game.world
    record = await played(game, seed=5)
    game_id = record["game"]["id"]
    fake = forged(record, secret="e2e-secret")
    family = get_family("london")
    actions = [family.action_to_json(a) for a in actions_from_history(fake["actions"])]
    async with game.service.database.transaction() as tx:
        stored = await tx.actions.listed(game_id)
        assert len(stored) == len(actions)
        for trigger in ("actions_are_never_changed", "commitments_are_never_changed", "commitments_are_never_deleted"):
            await tx.sql.execute(f"DROP TRIGGER {trigger}")
        for seq, action in enumerate(actions, 1):
            await tx.sql.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                                 (json.dumps(action), game_id, seq))
        await tx.sql.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
        block = fake["fairness"]
        await tx.sql.execute("UPDATE games SET nonce = ?, key_commitment = ?, hidden_draw = ? WHERE id = ?",
                             (block["nonce"], block["key_commitment"], fake["hidden_draw"], game_id))
        await tx.sql.execute("DELETE FROM commitments WHERE game_id = ?", (game_id,))
        for entry in block["entries"]:
            await tx.sql.execute("INSERT INTO commitments (game_id, entry, commitment, at) VALUES (?, ?, ?, ?)",
                                 (game_id, entry["entry"], entry["commitment"], entry["at"]))
    rewritten = await game.service.record(game_id)
    assert rewritten["fairness"]["key"] == block["key"] and rewritten["actions"] != record["actions"]
    assert verify_record(rewritten).sound, verify_record(rewritten).lines()  # alone, the forgery holds
    verdict = await game.reply(w.carol, "verify")
    assert "does not check out" in verdict.text, verdict.text
    assert "key commitment" in verdict.text and "not one of this record's" in verdict.text
    assert "I read the game's" in verdict.text


@pytest.mark.asyncio
async def test_verify_answers_in_german_and_refuses_a_running_game(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    running = await game.reply(w.carol, "verify")
    assert running.kind == "ephemeral" and "once the game is over" in running.text
    await game.play(mrx="greedy", detectives="greedy")
    await game.reply(w.carol, "sy-me language", {"language": "de"}, channel="dm")
    verdict = await game.reply(w.carol, "verify")
    assert "ist stimmig" in verdict.text and "Stimmig:" in verdict.text, verdict.text
    assert "Siegel" in verdict.text and "Bit" in verdict.text


@pytest.mark.asyncio
async def test_without_read_message_history_verify_checks_the_record_alone(game: Game) -> None:
    w = game.world
    await played(game, seed=6)
    bot_role = next(r for r in w.guild.roles.values() if r.managed)
    w.channel.overwrites.append({"id": str(bot_role.id), "type": 0, "allow": "0",
                                 "deny": str(1 << 16)})  # Read Message History
    verdict = await game.reply(w.carol, "verify")
    assert "checks out" in verdict.text and "only its record was checked" in verdict.text, verdict.text
