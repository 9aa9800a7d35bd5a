"""How hard a computer player thinks: the search's settings per level, the same knobs for every family."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    #: search iterations per decision (0: no search, the playout rules with mistakes)
    iterations: int
    #: the most seconds a decision may take
    seconds: float
    #: rounds a playout looks ahead before it judges the position
    horizon: int = 6
    #: how often a playout (or the easy player) makes a random move instead of its usual one
    eps: float = 0.1
    #: rounds the tree looks ahead before the playouts take over
    tree_rounds: int = 2
    #: UCB's exploration constant and progressive widening (see bot.ai.search.search)
    exploration: float = 0.4
    widening: float = 0.5
    #: coalition reduction: how much less a detective's reward counts when another one captures
    coalition: float = 0.1
    #: Mr. X's search: the share of simulated detectives that guess his station right
    paranoia: float = 0.2
    #: Mr. X's search iterations, when they differ from the detectives'
    mrx_iterations: int | None = None

