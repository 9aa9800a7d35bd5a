"""Whole games of Hunting Mister X through the fake Discord: the lobby, start picks by select and
by ``/sy move``, the 🎲 Roll button, rides from the dice, Mr. X's DM menu, the round summaries with
the board and the log, the end with his route and the replay, and ``/sy export``."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bot.games.dice.engine import MRX
from bot.games.dice.engine.players import GreedyPlayer
from bot.games.dice.engine.record import FORMAT

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import summary_title


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
    assert "🎲" in texts and "rolls:" in texts and " took " in texts
    assert f"somewhere on tile **{state.start_tile}**" in texts
    assert "Mr. X's move 1:" in texts
    kinds = dice.pictures.kinds
    summaries = [m for m in dice.fake.channel_messages(dice.world.channel) if summary_title(m)]
    assert summaries and all({"board.png", "log.png"} <= set(m.files) for m in summaries)
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
    post = dice.channel_post_with(f"sy:dice:roll:{dice.game_id}:{state.round}:")
    roll = dice.roll_button(post, "roll", state)
    owner = await dice.owner(roller)
    stranger = next(u for u in (w.alice, w.bob, w.carol, w.dave) if u is not owner)
    handle = await fake.click(stranger, post, roll)
    answer = await handle.wait_reply()
    assert answer.kind == "ephemeral" and answer.text.startswith("⚠️"), answer.text
    await dice.settle()
    assert (await dice.truth()).snapshot() == state.snapshot()
    # The roller taps twice at once: one roll, and the second tap hears privately that he has rolled.
    user = await dice.owner(roller)
    taps = [await fake.click(user, post, roll), await fake.click(user, post, roll)]
    for tap in taps:
        await tap.wait_callback()
    await dice.settle()
    answers = [a for tap in taps for a in tap.answers]
    assert len(answers) == 1 and answers[0].kind == "ephemeral" and "rolled already" in answers[0].text, answers
    assert [tap.answered_in_place for tap in taps].count(True) == 1
    rolled = await dice.truth()
    assert len([h for h in rolled.history if "roll" in h]) == len([h for h in state.history if "roll" in h]) + 1
    # The roll rewrites the post that called the roller (no new post): the dice as emoji, then the
    # rides and the roll again in place of the Roll button.
    assert fake.channel_messages(w.channel)[-1] is post
    assert "rolls:" in post.text and any(e in post.text for e in "🟨🟩🟥❌")
    assert roll not in post.custom_ids
    view = rolled.public_view()
    if view.moves.get(roller):
        assert any(c.startswith(f"sy:dice:go:{dice.game_id}:") for c in post.custom_ids)
    assert f"sy:dice:again:{dice.game_id}:{rolled.round}:{rolled.rolls}" in post.custom_ids


async def test_buttons_work_after_a_restart_and_a_double_click_rolls_once(dice: DiceGame) -> None:
    await open_dice(dice, 3)
    await dice.play_dice(until=lambda s: s.awaiting == "roll")
    state = await dice.truth()
    post = dice.channel_post_with(f"sy:dice:roll:{dice.game_id}:{state.round}:")
    await dice.restart()
    user = await dice.owner(state.to_move()[0])
    handle = await dice.fake.click(user, post, dice.roll_button(post, "roll", state))
    await handle.wait_idle()
    again = await dice.fake.redeliver(handle)  # Discord delivers the same click twice
    await again.wait_idle()
    await dice.settle()
    assert handle.answered_in_place and handle.rejected_callbacks == []
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
    assert "mrx-board.png" in menu.files and "log.png" in menu.files
    for pawn, face in state.used:
        assert face in menu.text
    options = {o["value"] for c in menu.custom_ids if c.startswith(f"sy:dice:x:{dice.game_id}:")
               for o in menu.find_component(c)["options"]}
    assert options == {f"{m.to}:{m.ticket}" for m in state.legal_moves(MRX)}
    posts = channel_texts(dice)
    assert any(f"tile **{state.start_tile}**" in t for t in posts)
    assert not any(f"**{state.start[MRX]}**" in t for t in posts)


async def test_mr_x_with_closed_dms_plays_from_the_channel_privately(dice: DiceGame) -> None:
    w, fake = dice.world, dice.fake
    w.bob.refuses_dms = True
    await open_dice(dice, 3)
    await dice.play_dice(until=lambda s: s.to_move() == [MRX])
    assert "can't send you direct messages" in fake.channel_messages(w.channel)[-1].text
    state = await dice.truth()
    start = GreedyPlayer(random.Random(1)).pick_start(state.mrx_view(), MRX).station  # out of the detectives' reach
    answer = await dice.reply(w.bob, "move", {"to": start})
    assert answer.kind == "ephemeral" and answer.text.startswith("✅") and f"**{start}**" in answer.text
    assert "mrx-board.png" in answer.files
    tile = (await dice.truth()).start_tile
    assert f"somewhere on tile **{tile}**" in fake.channel_messages(w.channel)[-1].text
    await dice.play_dice(until=lambda s: s.awaiting == "mrx")
    state = await dice.truth()
    status = await dice.reply(w.bob, "status")
    assert status.kind == "ephemeral" and f"you are at **{state.positions[MRX]}**" in status.text
    move = state.legal_moves(MRX)[0]
    answer = await dice.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket})
    assert answer.kind == "ephemeral" and answer.text.startswith("✅"), answer.text
    assert len((await dice.truth()).logbook) == 1
    dice.check_dice_secrecy(await dice.truth())


async def test_status_board_log_and_rules_in_a_dice_game(dice: DiceGame) -> None:
    w = dice.world
    await open_dice(dice, 4)
    await dice.play_dice(until=lambda s: s.round == 2)
    status = await dice.reply(w.carol, "status")
    assert status.kind == "ephemeral" and any("Game #" in (e.get("title") or "") for e in status.embeds)
    board = await dice.reply(w.carol, "board")
    assert "board.png" in board.files
    log = await dice.reply(w.carol, "log")
    assert "logbook.png" in log.files and any("Start: tile" in (e.get("description") or "") for e in log.embeds)
    mine = await dice.reply(w.bob, "board")
    assert "mrx-board.png" in mine.files
    rules = await dice.reply(w.carol, "rules")
    assert "Hunting Mister X" in rules.text and "roll" in rules.text


async def test_sy_move_offers_the_stations_the_dice_reach_and_the_dice(dice: DiceGame) -> None:
    await open_dice(dice, 4)
    await dice.play_dice(until=lambda s: s.awaiting == "move" and bool(s.legal_moves()))
    state = await dice.truth()
    pawn = state.to_move()[0]
    user = await dice.owner(pawn)
    offered = await dice.choices(user, dice.world.channel, {}, focused="to")
    assert {c["value"] for c in offered} == {m.to for m in state.legal_moves(pawn)}
    move = state.legal_moves(pawn)[0]
    dice_offered = await dice.fake.autocomplete(user, dice.world.channel, "sy", "move", {"to": move.to},
                                                focused="die", value="")
    assert {c["value"] for c in dice_offered} == {m.die for m in state.legal_moves(pawn) if m.to == move.to}
    await dice.command_move(user, move.to, move.die)
    assert (await dice.truth()).positions[pawn] == move.to


async def test_a_dice_game_on_a_german_server(dice: DiceGame) -> None:
    w, fake = dice.world, dice.fake
    w.guild.preferred_locale = "de"
    await dice.reply(w.bob, "sy-me language", {"language": "de"}, channel="dm")  # Mr. X reads German
    lobby = await dice.open(rules="dice", seed=4, mrx=w.bob, detectives=(w.carol,))
    assert "Expertenspiel" in [o["label"] for c in lobby.walk_components() for o in c.get("options", ())]
    await dice.start()
    start = fake.channel_messages(w.channel)[-1]
    assert "Die Jagd auf Mister X beginnt!" in start.text and "Plättchen" in start.text
    await dice.play_dice(until=lambda s: s.awaiting == "start" and s.to_move() == [MRX])
    assert "Wähle deinen Startort, Mister X" in dice.dm_menu().text
    await dice.play_dice(until=lambda s: s.awaiting == "move")
    texts = "\n".join(m.text for m in fake.channel_messages(w.channel))
    assert "irgendwo auf Plättchen" in texts and "würfelt:" in texts
    post = fake.channel_messages(w.channel)[-1]
    labels = [c.get("label") or c.get("placeholder") for c in post.walk_components()]
    assert any(label and label.startswith(("Erneut würfeln", "Wähle einen Würfel")) for label in labels), labels
    state = await dice.play_dice()
    assert state.outcome is not None
    over = fake.channel_messages(w.channel)[-1]
    assert any("gewinnt" in (e.get("title") or "") or "gewinnen" in (e.get("title") or "") for e in over.embeds)


def rolls_and_tokens(state) -> tuple[int, int]:
    return state.rolls, state.tokens


async def test_a_double_click_on_roll_again_spends_one_token_and_rolls_once(dice: DiceGame) -> None:
    fake = dice.fake
    await open_dice(dice, 4)
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.can_reroll() and s.tokens >= 2)
    post = dice.channel_post_with(f"sy:dice:again:{dice.game_id}:{state.round}:")
    again = dice.roll_button(post, "again", state)
    user = await dice.owner(state.to_move()[0])
    taps = [await fake.click(user, post, again), await fake.click(user, post, again)]
    for tap in taps:
        await tap.wait_callback()
    await dice.settle()
    after = await dice.truth()
    assert rolls_and_tokens(after) == (state.rolls + 1, state.tokens - 1)
    answers = [a for tap in taps for a in tap.answers]
    assert len(answers) == 1 and answers[0].kind == "ephemeral", [a.text for a in answers]
    assert "already replaced" in answers[0].text and "Sorry" not in answers[0].text, answers[0].text
    # The post now offers the roll-again of the new roll; the second tap of the old one changed nothing more.
    assert again not in post.custom_ids
    assert dice.roll_button(post, "again", after) in post.custom_ids


async def test_roll_again_on_an_older_roll_post_is_refused_and_changes_nothing(dice: DiceGame) -> None:
    fake = dice.fake
    await open_dice(dice, 4)
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.can_reroll() and s.tokens >= 2)
    post = dice.channel_post_with(f"sy:dice:again:{dice.game_id}:{state.round}:")
    old_components = copy.deepcopy(post.components)
    user = await dice.owner(state.to_move()[0])
    # Someone else's roll-again of this roll (a co-detective on another device) came first...
    await dice.quiet_click(user, post, dice.roll_button(post, "again", state))
    rerolled = await dice.truth()
    assert rolls_and_tokens(rerolled) == (state.rolls + 1, state.tokens - 1)
    # ...and a post that still shows the earlier roll's button (its edit was lost) is clicked by another person
    # or later: it names the roll it replaces, which is gone.
    older = fake.channel_messages(dice.world.channel)[-1]
    live = copy.deepcopy(older.components)
    for clicker in (user, dice.world.alice):
        older.components = old_components
        handle = await fake.click(clicker, older, f"sy:dice:again:{dice.game_id}:{state.round}:{state.rolls}")
        answer = await private_answer(dice, handle)
        assert answer.recipient is clicker, answer.text
        assert "Sorry" not in answer.text and len(answer.text) < 300, answer.text
        if clicker is user:
            assert "already replaced" in answer.text, answer.text
        else:  # refused as from an earlier roll, and the post they clicked shows the live buttons again
            assert "earlier roll" in answer.text and older.components == live, answer.text
        assert (await dice.truth()).snapshot() == rerolled.snapshot()
    # A different person's first click on the old button, and the roller's first click of an older roll's
    # button from a post that was never rewritten: refused as from an earlier roll.
    other = next(u for u in (dice.world.carol, dice.world.dave) if u is not user)
    stale = f"sy:dice:again:{dice.game_id}:{state.round}:{state.rolls - 1}"
    for clicker in (user, other):
        older.components = json.loads(json.dumps(old_components).replace(
            f"sy:dice:again:{dice.game_id}:{state.round}:{state.rolls}", stale))
        answer = await private_answer(dice, await fake.click(clicker, older, stale))
        assert "Sorry" not in answer.text, answer.text
        assert (await dice.truth()).snapshot() == rerolled.snapshot()
        if clicker is user:
            assert "earlier roll" in answer.text and older.components == live, answer.text


async def test_roll_buttons_posted_before_they_named_their_roll(dice: DiceGame) -> None:
    """Running games keep their old posts: an old 🎲 Roll still rolls once; an old Roll again is refused,
    and the live post it sits on gets today's buttons."""
    fake = dice.fake
    await open_dice(dice, 4)
    state = await dice.play_dice(until=lambda s: s.awaiting == "roll")
    post = dice.channel_post_with(f"sy:dice:roll:{dice.game_id}:{state.round}:")
    legacy = f"sy:dice:roll:{dice.game_id}:{state.round}"
    post.components = json.loads(json.dumps(post.components).replace(dice.roll_button(post, "roll", state), legacy))
    user = await dice.owner(state.to_move()[0])
    await dice.quiet_click(user, post, legacy)
    rolled = await dice.truth()
    assert rolled.awaiting == "move" and rolled.rolls == state.rolls + 1
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.can_reroll())
    post = dice.channel_post_with(f"sy:dice:again:{dice.game_id}:{state.round}:")
    legacy = f"sy:dice:again:{dice.game_id}:{state.round}"
    post.components = json.loads(json.dumps(post.components).replace(dice.roll_button(post, "again", state), legacy))
    user = await dice.owner(state.to_move()[0])
    handle = await fake.click(user, post, legacy)
    await handle.wait_callback()
    await dice.settle()
    answers = [a.text for a in handle.answers if a.kind == "ephemeral"]
    assert len(answers) == 1 and "older version" in answers[0] and "new buttons" in answers[0], answers
    assert (await dice.truth()).snapshot() == state.snapshot()
    assert dice.roll_button(post, "again", state) in post.custom_ids


