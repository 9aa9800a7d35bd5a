"""The dice game's small words: a die or ticket with its mark, and a roll."""

from __future__ import annotations

from typing import Sequence

from bot.games.dice.pictures.panels import DIE_EMOJI, ticket_name
from bot.i18n import EN, Speaker

#: the extra tickets' marks in texts
TICKET_EMOJI = {"black": "⬛", "helicopter": "🚁", "pass": "✖️", "double": "⏩"}


def die_word(ticket: str, tr: Speaker = EN) -> str:
    """A die or ticket with its mark: ``🟩 bus``, ``⬛ black ticket``, ``🚁 helicopter``."""
    mark = DIE_EMOJI.get(ticket) or TICKET_EMOJI.get(ticket, "")
    return f"{mark} {ticket_name(ticket, tr)}".strip()


def dice_row(faces: Sequence[str], tr: Speaker = EN) -> str:
    """A roll as emoji dice with their words: ``🟨 taxi · 🟩 bus · ❌ X``."""
    return " · ".join(f"{DIE_EMOJI[f]} {ticket_name(f, tr)}" if f != "x" else f"{DIE_EMOJI['x']} X" for f in faces)
