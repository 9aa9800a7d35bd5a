"""Ratings from finished games (docs/ratings.md), on both backends: the stored ratings are OpenSkill's own
computation of the games, a cancelled game never counts, and they can be computed again at any time."""

from __future__ import annotations

import asyncio
import random

import pytest
from openskill.models import PlackettLuce

from bot.ratings import COMPUTERS, FIXED_SIGMA, VERSION
from bot.service import GameService

from tests.service.helpers import CHANNEL, GUILD, HOST, SECRET, new_key, play_out, started

A, B, C, D = HOST, HOST + 1, HOST + 2, HOST + 3


class Expected:
    """The test's own OpenSkill computation: teams written out by hand for each game, rated with PlackettLuce as
    OpenSkill's documentation does, ladder by ladder."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[tuple, object] = {}
        #: the changes stored: one per person, ladder and server
        self.changes = 0

    def get(self, key):
        if key not in self.ratings:
            self.ratings[key] = self.model.rating()
        return self.ratings[key]

    def game(self, guild: int, winners: list, losers: list, quitters: list = ()) -> None:
        """Each side a list of (person or ("computer", kind, role)), Mr. X's side first among its own; ``table``
        members are added to Mr. X's team as docs/ratings.md says."""
        for scope in (guild, 0):
            for by_role in (False, True):
                self._rate(scope, by_role, [list(winners), list(losers)] + ([list(quitters)] if quitters else []))

    def _rate(self, scope, by_role, teams):
        def key(member):
            person, role = member
            return (scope, role if by_role else "all", person)

        def rating(member):
            person, role = member
            if isinstance(person, str):  # a computer: fixed
                return self.model.rating(COMPUTERS[(person, role)], FIXED_SIGMA)
            return self.get(key(member))

        rated = [[rating(m) for m in team] for team in teams]
        hunters = [rating(m) for team in teams[:2] for m in team if m[1] == "detective"]
        if len(hunters) > 1:
            table = sum(r.mu for r in hunters) / len(hunters) * (len(hunters) - 1)
            for members, team in zip(teams, rated):
                if any(role == "mrx" for _, role in members):
                    team.append(self.model.rating(table, FIXED_SIGMA))
        after = self.model.rate(rated, ranks=list(range(1, len(teams) + 1)))
        for members, new in zip(teams, after):
            for member, rating_ in zip(members, new):
                if not isinstance(member[0], str):
                    self.ratings[key(member)] = rating_
                    self.changes += 1


async def stored(service: GameService) -> dict[tuple, tuple[float, float]]:
    rows = await service.database.all("SELECT guild_id, ladder, user_id, mu, sigma FROM ratings")
    return {(r["guild_id"], r["ladder"], r["user_id"]): (r["mu"], r["sigma"]) for r in rows}


async def series(service: GameService) -> Expected:
    """Games with every kind of ending the ratings distinguish; the test's own computation beside them."""
    expected = Expected()
    # 1: Mr. X (B) resigns against two detective players: the detectives win, Mr. X's team gets the table
    game = await started(service, people=3, mrx=B, channel=1)
    await service.resign(game.game.id, B)
    expected.game(GUILD, [(A, "detective"), (C, "detective")], [(B, "mrx")])
    # 2: two people, one detective player with every detective: no table
    game = await started(service, people=2, mrx=A, channel=2)
    await service.resign(game.game.id, B)
    expected.game(GUILD, [(A, "mrx")], [(B, "detective")])
    # 3: a detective (C) resigns, then Mr. X (D) resigns: C lost to everyone, A and B won
    game = await started(service, people=4, mrx=D, channel=3)
    await service.resign(game.game.id, C)
    await service.resign(game.game.id, D)
    expected.game(GUILD, [(A, "detective"), (B, "detective")], [(D, "mrx")], [(C, "detective")])
    # 4: a game played to its end by built-in players in another server
    game = await started(service, people=3, mrx=C, channel=4, guild=2, seed=11)
    await play_out(service, game.game.id, random.Random(3), greedy=True)
    over = await service.get_game(game.game.id)
    x_won = over.outcome.winner == "mrx"
    hunters = [(A, "detective"), (B, "detective")]
    expected.game(2, [(C, "mrx")] if x_won else hunters, hunters if x_won else [(C, "mrx")])
    # 5: a hard computer detective beside a person, against Mr. X (A), who resigns
    await service.create_game(GUILD, 5, A, "Host", seed=3)
    await service.join(5, A, "Host", "mrx")
    await service.join(5, D, "Player", "detective")
    await service.add_computer(5, A, "detective", "hard")
    game = await service.start(5, A, key=new_key())
    await service.resign(game.game.id, A)
    expected.game(GUILD, [(D, "detective"), ("hard", "detective")], [(A, "mrx")])
    # 6: cancelled while running: never counts
    await started(service, people=3, mrx=A, channel=6)
    await service.cancel(6, HOST)
    return expected


async def test_the_ratings_after_a_series_of_games_are_openskills_own_computation(service):
    expected = await series(service)
    got = await stored(service)
    want = {key: (r.mu, r.sigma) for key, r in expected.ratings.items()}
    assert set(got) == set(want)
    for key, (mu, sigma) in want.items():
        assert got[key] == pytest.approx((mu, sigma), abs=1e-9), key
    # the computer got no rating of its own, and the cancelled game (channel 6) changed nothing
    assert all(user > 0 for _, _, user in got)
    assert (await service.database.one("SELECT COUNT(*) AS n FROM rated_games"))["n"] == 5


