"""A rematch: a finished game's table in a new lobby of the same channel, Mr. X's seat passed round the table, once
per finished game, on both backends."""

from __future__ import annotations

import asyncio

import pytest

from bot.fairness.commitments import V2, game_key, key_commitment
from bot.games import computer_kind
from bot.service import GameSettings
from bot.service.errors import GameAlreadyRunning, GameNotOver, NotInGame

from tests.service.helpers import CHANNEL, GUILD, HOST, SECRET, new_key, started

A, B, C, D = HOST, HOST + 1, HOST + 2, HOST + 3


async def finished(service, people: int = 3, mrx: int = A, **kw):
    start = await started(service, people=people, mrx=mrx, **kw)
    await service.resign(start.game.id, mrx)  # Mr. X resigns: the game is over
    return start.game.id


async def lobby_table(service, game_id):
    return [(p.user_id, p.role) for p in await service.players(game_id)]


async def test_a_rematch_seats_the_same_table_with_mr_x_passed_to_the_next_person(service):
    start = await started(service, people=3, mrx=A, rules="mb1985", options={"voluntary_surfacing": True})
    game = start.game.id
    await service.update_settings(game, A, GameSettings(5, 20, False))
    await service.resign(game, A)
    again = await service.rematch(game, C)
    lobby = again.game
    assert lobby.status == "lobby" and lobby.channel_id == CHANNEL and lobby.id != game
    assert (lobby.rules, lobby.options, lobby.host_id) == ("mb1985", start.game.options, C)
    assert lobby.options["voluntary_surfacing"] and lobby.seed != start.game.seed
    assert await service.settings(lobby.id) == GameSettings(5, 20, False)
    assert await lobby_table(service, lobby.id) == [(B, "mrx"), (C, None), (A, None)]
    # round the table: B was Mr. X, C is offered the seat next, then A
    await service.start(CHANNEL, C, key=new_key())
    await service.resign(lobby.id, B)
    third = await service.rematch(lobby.id, A)
    assert await lobby_table(service, third.game.id) == [(C, "mrx"), (A, None), (B, None)]


async def test_a_rematch_opens_once_however_many_ask(service):
    game = await finished(service)
    first, second, third = await asyncio.gather(service.rematch(game, A), service.rematch(game, B),
                                                service.rematch(game, A))
    assert first.game.id == second.game.id == third.game.id
    assert sorted([first.duplicate, second.duplicate, third.duplicate]) == [False, True, True]
    assert len(await service.database.all("SELECT id FROM games WHERE channel_id = ?", (CHANNEL,))) == 2


async def test_a_computer_that_stood_in_gives_the_seat_back_to_its_person(service, clock):
    await service.create_game(GUILD, CHANNEL, A, "Host", seed=3)
    await service.join(CHANNEL, B, "Bea", "detective")
    await service.join(CHANNEL, C, "Cy", "mrx")
    start = await service.start(CHANNEL, A, key=new_key())
    game = start.game.id
    clock.advance(49)  # Mr. X (C) let his turn's deadline pass: a computer plays his seat
    await service.hand_to_computer(game, A, C, "easy")
    await service.resign(game, A)
    await service.resign(game, B)  # no detective player left: Mr. X wins
    again = await service.rematch(game, B)
    assert await lobby_table(service, again.game.id) == [(A, "mrx"), (B, None), (C, None)]
    assert all(p.user_id > 0 for p in await service.players(again.game.id))  # no computer


async def test_alone_against_computers_one_keeps_ones_side_and_a_computer_mr_x_keeps_his(service):
    await service.create_game(GUILD, CHANNEL, A, "Host", seed=3)
    await service.join(CHANNEL, A, "Host", "mrx")
    await service.add_computer(CHANNEL, A, "detective", "easy")
    await service.add_computer(CHANNEL, A, "detective", "hard")
    start = await service.start(CHANNEL, A, key=new_key())
    await service.resign(start.game.id, A)
    again = await service.rematch(start.game.id, A)
    assert [(p.role, computer_kind(p.user_id)) for p in await service.players(again.game.id)] == [
        ("mrx", None), ("detective", "easy"), ("detective", "hard")]
    await service.leave(CHANNEL, A)  # the lobby closes
    await service.create_game(GUILD, CHANNEL, A, "Host", seed=3)
    await service.add_computer(CHANNEL, A, "mrx", "easy")
    start = await service.start(CHANNEL, A, key=new_key())
    await service.resign(start.game.id, A)  # the only detective gives up: Mr. X wins
    again = await service.rematch(start.game.id, A)
    assert [(p.role, computer_kind(p.user_id)) for p in await service.players(again.game.id)] == [
        ("mrx", "easy"), (None, None)]


async def test_a_rematch_is_for_a_finished_game_its_players_and_a_free_channel(service):
    start = await started(service, people=3, mrx=A)
    with pytest.raises(GameNotOver):
        await service.rematch(start.game.id, A)
    await service.resign(start.game.id, A)
    with pytest.raises(NotInGame):
        await service.rematch(start.game.id, 999)
    await service.create_game(GUILD, CHANNEL, D, "Dee")  # someone else opened a game here meanwhile
    with pytest.raises(GameAlreadyRunning):
        await service.rematch(start.game.id, B)
    await service.cancel(CHANNEL, D)
    assert (await service.rematch(start.game.id, B)).game.status == "lobby"


async def test_a_game_played_in_its_own_thread_has_its_rematch_in_one_too(service):
    await service.create_game(GUILD, CHANNEL, A, "Host", seed=3)
    lobby = await service.game_in_channel(CHANNEL)
    await service.play_in_thread(lobby.id, A, True)
    await service.join(CHANNEL, B, "Bea", "mrx")
    start = await service.start(CHANNEL, A, key=new_key())
    await service.resign(start.game.id, B)
    again = await service.rematch(start.game.id, A)
    assert await service.wants_thread(again.game.id)


async def test_a_rematch_has_a_key_of_its_own_committed_with_its_lobby(service):
    game = await finished(service)
    lobby = (await service.rematch(game, B)).game
    old, new = [await service.database.reads.games.get(g) for g in (game, lobby.id)]
    assert new.nonce is not None and new.nonce != old.nonce
    assert lobby.key_commitment == new.key_commitment == key_commitment(new.nonce, game_key(SECRET, new.nonce, V2))
    assert new.away_days == old.away_days
