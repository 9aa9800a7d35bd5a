"""Computer players at the table, through the real bot and the fake Discord: one person against
computers, the lobby's computer select and ``/sy addbot`` / ``/sy removebot``, a computer standing in
for an absent player, a restart while a computer owes the move, and the bot answering while a
computer thinks in its worker process."""

from __future__ import annotations

import asyncio
import random
import re
import time

import pytest

from bot.ai.thinker import Thinker
from bot.games.dice.engine.players import GreedyPlayer as DiceGreedyPlayer
from bot.chat.client import ScotlandYardBot
from bot.games import computer_kind
from bot.games.london.engine import MRX
from bot.games.london.engine.players import GreedyPlayer, view_for

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game, pinged


async def seat_computers(game: Game, *, processes: int = 0, pause: float = 0.0) -> None:
    """Restart the bot with computers that think in a thread (or ``processes`` workers) and do not pause."""
    await game.stop_bot()
    game.make_bot = lambda: ScotlandYardBot(game.service, pictures=game.pictures, clock=game.clock,
                                            reminder_interval=None, thinker=Thinker(processes), computer_pause=pause)
    await game.start_bot()


async def computers_done(game: Game) -> None:
    await game.bot.computers.idle()
    await game.settle()


async def play_with_computers(game: Game, people: dict[int, object], max_actions: int = 400) -> None:
    """Play to the end: the people (user id -> FakeUser) move greedily by ``/sy move``, computers by themselves."""
    rng = random.Random(5)
    for _ in range(max_actions):
        await computers_done(game)
        state = await game.truth()
        if state.is_over:
            return
        owed = [p for p in state.to_move() if state.legal_moves(p)]
        players = await game.service.players(game.game_id)
        mine = [(p, u) for p in owed for u in [next(x.user_id for x in players if p in x.pawns)] if u in people]
        assert mine, f"nobody but computers owes {owed}, yet no computer moved"
        pawn, user_id = mine[0]
        assert pawn != MRX
        move = GreedyPlayer(rng).choose(view_for(state, pawn), pawn)
        handle = await game.fake.slash(people[user_id], game.world.channel, "sy", "move",
                                       {"to": move.to, "ticket": move.ticket, "pawn": move.pawn})
        assert await handle.wait_outcome(timeout=5) is None
        await game.settle()
        game.check_secrecy(await game.truth())
    raise AssertionError("the game did not end")


async def test_one_person_hunts_a_computer_mr_x_with_a_computer_partner(game: Game):
    w = game.world
    await seat_computers(game)
    # seed 5: the computers catch Mr. X in round 8 (seed 8's game went the 22 rounds: twice the time)
    lobby = await game.reply(w.alice, "new", {"rules": "classic", "seed": 5})
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    bots = f"sy:bots:{game.game_id}"
    assert bots in lobby.custom_ids
    await game.select(w.bob, lobby, bots, ["mrx:easy"])  # not the host: refused, nothing changes
    assert len(await game.service.players(game.game_id)) == 1
    await game.select(w.alice, lobby, bots, ["mrx:easy"])
    await game.select(w.alice, lobby, bots, ["detective:hard"])
    await game.select(w.alice, lobby, bots, ["remove"])
    await game.slash(w.alice, "sy-host addbot", {"role": "detective", "level": "normal"})
    kinds = sorted(computer_kind(p.user_id) or "person" for p in await game.service.players(game.game_id))
    assert kinds == ["easy", "normal", "person"]
    assert "🤖 Computer (easy)" in lobby.embeds[0]["description"] + str(lobby.embeds[0].get("fields"))
    await game.slash(w.alice, "start")
    game.mrx_user = None
    await play_with_computers(game, {w.alice.id: w.alice})
    state = await game.truth()
    assert state.is_over
    posts = [m.text for m in game.fake.channel_messages(w.channel)]
    # The channel hears whose turn it is, the computer named once.
    assert any(t.count("🤖") == 1 and "🤖 Computer" in t and "thinking" in t for t in posts)
    # The closed lobby is a short card (pointing to the result now); the start post names every player's side.
    start = next(m for m in game.fake.channel_messages(w.channel) if "🚦" in m.content)
    assert "over" in lobby.text and "Players" not in lobby.text
    assert "🤖 Computer (easy) is 🎩 Mr. X" in start.text and "(🤖 Computer (normal))" in start.text
    assert f"(<@{w.alice.id}>)" in start.text
    assert not any("<@-" in t for t in posts)  # a computer is named, never mentioned as a user id
    assert all(m.kind != "dm" for m in game.fake.messages)  # a computer Mr. X has no DMs to leak from
    assert all(u > 0 for m in game.fake.channel_messages(w.channel) for u in pinged(game.fake, m))


