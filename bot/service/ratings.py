"""Ratings (``docs/ratings.md``): each person's OpenSkill rating per server and over every server, overall and
per role, the leaderboard, a person's history, and rating the finished games again from nothing."""

from __future__ import annotations

from dataclasses import dataclass

from bot.ratings import ALL, EVERYWHERE, LADDERS, Rating

from .core import ServiceCore
from .rating_runs import RatingRun, rate_new

#: the changes a person's history shows at most
HISTORY = 10


@dataclass(frozen=True)
class RatedPlayer:
    user_id: int
    rating: Rating


@dataclass(frozen=True)
class RatingStep:
    """One game's change to a rating."""

    game_id: int
    role: str
    won: bool
    before: Rating
    after: Rating


@dataclass(frozen=True)
class PersonRatings:
    """A person's ratings in a server and over every server (ladder -> rating, for the ladders they have played),
    and the latest changes to their server rating, the latest first."""

    user_id: int
    here: dict[str, Rating]
    everywhere: dict[str, Rating]
    history: tuple[RatingStep, ...]


def _rating(row) -> Rating:
    return Rating(row.mu, row.sigma, row.games, row.wins)


class Ratings(ServiceCore):
    async def rate_games(self, *, recompute: bool = False) -> RatingRun:
        """Rate the finished games not rated yet; with ``recompute``, every finished game again from nothing. The
        bot runs this at its start (the ratings are then computed from nothing when they are empty, or were
        computed otherwise); processes starting at once take turns, and the later ones find nothing left."""
        async with self._store.transaction() as tx:
            return await rate_new(tx, self._clock(), recompute=recompute)

    async def rating_board(self, guild_id: int, ladder: str = ALL, limit: int = 10) -> list[RatedPlayer]:
        """The server's people in a ladder, best first (by mu - 2 sigma: the sure end of their range)."""
        if ladder not in LADDERS:
            raise ValueError(f"no ladder called {ladder!r}")
        return [RatedPlayer(row.user_id, _rating(row)) for row in await self._reads.ratings.board(guild_id, ladder,
                                                                                                  limit)]

    async def ratings_of(self, guild_id: int, user_id: int, history: int = HISTORY) -> PersonRatings:
        reads = self._reads.ratings
        here = {row.ladder: _rating(row) for row in await reads.person(guild_id, user_id)}
        everywhere = {row.ladder: _rating(row) for row in await reads.person(EVERYWHERE, user_id)}
        steps = tuple(RatingStep(c.game_id, c.role, c.won, Rating(c.mu_before, c.sigma_before), Rating(c.mu, c.sigma))
                      for c in await reads.history(guild_id, ALL, user_id, history))
        return PersonRatings(user_id, here, everywhere, steps)
