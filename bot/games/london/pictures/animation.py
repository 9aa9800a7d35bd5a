"""The replay of a finished game: one frame per round, as an animated GIF.

A replay is shown only after the game, when Mr. X's route is public; each frame is still drawn from
that round's public view, with his route so far taken from the finished game's view.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.london.engine import GameState, PublicView, replay_cuts

from bot.i18n import Speaker, speaker
from bot.pictures.animation import gif
from bot.i18n.names import outcome_sentence

from bot.games.london.pictures.basemap import new_picture
from bot.games.london.pictures.board import REPLAY_TRAIL, draw_board, expect, route_colours
from bot.pictures.canvas import Picture
from bot.pictures.marks import trail
from bot.games.london.pictures.panels import EN

REPLAY_WIDTH = 1200


def round_views(record: dict[str, Any]) -> list[PublicView]:
    """The public view at the start and after every round of a finished game's record."""
    return [state.public_view() for state in round_states(record)]


def round_states(record: dict[str, Any]) -> list[GameState]:
    """The game at the start and after every round, replayed from a finished game's record.

    For tools that show a whole game afterwards; pictures are still drawn from the states' views.
    """
    if not record.get("outcome"):
        raise ValueError("A replay is made only once the game is over.")
    actions = record.get("actions") or []
    cuts = [i + 1 for i, (a, b) in enumerate(zip(actions, actions[1:])) if a["round"] != b["round"]]
    return replay_cuts(record, [0, *cuts, len(actions)])


def render_replay(views: Sequence[PublicView], *, width: int = REPLAY_WIDTH, language: str = "en") -> bytes:
    """An animated GIF of ``views`` (from :func:`round_views`): the detectives round by round and
    Mr. X's true route growing behind him, its words in ``language``. The last view must be of the
    finished game."""
    if not views:
        raise ValueError("A replay needs at least one view.")
    tr = speaker(language, views[-1].board)
    for view in views:
        expect(view, PublicView, "render_replay", "round_views(record)")
    route = views[-1].route
    if route is None:
        raise ValueError("A replay is made only once the game is over: the last view must be the finished game.")
    # Mr. X's route grows from frame to frame: each frame starts from the route so far, drawn once
    lay, so_far = new_picture(views[0].board, width, dim=True, language=tr.language)
    colours = route_colours(views[-1])
    drawn, frames = 0, []
    for i, view in enumerate(views):
        moves = len(view.logbook)
        if moves > drawn:
            trail(so_far, lay, route[drawn: moves + 1], colours[drawn: moves], width=REPLAY_TRAIL)
            so_far.settle()
            drawn = moves
        frame = Picture(so_far.base, bright=so_far.bright, palette=so_far.palette, indexed=so_far.indexed)
        title = _title(view, i, len(views), tr)
        frames.append(draw_board(view, width=width, mrx_route=route[: moves + 1], title=title, tr=tr,
                                 on=(lay, frame)).to_indexed())
    return gif(frames)


def _title(view: PublicView, index: int, count: int, tr: Speaker = EN) -> str:
    if index == count - 1 and view.outcome is not None:
        return outcome_sentence(view.outcome, tr)
    if index == 0:
        return tr._("Replay · the start")
    return tr._("Replay · after round {n}").format(n=view.round - 1 if view.phase == "mrx" else view.round)
