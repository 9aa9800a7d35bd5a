"""Who sits where when a game starts, and who takes a resigning detective's pawns.

Pure functions over plain values, so the rules of seating read (and test) without a database.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import NeedMorePlayers


@dataclass(frozen=True)
class Seated:
    user_id: int
    seat: int
    role: str


def choose_seats(people: list[tuple[int, str | None]], seed: int) -> tuple[list[Seated], bool]:
    """Seat ``people`` ((user id, role asked for), in join order): seat 0 is Mr. X, the detective
    players follow in join order. If nobody asked to be Mr. X, he is drawn from those who did not
    ask to be detectives, with an rng derived from the game's seed. Returns the seats and whether
    Mr. X was drawn."""
    if len(people) < 2:
        raise NeedMorePlayers("Mr. X needs at least one detective: wait for someone else to join.")
    volunteers = [user for user, role in people if role == "mrx"]
    drawn = not volunteers
    if volunteers:
        mrx = volunteers[0]
    else:
        undecided = [user for user, role in people if role is None]
        if not undecided:
            raise NeedMorePlayers("Everyone asked to be a detective: one of you has to join as Mr. X.")
        mrx = random.Random(f"{seed}:mrx").choice(undecided)
    seats = [Seated(mrx, 0, "mrx")]
    seats += [Seated(user, n, "detective") for n, user in enumerate((u for u, _ in people if u != mrx), start=1)]
    return seats, drawn


def pawn_owners(state: Any, seats: list[Seated]) -> list[tuple[str, int]]:
    """(pawn, user) for every person who may move each pawn, from the engine's seats (a family's state:
    its ``pawns``, each with the ``seats`` that move it)."""
    user_at = {s.seat: s.user_id for s in seats}
    return [(pawn.id, user_at[seat]) for pawn in state.pawns for seat in pawn.seats]


def hand_over(pawns: list[str], heirs: list[tuple[int, int]]) -> list[tuple[str, int]]:
    """Give each of ``pawns`` to the heir (user id, pawns already moved) who has the fewest,
    the earlier seat first on a tie. Returns (pawn, new user)."""
    load = {user: count for user, count in heirs}
    order = [user for user, _ in heirs]
    given = []
    for pawn in pawns:
        heir = min(order, key=lambda user: (load[user], order.index(user)))
        load[heir] += 1
        given.append((pawn, heir))
    return given
