"""Pictures of the dice game: pure functions from a view to PNG bytes.

Every function takes a view, never the game state, so a public picture cannot show what the
detectives may not know::

    render_board(state.public_view())       # the board after a round (tracker on by default)
    render_mrx_board(state.mrx_view())      # Mr. X's own board, for his DMs
    render_log(view), log_text(view)        # his log, as a picture and as embed text
    render_route(final_view)                # his whole route, once the game is over
    zoom.render_zoom(view), zoom.render_mrx_zoom(state.mrx_view())  # the phone close-ups

Modules: ``basemap`` (the static tiles, drawn once per layout and cached), ``panels`` (headline,
dice, chips), ``board``, ``log``, ``zoom``, ``renderer`` (the names the bot and the CLI call).
Colours, fonts and the pawn and tag marks come from the shared :mod:`bot.pictures`.
"""

from .board import render_board, render_mrx_board, render_route
from .log import log_text, render_log
from .panels import DIE_EMOJI, die_sprite

__all__ = ["DIE_EMOJI", "die_sprite", "log_text", "render_board", "render_log", "render_mrx_board", "render_route"]
