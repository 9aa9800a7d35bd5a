"""The small words of a London-style board: its tickets, a wallet, the round and Mr. X's logbook.

Tickets are said in the board's own words (Potsdam's agents walk where London's detectives take a
taxi): the board names each ticket and its emoji, in the reader's language.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from bot.games.london.engine import Board, PublicView
from bot.i18n import EN, Speaker
from bot.i18n.names import ride_sentence


def round_of(view: PublicView, round_: int | None = None, tr: Speaker = EN) -> str:
    """``Round 6``, or ``Round 6 of 22`` when the rules end the game after a number of rounds."""
    n = view.round if round_ is None else round_
    if view.max_rounds:
        return tr._("Round {n} of {last}").format(n=n, last=view.max_rounds)
    return tr._("Round {n}").format(n=n)


def logbook_count(view: PublicView, tr: Speaker = EN) -> str:
    """``Logbook 5/24``: Mr. X's moves so far, of the moves his logbook holds."""
    return tr._("Logbook {done}/{size}").format(done=len(view.logbook), size=view.log_size())


def ticket(t: str, board: Board, tr: Speaker = EN) -> str:
    """A ticket in the board's words: ``🚕 taxi``, ``🚶 walking ticket``, ``⬛ black``."""
    return f"{board.ticket_emoji(t)} {board.ticket_name(t, tr.language)}"


def ride_line(t: str, board: Board, tr: Speaker = EN) -> str:
    """The sentence of a move with ticket ``t`` on ``board`` ("Red took the bus from ..."), to fill in with
    ``who``, ``start`` and ``to``; a transport without a sentence of its own says its name."""
    kind = board.transport_of(t)
    said = ride_sentence(kind.id, tr) if kind is not None else None
    if said is not None:
        return said
    name = kind.name(tr.language) if kind else board.ticket_name(t, tr.language)
    return tr._("{who} rode {ticket} from {start} to {to}.").replace("{ticket}", f"{board.ticket_emoji(t)} {name}")


def tickets_list(tickets: Iterable[str], board: Board, tr: Speaker = EN) -> str:
    return ", ".join(board.ticket_name(t, tr.language) for t in tickets)


def wallet(tickets: Mapping[str, int | None] | None, board: Board, tr: Speaker = EN) -> str:
    """``🚕 10 · 🚌 8 · 🚇 4`` (``∞`` for an unlimited supply), in the wallet's order; bobbies need none."""
    if tickets is None:
        return tr._("no tickets needed")
    parts = []
    for kind, count in tickets.items():
        parts.append(f"{board.ticket_emoji(kind)} {'∞' if count is None else count}")
    return " · ".join(parts)


def destination_label(to: int, tickets: Sequence[str], board: Board, tr: Speaker = EN) -> str:
    """An autocomplete or menu label: ``54 — taxi, bus``."""
    return f"{to} — {tickets_list(tickets, board, tr)}"
