"""Every picture of a finished London-style game, written to a folder: for ``python -m bot render``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.games.london.pictures.animation import render_replay, round_states
from bot.games.london.pictures.board import render_board, render_mrx_board, render_route
from bot.games.london.pictures.logbook import logbook_text, render_logbook
from bot.games.london.pictures.zoom import render_mrx_zoom, render_zoom
from bot.pictures.album import album_writer


def save_album(record: dict[str, Any], folder: str | Path, *, tracker: bool = False,
               language: str = "en") -> list[Path]:
    """Write the board after every round (``board-00.png`` is the start) and its phone zoom
    (``zoom-00.png``...), Mr. X's own board and close-up in every round (``mrx-01.png``,
    ``mrx-zoom-01.png``...), the logbook (PNG and text), the route and the replay, their words in
    ``language``; returns the paths."""
    save, written = album_writer(folder)

    states = round_states(record)
    views = [state.public_view() for state in states]
    for number, (state, view) in enumerate(zip(states, views)):
        save(f"board-{number:02d}.png", render_board(view, tracker=tracker, language=language))
        save(f"zoom-{number:02d}.png", render_zoom(view, tracker=tracker, language=language))
        if not state.is_over:
            save(f"mrx-{view.round:02d}.png", render_mrx_board(state.mrx_view(), language=language))
            save(f"mrx-zoom-{view.round:02d}.png", render_mrx_zoom(state.mrx_view(), language=language))
    final = views[-1]
    save("logbook.png", render_logbook(final, language=language))
    save("logbook.txt", logbook_text(final, language) + "\n")
    save("route.png", render_route(final, language=language))
    save("replay.gif", render_replay(views, language=language))
    save("record.json", json.dumps(record, indent=1) + "\n")
    return written
