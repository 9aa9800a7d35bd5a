import random

import pytest

from bot.games.london.engine import MRX, InvalidAction, PawnPassed
from bot.service import DeadlineNotPassed, GameSettings, NotHost

from tests.service.helpers import HOST, mrx_user, new_key, play_turn, started, stored_state


async def test_new_games_remind_after_12_hours_and_have_a_48_hour_deadline(service):
    start = await started(service)
    assert await service.settings(start.game.id) == GameSettings(12.0, 48.0, True)


async def test_a_turn_that_waits_past_reminder_hours_is_reminded_once(service, clock):
    start = await started(service)
    game = start.game
    assert game.turn == 1 and game.turn_started_at == clock.now
    clock.advance(11.9)
    assert await service.due_reminders() == []
    clock.advance(0.2)
    [due] = await service.due_reminders()
    assert (due.game_id, due.turn, due.pawns, due.user_ids) == (game.id, 1, (MRX,), (mrx_user(start),))
    await service.mark_reminded(game.id, due.turn)
    assert await service.due_reminders() == []


async def test_the_next_turn_waits_afresh(service, clock):
    start = await started(service)
    game_id = start.game.id
    clock.advance(30)
    await service.mark_reminded(game_id, 1)
    await play_turn(service, game_id, random.Random(1))  # Mr. X moves: red's turn begins now
    game = await service.get_game(game_id)
    assert game.turn == 2 and game.turn_started_at == clock.now
    clock.advance(25)
    [due] = await service.due_reminders()
    assert due.turn == 2 and due.pawns == ("red",) and due.user_ids == (HOST,)


async def test_reminders_can_be_turned_off(service, clock):
    start = await started(service)
    await service.update_settings(start.game.id, HOST, GameSettings(reminder_hours=None))
    clock.advance(1000)
    assert await service.due_reminders() == []


async def test_detectives_moving_in_any_order_share_one_turn(service, clock):
    start = await started(service, people=4, rules="master")
    game_id = start.game.id
    rng = random.Random(3)
    await play_turn(service, game_id, rng)
    turn = (await service.get_game(game_id)).turn
    clock.advance(5)
    await play_turn(service, game_id, rng)
    game = await service.get_game(game_id)
    assert game.turn == turn and game.to_move and MRX not in game.to_move


async def test_overdue_lists_turns_past_the_deadline_until_marked(service, clock):
    start = await started(service)
    game_id = start.game.id
    await service.update_settings(game_id, HOST, GameSettings(24, None))
    clock.advance(100)
    assert await service.overdue() == []  # no deadline set
    await service.update_settings(game_id, HOST, GameSettings(24, 48))
    [late] = await service.overdue()
    assert late.game_id == game_id and late.host_id == HOST
    await service.mark_overdue(game_id, late.turn)
    assert await service.overdue() == []


async def test_the_host_skips_an_absent_detective_only_after_the_deadline(service, clock):
    start = await started(service, people=3)
    game_id = start.game.id
    await play_turn(service, game_id, random.Random(2))  # Mr. X moves; red (the host's) is to move
    await service.update_settings(game_id, HOST, GameSettings(24, None))
    with pytest.raises(DeadlineNotPassed, match="no deadline"):
        await service.skip(game_id, HOST, "red", new_key())
    await service.update_settings(game_id, HOST, GameSettings(24, 12))
    clock.advance(11)
    with pytest.raises(DeadlineNotPassed, match="passes in 60 minutes"):
        await service.skip(game_id, HOST, "red", new_key())
    clock.advance(1)
    with pytest.raises(NotHost):
        await service.skip(game_id, 102, "red", new_key())
    result = await service.skip(game_id, HOST, "red", new_key())
    assert result.events[0] == PawnPassed(1, "red", "timeout")
    assert (await stored_state(service, game_id)).to_move() == ["blue"]
    assert await service.check_game(game_id) == []


async def test_mr_x_cannot_be_skipped(service, clock):
    start = await started(service)
    await service.update_settings(start.game.id, HOST, GameSettings(24, 1))
    clock.advance(2)
    with pytest.raises(InvalidAction, match="Mr. X cannot be skipped"):
        await service.skip(start.game.id, HOST, MRX, new_key())


@pytest.mark.parametrize("hours", [-1, 1e-9, 0.05, 24 * 30 + 1, float("inf"), float("nan"), True, "2"])
async def test_settings_outside_the_allowed_range_are_refused_and_change_nothing(service, hours):
    from bot.service import BadSetting, GameSettings

    start = await started(service)
    game = start.game
    before = await service.settings(game.id)
    for wanted in (GameSettings(hours, before.deadline_hours), GameSettings(before.reminder_hours, hours)):
        with pytest.raises(BadSetting, match="or 0 for off"):
            await service.update_settings(game.id, HOST, wanted)
    assert await service.settings(game.id) == before
    assert (await service.get_game(game.id)).version == game.version
