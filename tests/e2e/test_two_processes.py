"""Two processes of one bot (shards 0 and 1 of 2) on one PostgreSQL database, end to end through the fake Discord.

The game's server lives on shard 1, so its channel's commands and buttons reach the second process only, while
Mr. X plays by DM, which Discord sends to shard 0 only. Each process has its own service (its own pool), its own
claimant name, and only shard 0's syncs the commands. Every public post, DM and round summary must appear exactly
once (one create per message nonce, a message for every announcement) and both processes must have done part of
the work. The last two tests run ``python -m bot run --shards N --shard-count 2`` twice and SIGKILL the process
holding a game's owed posts in the middle of posting them (or its computer's turn while the computer waits to move),
and watch the other do that work once the claim's lease ends, once. The bot processes of the tests are forks of one
process that has imported the bot (tests/e2e/bot_forks.py).
"""

from __future__ import annotations

import asyncio
import random
import re
import signal
import time
from collections import Counter
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import AsyncIterator

import asyncpg
import pytest_asyncio

from bot.ai.thinker import Thinker
from bot.chat.announcer import nonce
from bot.chat.client import ScotlandYardBot
from bot.chat.leases import Claimant
from bot.games.dice.engine.players import GreedyPlayer as DiceGreedy
from bot.games.london.engine import MRX, GameState, Move
from bot.games.london.engine.players import GreedyPlayer, view_for
from bot.service import GameService
from bot.service.claims import COMPUTERS, OUTBOX
from tests.fakediscord import FakeDiscord

from tests.e2e.bot_forks import Forked, bot_forks
from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Clock, Game, RecordingPictures, World, summary_title
from tests.e2e.test_process import bot_environment, stopped
from tests.e2e.test_postgres_games import database  # noqa: F401 (a fixture: a new database on the test server)
from tests.e2e.test_whole_games import finish_checks

SECRET = "e2e-secret"
#: Message creates (a post to a channel or a DM), as the fake records them
CREATE = re.compile(r"/channels/\d+/messages")


@pytest_asyncio.fixture
async def world(fake: FakeDiscord) -> World:
    return World(fake, shard=(1, 2))  # the channel's events reach shard 1's process, DMs shard 0's


# -- what the database and the fake say ----------------------------------------------------------------------


@asynccontextmanager
async def connected(url: str) -> AsyncIterator[asyncpg.Connection]:
    """A connection of the test's own to the database (the processes' rows and claims, read as they are now)."""
    conn = await asyncpg.connect(url)
    try:
        yield conn
    finally:
        await conn.close()


async def announcements(url: str, game_id: int) -> list[asyncpg.Record]:
    async with connected(url) as conn:
        return await conn.fetch("SELECT id, key, kind, posted_at, channel_id, message_id FROM announcements "
                                "WHERE game_id = $1 ORDER BY id", game_id)


def creates(fake: FakeDiscord) -> Counter:
    """How many times each message nonce was sent (every attempt, also those Discord answered with the first)."""
    return Counter((r.json or {}).get("nonce") for r in fake.requests
                   if r.method == "POST" and CREATE.fullmatch(r.path) and r.status and r.status < 300)


async def check_posted_once(fake: FakeDiscord, url: str, game_id: int, retried: frozenset[str] = frozenset()) -> int:
    """Every announcement of the game was posted, each as exactly one message (found by its nonce), and no
    process sent one twice (but those in ``retried``: sent again after their sender died); every post of the
    bot outside an interaction's answer belongs to an announcement. Returns how many round summaries went out."""
    rows = await announcements(url, game_id)
    assert rows and all(r["posted_at"] is not None for r in rows), [r["key"] for r in rows if r["posted_at"] is None]
    made = {n: m for (_, n), (m, _) in fake.nonces.items()}
    sent = creates(fake)
    assert None not in sent, "a post without a nonce"
    ours = {nonce(SimpleNamespace(game_id=game_id, key=r["key"])): r for r in rows}
    for n, times in sent.items():
        assert n in ours or not n.startswith("sy"), f"a post of no announcement: {n}"
        if n in ours:
            assert times == (2 if n in retried else 1), (ours[n]["key"], times)
    messages = {m.id: m for m in fake.messages}
    summaries = []
    for n, row in ours.items():
        if row["message_id"] in (None, 0):
            continue  # nothing was due any more (Mr. X moved before his prompt went out)
        message = messages[row["message_id"]]
        assert not message.deleted, row["key"]
        if n in made:
            assert made[n] is message, row["key"]  # one message for the nonce: the one the announcement names
        else:  # a turn post rewritten in place (dice): the message of an earlier announcement
            assert sent[n] == 0 and message in made.values(), row["key"]
        if row["kind"] == "round_summary":
            summaries.append(int(row["key"].split(":")[1]))
            assert summary_title(message), message.text
    assert sorted(summaries) == list(range(1, len(summaries) + 1)), summaries  # none missing, none twice
    shown = [m for m in fake.messages if m.kind in ("channel", "dm") and m.author is fake.bot_user
             and summary_title(m) and m.interaction is None]
    assert len(shown) == len(summaries), [summary_title(m) for m in shown]
    for message in fake.messages:
        if message.author is fake.bot_user and message.kind in ("channel", "dm") and message.interaction is None:
            assert message in made.values(), f"a post without its announcement: {message.text[:80]}"
    return len(summaries)


