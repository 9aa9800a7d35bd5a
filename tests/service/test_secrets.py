"""A seed must not reveal anything hidden: every hidden draw mixes in the installation secret."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX, GameState
from bot.service import BadSetting, GameService

from tests.service.helpers import CHANNEL, GUILD, HOST, started, stored_state


async def mrx_starts(service: GameService, seeds) -> list[int]:
    starts = []
    for n, seed in enumerate(seeds):
        result = await started(service, people=4, seed=seed, channel=CHANNEL + n)
        starts.append((await stored_state(service, result.game.id)).start[MRX])
    return starts


async def test_a_chosen_seed_does_not_tell_where_mr_x_starts(tmp_path, clock):
    seeds = range(8)
    # What a host could work out from the seed alone, with the engine in hand:
    guessed = [GameState.new("classic", players=4, seed=seed).start[MRX] for seed in seeds]
    one = await GameService.open(tmp_path / "a.sqlite3", clock=clock, secret="one installation")
    two = await GameService.open(tmp_path / "b.sqlite3", clock=clock, secret="another installation")
    try:
        first, second = await mrx_starts(one, seeds), await mrx_starts(two, seeds)
    finally:
        await one.close()
        await two.close()
    assert first != guessed and second != guessed
    assert first != second  # another secret deals other starts from the same seeds


async def test_the_same_seed_and_secret_deal_the_same_game(tmp_path, clock):
    starts = []
    for name in ("a", "b"):
        service = await GameService.open(tmp_path / f"{name}.sqlite3", clock=clock, secret="shared")
        try:
            starts.append(await mrx_starts(service, range(5)))
        finally:
            await service.close()
    assert starts[0] == starts[1]


async def test_without_sy_secret_one_is_generated_and_kept_across_restarts(tmp_path, clock):
    path = tmp_path / "games.sqlite3"
    service = await GameService.open(path, clock=clock)
    try:
        before = await mrx_starts(service, range(4))
        secret = await service.installation_value("secret")
    finally:
        await service.close()
    assert secret and len(secret) >= 32
    service = await GameService.open(path, clock=clock)
    try:
        # Free the channels, then deal the same seeds again after the restart.
        for n in range(4):
            await service.cancel(CHANNEL + n, HOST)
        assert await mrx_starts(service, range(4)) == before
        assert await service.installation_value("secret") == secret
    finally:
        await service.close()


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 10**30])
async def test_a_seed_sqlite_cannot_store_is_refused_with_a_sentence(service, seed):
    with pytest.raises(BadSetting, match="whole number from"):
        await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=seed)
    assert await service.game_in_channel(CHANNEL) is None
