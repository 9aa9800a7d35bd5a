"""Whole games through the real bot and the fake Discord with the games kept on PostgreSQL (``SY_DATABASE`` a
``postgresql://`` URL, on the test server of tests/store/postgres_server.py): a classic game to its end, a dice
game with a computer detective, a server that goes away in the middle of a game, and ``python -m bot`` itself."""

from __future__ import annotations

import asyncio
import random
import sys
from typing import AsyncIterator

import asyncpg
import pytest_asyncio

from bot.games import computer_kind
from bot.games.dice.engine.players import GreedyPlayer
from bot.service import GameService
from bot.store.postgres import PostgresStore
from tests.fakediscord import FakeDiscord

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Clock, Game, seeded_dealing
from tests.e2e.test_computers import computers_done, seat_computers
from tests.e2e.test_process import bot_environment, stopped
from tests.e2e.test_whole_games import finish_checks
from tests.store.postgres_server import fresh_database, server



@pytest_asyncio.fixture
async def database() -> AsyncIterator[str]:
    """A new database on the test server, emptied again for a later test afterwards (dropped if its schema changed):
    made from the template and dropped, each cost the server about 0.1 s of CPU."""
    async with fresh_database() as url:
        yield url


@pytest_asyncio.fixture
async def service(database: str, clock: Clock, monkeypatch) -> AsyncIterator[GameService]:
    """The bot's service as the runner opens it: the database from ``SY_DATABASE`` (overrides conftest's SQLite
    file, so the ``game`` and ``dice`` tables of tests/e2e/conftest.py play on PostgreSQL), dealing as they do there
    (:func:`~tests.e2e.helpers.seeded_dealing`)."""
    monkeypatch.setenv("SY_DATABASE", database)
    opened = await GameService.open(clock=clock, **seeded_dealing())
    assert isinstance(opened.database, PostgresStore)
    yield opened
    await opened.close()


async def stored_on_the_server(url: str, game_id: int) -> tuple[str, int]:
    """(status, announcements still owed) of the game, read on the server past the bot."""
    conn = await asyncpg.connect(url)
    try:
        return (await conn.fetchval("SELECT status FROM games WHERE id = $1", game_id),
                await conn.fetchval("SELECT COUNT(*) FROM announcements WHERE game_id = $1 AND posted_at IS NULL",
                                    game_id))
    finally:
        await conn.close()


async def test_a_whole_classic_game_kept_on_postgresql(game: Game, database: str) -> None:
    w = game.world
    await game.open(seed=3, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.play(mrx="random", detectives="greedy")
    # the seeded deal and players end with Mr. X left without a move (the detectives win)
    assert state.outcome.winner == "detectives" and state.outcome.reason == "mrx_stuck"
    await finish_checks(game, "The detectives win!")
    assert await game.service.check_game(game.game_id) == []
    assert await stored_on_the_server(database, game.game_id) == ("finished", 0)


async def test_a_dice_game_with_a_computer_detective_kept_on_postgresql(dice: DiceGame, database: str) -> None:
    w = dice.world
    await seat_computers(dice)
    await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol,))
    await dice.slash(w.alice, "sy-host addbot", {"role": "detective", "level": "normal"})
    players = await dice.service.players(dice.game_id)
    assert sorted(computer_kind(p.user_id) or "person" for p in players) == ["normal", "person", "person", "person"]
    await dice.start()
    mrx_player, detective_player = GreedyPlayer(random.Random(7)), GreedyPlayer(random.Random(8))
    for _ in range(400):
        await computers_done(dice)
        state = await dice.truth()
        if state.is_over:
            break
        assert await dice.owner(state.to_move()[0]) is not None, "only the computer owes a move, yet it did not move"
        await dice.step(mrx_player, detective_player)
        dice.check_dice_secrecy(await dice.truth())
    state = await dice.truth()
    assert state.is_over
    texts = [m.text for m in dice.fake.channel_messages(w.channel)]
    assert any("🤖 Computer (normal)" in t for t in texts)
    assert not any("<@-" in t for t in texts)
    assert await dice.service.check_game(dice.game_id) == []
    assert await stored_on_the_server(database, dice.game_id) == ("finished", 0)
    conn = await asyncpg.connect(database)
    try:  # the computer's own moves (a negative user id) are in the server's action list
        assert await conn.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1 AND user_id < 0", dice.game_id)
    finally:
        await conn.close()


async def test_a_server_that_goes_away_mid_game_costs_no_confirmed_move(game: Game, database: str) -> None:
    """While the server is down a move is refused with a plain sentence and changes nothing; once it is back
    the same move is played, and the game goes on to its end with every move kept."""
    from bot.chat import words
    from bot.games.london.engine import MRX
    from bot.games.london.engine.players import GreedyPlayer, view_for

    w = game.world
    await game.open(seed=8, mrx=w.dave, detectives=(w.bob, w.carol))
    await game.start()
    before = await game.play(until=lambda s: s.round >= 2 and s.to_move()[0] != MRX)
    pawn = next(p for p in before.to_move() if before.legal_moves(p))
    move = GreedyPlayer(random.Random(1)).choose(view_for(before, pawn), pawn)
    user = await game.owner(pawn)
    ride = {"to": move.to, "ticket": move.ticket, "pawn": move.pawn}
    await asyncio.to_thread(server().halt)
    try:  # (not game.reply: its settling reads the outbox, which is down too)
        handle = await game.fake.slash(user, w.channel, "sy", "move", ride)
        refused = await handle.wait_reply(timeout=10)
    finally:
        await asyncio.to_thread(server().resume)
    assert refused.kind == "ephemeral" and refused.text == words.DATABASE_GONE
    assert (await game.truth()).snapshot() == before.snapshot()  # nothing changed
    handle = await game.slash(user, "move", ride)
    assert handle.answers == [] or all(a.kind != "ephemeral" or not a.text.startswith("⛔") for a in handle.answers)
    after = await game.truth()
    assert after.history[:len(before.history)] == before.history and after.positions[pawn] == move.to
    assert len(after.history) == len(before.history) + 1
    state = await game.play()
    assert state.is_over and await game.service.check_game(game.game_id) == []
    assert await stored_on_the_server(database, game.game_id) == ("finished", 0)


async def test_python_dash_m_bot_on_postgresql_logs_the_server_without_its_password(tmp_path, database) -> None:
    url = database.replace("postgres@", "postgres:hunter2@") + "&password=hunter2"  # trusted socket: any will do
    async with FakeDiscord(token="process-token", point=False) as fake:
        guild = fake.add_guild("Baker Street")
        channel = fake.add_channel(guild, "game")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=bot_environment(fake, url),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        try:
            await fake.wait_for_ready(timeout=45)
            await fake.wait_until(lambda: fake.command_syncs, timeout=10)
            await asyncio.sleep(0.3)
            handle = await fake.slash(alice, channel, "sy", "new", {"rules": "classic"})
            lobby = await handle.wait_reply(timeout=10)
            assert lobby.kind == "channel" and "new game" in lobby.text
        finally:
            output = await stopped(process)
        assert process.returncode == 0, output
        assert "Traceback" not in output, output
        fake.assert_clean()
    assert "hunter2" not in output, output
    assert f"database {database.replace('postgres@', 'postgres:***@')}&password=***" in output, output
    assert not list(tmp_path.glob("**/*.sqlite3"))  # nothing went to a file
    conn = await asyncpg.connect(database)
    try:
        assert await conn.fetchval("SELECT COUNT(*) FROM games WHERE status = 'lobby'") == 1
    finally:
        await conn.close()