# -- two bot processes in one test process --------------------------------------------------------------------


class TwoProcesses:
    """A table played through two bots, shard 0's and shard 1's, each with its own service on one database; the
    test reads the game with a third service (its eyes). ``settle`` waits until neither bot has anything in hand
    and the database owes nothing: no post unposted, no claim held, no computer owing a move."""

    url: str

    def make_bot(self, shard: int) -> ScotlandYardBot:  # type: ignore[override]
        bot = ScotlandYardBot(self.services[shard], pictures=self.pictures, clock=self.clock, reminder_interval=None,
                              sync_commands=shard == 0, shard_ids=[shard], shard_count=2, heartbeat_every=None,
                              claimant=Claimant(f"process-{shard}"), poll_interval=None, thinker=Thinker(0),
                              computer_pause=0.0)
        post = bot.announcer.post

        async def counted(item):
            where = await post(item)
            self.posted[shard].append(item.key)
            return where

        bot.announcer.post = counted  # type: ignore[method-assign]
        think = bot.computers.thinker.decide

        async def thought(turn):
            self.thoughts[shard].append(turn.key)
            return await think(turn)

        bot.computers.thinker.decide = thought  # type: ignore[method-assign]

        async def on_interaction(interaction) -> None:
            self.handled[shard] += 1

        bot.add_listener(on_interaction, "on_interaction")
        return bot

    async def start_bot(self) -> None:
        if not hasattr(self, "services"):
            self.services = [await GameService.open(self.url, clock=self.clock, rng=random.Random(5 + n),
                                                    secret=SECRET) for n in (0, 1)]
            self.posted: dict[int, list[str]] = {0: [], 1: []}
            self.thoughts: dict[int, list[str]] = {0: [], 1: []}
            self.handled = {0: 0, 1: 0}
        self.bots = [self.make_bot(0), self.make_bot(1)]
        self.runners = [await self.fake.start_bot(bot) for bot in self.bots]  # shard 0 first: it syncs
        self.bot = self.bots[0]

    async def stop_bot(self) -> None:
        for runner in getattr(self, "runners", ()):
            await runner.stop()
        self.runners = []
        for service in getattr(self, "services", ()):
            await service.close()

    async def settle(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while not await self.quiet():
            assert loop.time() < deadline, "the bots never settled"
            await asyncio.sleep(0.01)

    async def quiet(self) -> bool:
        if any(bot.handling or bot.computers._tasks for bot in self.bots):
            return False
        eyes = self.service
        if await eyes.pending_announcements(self.game_id):
            return False
        if self.game_id is None:
            return True
        return (await eyes.claim_holder(OUTBOX, self.game_id) is None
                and await eyes.claim_holder(COMPUTERS, self.game_id) is None
                and self.game_id not in await eyes.games_owing_computers())


class ClassicPair(TwoProcesses, Game):
    pass


class DicePair(TwoProcesses, DiceGame):
    pass


async def _table(kind, fake, world, url: str) -> AsyncIterator:
    clock = Clock()
    eyes = await GameService.open(url, clock=clock, rng=random.Random(1), secret=SECRET)
    table = kind(fake, world, eyes, clock, RecordingPictures())
    table.url = url
    await table.start_bot()
    try:
        yield table
    finally:
        await table.stop_bot()
        await eyes.close()
    fake.assert_clean()


async def test_a_whole_classic_game_on_shard_1_with_mr_x_in_dms_on_shard_0(fake, world, database) -> None:
    async for game in _table(ClassicPair, fake, world, database):
        w = game.world
        assert fake.gateway.latest_session(w.guild.id).shard == [1, 2]
        assert fake.gateway.latest_session(None).shard == [0, 2]
        assert len(fake.command_overwrites) == 1  # shard 0's process synced the commands, shard 1's left them
        await game.open(seed=3, mrx=w.bob, detectives=(w.carol, w.dave))
        await game.start()
        # Shard 0's process, answering in DMs, knows the server on shard 1 by asking Discord.
        mine = await game.reply(w.bob, "games", channel="dm")
        assert f"#{game.game_id} · " in mine.text and "Baker Street" in mine.text, mine.text
        state = await game.play(mrx="random", detectives="greedy", ways=("menu", "dm"),
                                detective_ways=("command", "menu"))
        assert state.is_over
        await finish_checks(game, "The detectives win!" if state.outcome.winner == "detectives" else "Mr. X wins!")
        assert await game.service.check_game(game.game_id) == []
        rounds = await check_posted_once(fake, database, game.game_id)
        assert rounds >= state.round - 1 and fake.nonce_hits == 0
        # The channel's commands and buttons reached shard 1's process, Mr. X's DMs shard 0's; both posted.
        assert game.handled[0] >= game.turns and game.handled[1] >= game.detective_turns, game.handled
        assert game.posted[0] and game.posted[1], game.posted
        assert len(game.posted[0]) + len(game.posted[1]) == len({*game.posted[0], *game.posted[1]})


async def test_a_dice_game_with_a_computer_seat_across_two_processes(fake, world, database) -> None:
    async for dice in _table(DicePair, fake, world, database):
        w = dice.world
        await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol,))
        await dice.slash(w.alice, "sy-host addbot", {"role": "detective", "level": "normal"})
        await dice.start()
        mrx_player, detective_player = DiceGreedy(random.Random(7)), DiceGreedy(random.Random(8))
        for _ in range(400):
            state = await dice.truth()
            if state.is_over:
                break
            assert await dice.owner(state.to_move()[0]) is not None, "only the computer owes a move, yet it waits"
            await dice.step(mrx_player, detective_player)
            dice.check_dice_secrecy(await dice.truth())
        assert (await dice.truth()).is_over
        assert await dice.service.check_game(dice.game_id) == []
        await check_posted_once(fake, database, dice.game_id)
        assert fake.nonce_hits == 0
        async with connected(database) as conn:
            played = await conn.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1 AND user_id < 0",
                                         dice.game_id)
        thoughts = dice.thoughts[0] + dice.thoughts[1]
        # One decision per computer turn, by one process, and each stored once.
        assert played > 0 and len(thoughts) == len(set(thoughts)) == played, (played, dice.thoughts)
        assert dice.posted[0] and dice.posted[1], dice.posted


