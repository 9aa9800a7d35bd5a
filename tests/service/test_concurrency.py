import asyncio
import random

from bot.games.london.engine import MRX, GameError
from bot.service import GameService

from tests.service.helpers import mrx_user, new_key, owner, play_turn, started, stored_state


async def outcomes(calls):
    return await asyncio.gather(*calls, return_exceptions=True)


async def test_many_moves_for_mr_x_at_once_apply_exactly_one(service):
    start = await started(service)
    game_id = start.game.id
    moves = (await stored_state(service, game_id)).legal_moves(MRX)
    results = await outcomes(service.act(game_id, mrx_user(start), m, new_key(), expected_round=1) for m in moves)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1 and len(moves) > 1
    assert all(isinstance(r, GameError) for r in results if isinstance(r, BaseException))
    state = await stored_state(service, game_id)
    assert len(state.logbook) == 1 and state.to_move() == ["red"]
    assert await service.check_game(game_id) == []


async def test_a_double_click_applies_once(service):
    start = await started(service)
    game_id = start.game.id
    move = (await stored_state(service, game_id)).legal_moves(MRX)[0]
    results = await outcomes(service.act(game_id, mrx_user(start), move, "click", expected_round=1) for _ in range(20))
    assert all(not isinstance(r, BaseException) for r in results)
    assert sum(not r.duplicate for r in results) == 1
    assert len({r.version for r in results}) == 1
    assert (await service.database.one("SELECT COUNT(*) FROM actions"))[0] == 1


async def test_every_detective_moving_at_once_leaves_a_consistent_game(service):
    start = await started(service, people=6)
    game_id = start.game.id
    rng = random.Random(9)
    for _ in range(6):  # a few rounds
        if (await service.get_game(game_id)).status != "running":
            break
        await play_turn(service, game_id, rng)  # Mr. X
        state = await stored_state(service, game_id)
        if state.is_over:
            break
        calls = []
        for pawn in [p.id for p in state.detectives()]:
            for move in state._pawn_moves(pawn):  # noqa: SLF001 - every move of every detective, in or out of turn
                calls.append(service.act(game_id, await owner(service, game_id, pawn), move, new_key(),
                                         expected_round=state.round))
        rng.shuffle(calls)
        await outcomes(calls)
        while (await service.get_game(game_id)).to_move not in ((), (MRX,)):
            await play_turn(service, game_id, rng)
        assert await service.check_game(game_id) == []


async def test_commands_on_many_games_at_once_all_apply(service: GameService):
    games = [(await started(service, channel=500 + n, seed=n)).game.id for n in range(20)]
    rng = random.Random(5)
    for _ in range(10):
        results = await outcomes(play_turn(service, g, rng, greedy=True) for g in games)
        assert all(not isinstance(r, BaseException) for r in results), results
    for game_id in games:
        assert await service.check_game(game_id) == []
        assert (await service.database.one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)))[0] == 10
