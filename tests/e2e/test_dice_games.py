"""Whole games of Hunting Mister X through the fake Discord: the lobby, start picks by select and
by ``/sy move``, the 🎲 Roll button, rides from the dice, Mr. X's DM menu, the round summaries with
the board and the log, the end with his route and the replay, and ``/sy export``."""

from __future__ import annotations

import json

import pytest
import pytest_asyncio

from bot.dice.engine import MRX
from bot.dice.engine.record import FORMAT

from .dice_helpers import DiceGame


@pytest_asyncio.fixture
async def dice(fake, world, service, clock, pictures):
    table = DiceGame(fake, world, service, clock, pictures)
    await table.start_bot()
    yield table
    await table.stop_bot()
    fake.assert_clean()


async def open_dice(game: DiceGame, people: int, seed: int = 3, expert: bool = False):
    w = game.world
    detectives = (w.carol, w.dave)[: max(0, people - 2)]
    lobby = await game.open(rules="dice", seed=seed, mrx=w.bob, detectives=detectives)
    if expert:
        select = f"sy:variants:{game.game_id}"
        assert select in lobby.custom_ids
        await game.select(w.alice, lobby, select, ["expert"])
        assert (await game.service.get_game(game.game_id)).options == {"expert": True}
    await game.start()
    return lobby


def channel_texts(game: DiceGame) -> list[str]:
    return [m.text for m in game.fake.channel_messages(game.world.channel)]


@pytest.mark.parametrize("people,ways", [(2, ("buttons",)), (3, ("buttons", "command")), (4, ("buttons",))])
async def test_a_whole_dice_game(dice: DiceGame, people, ways) -> None:
    await open_dice(dice, people)
    posts = dice.fake.channel_messages(dice.world.channel)
    assert "Hunting Mister X is on!" in posts[-1].text
    assert any(c.startswith(f"sy:dice:start:{dice.game_id}:red:") for c in posts[-1].custom_ids)
    state = await dice.play_dice(ways=ways)
    assert state.outcome is not None
    texts = "\n".join(channel_texts(dice))
    assert "🎲" in texts and "rolls:" in texts and "takes the" in texts
    assert f"somewhere on tile **{state.start_tile}**" in texts
    assert "Mr. X, move 1:" in texts
    kinds = dice.pictures.kinds
    assert "board" in kinds and "mrx_board" in kinds and "route" in kinds and "replay" in kinds
    last = dice.fake.channel_messages(dice.world.channel)[-1]
    assert any(e.get("title", "").startswith("🏆") for e in last.embeds)
    assert set(last.files) >= {"route.png"} and any(n.startswith("replay.") for n in last.files)
    # /sy export gives the record
    answer = await dice.reply(dice.world.alice, "export", {"game": dice.game_id})
    assert FORMAT in answer.text
    record = json.loads(next(iter(answer.files.values())))
    assert record["format"] == FORMAT and record["players"] == people and record["rules"] == "dice"
    assert [a for a in record["actions"] if "roll" in a]
    assert await dice.service.check_game(dice.game_id) == []


async def test_an_expert_game_picked_in_the_lobby(dice: DiceGame) -> None:
    await open_dice(dice, 4, seed=5, expert=True)
    state = await dice.truth()
    assert state.expert and sum(p.side == "expert" for p in state.board.placements) == 3
    assert "(* expert side up)" in channel_texts(dice)[-1]
    state = await dice.play_dice(ways=("buttons", "command"))
    assert state.outcome is not None


async def test_refused_clicks_are_answered_privately_and_change_nothing(dice: DiceGame) -> None:
    w, fake = dice.world, dice.fake
    await open_dice(dice, 4)
    await dice.play_dice(until=lambda s: s.awaiting == "roll")
    state = await dice.truth()
    roller = state.to_move()[0]
    post = dice.channel_post_with(f"sy:dice:roll:{dice.game_id}:{state.round}")
    owner = await dice.owner(roller)
    stranger = next(u for u in (w.alice, w.bob, w.carol, w.dave) if u is not owner)
    handle = await fake.click(stranger, post, f"sy:dice:roll:{dice.game_id}:{state.round}")
    answer = await handle.wait_reply()
    assert answer.kind == "ephemeral" and answer.text.startswith("⚠️"), answer.text
    await dice.settle()
    assert (await dice.truth()).snapshot() == state.snapshot()
    # The roller rolls; a second click on the same button is refused (he has rolled already).
    user = await dice.owner(roller)
    await dice.quiet_click(user, post, f"sy:dice:roll:{dice.game_id}:{state.round}")
    rolled = await dice.truth()
    handle = await fake.click(user, post, f"sy:dice:roll:{dice.game_id}:{state.round}")
    answer = await handle.wait_reply()
    assert "rolled already" in answer.text
    await dice.settle()
    assert (await dice.truth()).snapshot() == rolled.snapshot()
    # The channel sees the dice as emoji, and the roll post offers the rides and the roll again.
    post = fake.channel_messages(w.channel)[-1]
    assert "rolls:" in post.text and any(e in post.text for e in "🟨🟩🟥❌")
    view = rolled.public_view()
    if view.moves.get(roller):
        assert any(c.startswith(f"sy:dice:go:{dice.game_id}:") for c in post.custom_ids)
    assert f"sy:dice:again:{dice.game_id}:{rolled.round}" in post.custom_ids


async def test_buttons_work_after_a_restart_and_a_double_click_rolls_once(dice: DiceGame) -> None:
    await open_dice(dice, 3)
    await dice.play_dice(until=lambda s: s.awaiting == "roll")
    state = await dice.truth()
    post = dice.channel_post_with(f"sy:dice:roll:{dice.game_id}:{state.round}")
    await dice.restart()
    user = await dice.owner(state.to_move()[0])
    handle = await dice.fake.click(user, post, f"sy:dice:roll:{dice.game_id}:{state.round}")
    assert await handle.wait_outcome() is None
    again = await dice.fake.redeliver(handle)  # Discord delivers the same click twice
    await again.wait_outcome()
    await dice.settle()
    after = await dice.truth()
    assert after.awaiting == "move" and len([h for h in after.history if "roll" in h]) == \
        len([h for h in state.history if "roll" in h]) + 1
    assert await dice.service.check_game(dice.game_id) == []


async def test_mr_x_hears_his_choices_by_dm_and_the_channel_only_his_tile(dice: DiceGame) -> None:
    await open_dice(dice, 3)
    await dice.play_dice(until=lambda s: s.awaiting == "mrx")
    state = await dice.truth()
    menu = dice.dm_menu()
    assert "Your move, Mr. X" in menu.text and "Dice the detectives used this round" in menu.text
    assert "mrx-board.png" in menu.files
    for pawn, face in state.used:
        assert face in menu.text
    options = {o["value"] for c in menu.custom_ids if c.startswith(f"sy:dice:x:{dice.game_id}:")
               for o in menu.find_component(c)["options"]}
    assert options == {f"{m.to}:{m.ticket}" for m in state.legal_moves(MRX)}
    posts = channel_texts(dice)
    assert any(f"tile **{state.start_tile}**" in t for t in posts)
    assert not any(f"**{state.start[MRX]}**" in t for t in posts)
