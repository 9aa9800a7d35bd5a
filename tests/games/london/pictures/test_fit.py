"""Words drawn in pictures fit their pictures in both languages (German words run longer)."""

import pytest

from bot.games.london.engine import GameState, load_board
from bot.i18n import speaker
from bot.pictures import style
from bot.games.london.pictures.basemap import _legend_items, _station_label, legend_label
from bot.games.london.pictures.layout import BASE_WIDTH, layout
from bot.games.london.pictures.logbook import MARGIN, WIDTH, _ticket_chips


@pytest.mark.parametrize("board", ["london", "potsdam"])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [BASE_WIDTH, 1200])
def test_the_legend_row_fits_the_picture(board, language, width):
    lay = layout(load_board(board), width)
    items, scale = _legend_items(lay, language)
    font = style.font(lay.px(style.LEGEND_FONT * scale), "bold")
    kind, what, x = items[-1]
    text = legend_label(lay.board, what, language) if kind == "line" else _station_label(lay.board, what, language)
    assert x + lay.px(50 * scale) + font.getlength(text) <= lay.width
    assert scale >= 0.6


@pytest.mark.parametrize("rules", ["classic", "sanssouci", "mb1985"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_mr_x_ticket_chips_fit_the_logbook_footer(rules, language):
    view = GameState.new(rules, players=4, seed=2).public_view()
    tr = speaker(language)
    label = style.font(21, "bold").getlength(tr._("Mr. X's tickets:")) + 14
    room = WIDTH - 2 * MARGIN - label
    chips = _ticket_chips(view, tr, room)
    assert len(chips) == len(view.mrx_tickets)
    assert sum(font.getlength(text) + 32 for _, text, font in chips) <= room
