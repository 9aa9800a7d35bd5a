"""Every whole board's header reads on a phone: shown 420 px wide, its headline and its lines of
details stand at least as tall as a phone's small print."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.games.dice.engine.players import simulate
from bot.games.dice.engine.record import export_record as dice_record
from bot.games.dice.pictures import renderer as dice
from bot.games.dice.pictures.basemap import layout as dice_layout
from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import render_board, render_mrx_board, render_route, round_states
from bot.games.london.pictures.layout import layout
from bot.pictures import style
from bot.pictures.headline import PHONE_WIDTH, Look, wrap

#: the least height of a line of words in the header, its ink from the top of its tallest letter down
#: (to the baseline, or below where a letter reaches below it), once the picture is shown PHONE_WIDTH wide:
#: DejaVu Sans's capitals are 0.73 of its size, 7.3 px at 10 px (the old boards' details: 3.4 px)
LEAST_INK_PX = 7.0


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def ink_lines(img: Image.Image, header: int) -> list[tuple[int, int]]:
    """(top, bottom) of each line of words in the header band: the runs of pixel rows holding any ink
    (a pixel that is not the band's colour)."""
    band = img.crop((0, 0, img.width, header))
    ink = ImageChops.difference(band, Image.new("RGB", band.size, style.PANEL)).convert("L").point(
        lambda v: 255 if v > 40 else 0)
    rows = [ink.crop((0, y, ink.width, y + 1)).getbbox() is not None for y in range(header)]
    lines, start = [], None
    for y, inked in enumerate(rows + [False]):
        if inked and start is None:
            start = y
        elif not inked and start is not None:
            lines.append((start, y))
            start = None
    return lines


def assert_reads_on_a_phone(img: Image.Image, header: int, what: str) -> None:
    lines = ink_lines(img, header)
    assert len(lines) >= 2, what  # the headline and at least a line of details
    for top, bottom in lines:
        assert (bottom - top) * PHONE_WIDTH / img.width >= LEAST_INK_PX, (what, top, bottom)


def _london_pictures(rules: str, seed: int, language: str):
    states = round_states(export_record(play_game(rules, players=5, seed=seed)))
    for state in states[1::4]:
        view = state.public_view()
        yield f"{rules} board round {view.round}", render_board(view, tracker=True, language=language), view.board
        if not state.is_over:
            yield (f"{rules} Mr. X's board round {view.round}", render_mrx_board(state.mrx_view(), language=language),
                   view.board)
    final = states[-1].public_view()
    yield f"{rules} route", render_route(final, language=language), final.board


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("rules", ["classic", "mb1985", "master", "sanssouci"])
def test_every_london_style_board_header_reads_at_a_phones_width(rules, language):
    for what, data, board in _london_pictures(rules, 3, language):
        img = _decoded(data)
        assert_reads_on_a_phone(img, layout(board, img.width).header, f"{what} ({language})")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_dice_board_header_reads_at_a_phones_width(language):
    record = dice_record(simulate(players=4, seed=5))
    views = [v for v in dice.round_views(record) if v.board is not None]
    pictures = [("board", dice.render_board(v, tracker=True, language=language)) for v in views[::2]]
    pictures.append(("route", dice.render_route(views[-1], language=language)))
    for what, data in pictures:
        img = _decoded(data)
        assert_reads_on_a_phone(img, dice_layout(views[0].board, img.width).header, f"dice {what} ({language})")


def test_details_wrap_at_their_separators_and_a_long_headline_keeps_a_readable_size():
    font = style.font(48, "regular")
    text = " · ".join(["Logbook 12/24", "next reveal: move 13", "Mr. X last seen at 104 (move 8)",
                       "pink rings: the 7 stations he may be at"])
    lines = wrap(text, font, 1000)
    assert " · ".join(lines) == text and len(lines) > 1
    assert all(font.getlength(line) <= 1000 for line in lines)
    look = Look(2000, margin=28, top=12, title=64, line=48, first=94, leading=56, lines=3, brand=28)
    assert look.least(10) * PHONE_WIDTH / 2000 >= 10