# -- two real processes, one killed mid-post -------------------------------------------------------------------

#: seconds a claim lasts in the processes (SY_CLAIM_LEASE): a dead process's posts wait this long
LEASE = 2.0


class Everything:
    """Every picture counts as public: the processes draw them, out of this test's sight (the tests above, with
    the bots in this process, check each picture's bytes); the text of each message is still checked."""

    def __contains__(self, item) -> bool:
        return True


class ProcessGame(Game):
    """A game played through ``python -m bot run`` processes: ``settle`` waits until the database owes nothing (no
    post unposted, no claim on the game's posts held)."""

    async def settle(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while await self.service.pending_announcements(self.game_id) or (
                self.game_id is not None and await self.service.claim_holder(OUTBOX, self.game_id)):
            assert loop.time() < deadline, "the processes never posted what the game owes"
            await asyncio.sleep(0.02)


async def _launch(fake: FakeDiscord, database: str, cwd: Path, shard: int | str, count: int = 2) -> Forked:
    """``python -m bot run --shards SHARD --shard-count COUNT`` on ``database``, with a short lease (LEASE): a fork
    of a process that has imported the bot (tests/e2e/bot_forks.py), which answers and ends as that command would."""
    env = bot_environment(fake, database, SY_SECRET=SECRET, SY_CLAIM_LEASE=str(LEASE))
    return await bot_forks().launch(["run", "--shards", str(shard), "--shard-count", str(count)], env, cwd)


async def _name(conn: asyncpg.Connection, process: Forked) -> str | None:
    """The process's name in the processes' rows (host, pid, a random part), once it holds its shards. The waits
    below ask on one connection: a new one for each look cost the server about 8 ms of CPU, 20 looks a second."""
    names = [r["name"] for r in await conn.fetch("SELECT name FROM processes WHERE gave_up IS NULL")
             if f":{process.pid}:" in r["name"]]
    return names[0] if names else None


async def _ready(url: str, process: Forked, fake: FakeDiscord | None = None,
                 shard: list[int] | None = None, since: float = 0.0, timeout: float = 45) -> str:
    """The process's name once it is ready: it holds its shards (its row is written) and, with ``fake``, a session
    on ``shard`` ([id, count]) opened since ``since`` (``time.monotonic``, when it was launched) is connected."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout  # a ceiling: a loaded machine starts Python slowly
    async with connected(url) as conn:
        while (name := await _name(conn, process)) is None or fake is not None and not any(
                s.connected and s.shard == shard and s.created >= since for s in fake.gateway.live_sessions()):
            assert process.returncode is None, (await process.stdout.read()).decode(errors="replace")
            assert loop.time() < deadline, "the process did not get ready"
            await asyncio.sleep(0.05)
    return name


class Processes:
    """The bot's processes of a test, by shard: started, killed (SIGKILL), and at the end stopped (SIGTERM), each
    stopped one's output then checked (a clean exit, no traceback)."""

    def __init__(self, fake: FakeDiscord, database: str, cwd: Path) -> None:
        self.fake, self.database, self.cwd = fake, database, cwd
        self.running: dict[int, Forked] = {}
        #: the output of each process, in the order they ended
        self.outputs: list[str] = []
        self.stopped: list[Forked] = []

    async def start(self, *shards: int) -> None:
        since = time.monotonic()
        for shard in shards:
            self.running[shard] = await _launch(self.fake, self.database, self.cwd, shard)
        for shard in shards:
            await _ready(self.database, self.running[shard], self.fake, [shard, 2], since)

    def pid(self, shard: int) -> int:
        return self.running[shard].pid

    async def kill(self, shard: int) -> None:
        process = self.running.pop(shard)
        process.kill()
        await process.wait()
        self.outputs.append((await process.stdout.read()).decode(errors="replace"))

    def pause(self, shard: int, paused: bool = True) -> None:
        self.running[shard].send_signal(signal.SIGSTOP if paused else signal.SIGCONT)

    async def stop(self) -> None:
        for process in self.running.values():
            if process.returncode is None:
                process.send_signal(signal.SIGCONT)
            self.outputs.append(await stopped(process))
            self.stopped.append(process)
        self.running = {}


@asynccontextmanager
async def _processes(kind, tmp_path: Path, database: str,
                     shards: tuple[int, ...] = (0, 1)) -> AsyncIterator[tuple[ProcessGame, Processes]]:
    """A game of ``kind`` (the test's eyes on the database) with the processes of ``shards`` (of 2) running."""
    async with FakeDiscord(token="process-token", point=False) as fake:
        eyes = await GameService.open(database, secret=SECRET)
        game = kind(fake, World(fake, shard=(1, 2)), eyes, Clock(), RecordingPictures())
        game.pictures.public = Everything()
        processes = Processes(fake, database, tmp_path)
        try:
            await processes.start(*shards)
            yield game, processes
            fake.assert_clean()
        finally:
            await processes.stop()
            await eyes.close()
            print(*processes.outputs, sep="\n---\n")  # shown when the test fails
        for process, output in zip(processes.stopped, processes.outputs[-len(processes.stopped):]):
            assert process.returncode == 0 and "Traceback" not in output, output


def _round_ending(state: GameState) -> Move | None:
    """From round 2 on, a move of the round's last detective that ends the round (and not the game), if one is due."""
    if state.round < 2 or state.is_over or state.to_move() == [MRX]:
        return None
    for move in state.legal_moves(state.to_move()[0]):
        after = GameState.from_snapshot(state.snapshot())
        after.apply(move)
        if not after.is_over and after.to_move() == [MRX]:
            return move
    return None


async def _expiry(url: str, game_id: int, work: str = OUTBOX) -> float:
    async with connected(url) as conn:
        return await conn.fetchval("SELECT expires_at FROM claims WHERE game_id = $1 AND work = $2", game_id, work)


async def test_a_process_killed_while_posting_leaves_its_posts_to_the_other_and_rejoins(tmp_path, database) -> None:
    async with _processes(ProcessGame, tmp_path, database) as (game, processes):
        fake, eyes, w = game.fake, game.service, game.world
        await game.open(seed=8, mrx=w.bob, detectives=(w.carol,))
        await game.start()
        # Play to a round's last detective move: the posts it owes end the round and call Mr. X to his DMs.
        state = await game.play(ways=("menu",), until=lambda s: _round_ending(s) is not None)
        move = _round_ending(state)

        # Shard 0's process is paused (a slow moment), so the process the move reaches, shard 1's, claims the
        # posts; Discord is slow to take its first post, and meanwhile the process is killed.
        processes.pause(0)
        hold = fake.hold_messages()
        handle = await fake.slash(await game.owner(move.pawn), w.channel, "sy", "move",
                                  {"to": move.to, "ticket": move.ticket, "pawn": move.pawn})
        assert await handle.wait_outcome(timeout=10) is None
        await fake.wait_until(lambda: hold.held, timeout=10)
        holder = await eyes.claim_holder(OUTBOX, game.game_id) or ""
        assert f":{processes.pid(1)}:" in holder, "shard 1's process holds the posts"
        expires = await _expiry(database, game.game_id)
        await processes.kill(1)
        hold.release()  # Discord had the post: it creates it, though nobody hears the answer
        (held,) = hold.held
        await fake.wait_until(lambda: any(n == held["nonce"] for _, n in fake.nonces), timeout=5)
        processes.pause(0, False)
        owed = {item.key for item in await eyes.pending_announcements(game.game_id)}
        assert owed, "the dead process's posts are owed"

        # Shard 0's process posts them once the claim has expired: the first with the same nonce, so Discord
        # returns the message the dead process's request created.
        await game.settle()
        assert fake.nonce_hits == 1
        await check_posted_once(fake, database, game.game_id, retried=frozenset({held["nonce"]}))
        rows = {r["key"]: r for r in await announcements(database, game.game_id)}
        assert all(rows[key]["posted_at"] >= expires for key in owed), "posted before the lease ended"
        after = await game.truth()
        assert after.round == state.round + 1 and after.to_move() == [MRX]
        game.check_secrecy(after)
        prompts = [r for r in rows.values() if r["kind"] == "mrx_prompt"]
        assert prompts[-1]["key"] in owed and game.prompt().id == prompts[-1]["message_id"]  # his call, by DM

        # Mr. X moves from his DMs: shard 0's process, the one left, takes it and posts the move.
        mrx = GreedyPlayer(random.Random(3)).choose(view_for(after, MRX), MRX)
        await game.mrx_moves(mrx, "menu")
        game.check_secrecy(await game.truth())

        # Shard 1's process starts again and takes the channel's moves where the game stands.
        await processes.start(1)
        before = await game.truth()
        state = await game.play(until=lambda s: len(s.history) > len(before.history) and s.to_move() == [MRX])
        assert len(state.history) > len(before.history)
        assert fake.nonce_hits == 1
        await check_posted_once(fake, database, game.game_id, retried=frozenset({held["nonce"]}))


class ComputerProcessGame(ProcessGame):
    """Also waits until no computer owes a move: none is free to move and no process holds a computer's turn."""

    async def settle(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while True:
            await super().settle()
            if self.game_id is None or await self._no_computer_owes():
                return
            assert loop.time() < deadline, "the computer never moved"
            await asyncio.sleep(0.02)

    async def _no_computer_owes(self) -> bool:
        """Read between two looks at the computers' claim: a dead process's claim that ends between the reads would
        otherwise hide the turn from both (still held at the first, gone at the second)."""
        eyes = self.service
        return (await eyes.claim_holder(COMPUTERS, self.game_id) is None
                and self.game_id not in await eyes.games_owing_computers()
                and await eyes.claim_holder(COMPUTERS, self.game_id) is None)

    async def people(self) -> set[str]:
        return {pawn for p in await self.service.players(self.game_id) if p.user_id > 0 for pawn in p.pawns}


def _hands_to(state: GameState, theirs: set[str]) -> Move | None:
    """A detective's move after which one of ``theirs`` pawns is to move (the game going on), if one is due."""
    if state.is_over or state.to_move() == [MRX] or state.to_move()[0] in theirs:
        return None
    for move in state.legal_moves(state.to_move()[0]):
        after = GameState.from_snapshot(state.snapshot())
        after.apply(move)
        if not after.is_over and after.to_move()[0] in theirs:
            return move
    return None


async def test_a_process_killed_while_its_computer_thinks_leaves_the_turn_to_the_other(tmp_path, database) -> None:
    async with _processes(ComputerProcessGame, tmp_path, database) as (game, processes):
        fake, eyes, w = game.fake, game.service, game.world
        await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
        await game.slash(w.alice, "sy-host addbot", {"role": "detective", "level": "easy"})
        await game.start()
        people = await game.people()
        computer = {p for p in (await game.truth()).positions if p not in people}
        assert computer, "a computer seat"
        players = GreedyPlayer(random.Random(4))
        for _ in range(60):  # people play until a detective's move hands the turn to the computer
            state = await game.truth()
            move = _hands_to(state, computer)
            if move is not None:
                break
            pawn = state.to_move()[0]
            action = players.choose(view_for(state, pawn), pawn)
            await (game.mrx_moves(action, "menu") if pawn == MRX else game.detective_moves(action))
        assert move is not None

        # Shard 0's process paused, the move reaches shard 1's, which posts it and then claims the computer's
        # turn; it is killed while the computer waits out its pause before moving.
        processes.pause(0)
        handle = await fake.slash(await game.owner(move.pawn), w.channel, "sy", "move",
                                  {"to": move.to, "ticket": move.ticket, "pawn": move.pawn})
        assert await handle.wait_outcome(timeout=10) is None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while f":{processes.pid(1)}:" not in (await eyes.claim_holder(COMPUTERS, game.game_id) or ""):
            assert loop.time() < deadline, "shard 1's process never took the computer's turn"
            await asyncio.sleep(0.01)
        expires = await _expiry(database, game.game_id, COMPUTERS)
        await processes.kill(1)
        handed = await game.truth()
        assert handed.to_move()[0] in computer  # the computer did not move before the kill
        processes.pause(0, False)

        # Shard 0's process plays the turn once the claim has expired, and posts it.
        await game.settle()
        after = await game.truth()
        assert len(after.history) > len(handed.history)
        async with connected(database) as conn:
            played, last = await conn.fetchrow("SELECT COUNT(*), MAX(at) FROM actions WHERE game_id = $1 AND "
                                               "user_id < 0", game.game_id)
        assert played == sum(1 for entry in after.history if entry["pawn"] in computer) > 0  # each turn once
        assert last >= expires, "the computer moved before the dead process's claim ended"
        assert fake.nonce_hits == 0
        await check_posted_once(fake, database, game.game_id)
        game.check_secrecy(after)


# -- one process per shard, whatever Discord accepts --------------------------------------------------------------


async def _refused(process: Forked, timeout: float = 45) -> str:
    """The output of a process that must end by itself with exit code 2 (a refusal in one line)."""
    await asyncio.wait_for(process.wait(), timeout)
    output = (await process.stdout.read()).decode(errors="replace")
    assert process.returncode == 2 and "Traceback" not in output, output
    return output


def _error_line(output: str) -> str:
    errors = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, output
    return errors[0]


async def test_a_second_process_on_a_held_shard_or_with_another_shard_count_does_not_start(tmp_path,
                                                                                          database) -> None:
    """Discord accepts a second session on a shard and other shard counts beside it (so does the fake): the
    processes' book refuses them, before they connect, each in one line naming the process that runs."""
    async with _processes(ProcessGame, tmp_path, database, shards=(1,)) as (game, processes):
        fake = game.fake
        async with connected(database) as conn:
            running = await _name(conn, processes.running[1])
        identified = len(fake.gateway.identifies)
        twin, resharded = await asyncio.gather(_launch(fake, database, tmp_path, 1),
                                               _launch(fake, database, tmp_path, "0-2", count=3))
        twin_said, resharded_said = _error_line(await _refused(twin)), _error_line(await _refused(resharded))
        assert twin_said == (f"error: this process (shards 1 of 2) does not start: process {running} holds shard 1 of "
                             "2 already: give every shard to exactly one process (that process is running: it renewed "
                             "its hold while this one waited)")
        assert resharded_said.startswith(f"error: this process (shards 0-2 of 3) does not start: process {running} "
                                         "runs shards 1 of 2: every process of the bot must run the same "
                                         "SY_SHARD_COUNT"), resharded_said
        assert len(fake.gateway.identifies) == identified  # neither reached the gateway
        # The running process still holds its shard, alone.
        assert [row.name for row, gone in await process_report_of(database) if not gone] == [running]
        assert len([s for s in fake.gateway.live_sessions() if s.connected]) == 1


async def test_of_processes_starting_at_once_on_one_shard_exactly_one_runs(tmp_path, database) -> None:
    async with FakeDiscord(token="process-token", point=False) as fake:
        World(fake, shard=(1, 2))
        started = await asyncio.gather(*(_launch(fake, database, tmp_path, 1) for _ in range(3)))
        try:
            outcomes = await asyncio.gather(*(_running_or_refused(database, p) for p in started))
            (winner,) = [o for o in outcomes if not o.startswith("error: ")]
            assert all(f"process {winner} holds shard 1 of 2 already" in o for o in outcomes if o != winner), outcomes
            assert len([s for s in fake.gateway.identifies if s["shard"] == [1, 2]]) == 1
        finally:
            outputs = [await stopped(p) for p in started]
            print(*outputs, sep="\n---\n")


async def _running_or_refused(url: str, process: Forked) -> str:
    """The process's name once it runs, or its one line of refusal once it ended."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 45
    async with connected(url) as conn:
        while True:
            if process.returncode is not None:
                return _error_line(await _refused(process))
            name = await _name(conn, process)
            if name is not None:
                return name
            assert loop.time() < deadline, "the process neither ran nor ended"
            await asyncio.sleep(0.05)


async def process_report_of(url: str) -> list:
    from bot.service.processes import process_report

    eyes = await GameService.open(url, secret=SECRET)
    try:
        return (await process_report(eyes.database, time.time)).processes
    finally:
        await eyes.close()


async def test_a_process_that_finds_another_on_its_shard_gives_it_up_and_says_so(tmp_path, database) -> None:
    """Shard 1's process is frozen past its lease (SIGSTOP: a stalled machine); a new process on shard 1 waits out
    the lease and runs. The frozen one, woken, finds it at its next renewal: it gives the shard up, closes its
    session, says so in its log and in the owner's status, and ends."""
    async with _processes(ProcessGame, tmp_path, database) as (game, processes):
        fake, w = game.fake, game.world
        fake.add_member(w.guild, fake.owner)
        async with connected(database) as conn:
            frozen = await _name(conn, processes.running[1])
        frozen_process = processes.running.pop(1)
        frozen_process.send_signal(signal.SIGSTOP)
        since = time.monotonic()
        taker = await _launch(fake, database, tmp_path, 1)
        try:
            taker_name = await _ready(database, taker, fake, [1, 2], since)
            frozen_process.send_signal(signal.SIGCONT)
            output = await _refused(frozen_process, timeout=20)
            said = _error_line(output)
            assert said.startswith(f"error: process {taker_name} holds shards 1 of 2, which clash with this process's "
                                   "1 of 2"), said
            assert f"ERROR [shards 1/2] bot.chat.status: {said[len('error: '):]}" in output, output
            assert sorted(s.shard for s in fake.gateway.live_sessions() if s.connected) == [[0, 2], [1, 2]]
            handle = await fake.slash(fake.owner, w.channel, "sy", "status", {"processes": True})
            answer = await handle.wait_reply(timeout=10)
            lines = answer.text.splitlines()
            assert any(line.startswith(f"• {frozen}: shards 1 of 2, gave its shards up ") and
                       line.endswith(f": {taker_name} held them too") for line in lines), lines
            assert any(line.startswith(f"• {taker_name} (this one): shards 1 of 2") for line in lines), lines
            # It still plays: a game opens on the channel.
            await game.open(seed=3, mrx=w.bob)
            assert game.game_id is not None
        finally:
            print(await stopped(taker))
