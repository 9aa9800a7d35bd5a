"""The dice game's close-ups keep every name tag inside the part they show (none cut at the edge, long
names and German words too), and Mr. X's close-up frames his station and every station he can reach."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.dice.engine import BadRecord, replay
from bot.games.dice.engine.players import simulate
from bot.games.dice.engine.record import export_record
from bot.games.dice.pictures.basemap import layout
from bot.games.dice.pictures.board import draw_board, draw_mrx_board
from bot.games.dice.pictures.zoom import (ZOOM_WIDTH, _two_lines, mrx_stations, mrx_window, render_mrx_zoom,
                                          render_zoom, window)
from bot.pictures import style

from tests.games.dice.pictures.test_pictures import decode

LONG = "Bartholomew Fitzwilliam-Featherstonehaugh"


def states(seeds=range(5)):
    """Every state of simulated four-player games at which a picture is drawn (tiles laid, not mid-way
    through a double move)."""
    for seed in seeds:
        record = export_record(simulate(4, seed))
        for upto in range(len(record["actions"]) + 1):
            try:
                state = replay(record, upto=upto)
            except BadRecord:
                continue
            if state.public_view().board is not None:
                yield state


def long_named(view):
    """The view with every detective's tag a long name (a colour the board has no word for shows the label)."""
    return replace(view, pawns=tuple(replace(p, colour="plaid", label=f"{LONG} {p.id}") if p.role == "detective"
                                     else p for p in view.pawns))


def outside(tags, box) -> list:
    return [t for t in tags.placed if t[0] < box[0] or t[1] < box[1] or t[2] > box[2] or t[3] > box[3]]


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_tag_of_the_public_close_up_is_cut_at_its_edge(language):
    checked = framed = 0
    for state in states():
        view = long_named(state.public_view())
        box = window(view)
        if box is None:
            continue
        framed += 1
        tags = draw_board(view, tracker=True, language=language, frame=box).tags
        assert outside(tags, box) == [], (state.round, box)
        checked += len(tags.placed)
    assert framed > 20 and checked > 3 * framed


def test_the_check_finds_tags_cut_at_the_edge_without_a_frame():
    cut = 0
    for state in states():
        view = long_named(state.public_view())
        box = window(view)
        if box is not None:
            cut += bool(outside(draw_board(view, tracker=True).tags, box))
    assert cut > 0  # the long names stick out of the close-up when the tags do not know its edge


@pytest.mark.parametrize("language", ["en", "de"])
def test_mr_x_s_close_up_frames_his_choices_and_keeps_his_tags_inside(language):
    drawn = 0
    for state in states(range(3)):
        if state.awaiting != "mrx" or state.is_over:
            continue
        mview = state.mrx_view()
        mview = replace(mview, public=long_named(mview.public))
        box = mrx_window(mview)
        if box is None:
            assert render_mrx_zoom(mview, language=language) is None  # spread over the board: his board says it
            continue
        drawn += 1
        lay = layout(mview.public.board)
        assert mview.station in mrx_stations(mview) and set(mview.reachable()) <= mrx_stations(mview)
        for station in mrx_stations(mview):
            x, y = lay.xy(station)
            assert box[0] < x < box[2] and box[1] < y < box[3], station
        tags = draw_mrx_board(mview, language=language, frame=box).tags
        assert outside(tags, box) == []
        assert any(t for t in tags.placed)  # his own tag at least
    assert drawn > 5


def test_mr_x_s_close_up_is_phone_sized_and_refuses_a_public_view():
    state = next(s for s in states(range(1)) if s.awaiting == "mrx" and mrx_window(s.mrx_view()) is not None)
    assert decode(render_mrx_zoom(state.mrx_view(), language="de")).width == ZOOM_WIDTH
    assert render_zoom(state.public_view()) != render_mrx_zoom(state.mrx_view())
    with pytest.raises(TypeError):
        render_mrx_zoom(state.public_view())


def test_the_close_up_writes_the_header_again_at_a_phone_s_size():
    state = next(s for s in states(range(1)) if s.awaiting == "mrx" and mrx_window(s.mrx_view()) is not None)
    board = draw_mrx_board(state.mrx_view(), language="de")
    title, details, note = board.headline
    assert title.startswith("Runde") and "Mister X" in title and note is not None  # his note: where he can go
    font = style.font(24, "regular")
    long = " · ".join([details] * 3)
    lines = _two_lines(long, ZOOM_WIDTH - 44, font)
    assert len(lines) == 2 and " · ".join(lines) == long and font.getlength(lines[0]) <= ZOOM_WIDTH - 44
    assert _two_lines("short", ZOOM_WIDTH - 44, font) == ["short"]
    img = decode(render_mrx_zoom(state.mrx_view(), language="de"))
    assert img.getpixel((ZOOM_WIDTH - 5, 5)) == style.PANEL  # the header band, drawn anew


def test_the_album_keeps_mr_x_s_close_ups_beside_his_boards(tmp_path):
    from bot.games.dice.pictures.renderer import save_album

    save_album(export_record(simulate(3, 2)), tmp_path)
    boards = {p.name[4:] for p in tmp_path.glob("mrx-[0-9]*.png")}
    close_ups = {p.name[9:] for p in tmp_path.glob("mrx-zoom-*.png")}
    assert close_ups and close_ups <= boards  # "mrx-zoom-05.png" beside "mrx-05.png", where his choices fit one
    assert all(decode((tmp_path / f"mrx-zoom-{n}").read_bytes()).width == ZOOM_WIDTH for n in close_ups)
