"""Every picture of a finished game, written to a folder: for ``python -m bot render``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from .board import render_board, render_mrx_board, render_route
from .logbook import logbook_text, render_logbook
from .animation import render_replay, round_states
from .zoom import render_zoom


def album_writer(folder: str | Path) -> tuple[Callable[[str, bytes | str], None], list[Path]]:
    """``save(name, data)`` writes a picture (bytes) or a text (UTF-8) into ``folder`` (made if need be)
    and lists its path in ``written``; every family's album uses it."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes | str) -> None:
        path = out / name
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        written.append(path)

    return save, written


def save_album(record: dict[str, Any], folder: str | Path, *, tracker: bool = False) -> list[Path]:
    """Write the board after every round (``board-00.png`` is the start) and its phone zoom
    (``zoom-00.png``...), Mr. X's own board in every round (``mrx-01.png``...), the logbook (PNG and
    text), the route and the replay; returns the paths."""
    save, written = album_writer(folder)

    states = round_states(record)
    views = [state.public_view() for state in states]
    for number, (state, view) in enumerate(zip(states, views)):
        save(f"board-{number:02d}.png", render_board(view, tracker=tracker))
        save(f"zoom-{number:02d}.png", render_zoom(view, tracker=tracker))
        if not state.is_over:
            save(f"mrx-{view.round:02d}.png", render_mrx_board(state.mrx_view()))
    final = views[-1]
    save("logbook.png", render_logbook(final))
    save("logbook.txt", logbook_text(final) + "\n")
    save("route.png", render_route(final))
    save("replay.gif", render_replay(views))
    save("record.json", json.dumps(record, indent=1) + "\n")
    return written
