"""Texts only Mr. X reads (his DM prompt, his receipt): built from his :class:`MrXView`.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.game import (
    Board,
    MrXMoved,
    MrXView,
)
from bot.service.models import GameInfo

from .words import (
    MRX_EMOJI,
    logbook_count,
    round_of,
    pawn_name,
    station,
    ticket,
    wallet,
)


def mrx_prompt_text(game: GameInfo, view: MrXView, channel: str) -> str:
    public = view.public
    entry = len(public.logbook) + 1
    reveal = " 🔍 This move is a **reveal**: everyone will see where you land." \
        if entry in public.reveal_entries else ""
    nxt = public.next_reveal
    lines = [
        f"{MRX_EMOJI} **Your move, Mr. X** (game #{game.id} in {channel}, {round_of(public).lower()}).",
        f"You are at {station(view.station)}. This is your move {entry} ({logbook_count(public)}).{reveal}",
        f"Tickets: {wallet(public.mrx_tickets, public.board)}",
    ]
    if nxt is not None and nxt != entry:
        lines.append(f"Next reveal: move {nxt}.")
    hunters = ", ".join(f"{pawn_name(public, p.id)} {station(p.station)}" for p in public.detectives)
    lines.append(f"Detectives: {hunters}")
    count = len(public.possible)
    if public.logbook and count == 1:
        lines.append("The detectives know where you are.")
    elif public.logbook and count:
        lines.append(f"As far as they can tell, you are at one of {count} stations.")
    lines.append("Pick where to go below, or type `/sy move to: … ticket: …` here.")
    return "\n".join(lines)


def mrx_moved_text(events: Sequence[Any], board: Board, now_at: int | None = None) -> str:
    """Mr. X's private receipt for his move (it may name his station: he alone reads it)."""
    parts = []
    for e in events:
        if isinstance(e, MrXMoved):
            shown = " 🔍 revealed" if e.revealed is not None else ""
            parts.append(f"move {e.entry} {ticket(e.ticket, board)}{shown}")
    if not parts:
        return "✅ Done."
    where = f" You are at {station(now_at)} now." if now_at is not None else ""
    return "✅ Done: " + "; ".join(parts) + f".{where} The detectives are on their way."
