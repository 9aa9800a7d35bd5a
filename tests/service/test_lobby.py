import random

import pytest

from bot.games import as_kind, computer_kind

from bot.games.london.engine import GameError, InvalidAction, OptionUnavailable, RulesUnavailable
from bot.service import (
    AlreadyJoined,
    GameAlreadyRunning,
    GameAlreadyStarted,
    GameCancelled,
    GameStarted,
    GuildSettings,
    HostChanged,
    LobbyFull,
    NeedMorePlayers,
    NoGameHere,
    NotHost,
    NotInGame,
    PlayerJoined,
    RoleChosen,
    RoleTaken,
)

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key, play_turn, started


async def test_creating_a_game_opens_a_lobby_with_the_host_as_first_player(service):
    result = await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=3)
    assert result.game.status == "lobby" and result.game.host_id == HOST and result.game.seed == 3
    assert [(p.user_id, p.role, p.seat) for p in result.players] == [(HOST, None, None)]
    assert result.view is None
    assert (await service.game_in_channel(CHANNEL)).id == result.game.id


async def test_a_channel_has_one_active_game_but_a_person_may_play_in_many_channels(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    with pytest.raises(GameAlreadyRunning):
        await service.create_game(GUILD, CHANNEL, 999, "Other")
    other = await service.create_game(GUILD, CHANNEL + 1, HOST, "Host")
    assert {g.game.id for g in await service.games_of_user(HOST)} == {1, other.game.id}


async def test_a_finished_game_is_kept_and_the_channel_is_free_again(service):
    game = (await started(service)).game
    await service.resign(game.id, HOST + 1)  # Mr. X gives up
    assert (await service.get_game(game.id)).status == "finished"
    assert await service.game_in_channel(CHANNEL) is None
    again = await service.create_game(GUILD, CHANNEL, HOST, "Host")
    assert again.game.id != game.id


async def test_unknown_or_unplayable_rules_are_refused_before_the_lobby_opens(service):
    with pytest.raises(RulesUnavailable):
        await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="chess")
    with pytest.raises(OptionUnavailable):
        await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="sanssouci", options={"rocket": True})
    with pytest.raises(OptionUnavailable):
        await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="mb1985", options={"cut_off": True})
    assert await service.game_in_channel(CHANNEL) is None


async def test_a_new_game_takes_the_guilds_defaults(service):
    await service.set_guild_settings(GUILD, GuildSettings("master", 6.0, 48.0), can_manage_guild=True)
    game = (await service.create_game(GUILD, CHANNEL, HOST, "Host")).game
    assert game.rules == "master"
    settings = await service.settings(game.id)
    assert (settings.reminder_hours, settings.deadline_hours) == (6.0, 48.0)


