"""Owed posts are claimed: of several processes flushing at once, each message is posted by one, each game's in
order, and the claims of a process that died pass to another once their lease has ended."""

from __future__ import annotations

import asyncio
import random

from bot.chat.announcer import Announcer
from bot.chat.leases import Claimant
from bot.service.claims import OUTBOX

from tests.service.helpers import play_turn, started

LEASE = 30.0


class RecordingAnnouncer(Announcer):
    """The real flushing (claims, order, marks), with a post that only records what went out."""

    def __init__(self, service, name: str, posts: list, fail_game: int | None = None) -> None:
        super().__init__(service, pictures=None, client=None, claimant=Claimant(name, LEASE))
        self.posts = posts
        self.fail_game = fail_game

    async def post(self, item):
        await asyncio.sleep(0.001)  # a post takes a while: the other process runs meanwhile
        if item.game_id == self.fail_game:
            raise RuntimeError("Discord said no")
        self.posts.append((self.claimant.name, item.game_id, item.id))
        return 1, 1000 + item.id


async def games_with_moves(service, games: int = 3, moves: int = 6) -> list[int]:
    ids = []
    for n in range(games):
        start = await started(service, channel=10 + n, seed=5 + n)
        ids.append(start.game.id)
    rng = random.Random(3)
    for _ in range(moves):
        for game_id in ids:
            await play_turn(service, game_id, rng)
    return ids


def assert_once_and_in_order(posts, owed) -> None:
    ids = [item_id for _, _, item_id in posts]
    assert sorted(ids) == sorted(item.id for item in owed)  # each exactly once
    for game_id in {item.game_id for item in owed}:
        of_game = [item_id for _, g, item_id in posts if g == game_id]
        assert of_game == sorted(of_game), f"game {game_id} out of order"


async def test_two_processes_flushing_at_once_post_each_message_once_and_each_games_in_order(two_processes):
    one, two = two_processes
    game_ids = await games_with_moves(one)
    owed = await one.pending_announcements()
    posts: list = []
    first, second = RecordingAnnouncer(one, "one", posts), RecordingAnnouncer(two, "two", posts)
    await asyncio.gather(first.flush(), second.flush(), *(a.flush(g) for g in game_ids for a in (first, second)))
    assert_once_and_in_order(posts, owed)
    assert await one.pending_announcements() == []
    assert all([await one.claim_holder(OUTBOX, g) for g in game_ids]) is False  # all released


async def test_moves_in_both_processes_while_both_flush_post_each_message_once(two_processes):
    one, two = two_processes
    game_ids = await games_with_moves(one, moves=1)
    posts: list = []
    first, second = RecordingAnnouncer(one, "one", posts), RecordingAnnouncer(two, "two", posts)
    rng = random.Random(4)
    for n in range(8):
        game_id = game_ids[n % len(game_ids)]
        mover = (one, two)[n % 2]
        await play_turn(mover, game_id, rng)
        # both processes hear of the change: the mover after its command, the other by its listener, a moment later
        flushers = (first, second) if mover is one else (second, first)
        await asyncio.gather(*(announcer.flush(game_id) for announcer in flushers))
    await asyncio.gather(first.flush(), second.flush())
    owed_ever = await one.database.all("SELECT id, game_id FROM announcements")
    assert sorted(i for _, _, i in posts) == sorted(row["id"] for row in owed_ever)
    for game_id in game_ids:
        of_game = [i for _, g, i in posts if g == game_id]
        assert of_game == sorted(of_game)
    if one is not two:  # two processes really shared the work
        assert {name for name, _, _ in posts} == {"one", "two"}


async def test_a_dead_processes_claim_is_posted_by_another_once_its_lease_has_ended(two_processes, clock):
    one, two = two_processes
    (game_id,) = await games_with_moves(one, games=1, moves=2)
    owed = await one.pending_announcements()
    claimed = await one.claim_posts("dead", LEASE)  # then the process is killed: no post, no release
    assert [item.id for item in claimed] == [item.id for item in owed]
    posts: list = []
    survivor = RecordingAnnouncer(two, "survivor", posts)
    assert await survivor.flush() == 0 and await survivor.flush(game_id) == 0
    clock.now += LEASE - 1
    assert await survivor.flush() == 0
    clock.now += 1
    assert await survivor.flush() == len(owed)
    assert await survivor.flush() == 0
    assert_once_and_in_order(posts, owed)
    assert {name for name, _, _ in posts} == {"survivor"}


async def test_a_later_message_waits_while_an_earlier_one_of_its_game_is_claimed_elsewhere(two_processes, clock):
    one, two = two_processes
    (game_id,) = await games_with_moves(one, games=1, moves=1)
    await one.claim_posts("elsewhere", LEASE)
    await play_turn(two, game_id, random.Random(9))  # owes one more message of the claimed game
    posts: list = []
    assert await RecordingAnnouncer(two, "here", posts).flush(game_id) == 0 and posts == []
    assert await one.claim_holder(OUTBOX, game_id) == "elsewhere"


async def test_a_game_whose_post_fails_is_released_and_the_other_games_are_posted(two_processes):
    one, two = two_processes
    bad, good = await games_with_moves(one, games=2, moves=1)
    posts: list = []
    announcer = RecordingAnnouncer(two, "two", posts, fail_game=bad)
    await announcer.flush()
    assert {g for _, g, _ in posts} == {good}
    assert [a.game_id for a in await one.pending_announcements()] and \
        {a.game_id for a in await one.pending_announcements()} == {bad}
    assert await one.claim_holder(OUTBOX, bad) is None  # left for the next try, here or elsewhere
    announcer.fail_game = None
    await RecordingAnnouncer(one, "one", posts).flush()
    assert await one.pending_announcements() == []
