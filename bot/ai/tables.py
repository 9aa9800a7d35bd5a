"""What the search needs of a board, computed once and kept: adjacency per ticket, distances, and
lookup tables that move a set of stations (a bit mask) along one ticket in a few steps.

Stations are plain ints and index lists directly (London and Potsdam number them 1..199), so a
playout never touches the engine's dicts or dataclasses. Ticket indexes follow ``board.ride_tickets``
(London: 0 taxi, 1 bus, 2 underground), then ``black`` and ``double``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from bot.game.board import Board
from bot.game.tickets import BLACK

FAR = 99  # the distance of a station a detective cannot reach at all
CHUNK = 8  # bits per step when a set of stations (an int bit mask) moves along a ticket


@dataclass(frozen=True, eq=False)
class Tables:
    board: Board
    #: one more than the largest station number: lists indexed by station have this length
    size: int
    stations: tuple[int, ...]
    #: the regular tickets, then black and double (their indexes are the ticket ids of the search)
    tickets: tuple[str, ...]
    rides: int  # how many regular tickets
    black: int  # index of the black ticket
    double: int  # index of the double-move ticket
    #: [ticket][station] -> stations a detective (or bobby) reaches with one ride on that ticket
    hunter_adj: tuple[tuple[tuple[int, ...], ...], ...]
    #: [ticket][station] -> stations Mr. X reaches with one ride on that ticket (black included)
    mrx_adj: tuple[tuple[tuple[int, ...], ...], ...]
    #: [a][b] fewest rides between a and b on the transports everyone may use, FAR if none
    dist: tuple[tuple[int, ...], ...]
    #: [ticket][chunk][byte] -> mask of Mr. X's targets from the stations the byte marks in that chunk
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    #: how many stations each station's land rides reach (a rough "how easy to slip away from here")
    exits: tuple[int, ...]

    def spread(self, mask: int, ticket: int) -> int:
        """The stations Mr. X may be on after one ride on ``ticket`` from any station of ``mask``."""
        return spread_mask(self.steps[ticket], mask)


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


@lru_cache(maxsize=32)
def tables_for(board: Board, black_rides: str = "all", hunter_extra: tuple[tuple[str, tuple[str, ...]], ...] = ()
               ) -> Tables:
    """The tables of ``board`` under a game's ride rules (cached per board and variant).

    ``black_rides`` is the rules' ``black_rides`` ("all", "land" or "mrx_only"), ``hunter_extra`` the
    rules' ``detective_extra_rides`` as sorted pairs (a ticket -> more transports it pays for).
    """
    size = max(board.stations) + 1
    ride_tickets = board.ride_tickets
    tickets = (*ride_tickets, BLACK, "double")
    extra = dict(hunter_extra)
    black_transports = {"all": board.ticket_transports[BLACK], "land": board.land_transports,
                        "mrx_only": board.mrx_only_transports}[black_rides]

    def adjacency(transports: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
        rows: list[tuple[int, ...]] = [()] * size
        for sid, by in board.neighbours.items():
            rows[sid] = tuple(sorted({n for t in transports for n in by.get(t, ())}))
        return tuple(rows)

    hunter_adj = tuple(adjacency((*board.ticket_transports[t], *extra.get(t, ()))) for t in ride_tickets)
    mrx_adj = (*(adjacency(board.ticket_transports[t]) for t in ride_tickets), adjacency(black_transports))
    land = adjacency(board.land_transports)
    dist = tuple(_bfs(land, source, size) for source in range(size))
    steps = tuple(_steps(rows, size) for rows in mrx_adj)
    exits = tuple(len(land[s]) for s in range(size))
    return Tables(board, size, tuple(sorted(board.stations)), tickets, len(ride_tickets), len(ride_tickets),
                  len(ride_tickets) + 1, hunter_adj, mrx_adj, dist, steps, exits)


def tables_of(board: Board, rules) -> Tables:
    """The tables for a game played on ``board`` by ``rules`` (a RuleSet with its variants applied)."""
    extra = tuple(sorted((t, tuple(r)) for t, r in rules.detective_extra_rides.items()))
    return tables_for(board, rules.black_rides, extra)


def _bfs(rows: tuple[tuple[int, ...], ...], source: int, size: int) -> tuple[int, ...]:
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


def _steps(rows: tuple[tuple[int, ...], ...], size: int) -> tuple[tuple[int, ...], ...]:
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
