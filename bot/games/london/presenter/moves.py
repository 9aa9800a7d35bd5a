"""Which stations a pawn can reach, for menus and autocomplete: read from the views.

The engine lists the legal moves in the views (a detective's in the public view, Mr. X's and his
double-move second parts in his own); these functions only shape them as {station: tickets}.
"""

from __future__ import annotations

from bot.games.london.engine import MRX, Move, MrXView, PublicView
from bot.games.london.engine.views import destinations


def detective_destinations(view: PublicView, pawn: str) -> dict[int, tuple[str, ...]]:
    """{station: tickets} a detective or bobby may ride to now (empty when it is not its turn)."""
    return destinations(view.moves.get(pawn, ()))


def mrx_destinations(view: MrXView) -> dict[int, tuple[str, ...]]:
    """{station: tickets} for Mr. X's next ride (empty when it is not his turn)."""
    if view.public.to_move != (MRX,):
        return {}
    return view.reachable()


def mrx_second_steps(view: MrXView, first_to: int, first_ticket: str) -> dict[int, tuple[str, ...]]:
    """{station: tickets} for the second part of a double move that starts with ``first_to`` by ``first_ticket``."""
    return view.second_reachable(Move(MRX, first_to, first_ticket))


def mrx_third_steps(view: MrXView, first: tuple[int, str], second: tuple[int, str]) -> dict[int, tuple[str, ...]]:
    """{station: tickets} for the third part of a triple move (a sanssouci variant) after ``first`` and ``second``."""
    parts = (Move(MRX, first[0], first[1]), Move(MRX, second[0], second[1]))
    return destinations(view.third_moves.get(parts, ()))
