"""Take-backs by consent (docs/takebacks.md), on both backends: asked, accepted and refused, for a detective and for
Mr. X; the actions stay append-only, the state is the replay of the actions that stand, and the record's fairness
block still verifies with Mr. X's withdrawn commitment in it, marked withdrawn."""

from __future__ import annotations

import json
import random

import pytest

from bot.fairness.verify import verify_record
from bot.games.london.engine import MRX
from bot.service import outbox
from bot.service.errors import NotInGame, StaleAction
from bot.service.takebacks import TakebackRefused

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key, owner, play_out, started, stored_state

A, B, C = HOST, HOST + 1, HOST + 2


async def mrx_moves(service, game_id, pick=0):
    state = await stored_state(service, game_id)
    move = sorted(state.legal_moves(MRX), key=lambda m: (m.to, m.ticket))[pick]
    await service.move(game_id, await owner(service, game_id, MRX), MRX, move.to, move.ticket, new_key())
    return move


async def detective_moves(service, game_id):
    state = await stored_state(service, game_id)
    pawn = state.to_move()[0]
    move = sorted(state.legal_moves(pawn), key=lambda m: (m.to, m.ticket))[0]
    await service.move(game_id, await owner(service, game_id, pawn), pawn, move.to, move.ticket, new_key())
    return pawn, move


async def owed(service, game_id, kind):
    rows = await service.database.all("SELECT key, payload FROM announcements WHERE game_id = ? AND kind = ? "
                                      "ORDER BY id", (game_id, kind))
    return [(r["key"], json.loads(r["payload"])) for r in rows]


async def seqs(service, game_id):
    return [r["seq"] for r in await service.database.all("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq",
                                                         (game_id,))]


async def test_a_detective_takes_a_move_back_when_mr_x_accepts(service):
    game = (await started(service, people=3, mrx=B)).game.id  # A and C hunt, B is Mr. X
    await mrx_moves(service, game)
    before = (await stored_state(service, game)).snapshot()
    pawn, move = await detective_moves(service, game)
    mover = await owner(service, game, pawn)
    assert (await stored_state(service, game)).positions[pawn] == move.to
    asked = await service.ask_takeback(game, mover, key=new_key())
    assert asked.game.version == (await service.get_game(game)).version  # nothing changed yet
    ((key, payload),) = await owed(service, game, outbox.TAKEBACK)
    assert payload == {"state": "asked", "seq": 2, "pawn": pawn, "asker": mover, "deciders": [B]}
    with pytest.raises(NotInGame):  # only Mr. X answers a detective's take-back
        await service.answer_takeback(game, C if mover == A else A, 2, True)
    done = await service.answer_takeback(game, B, 2, True, key=new_key())
    assert (await stored_state(service, game)).snapshot() == before  # as if the move was never made
    assert done.game.to_move == (pawn,) and done.view.pawn(pawn).station != move.to
    assert await seqs(service, game) == [1, 2, 3]  # append-only: the take-back is action 3
    assert await service.check_game(game) == []  # the snapshot is the replay of the actions that stand
    assert [p["state"] for _, p in await owed(service, game, outbox.TAKEBACK)] == ["asked", "accepted"]
    # the detective moves again, and the game goes on
    await detective_moves(service, game)
    assert (await service.get_game(game)).status == "running"


async def test_a_refused_take_back_stands_and_cannot_be_asked_again(service):
    game = (await started(service, people=3, mrx=B)).game.id
    await mrx_moves(service, game)
    pawn, move = await detective_moves(service, game)
    mover = await owner(service, game, pawn)
    await service.ask_takeback(game, mover)
    with pytest.raises(TakebackRefused):
        await service.ask_takeback(game, mover)  # asked already
    await service.answer_takeback(game, B, 2, False)
    assert (await stored_state(service, game)).positions[pawn] == move.to
    with pytest.raises(TakebackRefused):
        await service.ask_takeback(game, mover)
    with pytest.raises(TakebackRefused):
        await service.answer_takeback(game, B, 2, True)
    assert [p["state"] for _, p in await owed(service, game, outbox.TAKEBACK)] == ["asked", "refused"]


