"""What every family's views share."""

from __future__ import annotations


class PawnLookup:
    """What every family's public view offers about its pawns (``pawns``, ``logbook``, ``reveal_entries``)."""

    pawns: tuple
    logbook: tuple
    reveal_entries: tuple[int, ...]

    def pawn(self, pawn_id: str):
        for p in self.pawns:
            if p.id == pawn_id:
                return p
        raise KeyError(pawn_id)

    @property
    def detectives(self) -> tuple:
        return tuple(p for p in self.pawns if p.role != "mrx")

    @property
    def next_reveal(self) -> int | None:
        done = len(self.logbook)
        return next((r for r in self.reveal_entries if r > done), None)

