"""A seed must not reveal anything hidden: the public deal follows the seed mixed with the installation secret, and
everything hidden comes from each game's own key, which a reused seed, a fresh database or a restart never repeats."""

from __future__ import annotations

import random

import pytest

from bot.fairness.commitments import V2, game_key
from bot.games.london.engine import MRX, GameState
from bot.service import BadSetting, GameService

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key, started, stored_state


async def dealt(service: GameService, seeds, channel: int = CHANNEL) -> list[dict[str, int]]:
    """Every pawn's start station in a new game per seed."""
    starts = []
    for n, seed in enumerate(seeds):
        result = await started(service, people=4, seed=seed, channel=channel + n)
        starts.append(dict((await stored_state(service, result.game.id)).start))
    return starts


def hunters(start: dict[str, int]) -> dict[str, int]:
    return {pawn: station for pawn, station in start.items() if pawn != MRX}


async def test_a_chosen_seed_does_not_tell_where_mr_x_starts(tmp_path, clock):
    seeds = range(8)
    # What a host could work out from the seed alone, with the engine in hand:
    guessed = [GameState.new("classic", players=4, seed=seed).start[MRX] for seed in seeds]
    one = await GameService.open(tmp_path / "a.sqlite3", clock=clock, secret="one installation")
    two = await GameService.open(tmp_path / "b.sqlite3", clock=clock, secret="another installation")
    try:
        first, second = await dealt(one, seeds), await dealt(two, seeds)
    finally:
        await one.close()
        await two.close()
    assert [s[MRX] for s in first] != guessed and [s[MRX] for s in second] != guessed
    assert [hunters(s) for s in first] != [hunters(s) for s in second]  # another secret deals another public deal


async def test_the_same_seed_and_secret_deal_the_same_public_deal_and_mr_x_anew(tmp_path, clock):
    """Two fresh databases under one secret (a bot moved with its SY_SECRET kept): game #1 in both, dealt alike for
    all to see, yet Mr. X's start is drawn from each game's own key: their seals of it differ, and so do the keys."""
    deals, seals, keys = [], [], []
    for name in ("a", "b"):
        service = await GameService.open(tmp_path / f"{name}.sqlite3", clock=clock, secret="shared")
        try:
            deals.append(await dealt(service, range(5)))
            seals.append([(await service.commitments(game_id))[0] for game_id in range(1, 6)])
            keys.append([game_key("shared", (await service.database.reads.games.get(g)).nonce, V2) for g in range(1, 6)])
        finally:
            await service.close()
    assert [hunters(s) for s in deals[0]] == [hunters(s) for s in deals[1]]
    assert all(a != b for a, b in zip(seals[0], seals[1]))
    assert not set(keys[0]) & set(keys[1])


async def test_a_reused_seed_does_not_repeat_mr_x_start(tmp_path, clock):
    """Many pairs of games opened with one seed in one installation, the second after the first has ended (Mr. X gave
    up) and been exported: Mr. X's starts match no more often than chance would have them (the deck leaves about
    fifteen cards to him; sy-commit/1 matched every time)."""
    service = await GameService.open(tmp_path / "games.sqlite3", clock=clock, rng=random.Random(3), secret="one")
    pairs, matches, hunters_alike = 48, 0, 0
    try:
        for n in range(pairs):
            starts = []
            for _ in range(2):
                result = await started(service, people=4, seed=1000 + n)
                game_id = result.game.id
                starts.append(dict((await stored_state(service, game_id)).start))
                await service.resign(game_id, HOST + 1, new_key())
                assert (await service.record(game_id))["start"] == starts[-1]  # exported: the start is public now
            matches += starts[0][MRX] == starts[1][MRX]
            hunters_alike += hunters(starts[0]) == hunters(starts[1])
    finally:
        await service.close()
    assert hunters_alike == pairs  # the public deal replays from the seed
    # P(match) is about 1/15: 48 pairs give about 3; more than 12 has a chance below one in a hundred thousand
    assert matches <= 12, matches


async def test_without_sy_secret_one_is_generated_and_kept_across_restarts(tmp_path, clock):
    path = tmp_path / "games.sqlite3"
    service = await GameService.open(path, clock=clock)
    try:
        before = await dealt(service, range(4))
        secret = await service.installation_value("secret")
        running = (await service.game_in_channel(CHANNEL)).id
        sealed = await service.commitments(running)
    finally:
        await service.close()
    assert secret and len(secret) >= 32
    service = await GameService.open(path, clock=clock)
    try:
        assert await service.installation_value("secret") == secret
        # the running game keeps its key: its deal replays, and it finishes and verifies after the restart
        assert dict((await service.rebuild_state(running)).start) == before[0]
        assert await service.commitments(running) == sealed
        await service.resign(running, HOST + 1, new_key())
        from bot.fairness.verify import verify_record

        assert verify_record(await service.record(running)).sound
        # free the channels, then deal the same seeds again: the same public deal
        for n in range(1, 4):
            await service.cancel(CHANNEL + n, HOST)
        assert [hunters(s) for s in await dealt(service, range(1, 4), CHANNEL + 1)] == [hunters(s) for s in before[1:]]
    finally:
        await service.close()


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 10**30])
async def test_a_seed_sqlite_cannot_store_is_refused_with_a_sentence(service, seed):
    with pytest.raises(BadSetting, match="whole number from"):
        await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=seed)
    assert await service.game_in_channel(CHANNEL) is None
