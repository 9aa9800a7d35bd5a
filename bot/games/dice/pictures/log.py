"""Mr. X's log, as a picture and as text for a Discord embed.

Both are drawn from a :class:`~bot.games.dice.engine.DicePublicView`: every entry shows the face of the
die covering it (an X for a black ticket, the helicopter or a pass, with which one it was); a
station shows only once the dice came off the log at a reveal, or after the game.
"""

from __future__ import annotations

from PIL import Image

from bot.games.dice.engine import DiceLogEntryView, DicePublicView
from bot.i18n import EN, Speaker, speaker
from bot.i18n.names import outcome_sentence
from bot.pictures import style
from bot.pictures.guard import expect
from bot.pictures.canvas import Picture

from .panels import DIE_EMOJI, die_sprite, ticket_name

WIDTH = 1200
COLUMNS = 7
MARGIN = 24
GAP = 12
CELL_H = 170
HEADER = 96
FOOTER = 64
EMBED_LIMIT = 4096


def render_log(view: DicePublicView, language: str = "en") -> bytes:
    """The start box and the 13 entries in two rows: die faces, reveal boxes marked, the stations
    that are public written in."""
    expect(view, DicePublicView, "render_log", "state.public_view()")
    tr = speaker(language)
    rows = -(-(view.log_entries + 1) // COLUMNS)
    cell_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    height = HEADER + MARGIN + rows * CELL_H + (rows - 1) * GAP + MARGIN + FOOTER
    pic = Picture(Image.new("RGB", (WIDTH, height), style.PAPER), fresh=True)
    pic.rectangle((0, 0, WIDTH, HEADER), style.PANEL)
    pic.text((MARGIN, 16), tr._("Mr. X's log"), style.font(34, "bold"), style.PANEL_TEXT)
    line = summary(view, tr)
    pic.text((MARGIN, 62), line, style.fitting_font(line, WIDTH - 2 * MARGIN, 21, "regular"), style.PANEL_MUTED)
    pic.text((WIDTH - MARGIN, 20), tr._("Hunting Mister X"), style.font(22, "bold"), style.PANEL_TEXT, anchor="ra")
    entries = {e.number: e for e in view.logbook}
    for number in range(view.log_entries + 1):
        row, col = divmod(number, COLUMNS)
        x = MARGIN + col * (cell_w + GAP)
        y = HEADER + MARGIN + row * (CELL_H + GAP)
        box = (x, y, x + cell_w, y + CELL_H)
        if number == 0:
            _start(pic, box, view, tr)
        else:
            _cell(pic, box, number, entries.get(number), view, tr)
    foot = tr._("Mr. X has left: black tickets {black} · double move {double} · helicopter {helicopter}").format(
        **view.mrx_tickets)
    pic.text((MARGIN, height - FOOTER / 2), foot, style.font(21, "regular"), style.INK, anchor="lm")
    return pic.png()


def summary(view: DicePublicView, tr: Speaker = EN) -> str:
    parts = [tr._("{n} of {total} entries").format(n=len(view.logbook), total=view.log_entries)]
    if view.outcome is not None:
        parts.append(outcome_sentence(view.outcome, tr))
    else:
        nxt = view.next_reveal
        if nxt is not None:
            parts.append(tr._("he shows himself after entries {entries}").format(
                entries=", ".join(str(r) for r in view.reveal_entries))
                if not view.logbook else tr._("next reveal after entry {n}").format(n=nxt))
    return " · ".join(parts)


def _frame(pic: Picture, box, reveal: bool, filled: bool) -> None:
    x0, y0, x1, y1 = box
    if reveal:
        pic.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), style.TRACKER, radius=16)
    pic.rectangle(box, style.WHITE if filled else style.FOOTER, radius=14)


def _start(pic: Picture, box, view: DicePublicView, tr: Speaker = EN) -> None:
    x0, y0, x1, y1 = box
    _frame(pic, box, False, view.start_tile is not None)
    pic.text((x0 + 12, y0 + 10), tr.pgettext("logbook box", "Start"), style.font(20, "bold"), style.INK)
    cx = (x0 + x1) / 2
    if view.start_tile is None:
        return
    tile = tr._("tile {tile}").format(tile=view.start_tile)
    pic.text((cx, y0 + 78), tile, style.fitting_font(tile, x1 - x0 - 20, 30, "bold"), style.INK, anchor="mm")
    start = view.known_route[0] if view.known_route else (view.route[0] if view.route else None)
    where = tr.pgettext("logbook box", "at {station}").format(station=start) if start is not None else None
    pic.text((cx, y1 - 26), where or tr._("station hidden"),
             style.font(22, "bold" if start is not None else "regular"), style.INK if start else style.MUTED,
             anchor="mm")


def _cell(pic: Picture, box, number: int, entry: DiceLogEntryView | None, view: DicePublicView,
          tr: Speaker = EN) -> None:
    x0, y0, x1, y1 = box
    reveal = number in view.reveal_entries
    _frame(pic, box, reveal, entry is not None)
    pic.text((x0 + 12, y0 + 10), str(number), style.font(22, "bold"), style.INK if entry else style.MUTED)
    if reveal:
        pic.text((x1 - 10, y0 + 12), tr._("seen"), style.font(17, "bold"), style.TRACKER, anchor="ra")
    if entry is None:
        return
    cx = (x0 + x1) / 2
    sprite = die_sprite(entry.face, 62, None, tr.language)
    pic.paste(sprite, (cx, y0 + 76))
    label = ticket_name(entry.ticket, tr) if entry.face == "x" else ""
    if entry.double:
        label = (label + " · " if label else "") + tr.pgettext("log", "double")
    if label:
        pic.text((cx, y0 + 123), label, style.fitting_font(label, x1 - x0 - 10, 17, "regular"), style.MUTED,
                 anchor="mm")
    station = "?" if entry.station is None else str(entry.station)
    pic.text((cx, y1 - 20), station, style.font(24, "bold"), style.INK if entry.station else style.MUTED,
             anchor="mm")


def log_text(view: DicePublicView, language: str = "en") -> str:
    """The log as lines for an embed: entry, die, what was played, the station where public."""
    expect(view, DicePublicView, "log_text", "state.public_view()")
    tr = speaker(language)
    lines = []
    if view.start_tile is not None:
        start = view.known_route[0] if view.known_route else (view.route[0] if view.route else None)
        lines.append(tr._("Start: tile {tile}").format(tile=view.start_tile)
                     + (tr._(", station {station}").format(station=start) if start is not None else ""))
    for e in view.logbook:
        what = ticket_name(e.ticket, tr) + (" " + tr._("(double move)") if e.double else "")
        where = f" → **{e.station}**" if e.station is not None else ""
        seen = " 👁" if e.reveal else ""
        lines.append(f"{e.number}. {DIE_EMOJI[e.face]} {what}{where}{seen}")
    lines.append(summary(view, tr))
    text = "\n".join(lines)
    return text if len(text) <= EMBED_LIMIT else text[: EMBED_LIMIT - 1] + "…"
