"""The hunt in any family's playouts: how far the nearest hunter is, where each hunter heads, and how
likely each station Mr. X may be on is (*location categorization*). These read only what every
family's search state has: ``pos`` (Mr. X first, then the hunters), ``belief`` (a station mask),
``aims``, and the setup's distance table."""

from __future__ import annotations

from random import Random

from bot.ai.masks import FAR, stations_in


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


def aim(S, s, rng: Random, paranoia: float) -> list[list[tuple[int, ...]]]:
    """For each detective the stations it heads for this round, as their rows of the distance table
    (``row[n]``: rides from station ``n`` there): up to ``LOOKS`` drawn from where Mr. X may be (his true
    station instead, for a ``paranoia`` share of them). Kept on the state until Mr. X moves again, so
    every detective's pick this round reads the rows looked up once."""
    if s.aims is not None:
        return s.aims
    stations = stations_in(s.belief) or [s.pos[0]]
    if len(stations) > LOOKS:
        random, n = rng.random, len(stations)
        stations = [stations[int(random() * n)] for _ in range(LOOKS)]
    dist = S.tables.dist
    targets = [[dist[t] for t in stations]] * len(s.pos)
    if paranoia:
        for i in range(1, len(s.pos)):
            if rng.random() < paranoia:
                targets[i] = [dist[s.pos[0]]]
    s.aims = targets
    return targets


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

