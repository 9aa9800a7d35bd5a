"""Every picture of a finished London-style game, written to a folder: for ``python -m bot render``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.games.london.pictures.animation import REPLAY_WIDTH, render_replay, round_states
from bot.games.london.pictures.board import render_board, render_mrx_board, render_route
from bot.games.london.pictures.logbook import logbook_text, render_logbook
from bot.games.london.pictures.zoom import render_mrx_zoom, render_zoom
from bot.pictures.album import album_writer, round_name


def save_album(record: dict[str, Any], folder: str | Path, *, tracker: bool = False,
               language: str = "en", width: int | None = None) -> list[Path]:
    """Write the board at the start of every round (``board-01.png`` is the start) and its phone zoom
    (``zoom-01.png``...), Mr. X's own board and close-up at his move in every round (``mrx-01.png``,
    ``mrx-zoom-01.png``...), the board and close-up at the end (``board-end.png``, ``zoom-end.png``), the
    logbook (PNG and text), the route and the replay, their words in ``language``; returns the paths.
    Each picture's number is the round its headline names. ``width``: the boards, Mr. X's boards, the route
    and the replay at most this wide (None: each at its own width)."""
    save, written = album_writer(folder)
    size = {} if width is None else {"width": width}

    states = round_states(record)
    views = [state.public_view() for state in states]
    for state, view in zip(states, views):
        over = view.outcome is not None
        save(round_name("board", view.round, over), render_board(view, tracker=tracker, language=language, **size))
        save(round_name("zoom", view.round, over), render_zoom(view, tracker=tracker, language=language))
        if not over:
            save(round_name("mrx", view.round), render_mrx_board(state.mrx_view(), language=language, **size))
            save(round_name("mrx-zoom", view.round), render_mrx_zoom(state.mrx_view(), language=language))
    final = views[-1]
    save("logbook.png", render_logbook(final, language=language))
    save("logbook.txt", logbook_text(final, language) + "\n")
    save("route.png", render_route(final, language=language, **size))
    save("replay.gif", render_replay(views, language=language, width=min(width or REPLAY_WIDTH, REPLAY_WIDTH)))
    save("record.json", json.dumps(record, indent=1) + "\n")
    return written
