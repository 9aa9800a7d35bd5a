"""Where can Mr. X be? The exact set of stations, from public information alone.

A forward filter over the logbook: start with the start cards no detective drew, follow each
logbook ticket from every candidate, drop stations a detective stands on (Mr. X may not move
there, and a detective arriving without a capture proves he is not there), collapse to one
station on each reveal. Every candidate left has a history that fits everything seen so far.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import chain

from .board import Board
from .rules import RuleSet, get_rules
from .tickets import BLACK


@lru_cache(maxsize=8)
def _black_targets(board: Board) -> dict[int, frozenset[int]]:
    return {
        sid: frozenset(n for targets in by.values() for n in targets) for sid, by in board.neighbours.items()
    }


@lru_cache(maxsize=32)
def _transport_targets(board: Board, transport: str) -> dict[int, tuple[int, ...]]:
    """Each station -> the stations one ride on ``transport`` reaches from it (none: an empty tuple)."""
    return {sid: by.get(transport, ()) for sid, by in board.neighbours.items()}


def mrx_rides(board: Board, rules: RuleSet) -> dict[str, tuple[str, ...]]:
    """Each of Mr. X's tickets -> the transports it pays for under ``rules`` (variants may narrow
    the black ticket's: no boats, or only the boats)."""
    rides = {t: board.ticket_transports[t] for t in board.ride_tickets}
    rides[BLACK] = {"all": board.ticket_transports[BLACK], "land": board.land_transports,
                    "mrx_only": board.mrx_only_transports}[rules.black_rides]
    return rides


def tracker_for(board: Board, rules: RuleSet, candidates: Iterable[int]) -> Tracker:
    """A tracker for a game played on ``board`` by ``rules`` (its variants included), starting from ``candidates``."""
    return Tracker(board, candidates, mrx_rides(board, rules), rules.stay_put_ticket)


class Tracker:
    """``rides`` maps each of Mr. X's tickets to the transports it pays for in this game (variants
    may narrow the black ticket's); ``stay_ticket`` is the ticket with which he may stay put."""

    __slots__ = ("board", "possible", "rides", "stay_ticket")

    def __init__(self, board: Board, candidates: Iterable[int], rides: dict[str, tuple[str, ...]] | None = None,
                 stay_ticket: str | None = None) -> None:
        self.board = board
        self.possible: frozenset[int] = frozenset(candidates)
        self.rides = rides if rides is not None else board.ticket_transports
        self.stay_ticket = stay_ticket

    def copy(self) -> Tracker:
        return Tracker(self.board, self.possible, self.rides, self.stay_ticket)

    def mrx_moved(self, ticket: str, blocked: Iterable[int]) -> None:
        """Mr. X filled an entry with ``ticket`` while detectives stood on ``blocked``."""
        new: set[int] = set()
        rides = self.rides.get(ticket, ())
        if ticket == BLACK and rides == self.board.ticket_transports[BLACK]:
            targets = _black_targets(self.board)
            for station in self.possible:
                new.update(targets[station])
        else:
            for transport in rides:
                # every candidate's stations one ride away, in the order the candidates are kept (one update of the
                # set, not one a candidate: the same stations added in the same order, so the same set)
                by_station = _transport_targets(self.board, transport)
                new.update(chain.from_iterable(map(by_station.__getitem__, self.possible)))
        if ticket == self.stay_ticket:
            new.update(self.possible)  # he may have stayed where he was
        new.difference_update(blocked)
        self.possible = frozenset(new)

    def revealed(self, station: int) -> None:
        self.possible = frozenset((station,))

    def searched(self, station: int) -> None:
        """A detective or bobby stands on ``station`` and the game goes on: Mr. X is not there."""
        if station in self.possible:
            self.possible = self.possible - {station}


def replay_possible(view) -> frozenset[int]:
    """Recompute the set from a :class:`PublicView`'s public history alone (a check on the tracker)."""
    board = view.board
    rules = get_rules(view.rules).with_options(view.options)
    tracker = tracker_for(board, rules, view.start_candidates)
    if view.shown_start is not None:
        tracker.revealed(view.shown_start)
    positions = dict(view.start_positions)
    for record in view.history:
        pawn = record["pawn"]
        if pawn == "mrx":
            if record.get("surface"):
                tracker.revealed(record["station"])
            elif "ticket" in record:
                tracker.mrx_moved(str(record["ticket"]), positions.values())
                if record.get("revealed"):
                    tracker.revealed(record["to"])
        elif "to" in record:
            positions[pawn] = record["to"]
            tracker.searched(record["to"])
        elif record.get("skip") and record.get("left_board"):
            positions.pop(pawn, None)
    return tracker.possible
