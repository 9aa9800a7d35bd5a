"""The hunt in any family's playouts: how far the nearest hunter is, where each hunter heads, and how
likely each station Mr. X may be on is (*location categorization*). These read only what every
family's search state has: ``pos`` (Mr. X first, then the hunters), ``belief`` (a station mask),
``aims``, and the setup's distance table and ``kept_aims`` (a :class:`~bot.ai.search.Listed`)."""

from __future__ import annotations

from random import Random

from bot.ai.masks import FAR, stations_in
from bot.ai.search import Listed


def nearest(dist, station: int, hunters) -> int:
    """Fewest rides from any detective to ``station``."""
    row = dist[station]
    best = FAR
    for h in hunters:
        d = row[h]
        if d < best:
            best = d
    return best


#: how many of the stations Mr. X may be on a simulated detective keeps in mind
LOOKS = 6
#: how many :class:`Aim` a search keeps (each holds a list as long as the board's stations)
AIMS_KEPT = 2000


class Aim:
    """Stations a detective heads for, as their rows of the distance table (``row[n]``: rides between
    that station and station ``n``), and how close each station of the board is to them as a ride's
    key reads it (:meth:`closeness`), worked out for a station when first asked and kept."""

    __slots__ = ("rows", "close")

    def __init__(self, dist, stations) -> None:
        self.rows = [dist[t] for t in stations]
        #: [station] -> its :meth:`closeness`, None until asked
        self.close: list[int | None] = [None] * len(dist)

    def closeness(self, to: int) -> int:
        """The rides from ``to`` to the nearest of the stations (FAR at most), then to all of them, as
        one number that orders by both (lowest closest); kept in ``close``."""
        near, total = FAR, 0
        for row in self.rows:
            d = row[to]
            total += d
            if d < near:
                near = d
        key = self.close[to] = near * 1048576 + total * 16
        return key


def aim(S, s, rng: Random, paranoia: float) -> list[Aim]:
    """For each detective the stations it heads for this round (an :class:`Aim`): up to ``LOOKS``
    drawn from where Mr. X may be (his true station instead, for a ``paranoia`` share of them). Kept on
    the state until Mr. X moves again, so every detective's pick this round reads it. A set of at most
    ``LOOKS`` stations is aimed at whole, the same every time: its Aim is kept for the rest of the
    search (``S.kept_aims``), and the closeness it has worked out with it."""
    if s.aims is not None:
        return s.aims
    belief = s.belief or 1 << s.pos[0]
    if belief.bit_count() <= LOOKS:
        target = _kept(S, belief)
    else:
        stations = stations_in(belief)
        random, n = rng.random, len(stations)
        target = Aim(S.tables.dist, [stations[int(random() * n)] for _ in range(LOOKS)])
    targets = [target] * len(s.pos)
    if paranoia:
        for i in range(1, len(s.pos)):
            if rng.random() < paranoia:
                targets[i] = _kept(S, 1 << s.pos[0])
    s.aims = targets
    return targets


def aim_store() -> Listed:
    """A search's store of the :class:`Aim` at sets of at most ``LOOKS`` stations, by their mask (a setup's
    ``kept_aims``)."""
    return Listed(AIMS_KEPT)


def _kept(S, stations: int) -> Aim:
    """The Aim at every station of the mask ``stations``, kept by the mask for the rest of the search."""
    return S.kept_aims.get(stations, lambda: Aim(S.tables.dist, stations_in(stations)))


def location_weights(setup, state, possible, weights) -> list[tuple[int, float]]:
    """(station, weight) for each station Mr. X may be on, in station order: *location categorization*,
    ``weights[n]`` for a station ``n`` rides from the nearest detective (the last for any farther)."""
    hunters = [p for p in state.pos[1:] if p]
    dist = setup.tables.dist
    out = []
    for station in sorted(possible):
        near = min(nearest(dist, station, hunters), len(weights) - 1) if hunters else 3
        out.append((station, weights[max(near, 1)]))
    return out
