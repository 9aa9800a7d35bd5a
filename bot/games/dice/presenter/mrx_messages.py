"""Texts only Mr. X reads in the dice game (his DM prompt, his receipt, his part of ``/sy status``):
built from his :class:`DiceMrXView`, in his own language (``tr``)."""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.dice.engine import DiceMrXView, MrXMoved, MrXStarted
from bot.i18n import EN, Speaker
from bot.service.models import GameInfo

from bot.chat.words import MRX_EMOJI, pawn_name, station
from bot.games.dice.presenter.words import die_word


def reach_lines(mview: DiceMrXView, tr: Speaker = EN) -> list[str]:
    """For each die the detectives used and each ticket he has: where it takes him."""
    by_ticket: dict[str, list[int]] = {}
    for move in mview.moves:
        by_ticket.setdefault(move.ticket, []).append(move.to)
    return [f"{die_word(t, tr)} → {', '.join(str(s) for s in sorted(stations))}"
            for t, stations in by_ticket.items()]


def mrx_prompt_text(game: GameInfo, mview: DiceMrXView, channel: str, tr: Speaker = EN) -> str:
    public = mview.public
    if public.awaiting == "start":
        hunters = ", ".join(f"{pawn_name(public, p.id, tr)} {p.station}" for p in public.detectives)
        return "\n".join([
            tr._("{mrx} **Pick your start, Mr. X** (game #{id} in {channel}).").format(
                mrx=MRX_EMOJI, id=game.id, channel=channel),
            tr._("Any free station will do; the channel hears only the letter of its tile."),
            tr._("Detectives: {hunters}").format(hunters=hunters),
            tr._("Pick below, or type `/sy move to: …` here."),
        ])
    entry = len(public.logbook) + 1
    lines = [
        tr._("{mrx} **Your move, Mr. X** (game #{id} in {channel}, round {round}).").format(
            mrx=MRX_EMOJI, id=game.id, channel=channel, round=public.round),
        tr._("You are at {station}. This is move {n} of {total}.").format(
            station=station(mview.station), n=entry, total=public.log_entries)
        + (" " + tr._("🔍 This move is a **reveal**: everyone will see where you land.")
           if entry in public.reveal_entries else ""),
    ]
    used = ", ".join(f"{die_word(face, tr)} ({pawn_name(public, pawn, tr)})" for pawn, face in public.used)
    lines.append(tr._("Dice the detectives used this round: {dice}").format(dice=used or tr._("none")))
    lines.append(tr._("Where each takes you:"))
    lines += [f"• {line}" for line in reach_lines(mview, tr)]
    if mview.can_double:
        lines.append(tr._("⏩ Your double move is ready: two of their dice, or one and a black ticket."))
    hunters = ", ".join(f"{pawn_name(public, p.id, tr)} {p.station}" for p in public.detectives)
    lines.append(tr._("Detectives: {hunters}").format(hunters=hunters))
    count = len(public.possible)
    if count == 1:
        lines.append(tr._("The detectives know where you are."))
    elif count:
        lines.append(tr.ngettext("As far as they can tell, you are at one of {n} station.",
                                 "As far as they can tell, you are at one of {n} stations.", count).format(n=count))
    lines.append(tr._("Pick below, or type `/sy move to: … ticket: …` here."))
    return "\n".join(lines)


def mrx_moved_text(events: Sequence[Any], now_at: int | None, tr: Speaker = EN) -> str:
    """His receipt (it names his station: he alone reads it)."""
    parts = []
    for e in events:
        if isinstance(e, MrXMoved):
            parts.append(tr._("move {n} {ticket}").format(n=e.entry, ticket=die_word(e.ticket, tr))
                         + (" 🔍" if e.revealed is not None else ""))
        if isinstance(e, MrXStarted):
            parts.append(tr._("start on tile {tile}").format(tile=e.tile))
    if not parts:
        return tr._("✅ Done.")
    return tr._("✅ Done: {moves}. You are at {station} now.").format(moves="; ".join(parts), station=station(now_at))


def mrx_status_text(mview: DiceMrXView, tr: Speaker = EN) -> str:
    text = tr._("🎩 Only you see this: you are at {station}.").format(station=station(mview.station))
    if mview.moves:
        text += "\n" + "\n".join(reach_lines(mview, tr))
    return text[:1500]


def mrx_receipt_text(events: Sequence[Any], view, now_at: int | None, tr: Speaker = EN) -> str:
    """The receipt after his move (``now_at``: his station now)."""
    return mrx_moved_text(events, now_at, tr)
