"""Provably fair through the service: each command that fixes a hidden station commits to it in the same
transaction, the posts carry the commitments, the end post the key, and the record checks out."""

from __future__ import annotations

import copy
import random

import pytest

from bot.fairness.commitments import SHORT, commit, game_key
from bot.fairness.verify import verify_record
from bot.service.outbox import ACTION, GAME_OVER, GAME_STARTED

from tests.service.helpers import SECRET, mrx_user, play_out, started, stored_state


async def announcements(service, game_id: int, kind: str) -> list[dict]:
    return [a.payload for a in await service.pending_announcements(game_id) if a.kind == kind]


async def test_the_deal_is_sealed_with_the_start_post(service) -> None:
    result = await started(service, 3)
    game_id = result.game.id
    (start,) = await announcements(service, game_id, GAME_STARTED)
    state = await stored_state(service, game_id)
    expected = commit(game_key(SECRET, str(game_id)), str(game_id), 0, state.start["mrx"])
    assert start["sealed"] == [[0, expected]]
    assert await service.commitments(game_id) == (expected,)


async def test_every_entry_is_sealed_by_its_move_and_the_record_verifies(service) -> None:
    result = await started(service, 3, seed=9)
    game_id = result.game.id
    await play_out(service, game_id, random.Random(4), greedy=True)
    state = await stored_state(service, game_id)
    published = await service.commitments(game_id)
    assert len(published) == 1 + len(state.logbook)
    sealed = [s for p in await announcements(service, game_id, ACTION) for s in p.get("sealed", ())]
    assert [n for n, _ in sealed] == list(range(1, len(state.logbook) + 1))
    assert [v for _, v in sealed] == list(published[1:])
    (over,) = await announcements(service, game_id, GAME_OVER)
    assert over["key"] == game_key(SECRET, str(game_id))

    record = await service.record(game_id)
    verdict = verify_record(record)
    assert verdict.sound, verdict.problems
    assert len(record["times"]) == len(record["actions"])
    # what the channel saw is what the record opens
    assert [e["commitment"][:SHORT] for e in record["fairness"]["entries"]] == [v[:SHORT] for v in published]
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


async def test_a_dice_game_seals_mr_x_start_when_he_picks_it(service) -> None:
    from tests.service.dice_helpers import dice_play_out, dice_state
    from tests.service.helpers import CHANNEL, HOST, new_key

    await service.create_game(1, CHANNEL, HOST, "Host", rules="dice", seed=4)
    for user in (HOST + 1, HOST + 2):
        await service.join(CHANNEL, user, f"P{user}", "mrx" if user == HOST + 1 else None)
    await service.start(CHANNEL, HOST, key=new_key())
    game_id = (await service.game_in_channel(CHANNEL)).id
    assert await service.commitments(game_id) == ()  # no start picked yet: nothing to seal
    await dice_play_out(service, game_id, random.Random(3))
    state = await dice_state(service, game_id)
    published = await service.commitments(game_id)
    assert len(published) == 1 + len(state.logbook)
    record = await service.record(game_id)
    assert verify_record(record).sound, verify_record(record).problems
