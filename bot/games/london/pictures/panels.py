"""The bands above and below the map: the headline, and every pawn with its tickets."""

from __future__ import annotations

from typing import Sequence

from bot.games.london.engine import PublicView
from bot.i18n import EN, Speaker
from bot.i18n.names import outcome_sentence, pawn_label
from bot.i18n.names import rules_title as _rules_title

from bot.games.london.pictures import board_style
from bot.pictures import style
from bot.pictures.canvas import Picture
from bot.pictures.headline import write_header
from bot.games.london.pictures.layout import Layout, header_look
from bot.pictures.marks import pawn_sprite





def header(pic: Picture, lay: Layout, title: str, details: str, view: PublicView,
           note: tuple[str, style.RGB] | None = None, tr: Speaker = EN) -> None:
    """The headline (``title``) with the board and the rules at its right, and under it the ``details``
    and the ``note`` in its colour (where the picture needs explaining), large enough to read on a phone."""
    brand = [(f"Scotland Yard · {view.board.title}", "bold", style.PANEL_TEXT),
             (rules_title(view.rules, tr), "regular", style.PANEL_MUTED)]
    write_header(pic, header_look(lay.width), title, details, note, brand)


def rules_title(name: str, tr: Speaker = EN) -> str:
    return _rules_title(name, tr)


def round_words(view: PublicView, tr: Speaker = EN) -> str:
    if view.max_rounds:
        return tr._("Round {n} of {last}").format(n=view.round, last=view.max_rounds)
    return tr._("Round {n}").format(n=view.round)


def status(view: PublicView, tr: Speaker = EN) -> str:
    """Whose turn it is, in a few words (or how the game ended)."""
    if view.outcome is not None:
        return outcome_sentence(view.outcome, tr)
    game_round = round_words(view, tr)
    if view.phase == "mrx":
        return tr._("{round} · Mr. X to move").format(round=game_round)
    if view.any_order or len(view.to_move) != 1:
        return tr._("{round} · detectives to move").format(round=game_round)
    return tr._("{round} · {pawn} to move").format(round=game_round, pawn=pawn_label(view.pawn(view.to_move[0]), tr))


def logbook_line(view: PublicView, tr: Speaker = EN) -> str:
    """Logbook progress, the next reveal and where Mr. X was last seen."""
    parts = [tr._("Logbook {done}/{size}").format(done=len(view.logbook), size=view.log_size())]
    nxt = view.next_reveal
    if view.outcome is None and nxt is not None:
        parts.append(tr._("next reveal: his next move") if nxt == len(view.logbook) + 1
                     else tr._("next reveal: move {n}").format(n=nxt))
    if view.last_reveal is not None:
        entry, station = view.last_reveal
        parts.append(tr._("Mr. X last seen at {station} (move {n})").format(station=station, n=entry))
    elif view.outcome is None:
        parts.append(tr._("Mr. X not seen yet"))
    return " · ".join(parts)


def pawn_chips(pic: Picture, lay: Layout, view: PublicView, tr: Speaker = EN) -> None:
    """Every pawn in a row along the footer: its marker, its name and its tickets left."""
    s = lay.scale
    y = lay.footer_top + 98 * s
    chips = []
    for p in view.pawns:
        name = pawn_label(p, tr)
        if p.role == "mrx":
            chips.append((name, style.MRX_COLOUR, "disc",
                          _counts(view.board, view.mrx_tickets, tuple(view.mrx_tickets), tr.language)))
        elif p.tickets is None:
            chips.append((name, style.pawn_colour(p.colour), "square", []))
        elif p.wallet != p.id:
            owner = pawn_label(view.pawn(p.wallet), tr) if p.wallet else "?"
            chips.append((name, style.pawn_colour(p.colour), "disc",
                          [(None, tr._("{owner}'s tickets").format(owner=owner))]))
        else:
            chips.append((name, style.pawn_colour(p.colour), "disc", _counts(view.board, p.tickets, view.board.ride_tickets)))
    _row(pic, lay, y, chips)


def _counts(board, wallet, kinds: Sequence[str], language: str = "en") -> list[tuple[str | None, str]]:
    """(ticket, text) per kind: the colour says which ride ticket; black and double are named."""
    out = []
    for t in kinds:
        n = wallet.get(t, 0)
        count = "∞" if n is None else str(n)
        out.append((t, count if t in board.ride_tickets else f"{board_style.ticket_name(board, t, language)} {count}"))
    return out


def _row(pic: Picture, lay: Layout, y: float, chips) -> None:
    for fit in (1.0, 0.88, 0.76, 0.66):
        s = lay.scale * fit
        widths = [_chip_width(lay, s, chip) for chip in chips]
        gap = 30 * s
        if sum(widths) + gap * (len(chips) - 1) <= lay.width - 56 * lay.scale:
            break
    x = 28 * lay.scale
    for chip, w in zip(chips, widths):
        _chip(pic, lay, s, x, y, chip)
        x += w + gap


def _chip_width(lay: Layout, s: float, chip) -> float:
    label, _, _, tickets = chip
    w = 34 * s + style.length(style.font(max(8, round(20 * s)), "bold"), label) + 10 * s
    small = style.font(max(8, round(17 * s)), "bold")
    for ticket, text in tickets:
        w += _box_width(small, s, text) + 5 * s
    return w


def _box_width(small, s: float, text: str) -> float:
    return max(42 * s, style.length(small, text) + 18 * s)


def _chip(pic: Picture, lay: Layout, s: float, x: float, y: float, chip) -> None:
    label, fill, shape, tickets = chip
    sprite = pawn_sprite(shape, fill, "", s * 0.62)
    pic.paste(sprite, (x + 14 * s, y))
    x += 34 * s
    box = pic.text((x, y), label, style.font(max(8, round(20 * s)), "bold"), style.INK, anchor="lm")
    x = box[2] + 10 * s
    small = style.font(max(8, round(17 * s)), "bold")
    for ticket, text in tickets:
        if ticket is None:
            pic.text((x, y), text, style.font(max(8, round(17 * s)), "regular"), style.MUTED, anchor="lm")
            x += style.length(small, text) + 25 * s
            continue
        box = (x, y - 15 * s, x + _box_width(small, s, text), y + 15 * s)
        pic.rectangle(box, board_style.ticket_colour(lay.board, ticket), radius=6 * s)
        pic.text(((box[0] + box[2]) / 2, y), text, small, board_style.ticket_text(lay.board, ticket), anchor="mm")
        x = box[2] + 5 * s