def rides(state) -> set[str]:
    """The ride menu's values for the dice as they are: ``pawn:station:die``."""
    view = state.public_view()
    return {f"{pawn}:{move.to}:{move.die}" for pawn in view.to_move for move in view.moves.get(pawn, ())}


async def reroll_behind_a_post(dice: DiceGame, state):
    """A co-detective rolls again; the post a player still sees keeps the earlier roll's components (the
    edit has not reached them). Returns that post and the state after the roll."""
    post = dice.channel_post_with(f"sy:dice:again:{dice.game_id}:{state.round}:")
    seen = copy.deepcopy(post.components)
    await dice.quiet_click(await dice.owner(state.to_move()[0]), post, dice.roll_button(post, "again", state))
    rerolled = await dice.truth()
    assert rerolled.rolls == state.rolls + 1
    live = copy.deepcopy(post.components)
    post.components = seen
    return post, live, rerolled


async def private_answer(dice: DiceGame, handle):
    """The one private answer to a click (the post it renewed is no answer)."""
    await handle.wait_callback()
    await dice.settle()
    answers = [a for a in handle.answers if a.kind == "ephemeral"]
    assert len(answers) == 1, [a.text for a in handle.answers]
    return answers[0]


async def test_a_ride_picked_from_dice_thrown_again_since_is_refused_and_the_post_renewed(dice: DiceGame) -> None:
    """Old dice, Roll again, then a pick from the menu of the old dice that the new dice also allow: it must
    not ride on dice its player never saw. Refused privately in the player's language, nothing changes,
    and the post they clicked shows the new dice's menu."""
    await open_dice(dice, 4)
    found = None
    for _ in range(40):
        state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.can_reroll() and rides(s))
        post, live, rerolled = await reroll_behind_a_post(dice, state)
        both = sorted(rides(state) & rides(rerolled))
        if both:
            found = state, post, live, rerolled, both[0]
            break
    assert found, "no roll again whose new dice allow a ride of the old"
    state, post, live, rerolled, stale = found
    pawn = stale.split(":")[0]
    user = await dice.owner(pawn)
    await dice.reply(user, "language", {"language": "de"}, channel="dm")
    menu = dice.ride_menu(post, state, stale)
    assert f":{state.rolls}:" in menu
    handle = await dice.fake.select(user, post, menu, [stale])
    answer = await private_answer(dice, handle)
    assert answer.recipient is user, answer.text
    assert "Würfel" in answer.text and len(answer.text) < 200 and "Sorry" not in answer.text, answer.text
    assert (await dice.truth()).snapshot() == rerolled.snapshot()
    assert post.components == live
    assert dice.ride_menu(post, rerolled, stale) in post.custom_ids
    # The same ride from the renewed menu rides.
    await dice.quiet_click(user, post, dice.ride_menu(post, rerolled, stale), [stale])
    moved = await dice.truth()
    assert moved.positions[pawn] == int(stale.split(":")[1]) and moved.rolls == rerolled.rolls


