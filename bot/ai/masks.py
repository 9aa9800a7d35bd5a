"""Sets of stations as int bit masks, and the tables that move them: what every family's search
builds its board tables from. Stations are plain ints (a bit each); a board is rows of neighbours."""

from __future__ import annotations

from collections import deque

FAR = 99  # the distance of a station a detective cannot reach at all


CHUNK = 8  # bits per step when a set of stations (an int bit mask) moves along a ticket


def spread_mask(steps: tuple[tuple[int, ...], ...], mask: int) -> int:
    """One ride's spread of a station mask through byte-wise lookup tables (``steps[chunk][byte]``)."""
    out = 0
    # The mask's bytes, low first, in one call: cheaper than shifting a 200-bit int a byte at a time.
    for table, byte in zip(steps, mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
        if byte:
            out |= table[byte]
    return out


class Spreads:
    """Moves station masks along tickets with one board's :func:`step_tables` (``steps[ticket]``) and keeps
    each answer for the rest of one search (at most ``limit`` a ticket): its playouts spread the same
    few beliefs again and again."""

    __slots__ = ("_steps", "_kept", "limit")

    def __init__(self, steps: tuple[tuple[tuple[int, ...], ...], ...], limit: int = 10000) -> None:
        self._steps = steps
        self._kept: list[dict[int, int]] = [{} for _ in steps]
        self.limit = limit

    def spread(self, mask: int, ticket: int) -> int:
        """The stations one ride on ``ticket`` reaches from any station of ``mask``."""
        kept = self._kept[ticket]
        out = kept.get(mask)
        if out is None:
            out = spread_mask(self._steps[ticket], mask)
            if len(kept) < self.limit:
                kept[mask] = out
        return out


def bfs(rows: tuple[tuple[int, ...], ...], source: int, size: int) -> tuple[int, ...]:
    seen = [FAR] * size
    if not rows[source]:
        return tuple(seen)
    seen[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        step = seen[here] + 1
        for nxt in rows[here]:
            if seen[nxt] == FAR:
                seen[nxt] = step
                queue.append(nxt)
    return tuple(seen)


def step_tables(rows: tuple[tuple[int, ...], ...], size: int) -> tuple[tuple[int, ...], ...]:
    chunks = []
    for chunk in range((size + CHUNK - 1) // CHUNK):
        table = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            station = chunk * CHUNK + low.bit_length() - 1
            mask = 0
            if station < size:
                for n in rows[station]:
                    mask |= 1 << n
            table[byte] = table[byte & (byte - 1)] | mask
        chunks.append(tuple(table))
    return tuple(chunks)


#: [byte] -> how many bits it has, and which (low to high)
POPCOUNT = tuple(bin(b).count("1") for b in range(256))


BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


#: [chunk][byte] -> the stations that byte marks in that chunk of a mask (grown as larger boards ask)
_STATIONS_AT: list[tuple[tuple[int, ...], ...]] = []


def _grow_stations_at(chunks: int) -> None:
    while len(_STATIONS_AT) < chunks:
        base = len(_STATIONS_AT) * 8
        _STATIONS_AT.append(tuple(tuple(base + i for i in bits) for bits in BITS))


def stations_in(mask: int) -> list[int]:
    """The stations a bit mask marks, in increasing order."""
    # The playouts ask this many times a round: the mask's bytes in one call and a ready tuple of
    # stations per byte are several times cheaper than shifting the mask and counting its bits.
    size = (mask.bit_length() + 7) >> 3
    if size > len(_STATIONS_AT):
        _grow_stations_at(size)
    out: list[int] = []
    for stations, byte in zip(_STATIONS_AT, mask.to_bytes(size, "little")):
        if byte:
            out += stations[byte]
    return out


def nth_station(mask: int, k: int) -> int:
    """The ``k``-th station (from 0, in increasing order) of a non-empty bit mask."""
    base = 0
    while True:
        byte = mask & 255
        count = POPCOUNT[byte]
        if k < count:
            return base + BITS[byte][k]
        k -= count
        mask >>= 8
        base += 8


def mask_of(stations) -> int:
    mask = 0
    for s in stations:
        mask |= 1 << s
    return mask

