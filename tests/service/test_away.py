"""Away and paused in the game service (both backends): the turn's clock stands still while everyone who owes the
turn is away or the host has paused the game, goes on when they are back or their time runs out, and the days
away a game allows are counted across absences."""

from __future__ import annotations

import random

import pytest

from bot.games.london.engine import MRX
from bot.service import BadSetting, GamePaused, GameSettings, NotAway, NotHost, NotInGame
from bot.service.timing import clock_after, clock_stands, turn_waited

from tests.service.helpers import CHANNEL, GUILD, HOST, mrx_user, new_key, owner, play_turn, started

DAY = 86_400.0


def test_the_clock_stands_while_everyone_who_owes_the_turn_is_away_or_the_game_is_paused() -> None:
    assert clock_stands(False, (1, 2), {1: 10.0, 2: 10.0}, 5.0)
    assert not clock_stands(False, (1, 2), {1: 10.0}, 5.0)  # one of them is here
    assert not clock_stands(False, (1,), {1: 10.0}, 10.0)  # the time away has run out
    assert not clock_stands(False, (), {}, 5.0) and clock_stands(True, (), {}, 5.0)
    assert clock_stands(False, (1, -3), {1: 10.0}, 5.0)  # a computer beside them is never away
    # Stopping keeps the start; going on moves it by the time it stood (never before it stopped).
    assert clock_after(100.0, None, True, 150.0) == (100.0, 150.0)
    assert clock_after(100.0, 150.0, False, 250.0) == (200.0, None)
    assert clock_after(100.0, 150.0, False, 120.0) == (100.0, None)
    assert clock_after(100.0, 150.0, True, 300.0) == (100.0, 150.0)
    assert turn_waited(100.0, 150.0, 900.0) == 50.0 and turn_waited(100.0, None, 900.0) == 800.0


async def test_a_player_away_stops_the_clock_of_their_turn_and_back_it_goes_on_where_it_stood(service, clock):
    start = await started(service)
    game_id, bob = start.game.id, mrx_user(start)
    clock.advance(5)
    [away] = await service.go_away(bob, 2, "flu", key=new_key())
    assert (away.game_id, away.until, away.shortened) == (game_id, clock.now + 2 * DAY, False)
    game = await service.get_game(game_id)
    assert game.clock_stopped_at == clock.now and game.away == {bob: clock.now + 2 * DAY}
    clock.advance(30)
    assert await service.due_reminders() == [] and await service.overdue() == []
    assert await service.come_back(bob) == [game_id]
    game = await service.get_game(game_id)
    assert game.clock_stopped_at is None and clock.now - game.turn_started_at == pytest.approx(5 * 3600)
    clock.advance(7.1)
    [due] = await service.due_reminders()
    assert due.game_id == game_id and due.user_ids == (bob,)
    with pytest.raises(NotAway):
        await service.come_back(bob)


async def test_someone_else_away_leaves_the_turns_clock_running(service, clock):
    start = await started(service)
    await service.go_away(HOST, 1)  # the host's detectives do not owe Mr. X's turn
    assert (await service.get_game(start.game.id)).clock_stopped_at is None
    clock.advance(12.1)
    assert len(await service.due_reminders()) == 1


async def test_the_turn_that_reaches_a_player_away_starts_with_its_clock_stopped(service, clock):
    start = await started(service)
    game_id = start.game.id
    await service.go_away(HOST, 1)  # the host moves red, whose turn comes after Mr. X's
    clock.advance(1)
    await play_turn(service, game_id, random.Random(1))
    game = await service.get_game(game_id)
    assert game.to_move == ("red",) and game.turn_started_at == game.clock_stopped_at == clock.now
    # The host plays anyway: they are back, the clock runs for the next turn.
    await play_turn(service, game_id, random.Random(2))
    game = await service.get_game(game_id)
    assert game.away == {} and game.clock_stopped_at is None
    assert [a.kind for a in await service.pending_announcements(game_id)].count("back") == 1


