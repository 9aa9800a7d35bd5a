"""The dice game's die faces and Mr. X's tickets as words and marks: shared by its pictures, its presenter (the
chat layer's texts and buttons) and its web page. A module of its own so that the presenter, which every bot
process imports as it starts, does not import the pictures (and Pillow) to name a ticket."""

from __future__ import annotations

from bot.i18n import EN, N_, Speaker

#: emoji for text (Discord embeds, buttons)
DIE_EMOJI = {"taxi": "🟨", "bus": "🟩", "underground": "🟥", "x": "❌"}
#: the die faces and Mr. X's tickets, as words (in English; translated for the reader)
TICKET_NAME = {"taxi": N_("taxi"), "bus": N_("bus"), "underground": N_("underground"), "black": N_("black ticket"),
               "helicopter": N_("helicopter"), "pass": N_("pass"), "double": N_("double move")}


def ticket_name(ticket: str, tr: Speaker = EN) -> str:
    """A die face or one of Mr. X's tickets in ``tr``'s language: "underground" -> "U-Bahn"."""
    return tr._(TICKET_NAME[ticket]) if ticket in TICKET_NAME else ticket
