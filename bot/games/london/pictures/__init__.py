"""Pictures of the game: pure functions from a view to PNG (or GIF) bytes.

Every function takes a view, never the game state, so a public picture cannot show what the
detectives may not know::

    render_board(state.public_view(), tracker=False)  # the board after a round
    render_mrx_board(state.mrx_view())                 # Mr. X's own board, for his DMs
    render_logbook(view), logbook_text(view)           # the logbook, as a picture and as embed text
    render_route(final_view)                           # his whole route, once the game is over
    render_replay(round_views(record))                 # an animated GIF of a finished game
    render_zoom(state.public_view())                   # the part that matters, readable on a phone
    render_mrx_zoom(state.mrx_view())                  # Mr. X's own close-up, for his DMs

Modules: ``style`` (colours, fonts, sizes), ``canvas`` (geometry, smooth drawing, PNG output),
``basemap`` (the static board, drawn once and cached), ``marks`` (pawns, tags, arrows, trails),
``panels`` (the header and the pawns' tickets), ``board``, ``zoom`` (the phone close-ups), ``windows``
(where a close-up's windows go), ``logbook``, ``replay``, ``album`` (every picture of a finished game
into a folder).
"""

from bot.games.london.pictures.album import save_album
from bot.games.london.pictures.board import render_board, render_mrx_board, render_route
from bot.games.london.pictures.logbook import logbook_text, render_logbook
from bot.games.london.pictures.animation import REPLAY_WIDTH, render_replay, round_states, round_views
from bot.games.london.pictures.zoom import possible_stations, render_mrx_zoom, render_zoom
from bot.games.london.engine import MrXView as SECRET_VIEW
from bot.games.london.engine import PublicView as PUBLIC_VIEW


def render_record_replay(record, *, language: str = "en", width: int = REPLAY_WIDTH) -> bytes:
    """The animated replay of a finished game's record (every family's renderer has one), ``width`` px wide."""
    return render_replay(round_views(record), language=language, width=width)


__all__ = [
    "PUBLIC_VIEW",
    "SECRET_VIEW",
    "render_record_replay",
    "logbook_text",
    "possible_stations",
    "render_board",
    "render_logbook",
    "render_mrx_board",
    "render_mrx_zoom",
    "render_replay",
    "render_route",
    "render_zoom",
    "round_states",
    "round_views",
    "save_album",
]
