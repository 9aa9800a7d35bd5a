"""Mr. X's logbook, as a picture and as text for a Discord embed.

Both are drawn from a :class:`~bot.games.london.engine.PublicView`: every entry shows its ticket; a station shows
only where the rules show it (a reveal, a surfacing) or once the game is over.
"""

from __future__ import annotations

import math

from PIL import Image

from bot.games.london.engine import LogbookEntryView, PublicView

from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.games.london.pictures.board import expect
from bot.pictures.canvas import Picture
from bot.games.london.pictures.panels import EN, rules_title
from bot.i18n import Speaker
from bot.i18n.names import outcome_sentence

WIDTH = 1200
COLUMNS = 6
MARGIN = 24
GAP = 12
CELL_H = 138
HEADER = 96
FOOTER = 76

#: a Discord embed's description holds at most this many characters
EMBED_LIMIT = 4096


def render_logbook(view: PublicView, *, language: str = "en") -> bytes:
    """The logbook as a grid of entries: ticket cards, reveal entries marked, shown stations written in."""
    expect(view, PublicView, "render_logbook", "state.public_view()")
    tr = board_style.words_for(view, language)
    boxes = logbook_boxes(view)
    rows = math.ceil(len(boxes) / COLUMNS)
    height = HEADER + MARGIN + rows * CELL_H + (rows - 1) * GAP + MARGIN + FOOTER
    img = Image.new("RGB", (WIDTH, height), style.PAPER)
    pic = Picture(img, fresh=True)
    pic.rectangle((0, 0, WIDTH, HEADER), style.PANEL)
    pic.text((MARGIN, 18), tr._("Mr. X's logbook"), style.font(34, "bold"), style.PANEL_TEXT)
    pic.text((MARGIN, 62), _summary(view, tr), style.font(21, "regular"), style.PANEL_MUTED)
    pic.text((WIDTH - MARGIN, 22), rules_title(view.rules, tr), style.font(20, "regular"), style.PANEL_MUTED,
             anchor="ra")

    entries = {e.number: e for e in view.logbook}
    doubles = _double_parts(view, tr)
    for number, box in boxes:
        _cell(pic, box, number, entries.get(number), view, doubles.get(number), tr)

    _footer(pic, view, height - FOOTER, tr)
    return pic.png()


