"""Requests per address: a token bucket each (``capacity`` at once, ``rate`` more a second), and how many
live connections one address may hold open. An address that spends its bucket is refused until it refills."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

#: addresses remembered at most (the oldest are forgotten first: a full bucket is what a new one gets anyway)
KEPT = 50_000


@dataclass
class Limits:
    capacity: float = 60.0
    rate: float = 10.0
    #: what a request for a page that does not exist costs (a wrong token): guessing is slow
    miss_cost: float = 10.0
    #: live connections (server-sent events) one address may hold at once
    streams: int = 16
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _open: dict[str, int] = field(default_factory=dict)

    def take(self, address: str, cost: float = 1.0) -> bool:
        """Spend ``cost`` of ``address``'s bucket; False (nothing spent) when it has not that much left."""
        now = self.clock()
        level, then = self._buckets.pop(address, (self.capacity, now))
        level = min(self.capacity, level + (now - then) * self.rate)
        allowed = level >= cost
        if allowed:
            level -= cost
        self._buckets[address] = (level, now)
        if len(self._buckets) > KEPT:
            del self._buckets[next(iter(self._buckets))]
        return allowed

    def open_stream(self, address: str) -> bool:
        if self._open.get(address, 0) >= self.streams:
            return False
        self._open[address] = self._open.get(address, 0) + 1
        return True

    def close_stream(self, address: str) -> None:
        left = self._open.get(address, 1) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)
