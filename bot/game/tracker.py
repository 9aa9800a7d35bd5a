"""Where can Mr. X be? The exact set of stations, from public information alone.

A forward filter over the logbook: start with the start cards no detective drew, follow each
logbook ticket from every candidate, drop stations a detective stands on (Mr. X may not move
there, and a detective arriving without a capture proves he is not there), collapse to one
station on each reveal. Every candidate left has a history that fits everything seen so far.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from .board import Board
from .tickets import BLACK


@lru_cache(maxsize=8)
def _black_targets(board: Board) -> dict[int, frozenset[int]]:
    return {
        sid: frozenset(n for targets in by.values() for n in targets) for sid, by in board.neighbours.items()
    }


class Tracker:
    __slots__ = ("board", "possible")

    def __init__(self, board: Board, candidates: Iterable[int]) -> None:
        self.board = board
        self.possible: frozenset[int] = frozenset(candidates)

    def copy(self) -> "Tracker":
        return Tracker(self.board, self.possible)

    def mrx_moved(self, ticket: str, blocked: Iterable[int]) -> None:
        """Mr. X filled an entry with ``ticket`` while detectives stood on ``blocked``."""
        new: set[int] = set()
        if ticket == BLACK:
            targets = _black_targets(self.board)
            for station in self.possible:
                new.update(targets[station])
        else:
            neighbours = self.board.neighbours
            for transport in self.board.ticket_transports[ticket]:
                for station in self.possible:
                    new.update(neighbours[station].get(transport, ()))
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
    tracker = Tracker(board, view.start_candidates)
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
