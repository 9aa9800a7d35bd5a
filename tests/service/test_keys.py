"""No two games share a key: 10,000 games across ten fresh databases under one secret (two of them on PostgreSQL), each
numbered from 1 as a bot moved to a new database numbers them, each created the way the lobby creates a game."""

from __future__ import annotations

from bot.fairness.commitments import V2, game_key, key_commitment
from bot.service.dealing import key_of, sealed_anew
from bot.store import open_store

from tests.store.postgres_server import fresh_database

SECRET = "one installation's secret"
GAMES = 1000


async def create_games(url) -> list:
    """``GAMES`` games in one transaction, with a nonce and key commitment as :meth:`GameService.create_game` draws
    them; their rows as the store reads them back."""
    store = await open_store(url)
    try:
        async with store.transaction() as tx:
            for n in range(GAMES):
                nonce, committed = sealed_anew(SECRET)
                await tx.games.create(guild_id=1, channel_id=n, status="lobby", rules="classic", board="london",
                                      options={}, seed=7, host_id=100, reminder_hours=None, deadline_hours=None,
                                      tracker=False, now=1.0, family="london", language="en", nonce=nonce,
                                      key_commitment=committed)
        rows = [await store.reads.games.get(game_id) for game_id in await store.reads.games.ids()]
    finally:
        await store.close()
    assert [row.id for row in rows] == list(range(1, GAMES + 1))  # every database numbers its games from 1
    return rows


async def test_ten_thousand_games_in_ten_fresh_databases_have_ten_thousand_keys(tmp_path) -> None:
    rows = []
    for n in range(8):
        rows += await create_games(tmp_path / f"games-{n}.sqlite3")
    for _ in range(2):
        async with fresh_database() as url:
            rows += await create_games(url)
    keys = {key_of(row, SECRET) for row in rows}
    assert len(rows) == len(keys) == 10 * GAMES
    assert len({row.nonce for row in rows}) == len({row.key_commitment for row in rows}) == 10 * GAMES
    # each lobby's commitment is to its own key
    sample = rows[:: GAMES // 10]
    assert all(row.key_commitment == key_commitment(row.nonce, game_key(SECRET, row.nonce, V2)) for row in sample)
