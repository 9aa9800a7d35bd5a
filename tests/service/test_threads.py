"""Games in a thread of their own: asked for in the lobby by the host, fixed at the start, found by the
thread's id; a server's default set by its managers only (both backends)."""

from __future__ import annotations

import pytest

from bot.service.errors import GameAlreadyStarted, NotAllowed, NotHost

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key


async def test_the_host_asks_for_a_thread_in_the_lobby_and_the_bot_names_it_at_the_start(service):
    game = (await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="classic", seed=5)).game
    assert not await service.wants_thread(game.id) and await service.game_thread(game.id) is None
    with pytest.raises(NotHost):
        await service.play_in_thread(game.id, HOST + 1, True)
    await service.play_in_thread(game.id, HOST, True)
    await service.play_in_thread(game.id, HOST, True)  # asking twice changes nothing
    assert await service.wants_thread(game.id) and await service.game_thread(game.id) is None
    await service.play_in_thread(game.id, HOST + 1, False, can_manage_channel=True)
    assert not await service.wants_thread(game.id)
    await service.play_in_thread(game.id, HOST, True)
    for user in (HOST + 1, HOST + 2):
        await service.join(CHANNEL, user, f"Player {user}", "mrx" if user == HOST + 1 else None)
    await service.start(CHANNEL, HOST, key=new_key())
    with pytest.raises(GameAlreadyStarted):
        await service.play_in_thread(game.id, HOST, False)
    await service.thread_opened(game.id, 555)
    assert await service.game_thread(game.id) == 555 and await service.wants_thread(game.id)
    found = await service.game_of_thread(555)
    assert found is not None and found.id == game.id and found.channel_id == CHANNEL
    assert await service.game_of_thread(CHANNEL) is None and await service.game_of_thread(556) is None


async def test_only_a_server_manager_sets_the_thread_default(service):
    assert await service.guild_threads(GUILD) is False
    with pytest.raises(NotAllowed):
        await service.set_guild_threads(GUILD, True, can_manage_guild=False)
    await service.set_guild_threads(GUILD, True, can_manage_guild=True)
    assert await service.guild_threads(GUILD) is True and await service.guild_threads(GUILD + 1) is False
    await service.set_guild_threads(GUILD, False, can_manage_guild=True)
    assert await service.guild_threads(GUILD) is False


async def test_a_game_that_plays_in_its_channel_makes_the_channel_no_thread_and_its_thread_holds_no_new_game(service):
    from bot.service.errors import GameAlreadyRunning

    game = (await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="classic", seed=5)).game
    await service.play_in_thread(game.id, HOST, True)
    await service.join(CHANNEL, HOST + 1, "X", "mrx")
    await service.start(CHANNEL, HOST, key=new_key())
    await service.thread_opened(game.id, 777)
    with pytest.raises(GameAlreadyRunning, match=f"game #{game.id}.*<#{CHANNEL}>"):
        await service.create_game(GUILD, 777, HOST + 2, "Other", rules="classic")
    await service.thread_opened(game.id, CHANNEL)  # the thread was lost: the game plays in its channel
    assert await service.game_of_thread(CHANNEL) is None and await service.game_thread(game.id) == CHANNEL


async def test_a_channel_runs_games_in_threads_beside_one_lobby_and_one_game_of_its_own(service):
    from bot.service.errors import GameAlreadyRunning

    async def started(thread: bool, seed: int) -> int:
        game = (await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="classic", seed=seed)).game
        if thread:
            await service.play_in_thread(game.id, HOST, True)
        await service.join(CHANNEL, HOST + 1, "X", "mrx")
        await service.start(CHANNEL, HOST, key=new_key())
        return game.id

    a = await started(True, 1)  # its thread asked for, not opened yet: it runs in a thread all the same
    b = await started(True, 2)
    await service.thread_opened(b, 901)
    assert [g.id for g in await service.games_in_channel(CHANNEL)] == [a, b]
    assert await service.game_in_channel(CHANNEL) is None  # the channel itself holds no game
    c = await started(False, 3)  # a game in the channel itself: the channel is taken now
    assert (await service.game_in_channel(CHANNEL)).id == c
    with pytest.raises(GameAlreadyRunning):
        await service.create_game(GUILD, CHANNEL, HOST + 2, "Other")
    await service.cancel(CHANNEL, HOST, key=new_key(), game_id=b)  # by its number, not the channel's game
    assert (await service.get_game(b)).status == "cancelled" and (await service.get_game(c)).status == "running"
    await service.cancel(CHANNEL, HOST, key=new_key())  # the channel's own game
    assert (await service.get_game(c)).status == "cancelled"
    d = (await service.create_game(GUILD, CHANNEL, HOST + 2, "Other")).game.id
    assert (await service.game_in_channel(CHANNEL)).id == d and (await service.get_game(a)).status == "running"
