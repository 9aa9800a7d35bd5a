"""Provably fair through the service: a game's key is fixed (and committed) when its lobby opens, each command that
fixes a hidden station commits to it in the same transaction, the posts carry the seals, the end post the key, and
the record checks out; a game that was running before sy-commit/2 finishes under sy-commit/1."""

from __future__ import annotations

import copy
import random

import pytest

from bot.fairness.commitments import V1, V2, commit, game_key, key_commitment, seal_chain
from bot.fairness.verify import verify_record
from bot.service.outbox import ACTION, GAME_OVER, GAME_STARTED

from tests.service.helpers import CHANNEL, HOST, SECRET, mrx_user, play_out, started, stored_state


async def announcements(service, game_id: int, kind: str) -> list[dict]:
    return [a.payload for a in await service.pending_announcements(game_id) if a.kind == kind]


async def game_row(service, game_id: int):
    return await service.database.reads.games.get(game_id)


async def test_the_key_is_committed_when_the_lobby_opens(service) -> None:
    created = await service.create_game(1, CHANNEL, HOST, "Host", seed=3)
    game = created.game
    row = await game_row(service, game.id)
    assert len(row.nonce) == 32 and int(row.nonce, 16) >= 0
    assert game.key_commitment == row.key_commitment == key_commitment(row.nonce, game_key(SECRET, row.nonce, V2))
    assert row.start_input is None and row.hidden_draw is None  # nothing drawn before the start


async def test_the_deal_is_sealed_with_the_start_post(service) -> None:
    result = await started(service, 3)
    game_id = result.game.id
    (start,) = await announcements(service, game_id, GAME_STARTED)
    state = await stored_state(service, game_id)
    row = await game_row(service, game_id)
    expected = commit(game_key(SECRET, row.nonce, V2), row.nonce, 0, state.start["mrx"], V2)
    assert start["sealed"] == [[0, expected]]
    assert start["seal"] == seal_chain(row.key_commitment, row.start_input, [expected])[0]
    assert row.start_input.startswith("interaction-")  # the start command's id
    assert await service.commitments(game_id) == (expected,)


async def test_every_entry_is_sealed_by_its_move_and_the_record_verifies(service) -> None:
    result = await started(service, 3, seed=9)
    game_id = result.game.id
    await play_out(service, game_id, random.Random(4), greedy=True)
    state = await stored_state(service, game_id)
    published = await service.commitments(game_id)
    assert len(published) == 1 + len(state.logbook)
    moves = [p for p in await announcements(service, game_id, ACTION) if p.get("sealed")]
    sealed = [s for p in moves for s in p["sealed"]]
    assert [n for n, _ in sealed] == list(range(1, len(state.logbook) + 1))
    assert [v for _, v in sealed] == list(published[1:])
    row = await game_row(service, game_id)
    chain = seal_chain(row.key_commitment, row.start_input, published)
    # each move's post carries the chain after its last entry: one seal, however many entries (a double move)
    assert [p["seal"] for p in moves] == [chain[p["sealed"][-1][0]] for p in moves]
    (over,) = await announcements(service, game_id, GAME_OVER)
    assert over["key"] == game_key(SECRET, row.nonce, V2)

    record = await service.record(game_id)
    verdict = verify_record(record)
    assert verdict.sound, verdict.problems
    assert record["fairness"]["scheme"] == V2 and record["fairness"]["nonce"] == row.nonce
    assert record["hidden_draw"] == row.hidden_draw
    assert len(record["times"]) == len(record["actions"])
    bad = copy.deepcopy(record)
    bad["fairness"]["entries"][-1]["commitment"] = "0" * 64
    assert not verify_record(bad).sound


async def test_nothing_is_sealed_twice_and_commitments_cannot_be_changed(service) -> None:
    result = await started(service, 3)
    game_id = result.game.id
    await play_out(service, game_id, random.Random(2), greedy=True)
    published = await service.commitments(game_id)
    assert len(set(published)) == len(published)
    with pytest.raises(Exception, match="append-only"):
        async with service.database.transaction() as tx:
            await tx.sql.execute("UPDATE commitments SET commitment = ? WHERE game_id = ? AND entry = 0",
                                 ("0" * 64, game_id))
    assert await service.commitments(game_id) == published


async def test_a_record_before_the_end_is_refused_and_mr_x_is_told_nothing_new(service) -> None:
    result = await started(service, 3)
    assert mrx_user(result)
    assert len(await service.commitments(result.game.id)) == 1


# The start's interaction id decides the game's chance: with "dice-start-15" Mr. X is left without a ride in round 11
# by a detective's move, and his pass (a logbook entry) is sealed with that move.
@pytest.mark.parametrize("start_key", ["dice-start-1", "dice-start-15"])
async def test_a_dice_game_seals_mr_x_start_when_he_picks_it(service, start_key) -> None:
    from tests.service.dice_helpers import dice_play_out, dice_state

    await service.create_game(1, CHANNEL, HOST, "Host", rules="dice", seed=4)
    for user in (HOST + 1, HOST + 2):
        await service.join(CHANNEL, user, f"P{user}", "mrx" if user == HOST + 1 else None)
    await service.start(CHANNEL, HOST, key=start_key)
    game_id = (await service.game_in_channel(CHANNEL)).id
    assert await service.commitments(game_id) == ()  # no start picked yet: nothing to seal
    await dice_play_out(service, game_id, random.Random(3))
    state = await dice_state(service, game_id)
    published = await service.commitments(game_id)
    assert len(published) == 1 + len(state.logbook)
    if start_key == "dice-start-15":
        assert any(entry.ticket == "pass" for entry in state.logbook)
    record = await service.record(game_id)
    verdict = verify_record(record)
    assert verdict.sound, verdict.problems
    assert "chance draws (" in verdict.summary.message  # the tiles and every throw came from the key


async def test_a_lobby_opened_before_the_upgrade_gets_its_key_at_the_start(service) -> None:
    created = await service.create_game(1, CHANNEL, HOST, "Host", seed=3)
    async with service.database.transaction() as tx:
        await tx.sql.execute("UPDATE games SET nonce = NULL, key_commitment = NULL WHERE id = ?", (created.game.id,))
    for user in (HOST + 1, HOST + 2):
        await service.join(CHANNEL, user, f"P{user}", "mrx" if user == HOST + 1 else None)
    result = await service.start(CHANNEL, HOST, key="interaction-start")
    row = await game_row(service, result.game.id)
    assert row.nonce and row.key_commitment and row.start_input == "interaction-start"
    await play_out(service, result.game.id, random.Random(5), greedy=True)
    record = await service.record(result.game.id)
    assert record["fairness"]["scheme"] == V2 and verify_record(record).sound


async def test_a_game_running_before_the_upgrade_finishes_under_sy_commit_1(service, monkeypatch) -> None:
    """A game dealt as before (no nonce: created and started by the old code) keeps its scheme to the end."""
    import bot.service.lobby

    monkeypatch.setattr(bot.service.lobby, "sealed_anew", lambda secret, nonce=None: (None, None))
    result = await started(service, 3, seed=6)
    monkeypatch.undo()
    game_id = result.game.id
    (start,) = await announcements(service, game_id, GAME_STARTED)
    assert "seal" not in start and result.game.key_commitment is None
    await play_out(service, game_id, random.Random(6), greedy=True)
    record = await service.record(game_id)
    assert record["fairness"]["scheme"] == V1 and "nonce" not in record["fairness"]
    assert record["fairness"]["key"] == game_key(SECRET, str(game_id))
    assert "hidden_draw" not in record
    verdict = verify_record(record)
    assert verdict.sound, verdict.problems
