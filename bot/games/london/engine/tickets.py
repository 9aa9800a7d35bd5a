"""The two tickets every London-style game has, whatever its board.

Every other ticket is named by the board file (London: taxi, bus, underground; Potsdam: walk,
ViP, Schnellbahn); see :class:`bot.games.london.engine.board.TransportKind`. Tickets are plain strings.
"""

from __future__ import annotations

#: Mr. X's ticket for any one ride, on any transport (the ferry or the boats too)
BLACK = "black"
#: Mr. X's ticket for two moves in one round
DOUBLE = "double"

#: words a player may type for the fixed tickets
#: how the fixed tickets look in a message
FIXED_EMOJI = {BLACK: "⬛", DOUBLE: "⏩"}
FIXED_NAMES = {BLACK: {"en": "black", "de": "Black-Ticket"}, DOUBLE: {"en": "double move", "de": "Doppelzug"}}

TICKET_ALIASES = {"x": BLACK, "2x": DOUBLE, "double move": DOUBLE, "black ticket": BLACK}