async def test_joining_switching_role_and_joining_twice(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    joined = await service.join(CHANNEL, 101, "Ann", "mrx")
    assert joined.events == (PlayerJoined(101, "Ann", "mrx"),)
    with pytest.raises(RoleTaken):
        await service.join(CHANNEL, 102, "Ben", "mrx")
    with pytest.raises(AlreadyJoined):
        await service.join(CHANNEL, 101, "Ann", "mrx")
    switched = await service.join(CHANNEL, 101, "Ann", "detective")
    assert switched.events == (RoleChosen(101, "detective"),)
    await service.join(CHANNEL, 102, "Ben", "mrx")
    assert [(p.user_id, p.role) for p in await service.players(switched.game.id)] == [
        (HOST, None), (101, "detective"), (102, "mrx")]


async def test_the_lobby_holds_at_most_the_rules_maximum(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    for user in range(101, 106):
        await service.join(CHANNEL, user, "P")
    with pytest.raises(LobbyFull, match="at most 6"):
        await service.join(CHANNEL, 106, "Too many")


async def test_joining_where_there_is_no_lobby(service):
    with pytest.raises(NoGameHere):
        await service.join(CHANNEL, 101, "Ann")
    game = (await started(service)).game
    with pytest.raises(GameAlreadyStarted):
        await service.join(CHANNEL, 999, "Late")
    assert len(await service.players(game.id)) == 3


async def test_a_leaving_host_hands_the_lobby_on_and_the_last_one_out_cancels_it(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    await service.join(CHANNEL, 101, "Ann")
    left = await service.leave(CHANNEL, HOST)
    assert HostChanged(101) in left.events and left.game.host_id == 101
    with pytest.raises(NotInGame):
        await service.leave(CHANNEL, HOST)
    last = await service.leave(CHANNEL, 101)
    assert GameCancelled(101) in last.events and last.game.status == "cancelled"
    assert await service.game_in_channel(CHANNEL) is None


async def test_only_the_host_starts_and_mr_x_needs_a_detective(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    with pytest.raises(NeedMorePlayers):
        await service.start(CHANNEL, HOST, key=new_key())
    await service.join(CHANNEL, 101, "Ann")
    with pytest.raises(NotHost):
        await service.start(CHANNEL, 101, key=new_key())
    result = await service.start(CHANNEL, HOST, key=new_key())
    assert result.game.status == "running" and result.view is not None


async def test_seats_mr_x_first_then_detectives_in_join_order(service):
    result = await started(service, people=4, mrx=102)
    seats = [(p.user_id, p.seat, p.role) for p in result.players]
    assert seats == [(102, 0, "mrx"), (HOST, 1, "detective"), (101, 2, "detective"), (103, 3, "detective")]
    assert result.events == (GameStarted(102, mrx_drawn=False),)
    # Three detective players in classic: one detective each.
    assert [p.pawns for p in result.players] == [("mrx",), ("red",), ("blue",), ("green",)]


async def test_two_detective_players_in_classic_move_two_detectives_each(service):
    result = await started(service, people=3)
    assert [p.pawns for p in result.players] == [("mrx",), ("red", "blue"), ("green", "yellow")]


async def test_bobbies_are_moved_by_every_detective_player(service):
    result = await started(service, people=3, rules="master")
    pawns = {p.user_id: p.pawns for p in result.players}
    assert pawns[HOST] == ("red", "b1", "b2") and pawns[102] == ("blue", "b1", "b2")


async def test_if_nobody_asks_mr_x_is_drawn_from_the_undecided_with_the_games_seed(service):
    drawn = set()
    for channel, seed in enumerate(range(8), start=50):
        await service.create_game(GUILD, channel, HOST, "Host", seed=seed)
        await service.join(channel, 101, "Ann", "detective")
        await service.join(channel, 102, "Ben")
        await service.join(channel, 103, "Cid")
        result = await service.start(channel, HOST, key=new_key())
        mrx = result.players[0]
        assert mrx.seat == 0 and mrx.user_id != 101 and result.events[0].mrx_drawn
        drawn.add(mrx.user_id)
    assert len(drawn) > 1  # the draw depends on the seed


async def test_nobody_is_forced_to_be_mr_x_against_their_wish(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    await service.join(CHANNEL, HOST, "Host", "detective")
    await service.join(CHANNEL, 101, "Ann", "detective")
    with pytest.raises(NeedMorePlayers, match="join as Mr. X"):
        await service.start(CHANNEL, HOST, key=new_key())


async def test_the_host_or_a_channel_manager_may_cancel(service):
    game = (await started(service)).game
    with pytest.raises(NotHost):
        await service.cancel(CHANNEL, 101)
    cancelled = await service.cancel(CHANNEL, 101, can_manage_channel=True)
    assert cancelled.game.status == "cancelled" and cancelled.events == (GameCancelled(101),)
    with pytest.raises(GameError):
        await service.act(game.id, 101, None, new_key())


async def test_the_host_replaces_a_player_in_the_lobby_keeping_their_place(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    await service.join(CHANNEL, 101, "Ann", "mrx")
    await service.join(CHANNEL, 102, "Ben")
    result = await service.replace(CHANNEL, HOST, 101, 201, "Zoe")
    assert [(p.user_id, p.role) for p in result.players] == [(HOST, None), (201, "mrx"), (102, None)]
    with pytest.raises(AlreadyJoined):
        await service.replace(CHANNEL, HOST, 102, 201, "Zoe")


async def test_the_host_replaces_a_player_in_a_running_game_with_their_pawns(service):
    result = await started(service, people=3)
    game = result.game
    replaced = await service.replace(CHANNEL, HOST, 102, 202, "New")
    by_user = {p.user_id: p for p in replaced.players}
    assert by_user[202].pawns == ("green", "yellow") and by_user[202].seat == 2
    assert by_user[102].status == "replaced" and by_user[102].pawns == ()
    assert [g.game.id for g in await service.games_of_user(202)] == [game.id]
    assert await service.games_of_user(102) == []


async def test_the_player_count_follows_the_people_who_joined(service):
    result = await started(service, people=6)
    assert result.view.pawns[0].id == "mrx" and len(result.view.detectives) == 5
    assert (await service.rebuild_state(result.game.id)).players == 6


async def test_a_repeated_lobby_command_with_its_key_is_answered_again_not_run_again(service):
    created = await service.create_game(GUILD, CHANNEL, HOST, "Host", key="create-1")
    again = await service.create_game(GUILD, CHANNEL, HOST, "Host", key="create-1")
    assert again.duplicate and again.game.id == created.game.id
    await service.join(CHANNEL, 101, "Ann", key="join-1")
    assert (await service.join(CHANNEL, 101, "Ann", key="join-1")).duplicate
    first = await service.start(CHANNEL, HOST, key="start-1")
    second = await service.start(CHANNEL, HOST, key="start-1")
    assert second.duplicate and second.events == first.events and second.version == first.version
    with pytest.raises(GameAlreadyStarted):
        await service.start(CHANNEL, HOST, key="start-2")


async def test_cancelling_a_running_game_is_announced_and_leaves_no_result(service):
    start = await started(service)
    await service.cancel(CHANNEL, HOST)
    owed = {a.key: a for a in await service.pending_announcements(start.game.id)}
    assert owed["game:cancelled"].payload == {"by_user_id": HOST, "started": True}
    assert await service.leaderboard(GUILD) == []


async def test_a_new_mr_x_gets_the_prompt_for_the_turn_he_now_owes(service):
    start = await started(service, mrx=101)
    prompt = next(a for a in await service.pending_announcements() if a.key == "mrx:turn:1")
    await service.mark_posted(prompt.id, 1, 1)
    await service.replace(CHANNEL, HOST, 101, 301, "Xavier")
    [again] = [a for a in await service.pending_announcements() if a.kind == "mrx_prompt"]
    assert again.recipient_id == 301 and again.payload == {"round": 1, "entry": 1}
    assert (await service.mrx_view(start.game.id, 301)).station


async def test_the_service_seats_a_computer_that_plays_from_its_view_only(service):
    from bot.games.london.engine import MrXView, PublicView
    from bot.games.london.engine import players as builtin

    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=3)
    await service.add_computer(CHANNEL, HOST, "mrx", "greedy")
    start = await service.start(CHANNEL, HOST)
    game_id = start.game.id
    computer = next(p for p in await service.players(game_id) if p.role == "mrx")
    assert computer.user_id < 0 and computer.name == "Computer (greedy)"
    assert computer_kind(computer.user_id) == "greedy"
    seen: list[type] = []
    original = builtin.GreedyPlayer.choose

    def spying(self, view, pawn):
        seen.append(type(view))
        return original(self, view, pawn)

    builtin.GreedyPlayer.choose = spying
    try:
        rng = random.Random(4)
        for _ in range(200):
            await service.play_computers(game_id)
            game = await service.get_game(game_id)
            if game.status != "running":
                break
            await play_turn(service, game_id, rng)  # the host's detectives
    finally:
        builtin.GreedyPlayer.choose = original
    assert (await service.get_game(game_id)).status == "finished"
    assert seen and set(seen) == {MrXView}  # Mr. X's computer saw his own view, never the state
    assert PublicView not in seen
    # A computer is no person: it counts by its kind (every greedy computer is one row), never by its seat.
    board = await service.leaderboard(GUILD)
    assert {row.user_id for row in board} == {HOST, as_kind(computer.user_id)}
    assert as_kind(computer.user_id) != computer.user_id and computer_kind(as_kind(computer.user_id)) == "greedy"
    assert sum(row.games for row in board) == 2


async def test_only_the_host_seats_a_computer_and_only_a_known_one(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=3)
    with pytest.raises(NotHost):
        await service.add_computer(CHANNEL, HOST + 1, "detective")
    with pytest.raises(InvalidAction, match="no computer player 'chess-engine'"):
        await service.add_computer(CHANNEL, HOST, "detective", "chess-engine")
