"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012), as Nijssen and
Winands use it for Scotland Yard: every iteration draws one determinization (a full state that
fits what the searching side knows), walks one shared tree over all of them, plays out, and backs
the result up. It knows nothing of Scotland Yard: a game offers the few calls of :class:`SearchGame`,
so the dice game could use the same search.

A tree node is reached by the *keys* of actions, which name an action as the searching side sees it
(the detectives see Mr. X's tickets, not his stations). Where several actions share a key in one
determinization the game lists the one it prefers first. A child that is not legal in every
determinization is judged by how often it was available (its ``avail``), not by its parent's visits.
"""

from __future__ import annotations

import bisect

import math
import time
from dataclasses import dataclass
from random import Random
from typing import Generic, Hashable, Protocol, Sequence, TypeVar

S = TypeVar("S")
A = TypeVar("A")


class SearchGame(Protocol[S, A]):
    def determinize(self, rng: Random) -> S:
        """A full state (hidden information filled in) that fits what the searching side knows."""

    def turn(self, state: S, rng: Random) -> tuple[int, Sequence[tuple[Hashable, A]]]:
        """Who acts now (-1 once the game is over) and (key, action) for the actions worth searching,
        best first."""

    def apply(self, state: S, actor: int, action: A) -> None: ...

    def playout(self, state: S, rng: Random) -> object:
        """Play on from ``state`` (changing it) and return a result that :meth:`reward` reads."""

    def reward(self, result: object, actor: int) -> float:
        """What ``result`` is worth, from 0 to 1, to the player ``actor``."""


class Node:
    __slots__ = ("actor", "children", "visits", "total", "avail")

    def __init__(self, actor: int) -> None:
        self.actor = actor  # who chose the action that leads here
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass(frozen=True)
class Choice(Generic[A]):
    """The search's answer: the action, and what the search saw (for benches and tests)."""

    action: A
    iterations: int
    seconds: float
    #: key -> (visits, mean reward to the player at the root) for each root action
    stats: dict
    #: why the search stopped: "iterations" (all of them), "decided" (no other action could overtake
    #: the leader's visits in the iterations left, so the rest would not change the answer) or "clock"
    ended: str = "iterations"


def search(game: SearchGame, root: Sequence[tuple[Hashable, A]], actor: int, iterations: int, rng: Random,
           deadline: float | None = None, exploration: float = 0.4, widening: float = 0.5,
           depth: int = 1000, settle_early: bool = True) -> Choice[A]:
    """Run up to ``iterations`` iterations (fewer if ``deadline``, a ``time.perf_counter()`` value, comes
    first) and pick the root action visited most. With ``settle_early`` the search also stops once the
    most visited root action leads every other by more visits than there are iterations left: the
    remaining iterations could not change the answer, so it is the same, only sooner. ``root`` lists the legal (key, action) pairs of
    ``actor`` now, best first, each key once (as :meth:`SearchGame.turn` does).

    Progressive widening: a node visited n times considers only its first 1 + ``widening`` * sqrt(n)
    actions, so a rarely visited node plays like the game's own ordering (the playout judgement)
    instead of trying every action once. The tree grows at most ``depth`` actions deep; below, the
    playout decides."""
    start = time.perf_counter()
    tree = Node(-1)
    root = list(root)
    done = 0
    ended = "iterations"
    sqrt, log = math.sqrt, math.log
    while done < iterations:
        done += 1
        state = game.determinize(rng)
        node, path = tree, []
        who, options = actor, root
        while who >= 0:
            children = node.children
            fresh = None
            width = 1 + int(widening * sqrt(node.visits + 1))
            if width < len(options):
                options = options[:width]
            for key, action in options:
                child = children.get(key)
                if child is None:
                    if fresh is None:
                        fresh = key, action
                else:
                    child.avail += 1
            if fresh is not None:
                key, action = fresh
                child = children[key] = Node(who)
            else:
                child, action, best = None, None, -1.0
                for key, option in options:
                    c = children[key]
                    value = c.total / c.visits + exploration * sqrt(log(c.avail) / c.visits)
                    if value > best:
                        child, action, best = c, option, value
            game.apply(state, who, action)
            path.append(child)
            if fresh is not None or len(path) >= depth:
                break
            node = child
            who, options = game.turn(state, rng)
        result = game.playout(state, rng)
        tree.visits += 1
        for n in path:
            n.visits += 1
            n.total += game.reward(result, n.actor)
        if done % 16 == 0:
            if settle_early and _settled(tree, iterations - done):
                ended = "decided"
                break
            if deadline is not None and time.perf_counter() > deadline:
                ended = "clock" if done < iterations else ended
                break
    stats = {k: (c.visits, c.total / c.visits if c.visits else 0.0) for k, c in tree.children.items()}
    rank = {k: i for i, (k, _) in enumerate(root)}
    key, action = max(root, key=lambda ka: (*stats.get(ka[0], (0, 0.0)), -rank[ka[0]]))
    return Choice(action, done, time.perf_counter() - start, stats, ended)


def _settled(tree: Node, left: int) -> bool:
    """No root action can overtake the most visited one in ``left`` more iterations (a visit each)."""
    first = second = 0
    for child in tree.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


class Listed:
    """The options a game's :meth:`SearchGame.turn` lists for a position, kept by a key for the rest of
    one search (at most ``limit`` keys: a bound on its memory). The tree walks the same few positions
    again and again, and listing their options is the costliest part of a step down it. A key must hold
    all that the options are made from, and making them must draw no chance: then a kept list is the one
    that would be made again."""

    __slots__ = ("kept", "limit")

    def __init__(self, limit: int = 10000) -> None:
        #: what is kept, by key: read it directly (``kept.get(key)``) where a call and a ``make`` made each
        #: time would cost more than the lookup (a playout's every ride), and call :meth:`get` when it misses
        self.kept: dict[Hashable, list] = {}
        self.limit = limit

    def get(self, key: Hashable, make) -> list:
        """The options kept for ``key``, else ``make()``'s (then kept while there is room)."""
        options = self.kept.get(key)
        if options is None:
            options = make()
            if len(self.kept) < self.limit:
                self.kept[key] = options
        return options


def keyed_by_sight(candidates, reveal, entries: int, side: str) -> list[tuple[object, object]]:
    """The hidden side's options (each a route of ``(station, ticket)`` parts) keyed as ``side`` sees
    them, each key once, best first: Mr. X knows his routes; the detectives see the tickets, and the
    station of a part that lands on a reveal entry (``reveal[entries + n]``)."""
    if side == "mrx":
        return [(c, c) for c in candidates]
    out, seen = [], set()
    for parts in candidates:
        key = tuple((t, to if reveal[entries + n] else 0) for n, (to, t) in enumerate(parts, 1))
        if key not in seen:
            seen.add(key)
            out.append((key, parts))
    return out


class WeightedDraw:
    """Draws Mr. X's station for a determinization from (station, weight) pairs (weights need not sum to 1;
    stations of weight 0 are never drawn)."""

    def __init__(self, weights) -> None:
        self.stations: list[int] = []
        self.cumulative: list[float] = []
        total = 0.0
        for station, weight in weights or ():
            if weight > 0:
                total += weight
                self.stations.append(station)
                self.cumulative.append(total)

    def draw(self, rng: Random) -> int | None:
        """A station (None when there is none to draw from)."""
        if not self.stations:
            return None
        if len(self.stations) == 1:
            return self.stations[0]
        return self.stations[bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])]