async def test_a_stay_from_dice_thrown_again_since_is_refused(dice: DiceGame) -> None:
    """Stay carries the throws too: pressed under dice thrown again since, it is refused and changes nothing."""
    await open_dice(dice, 4)
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.can_reroll() and s.public_view().can_skip)
    pawn = state.to_move()[0]
    stay = f"sy:dice:stay:{dice.game_id}:{state.round}:{state.rolls}:{pawn}"
    assert stay in dice.channel_post_with(f"sy:dice:stay:{dice.game_id}:").custom_ids
    post, live, rerolled = await reroll_behind_a_post(dice, state)
    user = await dice.owner(pawn)
    answer = await private_answer(dice, await dice.fake.click(user, post, stay))
    assert "thrown again" in answer.text, answer.text
    assert (await dice.truth()).snapshot() == rerolled.snapshot()
    assert post.components == live


async def test_ride_menus_and_stay_buttons_posted_before_they_named_their_roll_still_work(dice: DiceGame) -> None:
    """Running games keep their old posts for a release: a ride menu or Stay button without the throws in
    its custom id plays on the dice as they are, as before."""
    await open_dice(dice, 4)
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and rides(s))
    post = dice.channel_post_with(f"sy:dice:go:{dice.game_id}:{state.round}:")
    value = sorted(rides(state))[0]
    menu = dice.ride_menu(post, state, value)
    legacy = menu.replace(f":{state.rolls}:", ":", 1).rsplit(":", 1)[0] + menu[-2:]
    assert legacy == f"sy:dice:go:{dice.game_id}:{state.round}:{menu[-1]}"
    post.components = json.loads(json.dumps(post.components).replace(menu, legacy))
    await dice.quiet_click(await dice.owner(value.split(":")[0]), post, legacy, [value])
    assert (await dice.truth()).positions[value.split(":")[0]] == int(value.split(":")[1])
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and s.public_view().can_skip)
    pawn = state.to_move()[0]
    post = dice.channel_post_with(f"sy:dice:stay:{dice.game_id}:{state.round}:")
    stay = f"sy:dice:stay:{dice.game_id}:{state.round}:{state.rolls}:{pawn}"
    legacy = f"sy:dice:stay:{dice.game_id}:{state.round}:{pawn}"
    post.components = json.loads(json.dumps(post.components).replace(stay, legacy))
    await dice.quiet_click(await dice.owner(pawn), post, legacy)
    after = await dice.truth()
    assert after.history[len(state.history)] == {"round": state.round, "pawn": pawn, "skip": True,
                                                  "reason": "declined"}
