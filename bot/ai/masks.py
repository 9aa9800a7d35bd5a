"""Sets of stations as int bit masks, and the tables that move them: what every family's search
builds its board tables from. Stations are plain ints (a bit each); a board is rows of neighbours."""

from __future__ import annotations

from collections import deque

FAR = 99  # the distance of a station a detective cannot reach at all


CHUNK = 8  # bits per step when a set of stations (an int bit mask) moves along a ticket


def spread_mask(steps: tuple[tuple[int, ...], ...], mask: int) -> int:
    """One ride's spread of a station mask through byte-wise lookup tables (``steps[chunk][byte]``)."""
    out = 0
    chunk = 0
    while mask:
        byte = mask & 255
        if byte:
            out |= steps[chunk][byte]
        mask >>= CHUNK
        chunk += 1
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


def stations_in(mask: int) -> list[int]:
    """The stations a bit mask marks, in increasing order."""
    out = []
    base = 0
    while mask:
        byte = mask & 255
        if byte:
            out.extend(base + i for i in BITS[byte])
        mask >>= 8
        base += 8
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

