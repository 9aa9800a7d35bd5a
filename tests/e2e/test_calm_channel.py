"""A calm channel: one live button, where the next move is; clicks on public buttons answered in
place (no "thinking…" flashing by); the dice game at the London games' rhythm, one post a move and
one summary a round, the summary before the one call to act."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game, labels_ever, pinged, summary_title


def live_posts(game: Game) -> list:
    return [m for m in game.fake.channel_messages(game.world.channel) if m.live_components]


async def assert_one_live_post(game: Game) -> None:
    """While a detective owes a move, exactly one post acts: the latest; on Mr. X's turn, none."""
    state = await game.truth()
    live = live_posts(game)
    if state.is_over or MRX in state.to_move():
        assert live == [], [m.text for m in live]
    else:
        assert live == [game.fake.channel_messages(game.world.channel)[-1]], [m.text for m in live]


@pytest.mark.asyncio
@pytest.mark.parametrize("rules,language", [("classic", "en"), ("master", "de")])
async def test_a_turn_post_loses_its_move_button_when_the_turn_passes(game: Game, rules: str, language: str) -> None:
    w, fake = game.world, game.fake
    if language == "de":
        w.guild.preferred_locale = "de"
    await game.open(rules=rules, seed=6, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    moves = 0
    while moves < 24:
        state = await game.play(ways=("dm", "menu"), detective_ways=("menu", "command"),
                                until=lambda s, n=moves: s.is_over or len(s.history) > n)
        moves = len(state.history)
        await assert_one_live_post(game)
        if state.is_over:
            break
    move = "Ziehen" if language == "de" else "Move"
    turn_posts = [m for m in fake.channel_messages(w.channel) if move in labels_ever(m)]
    assert len(turn_posts) > 5 and all(m.live_components == [] for m in turn_posts[:-1])
    # Each passed turn post was edited once, to lose its button, and kept its words.
    for m in turn_posts[:-1]:
        assert len(m.history) == 1 and m.history[0]["content"] == m.content


@pytest.mark.asyncio
async def test_the_lobby_start_button_is_answered_in_place(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.open(seed=6, mrx=w.bob, detectives=(w.carol,))
    handle = await fake.click(w.alice, lobby, f"sy:lobby:{game.game_id}:start")
    await handle.wait_callback()
    await game.settle()
    assert handle.answered_in_place and fake.ephemeral_messages(w.alice, include_deleted=True) == []
    assert "The game is on!" in fake.channel_messages(w.channel)[-1].text
    assert lobby.live_components == []  # the lobby is closed


def dice_rounds(game: DiceGame) -> list[list]:
    """The channel's posts of each finished round after the first (the first has the start picks),
    cut after each summary."""
    posts = game.fake.channel_messages(game.world.channel)
    rounds: list[list] = [[]]
    for m in posts:
        rounds[-1].append(m)
        if summary_title(m):
            rounds.append([])
    return rounds[1:-1]


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_dice_game_posts_once_a_move_and_its_summary_before_the_call(dice: DiceGame, language: str) -> None:
    w, fake = dice.world, dice.fake
    if language == "de":
        w.guild.preferred_locale = "de"
    await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol, w.dave))
    await dice.start()
    # five rounds (seven before): the four after the first (whose posts hold the start picks) are each checked
    # alike, and the next one is where the live post is checked below
    state = await dice.play_dice(until=lambda s: s.is_over or s.round > 5)
    rounds = dice_rounds(dice)
    assert len(rounds) >= 4
    detectives = len([p for p in state.pawns if p.role == "detective"])
    for posts in rounds:
        # One post per detective's turn (rolls and rolls again rewrite it), Mr. X's move, the summary.
        assert len(posts) == detectives + 2, [m.text for m in posts]
        summary = posts[-1]
        assert {"board.png", "log.png"} <= set(summary.files)
        # The summary calls the first roller of the next round and pings them: the call comes after
        # the round, nothing pushes it off the screen.
        assert len(pinged(fake, summary)) == 1
        roll = "Würfeln" if language == "de" else "Roll the dice"
        assert roll in labels_ever(summary)
        # Mr. X's move calls nobody: the summary does.
        assert not pinged(fake, posts[-2]) and not labels_ever(posts[-2])
    # While the detectives roll, one post acts: the latest.
    await dice.play_dice(until=lambda s: s.awaiting == "move")
    live = [m for m in fake.channel_messages(w.channel) if m.live_components]
    assert live == [fake.channel_messages(w.channel)[-1]]