async def test_one_person_hunts_a_computer_mr_x_in_the_dice_game_with_a_computer_partner(dice: DiceGame):
    w = dice.world
    await seat_computers(dice)
    lobby = await dice.reply(w.alice, "new", {"rules": "dice", "seed": 3})
    dice.game_id = (await dice.service.game_in_channel(w.channel.id)).id
    await dice.select(w.alice, lobby, f"sy:bots:{dice.game_id}", ["mrx:easy"])
    await dice.slash(w.alice, "sy-host addbot", {"role": "detective", "level": "normal"})
    await dice.slash(w.alice, "start")
    dice.mrx_user = None
    person, steps = DiceGreedyPlayer(random.Random(8)), 0
    for _ in range(400):
        await computers_done(dice)
        state = await dice.truth()
        if state.is_over:
            break
        assert await dice.owner(state.to_move()[0]) is w.alice, "nobody but computers owes a move, yet none moved"
        await dice.step(None, person)  # the person picks a start, rolls and rides by the buttons
        steps += 1
        dice.check_dice_secrecy(await dice.truth())
    state = await dice.truth()
    assert state.is_over and steps > 0
    texts = [m.text for m in dice.fake.channel_messages(w.channel)]
    assert any("🤖 Computer (normal)" in t and "thinking" in t for t in texts)
    # each of his entries announced once (a double move's two in one post)
    assert sum(len(re.findall(r"Mr\. X's move \d+:", t)) for t in texts) == len(state.logbook)
    assert not any("<@-" in t for t in texts)
    assert all(m.kind != "dm" for m in dice.fake.messages)  # a computer Mr. X has no DMs to leak from
    players = {p.user_id: p for p in await dice.service.players(dice.game_id)}
    assert sorted(computer_kind(u) or "person" for u in players) == ["easy", "normal", "person"]


async def test_the_host_hands_an_absent_players_seat_to_the_computer_and_they_take_it_back(game: Game):
    w = game.world
    await seat_computers(game)
    await game.open(seed=6, mrx=w.dave, detectives=(w.bob,))
    await game.start()
    await game.play(until=lambda s: s.to_move()[0] != MRX and s.round >= 2)
    state = await game.truth()
    absent = await game.owner(state.to_move()[0])
    refused = await game.reply(w.alice, "sy-host addbot", {"player": absent.id, "level": "easy"})
    assert "deadline" in refused.text and refused.kind == "ephemeral"  # not yet: nothing changes
    assert await game.service.computer_turn(game.game_id) is None
    game.clock.advance(49)
    await game.reply(w.alice, "sy-host addbot", {"player": absent.id, "level": "easy"})
    await computers_done(game)
    posts = [m.text for m in game.fake.channel_messages(w.channel)]
    handed = next(t for t in posts if "plays for" in t)
    assert f"<@{absent.id}>" in handed and "`/sy join`" in handed
    after = await game.truth()
    assert after.history != state.history  # the computer has moved for the absent player
    answer = await game.reply(absent, "join")
    assert "back" in answer.text
    assert any(absent.id == p.user_id and p.status == "playing" and p.pawns for p in await game.service.players(game.game_id))
    assert any("is back" in m.text for m in game.fake.channel_messages(w.channel))


