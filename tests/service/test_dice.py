"""The dice game through the service: the tiles dealt at the start, rolls asked for and dealt from
the secret, choices played, the record exported, computers at the table."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.dice.engine import MRX, InvalidAction, PickStart, Roll, Skip
from bot.games.dice.engine.record import FORMAT
from bot.service import GameService, NotYourPawn
from bot.service.dealing import deal_seed
from bot.service.errors import DeadlineNotPassed, NotHost

from tests.service.dice_helpers import dice_play_out, dice_state, dice_turn
from tests.service.helpers import CHANNEL, HOST, SECRET, new_key, owner, started


async def test_the_tiles_are_dealt_at_the_start_and_stored_as_the_first_action(service):
    start = await started(service, 4, rules="dice")
    view = start.view
    assert view.board is not None and view.awaiting == "start" and view.to_move == ("red",)
    rows = await service.database.all("SELECT seq, round, action FROM actions WHERE game_id = ?", (start.game.id,))
    assert [(r["seq"], r["round"]) for r in rows] == [(1, 0)]
    assert json.loads(rows[0]["action"])["type"] == "lay_tiles"
    assert await service.check_game(start.game.id) == []
    kinds = [a.kind for a in await service.pending_announcements(start.game.id)]
    assert kinds == ["game_started"]  # the layout is told by the start post, not by an action post of its own


@pytest.mark.parametrize("people,expert", [(2, False), (3, False), (4, False), (4, True)])
async def test_whole_games_end_and_replay_exactly(service, people, expert):
    start = await started(service, people, rules="dice", options={"expert": expert} if expert else None)
    game_id = start.game.id
    await dice_play_out(service, game_id, random.Random(people))
    state = await dice_state(service, game_id)
    assert state.outcome is not None and state.expert is expert
    assert await service.check_game(game_id) == []
    record = await service.record(game_id)
    assert record["format"] == FORMAT and record["rules"] == "dice" and record["players"] == people
    assert record["options"] == {"expert": expert}
    assert record["outcome"] == state.outcome.to_json()
    assert {"id": "mrx", "role": "mrx"}.items() <= record["pawns"][0].items()
    rolls = [a for a in record["actions"] if "roll" in a]
    assert rolls and all(len(a["roll"]) <= (4 if people == 4 else 3) for a in rolls)
    assert get_replayed(record) == state.snapshot()
    assert [p.user_id for p in await service.players(game_id)]  # the people are in the record too
    assert {p["user_id"] for p in record["people"]} == {p.user_id for p in await service.players(game_id)}


def get_replayed(record):
    from bot.games import get_family

    return get_family("dice").replay(record).snapshot()


async def test_the_tiles_and_rolls_come_from_the_games_key_not_from_its_seed(tmp_path):
    """Two games with one seed under one secret, in two fresh databases (both game #1): other tiles, other dice. Each
    game's tiles and every throw are the draws of its own key and start input (docs/fairness.md, "Chance")."""
    from bot.fairness.chance import Draws
    from bot.games import get_family
    from bot.service.dealing import key_of

    rolls = {}
    for name in ("a", "b"):
        service = await GameService.open(tmp_path / f"{name}.sqlite3", rng=random.Random(1), secret=SECRET)
        try:
            start = await started(service, 4, rules="dice", seed=9)
            game_id = start.game.id
            faces = []
            for _ in range(12):  # four starts, then some rolls and moves
                result = await dice_turn(service, game_id, random.Random(2))
                faces += [e.faces for e in result.events if hasattr(e, "faces")]
            rolls[name] = ((await dice_state(service, game_id)).board.placements, faces)
            row = await service.database.reads.games.get(game_id)
            key = key_of(row, SECRET)
            await service.resign(game_id, HOST + 1, new_key())
            record = await service.record(game_id)
        finally:
            await service.close()
        drawn = get_family("dice").redraw(record, None, lambda label: Draws(key, row.start_input, label))
        assert drawn and all(recorded == again for _, _, recorded, again in drawn), drawn
        assert [again for kind, _, _, again in drawn if kind == "throw"] == [list(f) for f in faces]
    assert rolls["a"][0] != rolls["b"][0] or rolls["a"][1] != rolls["b"][1]


async def test_each_roll_has_its_own_draw(service):
    start = await started(service, 4, rules="dice", seed=3)
    game_id = start.game.id
    seen = []
    for _ in range(40):
        result = await dice_turn(service, game_id, random.Random(1))
        seen += [e.faces for e in result.events if hasattr(e, "faces")]
    assert len(seen) >= 4 and len(set(seen)) > 1


async def start_picked(service, people: int = 4, seed: int = 5):
    """A dice game whose starts are all picked: the first detective is about to roll."""
    start = await started(service, people, rules="dice", seed=seed)
    game_id = start.game.id
    while (await dice_state(service, game_id)).awaiting == "start":
        await dice_turn(service, game_id, random.Random(1))
    return game_id


async def test_a_detective_rolls_then_moves_with_one_die(service):
    game_id = await start_picked(service)
    state = await dice_state(service, game_id)
    pawn = state.to_move()[0]
    user = await owner(service, game_id, pawn)
    rolled = await service.request(game_id, user, "roll", new_key(), expected_round=1)
    faces = next(e.faces for e in rolled.events if hasattr(e, "faces"))
    assert len(faces) == 4 and rolled.view.rolled == faces
    state = await dice_state(service, game_id)
    if state.legal_moves(pawn):
        move = state.legal_moves(pawn)[0]
        result = await service.move(game_id, user, pawn, move.to, move.die, new_key())
        assert result.view.pawn(pawn).station == move.to and (pawn, move.die) in result.view.used


async def test_rolls_out_of_turn_or_twice_are_refused_and_change_nothing(service):
    game_id = await start_picked(service)
    state = await dice_state(service, game_id)
    pawn = state.to_move()[0]
    user = await owner(service, game_id, pawn)
    other = next(p for p in state.pawns if p.role == "detective" and p.id != pawn)
    with pytest.raises(NotYourPawn):
        await service.request(game_id, await owner(service, game_id, other.id), "roll", new_key(), pawn=pawn)
    with pytest.raises(NotYourPawn):  # Mr. X's player does not roll for the detectives
        await service.request(game_id, await owner(service, game_id, MRX), "roll", new_key(), pawn=pawn)
    with pytest.raises(InvalidAction, match="Roll the dice first"):
        await service.request(game_id, user, "reroll", new_key())
    await service.request(game_id, user, "roll", new_key())
    before = (await dice_state(service, game_id)).snapshot()
    with pytest.raises(InvalidAction, match="rolled already"):
        await service.request(game_id, user, "roll", new_key())
    assert (await dice_state(service, game_id)).snapshot() == before


async def test_a_player_cannot_send_his_own_roll(service):
    game_id = await start_picked(service)
    state = await dice_state(service, game_id)
    pawn = state.to_move()[0]
    with pytest.raises(InvalidAction, match="not a move of this game"):
        await service.act(game_id, await owner(service, game_id, pawn), Roll(pawn, ("underground",) * 4), new_key())


async def test_a_reroll_spends_a_shared_token(service):
    game_id = await start_picked(service)
    pawn = (await dice_state(service, game_id)).to_move()[0]
    user = await owner(service, game_id, pawn)
    await service.request(game_id, user, "roll", new_key())
    result = await service.request(game_id, user, "reroll", new_key())
    assert result.view.reroll_tokens == 2 and result.view.rolled is not None
    last = await service.database.one("SELECT action FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                      (game_id,))
    assert json.loads(last["action"])["type"] == "reroll"


async def test_the_same_roll_key_twice_rolls_once(service):
    game_id = await start_picked(service)
    pawn = (await dice_state(service, game_id)).to_move()[0]
    user = await owner(service, game_id, pawn)
    key = new_key()
    first = await service.request(game_id, user, "roll", key)
    again = await service.request(game_id, user, "roll", key)
    assert again.duplicate and again.events == first.events
    count = await service.database.one("SELECT COUNT(*) AS n FROM actions WHERE game_id = ?", (game_id,))
    assert count["n"] == 1 + 4 + 1  # the tiles, four starts (Mr. X's too), one roll


async def test_a_start_is_picked_with_the_move_helper(service):
    start = await started(service, 4, rules="dice")
    game_id = start.game.id
    station = start.view.start_choices[0]
    result = await service.move(game_id, await owner(service, game_id, "red"), "red", station, "", new_key())
    assert result.view.pawn("red").station == station and result.view.to_move == ("blue",)
    bad = next(s for s in result.view.board.stations if s not in result.view.start_choices)
    with pytest.raises(Exception) as refused:
        await service.move(game_id, await owner(service, game_id, "blue"), "blue", bad, "", new_key())
    assert "station" in str(refused.value).lower()


async def test_mr_x_picks_his_start_in_secret_and_the_channel_hears_his_tile(service):
    start = await started(service, 3, rules="dice")
    game_id = start.game.id
    for pawn in ("red", "blue"):
        view = (await dice_state(service, game_id)).public_view()
        await service.act(game_id, await owner(service, game_id, pawn), PickStart(pawn, view.start_choices[0]),
                          new_key())
    prompts = [a for a in await service.pending_announcements(game_id) if a.kind == "mrx_prompt"]
    assert len(prompts) == 1 and prompts[0].recipient_id == await owner(service, game_id, MRX)
    state = await dice_state(service, game_id)
    station = state.mrx_view().start_choices[0]
    result = await service.move(game_id, await owner(service, game_id, MRX), MRX, station, "", new_key())
    assert result.view.start_tile == state.board.stations[station].tile
    assert result.view.pawn(MRX).station is None
    for item in await service.pending_announcements(game_id):
        if item.recipient_id is None:
            assert f'"to": {station}' not in json.dumps(item.payload) and "station" not in json.dumps(
                [e for e in item.payload.get("events", ()) if e["type"] == "MrXStarted"])


async def test_the_host_skips_an_absent_detective_after_the_deadline(service, clock):
    game_id = await start_picked(service)
    pawn = (await dice_state(service, game_id)).to_move()[0]
    with pytest.raises(DeadlineNotPassed):
        await service.skip(game_id, HOST, pawn, new_key())
    clock.advance(49)
    with pytest.raises(NotHost):
        await service.skip(game_id, HOST + 1, pawn, new_key())
    result = await service.skip(game_id, HOST, pawn, new_key())
    assert pawn not in result.view.to_move
    assert (await dice_state(service, game_id)).history[-1] == {"round": 1, "pawn": pawn, "skip": True,
                                                                "reason": "timeout"}
    with pytest.raises(NotHost):  # a player does not pass on a deadline by himself
        nxt = result.view.to_move[0]
        await service.act(game_id, await owner(service, game_id, nxt), Skip(nxt, "timeout"), new_key())


async def test_a_detective_whom_nothing_fits_may_stay(service):
    # The dice decide when nothing fits: a game may end before it happens, and then the next game is played.
    for attempt in range(10):
        game_id = await start_picked(service, seed=5 + attempt)
        while (state := await dice_state(service, game_id)).outcome is None:
            view = state.public_view()
            if view.can_skip:
                pawn = view.to_move[0]
                result = await service.act(game_id, await owner(service, game_id, pawn), Skip(pawn, "declined"),
                                           new_key())
                assert result.view.reroll_tokens == view.reroll_tokens  # he kept the tokens
                assert (await dice_state(service, game_id)).history[-1]["reason"] == "declined"
                return
            if view.awaiting == "move" and view.can_reroll:  # keep the tokens for the stay
                pawn = view.to_move[0]
                await service.act(game_id, await owner(service, game_id, pawn), view.moves[pawn][0], new_key())
                continue
            await dice_turn(service, game_id, random.Random(len(state.history)), greedy=False)
    raise AssertionError("in ten games no detective was left without a fitting die")


async def test_resigning_mr_x_ends_the_game_and_counts_in_the_stats(service):
    game_id = await start_picked(service, people=3)
    mrx = await owner(service, game_id, MRX)
    result = await service.resign(game_id, mrx, new_key())
    assert result.game.outcome.reason == "mrx_resigned"
    stats = await service.stats(1, mrx)
    assert stats.games == 1 and stats.wins == 0
    detective = await owner(service, game_id, "red")
    assert (await service.stats(1, detective)).wins == 1


@pytest.mark.parametrize("mrx,detective", [("greedy", "random"), ("normal", "easy")])
async def test_computers_play_a_dice_game_to_the_end(service, mrx, detective):
    await service.create_game(1, CHANNEL, HOST, "Host", rules="dice", seed=4)
    await service.join(CHANNEL, HOST, "Host", "detective")
    await service.add_computer(CHANNEL, HOST, "mrx", mrx)
    await service.add_computer(CHANNEL, HOST, "detective", detective)
    await service.start(CHANNEL, HOST, key=new_key())
    game_id = (await service.game_in_channel(CHANNEL)).id
    for _ in range(400):
        await service.play_computers(game_id)
        game = await service.get_game(game_id)
        if game.status != "running":
            break
        await dice_turn(service, game_id, random.Random(game.version))
    assert (await service.get_game(game_id)).status == "finished"
    assert await service.check_game(game_id) == []
    rows = await service.database.all("SELECT DISTINCT key FROM actions WHERE game_id = ? AND key LIKE 'computer:%'",
                                      (game_id,))
    assert rows  # the computers' rolls and moves are keyed like a person's


def test_the_dice_family_offers_the_baselines_and_the_three_levels():
    from bot.games.dice.ai import DiceComputerPlayer
    from bot.games.dice.engine.players import GreedyPlayer, RandomPlayer
    from bot.games import COMPUTER_KINDS, get_family

    family = get_family("dice")
    assert family.strategies == COMPUTER_KINDS
    assert isinstance(family.computer("random", 1), RandomPlayer)
    assert isinstance(family.computer("greedy", 1), GreedyPlayer)
    assert isinstance(family.computer("hard", 1), DiceComputerPlayer)


async def test_unknown_options_are_refused_in_the_lobby(service):
    with pytest.raises(InvalidAction, match="expert"):
        await service.create_game(1, CHANNEL, HOST, "Host", rules="dice", options={"surfacing": True})


async def test_the_deal_uses_its_own_purpose_per_action():
    assert deal_seed(SECRET, 7, "chance:1") != deal_seed(SECRET, 7, "chance:2") != deal_seed(SECRET, 7)


async def test_two_games_with_the_same_seed_roll_other_dice(service):
    """Nobody can open a side game with the real game's seed to see its next rolls."""
    rolled = []
    for channel in (CHANNEL, CHANNEL + 1):
        start = await started(service, 4, rules="dice", seed=12, channel=channel)
        faces = []
        for _ in range(10):
            result = await dice_turn(service, start.game.id, random.Random(2))
            faces += [e.faces for e in result.events if hasattr(e, "faces")]
        rolled.append(((await dice_state(service, start.game.id)).board.placements, faces))
    assert rolled[0] != rolled[1]
