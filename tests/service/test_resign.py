import random

import pytest

from bot.games.london.engine import MRX, GameEnded
from bot.service import GameClosed, HostChanged, NotInGame, PawnsHandedOver, PlayerResigned

from tests.service.helpers import HOST, new_key, play_turn, started, stored_state


async def test_mr_x_resigning_ends_the_game_for_the_detectives(service):
    start = await started(service, people=3, mrx=101)
    result = await service.resign(start.game.id, 101)
    assert result.events[0] == PlayerResigned(101, "mrx")
    assert isinstance(result.events[-1], GameEnded)
    assert result.game.status == "finished" and result.game.outcome.winner == "detectives"
    assert result.view.route is not None  # his route is public once the game is over
    with pytest.raises(GameClosed):
        await service.resign(start.game.id, HOST)


async def test_a_detective_resigning_hands_their_pawns_to_the_others(service):
    start = await started(service, people=4, mrx=101)  # host: red; 102: blue; 103: green
    game_id = start.game.id
    result = await service.resign(game_id, 102)
    assert result.events == (PlayerResigned(102, "detective"), PawnsHandedOver(102, (("blue", HOST),)))
    assert result.game.status == "running"
    pawns = {p.user_id: p.pawns for p in result.players}
    assert pawns == {101: (MRX,), HOST: ("red", "blue"), 102: (), 103: ("green",)}
    # The next pawn goes to whoever has fewer, so the load stays even.
    result = await service.resign(game_id, HOST)
    assert PawnsHandedOver(HOST, (("red", 103), ("blue", 103))) in result.events
    assert HostChanged(103) in result.events and result.game.host_id == 103


async def test_the_last_detective_resigning_ends_the_game_for_mr_x(service):
    start = await started(service, people=3, mrx=101)
    await service.resign(start.game.id, HOST)
    result = await service.resign(start.game.id, 102)
    assert result.game.outcome.winner == "mrx" and result.game.outcome.reason == "detectives_resigned"


async def test_a_resigned_player_can_no_longer_move(service):
    start = await started(service, people=4, mrx=101)
    game_id = start.game.id
    await service.resign(game_id, 102)
    rng = random.Random(1)
    await play_turn(service, game_id, rng)  # Mr. X
    state = await stored_state(service, game_id)
    with pytest.raises(NotInGame):
        await service.act(game_id, 102, state.legal_moves("red")[0], new_key())
    with pytest.raises(NotInGame):
        await service.resign(game_id, 102)


async def test_bobbies_stay_with_the_remaining_detective_players(service):
    start = await started(service, people=3, rules="master", mrx=101)
    result = await service.resign(start.game.id, HOST)
    pawns = {p.user_id: p.pawns for p in result.players}
    assert pawns[102] == ("blue", "b1", "b2", "red") and pawns[HOST] == ()
