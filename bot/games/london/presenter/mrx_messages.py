"""Texts only Mr. X reads (his DM prompt, his receipt): built from his :class:`MrXView`, in his
own language (``tr``)."""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.london.engine import (
    MRX,
    Board,
    MrXMoved,
    MrXView,
    PublicView,
)
from bot.i18n import Speaker
from bot.service.models import GameInfo

from bot.chat.words import EN, MRX_EMOJI, pawn_name, station
from bot.games.london.presenter.board_words import destination_label, logbook_count, round_of, ticket, wallet
from bot.games.london.presenter.moves import mrx_destinations


def mrx_prompt_text(game: GameInfo, view: MrXView, channel: str, tr: Speaker = EN) -> str:
    public = view.public
    entry = len(public.logbook) + 1
    nxt = public.next_reveal
    lines = [
        tr._("{mrx} **Your move, Mr. X** (game #{id} in {channel}, {round}).").format(
            mrx=MRX_EMOJI, id=game.id, channel=channel, round=round_of(public, None, tr)),
        tr._("You are at {station}. This is your move {n} ({logbook}).").format(
            station=station(view.station), n=entry, logbook=logbook_count(public, tr))
        + (" " + tr._("🔍 This move is a **reveal**: everyone will see where you land.")
           if entry in public.reveal_entries else ""),
        tr._("Tickets: {wallet}").format(wallet=wallet(public.mrx_tickets, public.board, tr)),
    ]
    if nxt is not None and nxt != entry:
        lines.append(tr._("Next reveal: move {n}.").format(n=nxt))
    hunters = ", ".join(f"{pawn_name(public, p.id, tr)} {station(p.station)}" for p in public.detectives)
    lines.append(tr._("Detectives: {hunters}").format(hunters=hunters))
    count = len(public.possible)
    if public.logbook and count == 1:
        lines.append(tr._("The detectives know where you are."))
    elif public.logbook and count:
        lines.append(tr._("As far as they can tell, you are at one of {n} stations.").format(n=count))
    lines.append(tr._("Pick where to go below, or type `/sy move to: … ticket: …` here."))
    return "\n".join(lines)


def mrx_moved_text(events: Sequence[Any], board: Board, now_at: int | None = None, tr: Speaker = EN) -> str:
    """Mr. X's private receipt for his move (it may name his station: he alone reads it)."""
    parts = []
    for e in events:
        if isinstance(e, MrXMoved):
            text = (tr._("move {n} {ticket} 🔍 revealed") if e.revealed is not None
                    else tr._("move {n} {ticket}"))
            parts.append(text.format(n=e.entry, ticket=ticket(e.ticket, board, tr)))
    if not parts:
        return tr._("✅ Done.")
    if now_at is not None:
        return tr._("✅ Done: {moves}. You are at {station} now. The detectives are on their way.").format(
            moves="; ".join(parts), station=station(now_at))
    return tr._("✅ Done: {moves}. The detectives are on their way.").format(moves="; ".join(parts))


def mrx_receipt_text(events: Sequence[Any], view: PublicView, now_at: int | None, tr: Speaker = EN) -> str:
    """The receipt after his move (``view``: the public view after it; ``now_at``: his station, if known)."""
    return mrx_moved_text(events, view.board, now_at, tr)


def mrx_status_text(mview: MrXView, tr: Speaker = EN) -> str:
    """What ``/sy status`` tells him alone: where he is, and on his turn where he can go."""
    text = tr._("🎩 Only you see this: you are at {station}.").format(station=station(mview.station))
    view = mview.public
    if view.to_move == (MRX,):
        reach = ", ".join(destination_label(s, ts, view.board, tr) for s, ts in mrx_destinations(mview).items())
        text += ("\n" + tr._("You can go to: {stations}.").format(stations=reach))[:1500]
    return text
