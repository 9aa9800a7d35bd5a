"""The small words every message shares: stations, people, tickets, pawns, rules' titles.

Stations are written in bold (``**54**``) everywhere, so readers (and the secrecy tests) can
tell a station from a round or a count.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from bot.game import (
    Board,
    PublicView,
    get_rules,
)
from bot.service.models import Player

PAWN_EMOJI = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "purple": "🟣", "black": "⚫", "white": "⚪"}
MRX_EMOJI = "🎩"
BOBBY_EMOJI = "👮"
COLOUR = 0x2B4C7E  # embeds: London blue
MRX_COLOUR = 0x222222
WIN_COLOUR = 0xC9A227



# -- small words ---------------------------------------------------------------------------------


def station(number: int | None) -> str:
    return "?" if number is None else f"**{number}**"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 station``, ``2 stations`` (``many`` for an irregular plural)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def round_of(view: PublicView, round_: int | None = None) -> str:
    """``Round 6``, or ``Round 6 of 22`` when the rules end the game after a number of rounds."""
    n = view.round if round_ is None else round_
    return f"Round {n} of {view.max_rounds}" if view.max_rounds else f"Round {n}"


def logbook_count(view: PublicView) -> str:
    """``Logbook 5/24``: Mr. X's moves so far, of the moves his logbook holds."""
    return f"Logbook {len(view.logbook)}/{view.log_entries}"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def ticket(t: str, board: Board) -> str:
    """A ticket in the board's words: ``🚕 taxi``, ``🚶 walking ticket``, ``⬛ black``."""
    return f"{board.ticket_emoji(t)} {board.ticket_name(t)}"


def tickets_list(tickets: Iterable[str], board: Board) -> str:
    return ", ".join(board.ticket_name(t) for t in tickets)


def wallet(tickets: Mapping[str, int | None] | None, board: Board) -> str:
    """``🚕 10 · 🚌 8 · 🚇 4`` (``∞`` for an unlimited supply), in the wallet's order; bobbies need none."""
    if tickets is None:
        return "no tickets needed"
    parts = []
    for kind, count in tickets.items():
        parts.append(f"{board.ticket_emoji(kind)} {'∞' if count is None else count}")
    return " · ".join(parts)


def pawn_emoji(role: str, colour: str) -> str:
    if role == "mrx":
        return MRX_EMOJI
    if role == "bobby":
        return BOBBY_EMOJI
    return PAWN_EMOJI.get(colour, "⚪")


def pawn_name(view: PublicView, pawn: str) -> str:
    p = view.pawn(pawn)
    return f"{pawn_emoji(p.role, p.colour)} {p.label}"


def owners_of(players: Iterable[Player]) -> dict[str, list[int]]:
    """pawn -> the people who move it (bobbies: every detective player)."""
    found: dict[str, list[int]] = {}
    for player in players:
        if player.status != "playing":
            continue
        for pawn in player.pawns:
            found.setdefault(pawn, []).append(player.user_id)
    return found


def role_word(role: str | None) -> str:
    return {"mrx": f"{MRX_EMOJI} Mr. X", "detective": "🕵️ detective"}.get(role or "", "either role")


def rules_title(name: str) -> str:
    try:
        return get_rules(name).title
    except Exception:
        return name


def settings_words(settings) -> str:
    """``reminders after 12 h, deadline 48 h, tracker on`` (game or server settings)."""
    def hours(h: float | None) -> str:
        return "off" if h is None else f"{h:g} h"
    return (f"reminders after {hours(settings.reminder_hours)}, deadline {hours(settings.deadline_hours)}, "
            f"tracker {'on' if settings.tracker else 'off'}")


# -- the lobby -----------------------------------------------------------------------------------


def destination_label(to: int, tickets: Sequence[str], board: Board) -> str:
    """An autocomplete or menu label: ``54 — taxi, bus``."""
    return f"{to} — {tickets_list(tickets, board)}"


# -- reference -----------------------------------------------------------------------------------


DATABASE_GONE = ("⛔ I can't record moves right now: my game database is unavailable, so nothing was changed. "
                 "The bot's operator has been told; please try again later.")
APOLOGY = "Sorry, something went wrong on my side. Please try again in a moment; `/sy status` shows where the game stands."
