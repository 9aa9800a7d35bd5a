"""A move that reaches the bot while it shuts down: applied and answered, or answered "try again"; never silence."""

from __future__ import annotations

import asyncio

import pytest

from bot.chat.status import RESTARTING
from bot.games.london.engine import MRX

from tests.e2e.helpers import Game


async def _a_game_at_mrx_turn(game: Game):
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.settle()
    return await game.truth()


def _said(handle) -> str:
    answers = [m for m in handle.answers if not m.loading]
    assert answers, f"the player got no answer (acknowledged: {handle.acknowledged})"
    return answers[0].text


@pytest.mark.asyncio
@pytest.mark.parametrize("pause", [0.0, 0.002, 0.01, 0.05, 0.2])
async def test_a_move_sent_as_the_bot_stops_is_applied_and_answered_or_told_to_try_again(game: Game,
                                                                                         pause) -> None:
    w, fake = game.world, game.fake
    state = await _a_game_at_mrx_turn(game)
    move = state.legal_moves(MRX)[0]
    fake.callback_delay = 0.1  # the acknowledgement takes a while, as on a slow day
    handle = await fake.slash(w.bob, "dm", "sy", "move", {"to": move.to, "ticket": move.ticket})
    await asyncio.sleep(pause)
    await game.stop_bot()  # SIGTERM's path: bot.close()
    fake.callback_delay = 0.0
    await handle.wait_outcome(timeout=5)
    said, logbook = _said(handle), (await game.truth()).logbook
    if said.startswith("✅"):
        assert len(logbook) == 1 and handle.reply.kind == "ephemeral"
    else:
        assert said == RESTARTING and logbook == [] and handle.reply.kind == "ephemeral"
    await game.start_bot()  # and the game goes on after the restart
    await game.settle()
    if not logbook:
        await game.mrx_moves(move, "dm")
    assert len((await game.truth()).logbook) == 1


@pytest.mark.asyncio
async def test_a_move_arriving_while_the_bot_finishes_another_is_told_to_try_again(game: Game) -> None:
    w, fake = game.world, game.fake
    state = await _a_game_at_mrx_turn(game)
    move = state.legal_moves(MRX)[0]
    fake.callback_delay = 0.5  # a look at the board, still being acknowledged when the stop comes
    look = await fake.slash(w.carol, w.channel, "sy", "help")
    await fake.wait_until(lambda: game.bot.busy.count or fake.interactions.get(look.id), timeout=5)
    await asyncio.sleep(0.05)
    closing = asyncio.create_task(game.stop_bot())
    await fake.wait_until(lambda: game.bot.closing, timeout=5)
    fake.callback_delay = 0.0
    handle = await fake.slash(w.bob, "dm", "sy", "move", {"to": move.to, "ticket": move.ticket})
    answer = await handle.wait_reply(timeout=5)
    await closing
    assert answer.kind == "ephemeral" and answer.text == RESTARTING
    assert (await look.wait_reply(timeout=5)).text  # the one in hand was finished
    assert (await game.truth()).logbook == []  # nothing of the refused move was applied
