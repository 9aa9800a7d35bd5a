"""The logbook: every entry's ticket, reveals marked, stations only where the rules show them."""

from __future__ import annotations

import re

from bot.games.london.pictures import logbook_text, render_logbook
from bot.games.london.pictures.logbook import EMBED_LIMIT
from bot.games.london.pictures import board_style

from tests.games.london.pictures.conftest import decode


def entry_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\*\*\d+\*\* ", line)]


def test_text_has_a_line_per_entry_with_its_ticket(rounds):
    view = rounds[8].public_view()
    lines = entry_lines(logbook_text(view))
    assert len(lines) == len(view.logbook) > 0
    for line, entry in zip(lines, view.logbook):
        assert line.startswith(f"**{entry.number}** {view.board.ticket_emoji(entry.ticket)} {entry.ticket}")


def test_text_names_a_station_only_for_reveals_while_the_game_runs(rounds):
    view = rounds[8].public_view()
    for line, entry in zip(entry_lines(logbook_text(view)), view.logbook):
        if entry.reveal:
            assert f"seen at **{entry.station}**" in line
        else:
            assert " at " not in line, line


def test_text_marks_both_halves_of_a_double_move(finished):
    view = finished.public_view()
    doubles = [e for e in view.logbook if e.double]
    assert doubles
    lines = entry_lines(logbook_text(view))
    for entry in doubles:
        assert "double move" in lines[entry.number - 1]


def test_after_the_game_every_station_is_written_in(finished):
    view = finished.public_view()
    for line, entry in zip(entry_lines(logbook_text(view)), view.logbook):
        assert str(entry.station) in line


def test_text_says_when_the_next_reveal_comes(rounds):
    view = rounds[1].public_view()
    assert f"Next reveal: move {view.next_reveal}" in logbook_text(view)


def test_text_fits_a_discord_embed_even_for_a_long_logbook(finished):
    view = finished.public_view()
    long = view.__class__(**{**view.__dict__, "logbook": view.logbook * 40})
    text = logbook_text(long)
    assert len(text) <= EMBED_LIMIT
    assert text.startswith("…") and "Mr. X shows himself" in text


def test_logbook_picture_has_a_cell_per_entry_the_rules_allow(rounds):
    view = rounds[8].public_view()
    img = decode(render_logbook(view))
    assert img.format == "PNG" and img.width == 1200
    assert view.log_entries == 24
    assert img.height < 1000


def test_logbook_picture_shows_the_tickets_colours(rounds):
    from bot.pictures import style
    from bot.games.london.pictures.logbook import CELL_H, COLUMNS, GAP, HEADER, MARGIN, WIDTH

    from tests.games.london.pictures.conftest import near

    view = rounds[8].public_view()
    img = decode(render_logbook(view)).convert("RGB")
    cell_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    for entry in view.logbook:
        row, col = divmod(entry.number - 1, COLUMNS)
        x = MARGIN + col * (cell_w + GAP) + 20  # inside the ticket card, left of its label
        y = HEADER + MARGIN + row * (CELL_H + GAP) + 68
        assert near(img.getpixel((round(x), round(y))), board_style.ticket_colour(view.board, entry.ticket)), entry.number
    assert board_style.ticket_colour(view.board, "black") == style.BLACK_TICKET


def test_a_master_game_that_ran_its_22_rounds_shows_the_22_entries_it_filled():
    """Master ends after round 22: 22 entries, and one more for each double move (two tickets: 24 at most).
    A game that ran its rounds without a double move filled 22, and its logbook has no empty 23rd and 24th."""
    from bot.games.london.engine import export_record
    from bot.games.london.engine.players import play_game
    from bot.games.london.pictures import round_states
    from bot.games.london.pictures.logbook import CELL_H, COLUMNS, GAP, HEADER, MARGIN, WIDTH
    from bot.pictures import style

    from tests.games.london.pictures.conftest import near

    game = play_game("master", players=5, seed=4)
    view = game.public_view()
    assert view.max_rounds == 22 and len(view.logbook) == 22 and view.log_entries == 24
    img = decode(render_logbook(view)).convert("RGB")
    cell_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    for number, drawn in ((22, True), (23, False), (24, False)):
        row, col = divmod(number - 1, COLUMNS)
        at = (round(MARGIN + col * (cell_w + GAP) + 1), round(HEADER + MARGIN + row * (CELL_H + GAP) + CELL_H / 2))  # its rim
        assert near(img.getpixel(at), style.PAPER, 3) != drawn, number
    from bot.games.london.pictures.logbook import logbook_boxes

    assert [n for n, _ in logbook_boxes(view)] == list(range(1, 23))
    start = round_states(export_record(game))[0].public_view()
    assert len(logbook_boxes(start)) == 24  # before his first move, two double moves may still come
