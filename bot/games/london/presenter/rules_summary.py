"""``/sy rules`` for the London-style games: the rule system's figures, its board's tickets and the
variants in play, in the reader's language and the board's words."""

from __future__ import annotations

from typing import Mapping

from bot.games.london.engine import get_rules, load_board
from bot.i18n import N_, Speaker
from bot.chat.words import and_list
from bot.i18n.reference import OPTION_WORDS, RULE_WORDS

#: the tickets every board shares (ride tickets are named by the board, in either language)
TICKET_NAMES = {"black": N_("black"), "double": N_("double move")}


def _kind(ticket: object) -> str:
    return str(getattr(ticket, "value", ticket))


def _tickets(t: Speaker, tickets: Mapping, board) -> str:
    """``🚶 10 walking tickets``-style counts in the board's own emoji and words, in the reader's language."""
    parts = []
    for ticket, n in tickets.items():
        kind = _kind(ticket)
        transport = board.transport_of(kind) if kind in board.ride_tickets else None
        name = transport.name(t.language) if transport is not None else (
            t._(TICKET_NAMES[kind]) if kind in TICKET_NAMES else kind)
        parts.append(f"{board.ticket_emoji(kind)} {n} {name}")
    return ", ".join(parts)


def rules_text(t: Speaker, game_rules: str, options: Mapping[str, bool] | None = None) -> str:
    r = get_rules(game_rules)
    board = load_board(r.board)
    t = t.on(board)  # Sanssouci's rules call the hunters agents
    title, summary = RULE_WORDS.get(r.name, (r.title, r.summary))
    if r.mrx_tickets is None:
        mrx = t._("taxi, bus and underground from the supply (unlimited)")
    else:
        mrx = _tickets(t, r.mrx_tickets, board)
    black = t._("one per detective") if r.mrx_black_tickets is None else str(r.mrx_black_tickets)
    entries = ", ".join(str(n) for n in sorted(r.reveal_entries))
    spent = t._("Mr. X") if r.spent_tickets_to == "mrx" else t._("the supply")
    length = t.ngettext("{n} logbook entry", "{n} logbook entries", r.log_entries).format(n=r.log_entries)
    if r.max_rounds:
        length += t.ngettext(", {n} round at most", ", {n} rounds at most", r.max_rounds).format(n=r.max_rounds)
    lines = [
        f"**{t._(title)}**: {t._(summary)}",
        t._("• {low}-{high} players, Mr. X included.").format(low=r.min_players, high=r.max_players),
        t._("• Detectives' tickets: {tickets}. Spent tickets go to {whom}.").format(
            tickets=_tickets(t, r.detective_tickets, board), whom=spent),
        t._("• Mr. X: {tickets}; ⬛ black: {black}; ⏩ double moves: {double}.").format(
            tickets=mrx, black=black, double=r.mrx_double_tickets),
        t._("• Mr. X shows himself after his moves {entries}; {length}.").format(entries=entries, length=length),
        (t._("• Detectives move in any order; a detective who moves onto Mr. X catches him.") if r.any_order
         else t._("• Detectives move in seat order; a detective who moves onto Mr. X catches him.")),
    ]
    words = {o.name: OPTION_WORDS.get(o.name, (o.title, o.description)) for o in r.options}
    on = [name for name in words if (options or {}).get(name)]
    if on:
        lines.append(t._("• Variants in play:"))
        lines += [f"  – **{t._(words[n][0])}**: {t._(words[n][1])}" for n in on]
    elif words:
        lines.append(t._("• Variants the host can pick in the lobby: {names}.").format(
            names=", ".join(t._(title) for title, _ in words.values())))
    return "\n".join(lines)


def help_tickets(t: Speaker, game_rules: str) -> str:
    """``/sy help``'s line on the tickets of ``game_rules``, in its board's words: what the hunters ride, and what
    Mr. X rides besides."""
    board = load_board(get_rules(game_rules).board)
    t = t.on(board)
    rides = " · ".join(f"{board.ticket_emoji(k)} {board.ticket_name(k, t.language)}" for k in board.ride_tickets)
    special = and_list([kind.name(t.language) for kind in board.transports.values() if kind.mrx_only], t)
    black = board.ticket_name("black", t.language)
    double = board.ticket_name("double", t.language)
    if special:
        return t._("Tickets: {rides} · ⬛ {black} (Mr. X: any line, {special} included) · ⏩ {double}.").format(
            rides=rides, black=black, special=special, double=double)
    return t._("Tickets: {rides} · ⬛ {black} (Mr. X: any line) · ⏩ {double}.").format(rides=rides, black=black,
                                                                                  double=double)