def logbook_boxes(view: PublicView) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(entry number, box) of each entry the picture draws: as many as the game can fill
    (:meth:`PublicView.log_size`)."""
    cell_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    out = []
    for number in range(1, view.log_size() + 1):
        row, col = divmod(number - 1, COLUMNS)
        x = MARGIN + col * (cell_w + GAP)
        y = HEADER + MARGIN + row * (CELL_H + GAP)
        out.append((number, (x, y, x + cell_w, y + CELL_H)))
    return out


def _summary(view: PublicView, tr: Speaker = EN) -> str:
    parts = [tr._("{done} of {size} moves").format(done=len(view.logbook), size=view.log_size())]
    if view.outcome is not None:
        parts.append(outcome_sentence(view.outcome, tr))
    else:
        nxt = view.next_reveal
        if nxt is not None:
            parts.append(tr._("next reveal: move {n}").format(n=nxt))
        if view.max_rounds:
            parts.append(tr._("round {n} of {last}").format(n=view.round, last=view.max_rounds))
    return " · ".join(parts)


def _double_parts(view: PublicView, tr: Speaker = EN) -> dict[int, str]:
    """Entry number -> "1st"/"2nd" for the two halves of each double move."""
    out: dict[int, str] = {}
    by_round: dict[int, list[int]] = {}
    for e in view.logbook:
        if e.double:
            by_round.setdefault(e.round, []).append(e.number)
    for numbers in by_round.values():
        for i, n in enumerate(sorted(numbers)):
            out[n] = tr._("1st") if i == 0 else tr._("2nd")
    return out


def _cell(pic: Picture, box, number: int, entry: LogbookEntryView | None, view: PublicView,
          double: str | None, tr: Speaker = EN) -> None:
    x0, y0, x1, y1 = box
    reveal = number in view.reveal_entries
    if entry is None:
        pic.rectangle(box, style.FOOTER, radius=14)
        pic.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), style.PAPER, radius=12)
        pic.text((x0 + 14, y0 + 10), str(number), style.font(26, "bold"), style.FOOTER_LINE)
        if reveal:
            pic.text(((x0 + x1) / 2, y1 - 30), tr._("reveal"), style.font(21, "bold"), style.TRACKER_SOFT,
                     anchor="mm")
        return
    shown_now = entry.reveal or entry.surfaced
    border = style.TRACKER if shown_now else style.FOOTER_LINE
    pic.rectangle(box, border, radius=14)
    pic.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), style.WHITE, radius=11)
    pic.text((x0 + 14, y0 + 10), str(number), style.font(26, "bold"), style.INK)
    if double:
        pic.text((x1 - 14, y0 + 14), f"2× {double}", style.font(17, "bold"), style.DOUBLE_TICKET,
                 anchor="ra")
    elif reveal:
        pic.text((x1 - 14, y0 + 14), tr._("reveal"), style.font(17, "bold"), style.TRACKER, anchor="ra")
    elif entry.surfaced:
        pic.text((x1 - 14, y0 + 14), tr._("surfaced"), style.font(17, "bold"), style.TRACKER, anchor="ra")
    card = (x0 + 14, y0 + 48, x1 - 14, y0 + 88)
    board = view.board
    pic.rectangle(card, board_style.ticket_colour(board, entry.ticket), radius=9)
    name = board_style.ticket_name(board, entry.ticket, tr.language).upper()
    fitting = style.fitting_font(name, card[2] - card[0] - 16, 21, "condensed")
    if fitting.size < 16:  # a long German ticket name: the transport's name reads better than tiny letters
        name = board_style.ticket_word(board, entry.ticket, tr.language).upper()
        fitting = style.fitting_font(name, card[2] - card[0] - 16, 21, "condensed")
    pic.text(((card[0] + card[2]) / 2, (card[1] + card[3]) / 2), name, fitting, board_style.ticket_text(board, entry.ticket),
             anchor="mm")
    if entry.station is not None:
        colour = style.INK if shown_now else style.MUTED
        weight = "bold" if shown_now else "regular"
        pic.text(((x0 + x1) / 2, y1 - 25), tr._("at {station}").format(station=entry.station), style.font(27, weight),
                 colour, anchor="mm")


def _footer(pic: Picture, view: PublicView, top: float, tr: Speaker = EN) -> None:
    pic.rectangle((0, top, WIDTH, top + FOOTER), style.FOOTER)
    x = MARGIN
    y = top + FOOTER / 2
    label = tr._("Mr. X's tickets:")
    pic.text((x, y), label, style.font(21, "bold"), style.INK, anchor="lm")
    x += style.font(21, "bold").getlength(label) + 14
    board = view.board
    chips = _ticket_chips(view, tr, WIDTH - MARGIN - x)
    for ticket, text, small in chips:
        w = small.getlength(text) + 24
        pic.rectangle((x, y - 17, x + w, y + 17), board_style.ticket_colour(board, ticket), radius=7)
        pic.text((x + w / 2, y), text, small, board_style.ticket_text(board, ticket), anchor="mm")
        x += w + 8


def _ticket_chips(view: PublicView, tr: Speaker, room: float) -> list[tuple[str, str, object]]:
    """(ticket, text, font) per chip of Mr. X's tickets, fitting ``room``: the tickets' names, else the
    shorter transport names (German ticket names are long), else a smaller font."""
    board = view.board

    def count(ticket: str) -> str:
        n = view.mrx_tickets.get(ticket, 0)
        return "∞" if n is None else str(n)

    def short(ticket: str) -> str:
        return board_style.ticket_word(board, ticket, tr.language)

    for namer, size in ((lambda t: board_style.ticket_name(board, t, tr.language), 19), (short, 19), (short, 16)):
        font = style.font(size, "bold")
        chips = [(t, f"{namer(t)} {count(t)}", font) for t in view.mrx_tickets]
        if sum(font.getlength(text) + 32 for _, text, _ in chips) <= room:
            break
    return chips


def logbook_text(view: PublicView, language: str = "en") -> str:
    """The logbook for a Discord embed's description: one short line per entry, phone-friendly."""
    expect(view, PublicView, "logbook_text", "state.public_view()")
    tr = board_style.words_for(view, language)
    doubles = _double_parts(view, tr)
    lines = []
    for e in view.logbook:
        line = f"**{e.number}** {view.board.ticket_emoji(e.ticket)} {view.board.ticket_name(e.ticket, language)}"
        notes = []
        if e.number in doubles:
            notes.append(tr._("double move, {part}").format(part=doubles[e.number]))
        if e.station is not None:
            station = f"**{e.station}**"
            if e.reveal:
                notes.append(tr._("seen at {station}").format(station=station))
            elif e.surfaced:
                notes.append(tr._("surfaced at {station}").format(station=station))
            else:
                notes.append(tr._("at {station}").format(station=station))
        if notes:
            line += " — " + ", ".join(notes)
        lines.append(line)
    if not lines:
        lines.append(tr._("No moves yet."))
    footer = [_text_summary(view, tr)]
    reveals = ", ".join(str(n) for n in view.reveal_entries)
    footer.append(tr._("Mr. X shows himself after moves {moves}.").format(moves=reveals))
    return _fit(lines, footer)


def _text_summary(view: PublicView, tr: Speaker = EN) -> str:
    done = len(view.logbook)
    text = tr._("{done} of {size} moves.").format(done=done, size=view.log_size())
    nxt = view.next_reveal
    if view.outcome is None and nxt is not None:
        ahead = nxt - done
        text += " " + (tr._("Next reveal: move {n} (his next move).").format(n=nxt) if ahead == 1 else
                       tr._("Next reveal: move {n} (in {ahead} moves).").format(n=nxt, ahead=ahead))
    return text


def _fit(lines: list[str], footer: list[str]) -> str:
    """Join, dropping the oldest entries if the whole would not fit an embed."""
    kept = list(lines)
    while True:
        text = "\n".join([*(["…"] if len(kept) < len(lines) else []), *kept, "", *footer])
        if len(text) <= EMBED_LIMIT or len(kept) <= 1:
            return text[:EMBED_LIMIT]
        kept.pop(0)
