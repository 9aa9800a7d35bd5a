"""What the search needs of a board, computed once and kept: adjacency per ticket, distances, and
lookup tables that move a set of stations (a bit mask) along one ticket in a few steps.

Stations are plain ints and index lists directly (London and Potsdam number them 1..199), so a
playout never touches the engine's dicts or dataclasses. Ticket indexes follow ``board.ride_tickets``
(London: 0 taxi, 1 bus, 2 underground), then ``black`` and ``double``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.ai.masks import bfs, mask_of, spread_mask, step_tables
from bot.games.london.engine.board import Board
from bot.games.london.engine.tickets import BLACK



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
    #: [a][b] fewest rides between a and b on the transports everyone may use, FAR if none
    dist: tuple[tuple[int, ...], ...]
    #: [ticket][chunk][byte] -> mask of Mr. X's targets from the stations the byte marks in that chunk
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    #: how many stations each station's land rides reach (a rough "how easy to slip away from here")
    exits: tuple[int, ...]
    #: [station] -> (station, ticket) for every ride a detective may take from it, ticket by ticket: the
    #: pairs :func:`~bot.games.london.ai.sim.hunter_moves` hands out, made once instead of every turn
    hunter_rides: tuple[tuple[tuple[int, int], ...], ...]
    #: [station] -> the same for Mr. X's rides (black included, staying put not)
    mrx_rides: tuple[tuple[tuple[int, int], ...], ...]
    #: [station] -> the stations of its ``hunter_rides`` and of its ``mrx_rides``, as masks: when no detective
    #: stands on any, none of the rides is blocked
    hunter_reach: tuple[int, ...]
    mrx_reach: tuple[int, ...]

    def spread(self, mask: int, ticket: int) -> int:
        """The stations Mr. X may be on after one ride on ``ticket`` from any station of ``mask``."""
        return spread_mask(self.steps[ticket], mask)




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
    dist = tuple(bfs(land, source, size) for source in range(size))
    steps = tuple(step_tables(rows, size) for rows in mrx_adj)
    exits = tuple(len(land[s]) for s in range(size))

    def rides(adj: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """[station] -> (station, ticket) for each ride from it, ticket by ticket, of ``adj`` ([ticket][station])."""
        return tuple(tuple((to, t) for t, rows in enumerate(adj) for to in rows[s]) for s in range(size))

    def reach(rides_from: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[int, ...]:
        return tuple(mask_of(to for to, _ in ride) for ride in rides_from)

    hunter_rides, mrx_rides = rides(hunter_adj), rides(mrx_adj)
    return Tables(board, size, tuple(sorted(board.stations)), tickets, len(ride_tickets), len(ride_tickets),
                  len(ride_tickets) + 1, hunter_adj, dist, steps, exits, hunter_rides, mrx_rides, reach(hunter_rides),
                  reach(mrx_rides))


def tables_of(board: Board, rules) -> Tables:
    """The tables for a game played on ``board`` by ``rules`` (a RuleSet with its variants applied)."""
    extra = tuple(sorted((t, tuple(r)) for t, r in rules.detective_extra_rides.items()))
    return tables_for(board, rules.black_rides, extra)