async def test_computing_again_from_nothing_gives_the_same_ratings_and_history(service):
    await series(service)
    before = await stored(service)
    history = await service.ratings_of(GUILD, A)
    run = await service.rate_games(recompute=True)
    assert (run.rated, run.recomputed, run.total) == (5, True, 5)
    after = await stored(service)
    assert after.keys() == before.keys()
    for key in before:
        assert after[key] == pytest.approx(before[key], abs=1e-9)
    assert await service.ratings_of(GUILD, A) == history
    nothing = await service.rate_games()
    assert (nothing.rated, nothing.recomputed) == (0, False)


async def test_a_person_sees_their_ratings_per_role_and_their_history(service):
    await series(service)
    mine = await service.ratings_of(GUILD, A)
    assert set(mine.here) == {"all", "mrx", "detective"}
    assert mine.here["all"].games == 4 and mine.here["all"].wins == 3  # games 1, 2, 3, 5 (5: resigned as Mr. X)
    assert mine.here["mrx"].games == 2 and mine.here["detective"].games == 2
    assert mine.everywhere["all"].games == 5  # and game 4, in the other server
    assert [(s.game_id, s.role, s.won) for s in mine.history] == [(5, "mrx", False), (3, "detective", True),
                                                                    (2, "mrx", True), (1, "detective", True)]
    assert mine.history[0].after.mu < mine.history[0].before.mu == mine.history[1].after.mu  # a lost game, after a won one
    assert all(r.provisional for r in mine.here.values())
    nobody = await service.ratings_of(GUILD, 999)
    assert (nobody.here, nobody.everywhere, nobody.history) == ({}, {}, ())


async def test_the_leaderboard_is_sorted_by_the_sure_end_of_each_range(service):
    await series(service)
    board = await service.rating_board(GUILD)
    assert {p.user_id for p in board} == {A, B, C, D}
    lows = [p.rating.mu - 2 * p.rating.sigma for p in board]
    assert lows == sorted(lows, reverse=True)
    assert {p.user_id for p in await service.rating_board(GUILD, "mrx")} == {A, B, D}
    assert await service.rating_board(GUILD, limit=2) == board[:2]
    assert {p.user_id for p in await service.rating_board(0)} == {A, B, C, D}


async def test_games_finished_before_the_ratings_existed_are_rated_at_the_start_once(database, clock):
    """The ratings of a database that had finished games before them (or computed by another version) are computed
    at the bot's start; several processes starting at once rate each game once."""
    first = await GameService.open(database, clock=clock, rng=random.Random(1), secret=SECRET)
    try:
        expected = await series(first)
        async with first.database.transaction() as tx:
            for table in ("rating_changes", "ratings", "rated_games"):
                await tx.sql.execute(f"DELETE FROM {table}")
            await tx.sql.execute("UPDATE rating_runs SET version = 'older'")
    finally:
        await first.close()
    services = [await GameService.open(database, clock=clock, rng=random.Random(1), secret=SECRET) for _ in range(3)]
    try:
        runs = await asyncio.gather(*(s.rate_games() for s in services))
        assert sorted(r.rated for r in runs) == [0, 0, 5]
        got = await stored(services[0])
        assert got.keys() == {key for key in expected.ratings}
        for key, r in expected.ratings.items():
            assert got[key] == pytest.approx((r.mu, r.sigma), abs=1e-9)
        assert (await services[0].database.one("SELECT version FROM rating_runs"))["version"] == VERSION
        assert (await services[0].database.one("SELECT COUNT(*) AS n FROM rating_changes"))["n"] == expected.changes
    finally:
        for s in services:
            await s.close()


async def test_a_game_ending_after_the_ratings_were_computed_otherwise_rates_every_game_again(service):
    await series(service)
    before = await stored(service)
    async with service.database.transaction() as tx:
        await tx.sql.execute("UPDATE ratings SET mu = 0")
        await tx.sql.execute("UPDATE rating_runs SET version = 'older'")
    game = await started(service, people=2, mrx=A, channel=CHANNEL)
    await service.resign(game.game.id, B)
    after = await stored(service)
    assert all(after[key] != (0, sigma) for key, (_, sigma) in before.items())
    assert (await service.database.one("SELECT COUNT(*) AS n FROM rated_games"))["n"] == 6


async def test_a_rematchs_games_count_like_any_other_and_a_cancelled_rematch_never(service):
    start = await started(service, people=3, mrx=A)
    await service.resign(start.game.id, A)  # game 1: the detectives win
    second = (await service.rematch(start.game.id, B)).game.id
    await service.start(CHANNEL, B, key=new_key())
    await service.resign(second, B)  # the rematch: B was Mr. X (passed round the table), the detectives win
    after_two = {user: (await service.ratings_of(GUILD, user)).here["all"] for user in (A, B, C)}
    assert {user: (r.games, r.wins) for user, r in after_two.items()} == {A: (2, 1), B: (2, 1), C: (2, 2)}
    assert [s.game_id for s in (await service.ratings_of(GUILD, B)).history] == [second, start.game.id]
    third = (await service.rematch(second, C)).game.id
    await service.start(CHANNEL, C, key=new_key())
    await service.cancel(CHANNEL, C)  # the third game is cancelled: it never counts
    assert (await service.get_game(third)).status == "cancelled"
    assert {user: (await service.ratings_of(GUILD, user)).here["all"] for user in (A, B, C)} == after_two
    await service.rate_games(recompute=True)  # from nothing: the same two games, the cancelled one left out
    assert {user: (await service.ratings_of(GUILD, user)).here["all"] for user in (A, B, C)} == after_two