async def test_time_away_that_runs_out_ends_when_it_ran_out_and_the_days_add_up_to_the_limit(service, clock):
    start = await started(service)
    game_id, bob = start.game.id, mrx_user(start)
    await service.update_settings(game_id, HOST, GameSettings(2.0, 6.0, True, "en", away_days=3))
    [away] = await service.go_away(bob, 5)
    assert away.until == clock.now + 3 * DAY and away.shortened  # the game allows 3 days in all
    ran_out = away.until
    clock.now = ran_out + 3600  # the bot noticed an hour late
    assert await service.games_running_out() == [game_id]
    assert await service.end_absences(game_id, "me", 30.0)
    assert not await service.end_absences(game_id, "me", 30.0)  # once
    game = await service.get_game(game_id)
    assert game.away == {} and game.clock_stopped_at is None
    assert turn_waited(game.turn_started_at, None, clock.now) == pytest.approx(3600)  # counted from ran_out
    [used_up] = await service.go_away(bob, 1)
    assert used_up.until is None and used_up.limit_days == 3


async def test_away_in_every_running_game_unless_one_is_named(service, clock):
    first = await started(service)
    second = await started(service, channel=CHANNEL + 1)
    bob = mrx_user(first)
    assert mrx_user(second) == bob
    assert {a.game_id for a in await service.go_away(bob, 1)} == {first.game.id, second.game.id}
    await service.come_back(bob, second.game.id)
    assert (await service.absences_of(first.game.id)) == {bob: clock.now + DAY}
    assert (await service.absences_of(second.game.id)) == {}
    with pytest.raises(NotInGame):
        await service.go_away(999, 1)
    with pytest.raises(BadSetting):
        await service.go_away(bob, 0)
    with pytest.raises(BadSetting):
        await service.go_away(bob, float("nan"))


async def test_a_paused_game_takes_no_move_and_no_computer_plays_until_resumed(service, clock):
    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=5)
    await service.join(CHANNEL, HOST + 1, "Bob", "detective")
    await service.add_computer(CHANNEL, HOST, "mrx", "easy")
    game_id = (await service.start(CHANNEL, HOST, key=new_key())).game.id
    with pytest.raises(NotHost):
        await service.pause(game_id, HOST + 1)
    await service.pause(game_id, HOST, "holidays", key=new_key())
    assert await service.computer_turn(game_id) is None and await service.games_owing_computers() == []
    with pytest.raises(GamePaused):
        await service.pause(game_id, HOST)
    clock.advance(100)
    assert await service.due_reminders() == []
    await service.resume(game_id, HOST + 1, can_manage_channel=True, key=new_key())
    game = await service.get_game(game_id)
    assert game.paused_at is None and game.clock_stopped_at is None and clock.now - game.turn_started_at == 0
    assert (await service.computer_turn(game_id)).pawn == MRX
    await service.play_computers(game_id)
    await service.pause(game_id, HOST)
    pawn = (await service.get_game(game_id)).to_move[0]
    with pytest.raises(GamePaused):
        await play_turn(service, game_id, random.Random(3))
    assert (await service.get_game(game_id)).to_move == (pawn,)
    kinds = [a.kind for a in await service.pending_announcements(game_id)]
    assert kinds.count("paused") == 2 and kinds.count("resumed") == 1
    assert await owner(service, game_id, pawn) == HOST


async def test_the_host_sets_the_days_away_and_the_server_its_default(service):
    start = await started(service)
    with pytest.raises(BadSetting):
        await service.update_settings(start.game.id, HOST, GameSettings(away_days=-1))
    await service.update_settings(start.game.id, HOST, GameSettings(away_days=0))
    [away] = await service.go_away(mrx_user(start), 1)
    assert away.until is None  # nobody may be away in this game
    defaults = await service.guild_settings(GUILD)
    assert defaults.away_days == 14
    from dataclasses import replace
    await service.set_guild_settings(GUILD, replace(defaults, away_days=5), can_manage_guild=True)
    await service.create_game(GUILD, CHANNEL + 5, HOST, "Host")
    game = await service.game_in_channel(CHANNEL + 5)
    assert (await service.settings(game.id)).away_days == 5


async def test_a_player_who_leaves_their_seat_is_away_no_more_and_the_clock_follows_who_owes_the_turn(service, clock):
    start = await started(service, people=4)
    game_id = start.game.id
    await play_turn(service, game_id, random.Random(1))  # Mr. X moves: the host's red is to move
    await service.go_away(HOST, 3)
    assert (await service.get_game(game_id)).clock_stopped_at == clock.now
    clock.advance(2)
    await service.replace(CHANNEL, HOST, HOST, HOST + 9, "Newcomer", key=new_key())  # the host hands the seat on
    game = await service.get_game(game_id)
    assert game.away == {} and game.clock_stopped_at is None  # the newcomer owes the turn, and is here
    assert await service.games_running_out(clock.now + 4 * DAY) == []  # nothing left to run out
