import random

import pytest

from bot.games.london.engine import MRX, replay
from bot.service import (
    BadSetting,
    GameNotOver,
    GameNotStarted,
    GameSettings,
    GuildSettings,
    NotAllowed,
    NotHost,
    NotYourPawn,
    PlayerStats,
)

from tests.service.helpers import CHANNEL, GUILD, HOST, mrx_user, play_out, play_turn, started, stored_state


async def test_the_public_view_exists_from_the_start(service):
    lobby = await service.create_game(GUILD, CHANNEL, HOST, "Host")
    with pytest.raises(GameNotStarted):
        await service.public_view(lobby.game.id)
    await service.join(CHANNEL, 101, "Ann")
    await service.start(CHANNEL, HOST)
    view = await service.public_view(lobby.game.id)
    assert view.round == 1 and view.pawn(MRX).station is None


async def test_only_mr_xs_player_sees_his_station(service):
    start = await started(service)
    state = await stored_state(service, start.game.id)
    view = await service.mrx_view(start.game.id, mrx_user(start))
    assert view.station == state.mrx_station
    for user in (HOST, 999):
        with pytest.raises(NotYourPawn):
            await service.mrx_view(start.game.id, user)


async def test_a_persons_games_say_what_they_play_and_whose_turn_it_is(service):
    first = await started(service, channel=1, mrx=101)
    second = await started(service, channel=2, mrx=HOST)
    lobby = await service.create_game(GUILD, 3, 555, "Other")
    await service.join(3, HOST, "Host")
    mine = {g.game.id: g for g in await service.games_of_user(HOST)}
    assert set(mine) == {first.game.id, second.game.id, lobby.game.id}
    assert mine[first.game.id].pawns == ("red", "blue") and not mine[first.game.id].your_turn
    assert mine[second.game.id].pawns == (MRX,) and mine[second.game.id].your_turn
    assert mine[second.game.id].role == "mrx" and mine[lobby.game.id].pawns == ()


async def test_the_record_with_names_is_shown_once_the_game_is_over(service):
    start = await started(service)
    with pytest.raises(GameNotOver):
        await service.record(start.game.id)
    await play_out(service, start.game.id, random.Random(1))
    record = await service.record(start.game.id)
    assert record["format"] == "scotland-yard-record/1" and record["outcome"]
    assert [(p["user_id"], p["seat"], p["role"]) for p in record["people"]] == [
        (101, 0, "mrx"), (HOST, 1, "detective"), (102, 2, "detective")]
    assert replay(record) == await service.rebuild_state(start.game.id)


async def test_latest_game_of_a_channel_is_the_last_one_that_ended(service):
    assert await service.latest_game(CHANNEL) is None
    first = await started(service)
    assert await service.latest_game(CHANNEL) is None  # still running
    assert (await service.latest_game(CHANNEL, finished_only=False)).id == first.game.id
    await service.resign(first.game.id, 101)
    second = await started(service)
    assert (await service.latest_game(CHANNEL)).id == first.game.id
    await service.resign(second.game.id, 101)
    assert (await service.latest_game(CHANNEL)).id == second.game.id
    assert await service.latest_game(CHANNEL + 1) is None


async def test_statistics_and_the_leaderboard_count_finished_games_of_the_guild(service):
    for channel in range(3):
        start = await started(service, channel=channel, mrx=101)
        await service.resign(start.game.id, 101)  # the detectives win
    cancelled = await started(service, channel=9, mrx=101)
    await service.cancel(9, HOST)
    other_guild = await started(service, channel=10, guild=2, mrx=101)
    await service.resign(other_guild.game.id, HOST)
    await service.resign(other_guild.game.id, 102)  # Mr. X wins in guild 2
    assert cancelled.game.id
    assert await service.stats(GUILD, HOST) == PlayerStats(HOST, 3, 3, 0, 0, 3, 3)
    assert await service.stats(GUILD, 101) == PlayerStats(101, 3, 0, 3, 0, 0, 0)
    assert await service.stats(2, 101) == PlayerStats(101, 1, 1, 1, 1, 0, 0)
    assert await service.stats(GUILD, 999) == PlayerStats(999, 0, 0, 0, 0, 0, 0)
    board = await service.leaderboard(GUILD)
    assert [s.user_id for s in board] == [HOST, 102, 101]
    assert await service.leaderboard(GUILD, limit=1) == board[:1]


async def test_a_resigned_detective_loses_even_if_their_team_wins(service):
    start = await started(service, people=4, mrx=101)
    await service.resign(start.game.id, 102)
    await service.resign(start.game.id, 101)
    assert (await service.stats(GUILD, 102)).wins == 0
    assert (await service.stats(GUILD, 103)).wins == 1


async def test_game_settings_belong_to_the_host_or_a_channel_manager(service):
    start = await started(service)
    game_id = start.game.id
    assert await service.settings(game_id) == GameSettings(12.0, 48.0)
    with pytest.raises(NotHost):
        await service.update_settings(game_id, 102, GameSettings(12, None))
    await service.update_settings(game_id, 102, GameSettings(12, None), can_manage_channel=True)
    with pytest.raises(BadSetting):
        await service.update_settings(game_id, HOST, GameSettings(0, None))
    assert await service.settings(game_id) == GameSettings(12.0, None)


async def test_guild_settings_need_a_server_manager(service):
    assert await service.guild_settings(GUILD) == GuildSettings()
    with pytest.raises(NotAllowed):
        await service.set_guild_settings(GUILD, GuildSettings("master"), can_manage_guild=False)
    await service.set_guild_settings(GUILD, GuildSettings("master", None, 72), can_manage_guild=True)
    assert await service.guild_settings(GUILD) == GuildSettings("master", None, 72)


async def test_players_move_on_while_the_game_is_read(service):
    start = await started(service)
    await play_turn(service, start.game.id, random.Random(1))
    assert (await service.public_view(start.game.id)).to_move == ("red",)


async def test_public_view_after_a_round_is_the_board_as_that_round_ended(service):
    start = await started(service)
    game_id = start.game.id
    rng = random.Random(5)
    ends = {}
    while (await service.get_game(game_id)).round <= 3:
        now = await service.public_view(game_id)
        if now.to_move == (MRX,):
            ends[now.round - 1] = now
        await play_turn(service, game_id, rng)
    latest = await service.public_view(game_id)
    for round_ in (1, 2):
        then = await service.public_view(game_id, after_round=round_)
        assert then.round == round_ + 1 and then.to_move == (MRX,)
        assert [p.station for p in then.pawns] == [p.station for p in ends[round_].pawns]
        assert len(then.logbook) < len(latest.logbook)
    assert await service.public_view(game_id, after_round=99) == latest


async def test_a_server_s_defaults_reach_its_new_games_and_the_host_can_switch_the_tracker_off(service):
    await service.set_guild_settings(GUILD, GuildSettings("classic", 6, None, tracker=False), can_manage_guild=True)
    start = await started(service)
    assert await service.settings(start.game.id) == GameSettings(6.0, None, False)
    await service.update_settings(start.game.id, HOST, GameSettings(6, None, tracker=True))
    assert (await service.settings(start.game.id)).tracker is True