async def test_a_computer_whose_turn_it_was_at_a_restart_moves_once_after_it(game: Game):
    w = game.world
    await seat_computers(game, pause=30.0)  # it thinks, then waits: the bot stops meanwhile
    await game.reply(w.alice, "new", {"rules": "classic", "seed": 4})
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    await game.slash(w.alice, "sy-host addbot", {"role": "mrx", "level": "normal"})
    await game.slash(w.alice, "start")
    await asyncio.sleep(0.3)
    assert (await game.truth()).logbook == []  # still pausing
    versions = (await game.service.get_game(game.game_id)).version
    await game.stop_bot()
    game.make_bot = lambda: ScotlandYardBot(game.service, pictures=game.pictures, clock=game.clock,
                                            reminder_interval=None, thinker=Thinker(0), computer_pause=0)
    await game.start_bot()
    await asyncio.wait_for(game.bot.recovered.wait(), 5)  # the computers owing a move are going
    await game.fake.wait_until(lambda: False if game.bot is None else not game.bot.computers._tasks, timeout=5)
    await computers_done(game)
    state = await game.truth()
    assert len(state.logbook) == 1  # moved after the restart, and once
    assert (await game.service.get_game(game.game_id)).version == versions + 1
    moved = [m for m in game.fake.channel_messages(w.channel) if "Mr. X's move 1" in m.text]
    assert len(moved) == 1


async def test_the_bot_answers_others_while_a_hard_computer_thinks_in_its_own_process(game: Game):
    w = game.world
    await seat_computers(game, processes=1)
    await game.reply(w.alice, "new", {"rules": "classic", "seed": 9})
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    await game.slash(w.alice, "sy-host addbot", {"role": "mrx", "level": "hard"})
    await game.slash(w.bob, "join", {"role": "detective"})
    # The worker process starts and builds its tables on the first decision: warm it with one.
    await game.bot.computers.thinker.decide(await _first_turn_of_a_side_game(game))
    await game.slash(w.alice, "start")
    answered = []
    for _ in range(5):
        began = time.perf_counter()
        reply = await game.reply(w.carol, "status")
        answered.append(time.perf_counter() - began)
        assert reply.kind == "ephemeral"
    thinking = bool(game.bot.computers._tasks)
    await computers_done(game)
    assert len((await game.truth()).logbook) == 1
    assert thinking or max(answered) < 1.0
    assert max(answered) < 1.5, answered  # Discord wants an answer within 3 s


async def _first_turn_of_a_side_game(game: Game):
    """A computer turn of a throwaway game on another channel (the real one must not move yet)."""
    other = game.world.other
    await game.service.create_game(game.world.guild.id, other.id, game.world.dave.id, "Dave", seed=2)
    await game.service.add_computer(other.id, game.world.dave.id, "mrx", "hard")
    started = await game.service.start(other.id, game.world.dave.id)
    turn = await game.service.computer_turn(started.game.id)
    await game.service.cancel(other.id, game.world.dave.id)
    return turn


@pytest.mark.parametrize("where", ["running", "lobby"])
async def test_addbot_refusals_are_short_and_change_nothing(game: Game, where: str):
    w = game.world
    await seat_computers(game)
    await game.open(seed=3, mrx=w.dave, detectives=(w.bob,))
    if where == "running":
        await game.start()
        answer = await game.reply(w.alice, "sy-host addbot", {"role": "detective"})
        assert "name the absent `player`" in answer.text
        answer = await game.reply(w.alice, "sy-host removebot")
        assert answer.kind == "ephemeral"
    else:
        answer = await game.reply(w.alice, "sy-host addbot", {"player": w.bob.id})
        assert "leave out `player`" in answer.text
        answer = await game.reply(w.bob, "sy-host addbot", {"role": "detective"})
        assert "host" in answer.text
        answer = await game.reply(w.alice, "sy-host removebot")
        assert "no computer player" in answer.text
    assert not any(computer_kind(p.user_id) for p in await game.service.players(game.game_id))
