"""The dice family's renderer (``Family.renderer``): the names the bot's picture jobs and the CLI
call, the same for every family, over this package's pictures.

    render_board(view, tracker=..., language=..., width=...)   # the public board
    render_mrx_board(view, language=..., width=...)             # Mr. X's board, for his DMs
    render_zoom(view, ...), render_mrx_zoom(mview, ...)         # the phone close-ups (None: the board says it)
    render_route(final_view, ...), render_logbook(view, ...), logbook_text(view, language)
    render_record_replay(record, language=...)                  # an animated GIF of a finished game
    save_album(record, folder, tracker=...)                      # every picture of a finished game

A family without a phone close-up has no ``render_zoom``; the bot then attaches none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.games.dice.engine import DiceMrXView, DicePublicView, replay
from bot.pictures.album import album_writer, round_name
from bot.pictures.animation import gif

from .basemap import BASE_WIDTH
from .board import draw_board
from .board import render_board as _board
from .board import render_mrx_board as _mrx_board
from .board import draw_route
from .board import render_route as _route
from .log import log_text, render_log
from .zoom import close_up, render_mrx_zoom, render_zoom, route_window  # noqa: F401  (render_zoom: the bot's)

#: the views this renderer draws: public pictures from the first only, Mr. X's from the second
PUBLIC_VIEW = DicePublicView
SECRET_VIEW = DiceMrXView
#: the replay's frames, narrower than a board post
REPLAY_WIDTH = 720


def render_board(view: DicePublicView, *, tracker: bool = False, language: str = "en",
                 width: int | None = None) -> bytes:
    return _board(view, tracker=tracker, width=width or BASE_WIDTH, language=language)


def render_mrx_board(view: DiceMrXView, *, language: str = "en", width: int | None = None) -> bytes:
    return _mrx_board(view, width=width or BASE_WIDTH, language=language)


def render_route(view: DicePublicView, *, language: str = "en", width: int | None = None) -> bytes:
    """Mr. X's route, framed on the route as a close-up frames the hunt (the whole board when it spreads over
    most of it)."""
    box = route_window(view) if width in (None, BASE_WIDTH) else None
    if box is None:
        return _route(view, width=width or BASE_WIDTH, language=language)
    return close_up(draw_route(view, width=BASE_WIDTH, language=language, frame=box), box)


def render_logbook(view: DicePublicView, *, language: str = "en") -> bytes:
    return render_log(view, language=language)


def logbook_text(view: DicePublicView, language: str = "en") -> str:
    return log_text(view, language=language)


def round_views(record: dict[str, Any]) -> list[DicePublicView]:
    """The public view after the tiles were laid and after every round, then at the end."""
    actions = record["actions"]
    cuts = [i + 1 for i, a in enumerate(actions)
            if a.get("pawn") == "mrx" and "entry" in a
            and (i + 1 == len(actions) or actions[i + 1].get("round") != a.get("round"))]
    cuts = [0, *cuts]
    if not cuts or cuts[-1] != len(actions):
        cuts.append(len(actions))
    return [replay(record, upto=n).public_view() for n in dict.fromkeys(cuts)]


def render_record_replay(record: dict[str, Any], *, language: str = "en", width: int = REPLAY_WIDTH) -> bytes:
    """An animated GIF of a finished game: the board as it stood after each round, the end held longer."""
    views = [v for v in round_views(record) if v.board is not None]
    return gif([draw_board(v, tracker=False, width=width, language=language).to_indexed() for v in views])


def save_album(record: dict[str, Any], folder: str | Path, *, tracker: bool = False,
               language: str = "en", width: int | None = None) -> list[Path]:
    """Every picture of a finished game into ``folder``: the board and its close-up at the start of each
    round (``board-01.png``...) and at the end (``board-end.png``), Mr. X's board and close-up at each of his
    turns (``mrx-01.png``...), his log, his route, the replay, and the record. Each picture's number is the
    round its headline names. ``width``: the boards, Mr. X's boards, the route and the replay at most this wide
    (None: each at its own width)."""
    if not record.get("outcome"):
        raise ValueError("the game is not over yet")
    save, written = album_writer(folder)
    size = {} if width is None else {"width": min(width, BASE_WIDTH)}

    for view in round_views(record):
        over = view.outcome is not None
        save(round_name("board", view.round, over), render_board(view, tracker=tracker, language=language, **size))
        zoom = render_zoom(view, tracker=tracker, language=language)
        if zoom is not None:
            save(round_name("zoom", view.round, over), zoom)
    actions = record["actions"]
    for i, action in enumerate(actions):
        first_of_turn = i == 0 or actions[i - 1].get("pawn") != "mrx" or actions[i - 1].get("round") != action.get("round")
        if action.get("pawn") == "mrx" and "entry" in action and first_of_turn:
            state = replay(record, upto=i)
            if state.awaiting == "mrx":
                save(round_name("mrx", state.round), render_mrx_board(state.mrx_view(), language=language, **size))
                mrx_zoom = render_mrx_zoom(state.mrx_view(), language=language)
                if mrx_zoom is not None:
                    save(round_name("mrx-zoom", state.round), mrx_zoom)
    final = replay(record).public_view()
    save("logbook.png", render_logbook(final, language=language))
    save("logbook.txt", logbook_text(final, language) + "\n")
    save("route.png", render_route(final, language=language, **size))
    save("replay.gif", render_record_replay(record, language=language, width=min(width or REPLAY_WIDTH, REPLAY_WIDTH)))
    save("record.json", json.dumps(record, indent=1) + "\n")
    return written
