"""Where can Mr. X be? The exact set of stations, from public facts alone.

A forward filter over the public log: start with the free stations of the tile he named; follow
each entry from every candidate (the die face he reused, a black ticket, the helicopter); drop the
stations detectives stand on (he may not move there while he has another move, and a detective
arriving without a capture proves he is not there); on a pass keep only the candidates from which
he had no move at all; collapse to one station on each reveal. Every candidate left has a history
that fits everything the detectives have seen.
"""

from __future__ import annotations

from typing import Iterable

from .board import DiceBoard
from .rules import BLACK, HELICOPTER, MRX, TRANSPORTS


class DiceTracker:
    __slots__ = ("board", "possible")

    def __init__(self, board: DiceBoard, candidates: Iterable[int]) -> None:
        self.board = board
        self.possible: frozenset[int] = frozenset(candidates)

    def copy(self) -> "DiceTracker":
        return DiceTracker(self.board, self.possible)

    def moved(self, ticket: str, blocked: Iterable[int]) -> None:
        """Mr. X filled an entry with ``ticket`` (a die face, black or helicopter) while detectives
        stood on ``blocked``."""
        targets = self.board.targets
        new: set[int] = set()
        for station in self.possible:
            new.update(targets(station, ticket))
        new.difference_update(blocked)
        self.possible = frozenset(new)

    def passed(self, faces: Iterable[str], black: int, helicopter: int) -> None:
        """Mr. X passed: nothing took him anywhere with the dice ``faces`` the detectives used and
        the tickets he had left."""
        faces = set(faces)
        self.possible = frozenset(
            s for s in self.possible if not can_ride(self.board, s, faces, black, helicopter)
        )

    def revealed(self, station: int) -> None:
        self.possible = frozenset((station,))

    def searched(self, station: int) -> None:
        """A detective stands on ``station`` and the game goes on: Mr. X is not there."""
        if station in self.possible:
            self.possible = self.possible - {station}


def can_ride(board: DiceBoard, station: int, faces: Iterable[str], black: int, helicopter: int) -> bool:
    """Whether Mr. X at ``station`` has any ride at all (whoever stands at the end of it)."""
    by = board.neighbours[station]
    return (any(by.get(f) for f in faces) or (black > 0 and bool(board.black[station]))
            or (helicopter > 0 and bool(board.helicopter[station])))


def replay_possible(view) -> frozenset[int]:
    """Recompute the set from a public view's history alone (a check on the tracker)."""
    if view.board is None or view.start_tile is None:
        return frozenset()
    board = view.board
    positions = dict(view.start_positions)
    tracker = DiceTracker(board, (s for s in board.tile_stations(view.start_tile) if s not in positions.values()))
    black, helicopter = view.start_tickets[BLACK], view.start_tickets[HELICOPTER]
    used: list[str] = []
    round_ = 0
    for record in view.history:
        if record.get("round") != round_:
            round_, used = record.get("round"), []
        pawn = record["pawn"]
        if pawn == MRX and "ticket" in record:
            ticket = record["ticket"]
            if ticket == "pass":
                tracker.passed(used, black, helicopter)
            else:
                tracker.moved(ticket, positions.values())
            black -= ticket == BLACK
            helicopter -= ticket == HELICOPTER
            if ticket in TRANSPORTS:
                used.remove(ticket)
            if "to" in record and (record.get("revealed") or record.get("capture")):
                tracker.revealed(record["to"])
        elif "die" in record:
            positions[pawn] = record["to"]
            used.append(record["die"])
            if record.get("capture"):
                tracker.revealed(record["to"])
            else:
                tracker.searched(record["to"])
    return tracker.possible
