"""Ratings from finished games: OpenSkill's Weng-Lin model (Plackett-Luce), made for teams.

A finished game is one match between two teams: Mr. X's and the detectives'. Each person has a rating per
*ladder*: ``all`` (every game they played) and one per role (``mrx``: as Mr. X, ``detective``: as a
detective); and each ladder is kept per server and over every server together (guild 0). This module is the
computation only, pure: who sat where and who won in, the new ratings out. The service stores them
(:mod:`bot.service.ratings`); ``docs/ratings.md`` explains the choices.

- **Mr. X is a team of one** against the detectives' team, as the box plays it. OpenSkill adds up a team's
  ratings, and the game is balanced for one Mr. X against however many detectives sit at the table, so his
  team carries a fixed member, the *table*, worth the detectives' average rating for each detective beyond the
  first: the model then weighs Mr. X against the average detective, whether two or five hunt him.
- **Computers are fixed-rated players**: each computer kind has one rating per role (:data:`COMPUTERS`,
  measured by ``bench/rating_series.py``), which weighs in the games it plays and never changes. Computers have
  no ratings of their own, so a table of computers gives nobody points: only people are rated.
- **A player who resigned** from the side that went on to win is ranked below both teams (resigning is a loss
  to everyone); one who resigned from the losing side lost with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from openskill.models import PlackettLuce

#: OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (the rating's drift between games)
MODEL = PlackettLuce()
MU: float = MODEL.mu
SIGMA: float = MODEL.sigma
#: the computation's name: stored with the ratings, which are computed again when it changes
#: (new computer ratings, a new team rule, ...)
VERSION = "openskill-pl/1"

ALL, MRX, DETECTIVE = "all", "mrx", "detective"
LADDERS = (ALL, MRX, DETECTIVE)
#: the server id of the ladder over every server
EVERYWHERE = 0
#: a rating is provisional while its uncertainty (sigma) is above this: about the first five to eight games
PROVISIONAL_SIGMA = 6.0
#: the fixed members' uncertainty: known exactly, so OpenSkill moves only the people around them
FIXED_SIGMA = 1e-3

#: (computer kind, role) -> its fixed rating (mu): the rating each kind reached in ``bench/rating_series.py`` (200
#: games of classic between every pairing of two kinds, each kind rated like a person), to the nearest half point
COMPUTERS: Mapping[tuple[str, str], float] = {
    ("random", MRX): 3.0, ("random", DETECTIVE): 2.5,
    ("greedy", MRX): 23.0, ("greedy", DETECTIVE): 23.0,
    ("easy", MRX): 23.5, ("easy", DETECTIVE): 25.0,
    ("normal", MRX): 38.0, ("normal", DETECTIVE): 33.0,
    ("hard", MRX): 49.5, ("hard", DETECTIVE): 33.5,
}


@dataclass(frozen=True)
class Rating:
    """A rating: the skill's estimate (``mu``) and its uncertainty (``sigma``), with the games behind it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def low(self) -> float:
        """The low end of the range shown (mu - 2 sigma): what the leaderboard sorts by, so a new player
        climbs as the bot grows sure of them."""
        return self.mu - 2 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Seat:
    """Someone at a finished game's table: a person (``player`` > 0) or a computer of ``computer`` kind."""

    player: int
    role: str  # MRX or DETECTIVE
    won: bool
    computer: str | None = None


@dataclass(frozen=True)
class Result:
    """A finished game as the ratings see it."""

    game_id: int
    guild_id: int
    winner: str  # "mrx" or "detectives"
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Change:
    """One person's rating in one ladder before and after one game."""

    game_id: int
    guild_id: int
    ladder: str
    player: int
    won: bool
    before: Rating
    after: Rating


#: where a ladder's current ratings are read: (guild, ladder, person) -> the rating, or None for a newcomer
Lookup = Callable[[int, str, int], "Rating | None"]


def side(role: str) -> str:
    return MRX if role == MRX else "detectives"


def computer_rating(kind: str, role: str) -> Rating:
    return Rating(COMPUTERS.get((kind, role), MU), FIXED_SIGMA)


def rated_people(result: Result) -> list[Seat]:
    return [seat for seat in result.seats if seat.computer is None and seat.player > 0]


def teams(result: Result) -> tuple[list[list[Seat]], list[int], list[Seat]]:
    """The teams OpenSkill rates and their ranks (1: won): the winning side's, the losing side's, and last those
    who resigned from the winning side; and the detectives who played to the end (the table is worth all but one
    of them)."""
    winners = [s for s in result.seats if side(s.role) == result.winner and s.won]
    quitters = [s for s in result.seats if side(s.role) == result.winner and not s.won]
    losers = [s for s in result.seats if side(s.role) != result.winner]
    found = [(rank, team) for rank, team in ((1, winners), (2, losers), (3, quitters)) if team]
    hunters = [s for s in winners + losers if s.role == DETECTIVE]
    return [team for _, team in found], [rank for rank, _ in found], hunters


def rate(result: Result, lookup: Lookup) -> list[Change]:
    """The game's changes to every person's ratings: in each of the ``all`` and the role ladders, in the game's
    server and over every server. ``lookup`` reads the ratings before the game."""
    if not rated_people(result):
        return []
    changes = []
    for guild in (result.guild_id, EVERYWHERE):
        for ladder in (ALL, None):  # None: each seat in the ladder of the role it played
            changes += _rate_ladder(result, guild, ladder, lookup)
    return changes


def _rate_ladder(result: Result, guild: int, ladder: str | None, lookup: Lookup) -> list[Change]:
    def rating_of(seat: Seat) -> Rating:
        if seat.computer is not None or seat.player <= 0:
            return computer_rating(seat.computer or "", seat.role)
        return lookup(guild, ladder or seat.role, seat.player) or Rating()

    found, ranks, hunters = teams(result)
    before = [[rating_of(s) for s in team] for team in found]
    members = [[MODEL.create_rating([r.mu, r.sigma]) for r in team] for team in before]
    if len(hunters) > 1:  # Mr. X's team gets the table: the detectives' average for each one beyond the first
        table = sum(rating_of(s).mu for s in hunters) / len(hunters) * (len(hunters) - 1)
        for seats, team in zip(found, members):
            if any(s.role == MRX for s in seats):
                team.append(MODEL.create_rating([table, FIXED_SIGMA]))
    rated = MODEL.rate(members, ranks=list(ranks))
    changes = []
    for seats, olds, news in zip(found, before, rated):
        for seat, old, new in zip(seats, olds, news):  # the table, last in its team, is left out
            if seat.computer is not None or seat.player <= 0:
                continue  # the computers keep their fixed ratings
            changes.append(Change(result.game_id, guild, ladder or seat.role, seat.player, seat.won, old,
                                  Rating(new.mu, new.sigma, old.games + 1, old.wins + int(seat.won))))
    return changes


class Ladders:
    """Ratings kept in memory: a whole recomputation, the benchmark, the tests."""

    def __init__(self, known: Iterable[tuple[tuple[int, str, int], Rating]] = ()) -> None:
        self.ratings: dict[tuple[int, str, int], Rating] = dict(known)

    def get(self, guild: int, ladder: str, player: int) -> Rating | None:
        return self.ratings.get((guild, ladder, player))

    def rate(self, result: Result) -> list[Change]:
        changes = rate(result, self.get)
        for change in changes:
            self.ratings[(change.guild_id, change.ladder, change.player)] = change.after
        return changes
