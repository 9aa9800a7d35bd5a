"""What every family's page data shares (``bot.games.*.web``, ``docs/web.md``): colours as the browser writes them,
a pawn and the view's common fields in the page's shape."""

from __future__ import annotations

from typing import Any

from bot.i18n import Speaker
from bot.i18n.names import outcome_sentence, pawn_label
from bot.pictures import style


def hex_of(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb)


def rounded(n: float) -> float:
    """A coordinate to a tenth of a pixel: enough for the page, and short in its data."""
    return round(n, 1)


def pawn_data(p: Any, tr: Speaker, station: int | None, tickets: dict | None) -> dict[str, Any]:
    """One pawn of a public view as the page shows it (``station``, ``tickets``: what the family lets it show)."""
    fill = style.MRX_COLOUR if p.role == "mrx" else style.pawn_colour(p.colour)
    return {"id": p.id, "role": p.role, "label": pawn_label(p, tr), "seats": list(p.seats), "colour": hex_of(fill),
            "text": hex_of(style.WHITE if p.role == "mrx" else style.text_on(fill)), "station": station,
            "tickets": tickets, "last": list(p.last_move) if p.last_move else None}


def view_fields(view: Any, tr: Speaker, pawns: list[dict], logbook: list[dict]) -> dict[str, Any]:
    """The fields every family's public view gives the page (``docs/web.md``, "view")."""
    over = view.outcome is not None
    return {
        "round": view.round,
        "over": over,
        "to_move": list(view.to_move),
        "pawns": pawns,
        "logbook": logbook,
        "log_entries": view.log_entries,
        "reveal_entries": list(view.reveal_entries),
        "next_reveal": view.next_reveal,
        "mrx_shown": view.mrx_shown,
        "possible": sorted(view.possible) if not over else [],
        "route": list(view.route) if view.route else None,
        "outcome": outcome_sentence(view.outcome, tr) if over else None,
        "winner": view.outcome.winner if over else None,
    }
