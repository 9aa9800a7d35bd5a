"""Rating finished games inside a transaction: the next games in order as they end, or all of them again.

Whoever rates holds the ratings (:meth:`bot.store.ratings.Ratings.hold`) until its transaction ends, so games ending
at once, and several processes starting at once, rate one after the other and each game once.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games import as_kind, computer_kind
from bot.ratings import VERSION, Ladders, Rating, Result, Seat
from bot.store import Session
from bot.store.records import RatedResult, RatingChangeRow, RatingRow


@dataclass(frozen=True)
class RatingRun:
    """What a rating run did: the games it rated, and whether it began again from nothing."""

    rated: int
    recomputed: bool
    #: the games rated in all, after it
    total: int


def result_of(found: RatedResult) -> Result:
    seats = tuple(Seat(user, role, won) if user > 0 else Seat(as_kind(user), role, won, computer_kind(user) or "")
                  for user, role, won in found.seats)
    return Result(found.game_id, found.guild_id, found.winner, seats)


async def rate_new(tx: Session, now: float, *, recompute: bool = False) -> RatingRun:
    """Rate the finished games not rated yet, in the order they ended; every game again from nothing when
    ``recompute`` is asked or the ratings were computed otherwise (by an older :data:`bot.ratings.VERSION`, or
    never)."""
    version = await tx.ratings.hold(now)
    again = recompute or version != VERSION
    if again:
        await tx.ratings.clear()
    games = await tx.ratings.unrated()
    position = await tx.ratings.rated()
    if not games:
        if again:
            await tx.ratings.computed_by(VERSION, now)
        return RatingRun(0, again, position)
    people = {(g, ladder, user) for found in games for user, _, _ in found.seats if user > 0
              for g in (found.guild_id, 0) for ladder in ("all", "mrx", "detective")}
    stored = {} if again else await tx.ratings.of(people)
    ladders = Ladders((key, Rating(row.mu, row.sigma, row.games, row.wins)) for key, row in stored.items())
    changes = []
    for found in games:
        changes += ladders.rate(result_of(found))
    touched = {(c.guild_id, c.ladder, c.player) for c in changes}
    rows = [RatingRow(g, ladder, user, r.mu, r.sigma, r.games, r.wins)
            for (g, ladder, user), r in sorted(ladders.ratings.items()) if (g, ladder, user) in touched]
    await tx.ratings.save(rows, [RatingChangeRow(c.player, c.guild_id, c.ladder, c.game_id, c.won, c.before.mu,
                                                 c.before.sigma, c.after.mu, c.after.sigma) for c in changes],
                          [found.game_id for found in games], position + 1)
    if again:
        await tx.ratings.computed_by(VERSION, now)
    return RatingRun(len(games), again, position + len(games))


async def rate_finished(tx: Session, now: float) -> None:
    """In the transaction that finished a game: rate it (and any finished game not rated yet; all of them, when the
    ratings were computed otherwise: the bot's start has normally done that already)."""
    await rate_new(tx, now)