async def test_only_ones_own_last_move_while_nobody_has_moved_since(service):
    game = (await started(service, people=4, mrx=B)).game.id
    await mrx_moves(service, game)
    pawn, _ = await detective_moves(service, game)
    mover = await owner(service, game, pawn)
    with pytest.raises(TakebackRefused):
        await service.ask_takeback(game, B)  # not Mr. X's last move any more
    await service.ask_takeback(game, mover)
    await detective_moves(service, game)  # the next pawn moves: the take-back lapses
    with pytest.raises(StaleAction):
        await service.answer_takeback(game, B, 2, True)
    with pytest.raises(TakebackRefused):
        await service.ask_takeback(game, mover)  # that move is not the last one now
    with pytest.raises(NotInGame):
        await service.allow_takebacks(game, B, False)  # the host's (or a channel manager's) to switch
    await service.allow_takebacks(game, A, False)
    last = await service.database.one("SELECT user_id FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                      (game,))
    with pytest.raises(TakebackRefused, match="switched take-backs off"):
        await service.ask_takeback(game, last["user_id"])


async def test_mr_x_takes_a_move_back_and_the_record_still_verifies(service):
    game = (await started(service, people=3, mrx=B)).game.id
    first = await mrx_moves(service, game)
    withdrawn = (await service.commitments(game))[-1]
    await service.ask_takeback(game, B)
    ((_, payload),) = await owed(service, game, outbox.TAKEBACK)
    assert payload == {"state": "asked", "seq": 1, "pawn": MRX, "asker": B, "deciders": [A, C]}  # no station
    await service.answer_takeback(game, C, 1, True)  # any detective may accept
    assert len(await service.commitments(game)) == 1  # only the start's commitment stands
    prompts = [k for k, _ in await owed(service, game, outbox.MRX_PROMPT)]
    assert prompts == ["mrx:turn:1", "mrx:turn:1:again:1"]  # he is prompted again
    again = await mrx_moves(service, game)  # the same move once more
    assert (again.to, again.ticket) == (first.to, first.ticket)
    assert (await service.commitments(game))[-1] != withdrawn  # salted apart: nothing to compare
    await play_out(service, game, random.Random(4), greedy=True)
    record = await service.record(game)
    entries = record["fairness"]["entries"]
    assert [(e["entry"], e.get("attempt", 0), e.get("withdrawn", False)) for e in entries[:3]] == [
        (0, 0, False), (1, 0, True), (1, 1, False)]
    assert record["takebacks"][0]["entries"] == [[1, first.to]] and record["takebacks"][0]["pawn"] == MRX
    verdict = verify_record(record)
    assert verdict.sound, verdict.lines()
    # a withdrawn commitment that opens to another station is caught
    forged = json.loads(json.dumps(record))
    forged["takebacks"][0]["entries"] = [[1, first.to + 1]]
    assert not verify_record(forged).sound
    # and a record that leaves the withdrawn commitment out no longer matches what was published
    assert len(record["times"]) == len(record["actions"])


async def test_a_computer_on_the_other_side_accepts_at_once_and_computers_wait_for_an_answer(service, clock):
    await service.create_game(GUILD, CHANNEL, A, "Host", seed=3)
    await service.add_computer(CHANNEL, A, "mrx", "easy")
    await service.join(CHANNEL, B, "Bea", "detective")
    game = (await service.start(CHANNEL, A, key=new_key())).game.id
    await service.play_computers(game)
    state = await stored_state(service, game)
    pawn, move = await detective_moves(service, game)
    mover = await owner(service, game, pawn)
    taken = await service.ask_takeback(game, mover)
    assert taken.view.pawn(pawn).station != move.to and taken.game.to_move == tuple(state.to_move())
    assert [p["state"] for _, p in await owed(service, game, outbox.TAKEBACK)] == ["accepted"]
    # a computer detective waits while Mr. X (a person) has not answered a detective's take-back
    await service.create_game(GUILD, CHANNEL + 1, A, "Host", seed=3)
    await service.join(CHANNEL + 1, C, "Cy", "mrx")
    await service.join(CHANNEL + 1, B, "Bea", "detective")
    await service.add_computer(CHANNEL + 1, A, "detective", "easy")
    other = (await service.start(CHANNEL + 1, A, key=new_key())).game.id
    await mrx_moves(service, other)
    await detective_moves(service, other)  # the host's pawn; then B's, after which the computer's is next
    pawn, _ = await detective_moves(service, other)
    mover = await owner(service, other, pawn)
    assert mover == B
    await service.ask_takeback(other, mover)
    waiting = [p for p in (await stored_state(service, other)).to_move() if await owner(service, other, p) < 0]
    assert waiting  # the computer's pawn is next: it waits for Mr. X's answer, ten minutes at most
    assert await service.computer_turn(other) is None
    clock.advance(11 / 60)
    assert await service.computer_turn(other) is not None
    await service.answer_takeback(other, C, (await seqs(service, other))[-1], False)


async def test_in_the_dice_game_a_ride_is_taken_back_and_its_roll_stays(service):
    from tests.service.dice_helpers import dice_play_out, dice_state, dice_turn

    game = (await started(service, people=3, rules="dice", mrx=B)).game.id
    rng = random.Random(2)

    async def until(done) -> None:
        for _ in range(200):
            last = await service.database.one(
                "SELECT a.user_id, a.action, c.name FROM actions a JOIN commands c ON c.key = a.key "
                "WHERE a.game_id = ? ORDER BY a.seq DESC LIMIT 1", (game,))
            if last is not None and last["name"] == "act" and done(last):
                return
            await dice_turn(service, game, rng)
        raise AssertionError("no such move")

    await until(lambda last: last["user_id"] != B)  # a detective rode with a die
    last = await service.database.one("SELECT seq, user_id FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                      (game,))
    await service.ask_takeback(game, last["user_id"])
    await service.answer_takeback(game, B, last["seq"], True)
    state = await dice_state(service, game)
    assert last["user_id"] in [await owner(service, game, p) for p in state.to_move()]  # the rider again
    assert await service.check_game(game) == []
    await until(lambda last: last["user_id"] == B)  # Mr. X moved
    seq = (await seqs(service, game))[-1]
    await service.ask_takeback(game, B)
    await service.answer_takeback(game, A, seq, True)
    await dice_play_out(service, game, rng)
    verdict = verify_record(await service.record(game))
    assert verdict.sound, verdict.lines()
