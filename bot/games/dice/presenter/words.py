"""The dice game's small words: a die or ticket with its mark, and a roll."""

from __future__ import annotations

from typing import Sequence

from bot.games.dice.ticket_words import DIE_EMOJI, ticket_name
from bot.i18n import EN, Speaker

#: the extra tickets' marks in texts
TICKET_EMOJI = {"black": "⬛", "helicopter": "🚁", "pass": "✖️", "double": "⏩"}


def die_word(ticket: str, tr: Speaker = EN) -> str:
    """A die or ticket with its mark: ``🟩 bus``, ``⬛ black ticket``, ``🚁 helicopter``."""
    mark = DIE_EMOJI.get(ticket) or TICKET_EMOJI.get(ticket, "")
    return f"{mark} {ticket_name(ticket, tr)}".strip()


def dice_row(faces: Sequence[str], tr: Speaker = EN) -> str:
    """A roll as emoji dice with their words, alike faces together: ``🟨 taxi ×2 · 🟩 bus · ❌ X``."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return " · ".join((f"{DIE_EMOJI[f]} {ticket_name(f, tr)}" if f != "x" else f"{DIE_EMOJI['x']} X")
                      + (f" ×{n}" if n > 1 else "") for f, n in counts.items())
