"""The bands above and below the map, and the dice: a headline, the dice of the round, the
roll-again tokens, Mr. X's tickets, the pawns."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.dice.engine import DicePublicView
from bot.games.dice.ticket_words import DIE_EMOJI, ticket_name  # noqa: F401  (for __init__ and log.py)
from bot.i18n import EN, N_, Speaker, speaker
from bot.i18n.names import outcome_sentence, pawn_label
from bot.pictures import style
from bot.pictures.canvas import Picture
from bot.pictures.headline import write_header
from bot.pictures.marks import pawn_sprite

from .basemap import DiceLayout, colour, header_look

#: what a die face says in pictures (in English; translated for the picture's language)
FACE_LABEL = {"taxi": N_("TAXI"), "bus": N_("BUS"), "underground": N_("TUBE"), "x": "X"}


def face_label(face: str, language: str = "en") -> str:
    return speaker(language)._(FACE_LABEL[face]) if face in FACE_LABEL else face.upper()


@lru_cache(maxsize=256)
def die_sprite(face: str | None, size: int, ring: style.RGB | None = None, language: str = "en") -> Image.Image:
    """A die showing ``face`` (None: a die not rolled yet, blank and grey), ``size`` px square,
    optionally ringed in a pawn's colour (the pawn that used it)."""
    k = 4
    pad = max(2, size // 8) if ring else max(1, size // 14)
    full = size + 2 * pad
    big = Image.new("RGBA", (full * k, full * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    radius = size * 0.22 * k
    if ring:
        d.rounded_rectangle((0, 0, full * k - 1, full * k - 1), radius=radius + pad * k, fill=(*ring, 255))
    d.rounded_rectangle((pad * k + k, pad * k + 2 * k, (pad + size) * k + k, (pad + size) * k + 2 * k),
                        radius=radius, fill=(*style.SHADOW, 100))
    fill = (214, 210, 200) if face is None else colour(face)
    d.rounded_rectangle((pad * k, pad * k, (pad + size) * k, (pad + size) * k), radius=radius, fill=(*style.INK, 255))
    inset = max(1, size // 20) * k
    d.rounded_rectangle((pad * k + inset, pad * k + inset, (pad + size) * k - inset, (pad + size) * k - inset),
                        radius=radius - inset, fill=(*fill, 255))
    sprite = big.reduce(k)
    if face is not None:
        text = face_label(face, language)
        font = style.fitting_font(text, size * 0.8, round(size * (0.5 if len(text) == 1 else 0.3)), "condensed")
        ImageDraw.Draw(sprite).text((full / 2, full / 2 + size * 0.02), text, font=font,
                                    fill=style.text_on(fill), anchor="mm")
    return sprite


def header(pic: Picture, lay: DiceLayout, title: str, details: str, note: tuple[str, style.RGB] | None = None,
           right: str | None = None, tr: Speaker = EN) -> None:
    """The headline with the game's name (or ``right``) at its right, and under it the details and the
    ``note`` in its colour, large enough to read on a phone."""
    write_header(pic, header_look(lay.width), title, details, note,
                 [(right or tr._("Hunting Mister X"), "bold", style.PANEL_TEXT)])


def status(view: DicePublicView, tr: Speaker = EN) -> str:
    """Whose turn it is, in a few words (or how the game ended)."""
    if view.outcome is not None:
        return outcome_sentence(view.outcome, tr)
    names = tr._(" or ").join(pawn_label(view.pawn(p), tr) for p in view.to_move)
    if view.phase == "layout":
        return tr._("Laying out the tiles")
    if view.phase == "start":
        return tr._("Start: {names} picks a station").format(names=names)
    round_ = tr._("Round {n}").format(n=view.round)
    if view.final:
        round_ += " · " + tr._("the detectives' last turn")
    if view.phase == "mrx":
        return round_ + " · " + tr._("Mr. X to move")
    if view.awaiting == "roll":
        return round_ + " · " + tr._("{names} to roll").format(names=names)
    return round_ + " · " + tr._("{names} to move").format(names=names)


def log_line(view: DicePublicView, tr: Speaker = EN) -> str:
    """Log progress, the next reveal and where Mr. X was last seen (or which tile he started on)."""
    parts = [tr._("Log {n}/{total}").format(n=len(view.logbook), total=view.log_entries)]
    nxt = view.next_reveal
    if view.outcome is None and nxt is not None and view.start_tile is not None:
        parts.append(tr._("he shows himself after his next move") if nxt == len(view.logbook) + 1 else
                     tr._("next reveal after move {n}").format(n=nxt))
    if view.last_reveal is not None:
        entry, station = view.last_reveal
        parts.append(tr._("last seen at {station} (move {n})").format(station=station, n=entry))
    elif view.start_tile is not None:
        parts.append(tr._("he started on tile {tile}").format(tile=view.start_tile))
    return " · ".join(parts)


def dice_strip(pic: Picture, lay: DiceLayout, view: DicePublicView, y: float, tr: Speaker = EN) -> None:
    """This round's dice: used ones ringed in the colour of the pawn that used them, the roll on the
    table, the dice still to be rolled blank; then the roll-again tokens left."""
    u = lay.unit
    size = lay.px(46)
    x = 24 * u
    box = pic.text((x, y), tr._("Dice") if view.outcome is None else tr._("Last dice"), style.font(lay.px(21), "bold"),
                   style.INK, anchor="lm")
    x = box[2] + 14 * u
    colours = {p.id: style.pawn_colour(p.colour) for p in view.pawns}
    dice: list[tuple[str | None, style.RGB | None]] = [(face, colours[pawn]) for pawn, face in view.used]
    dice += [(face, None) for face in view.rolled or ()]
    dice += [(None, None)] * max(0, view.dice_per_round - len(dice))
    if view.phase == "mrx" or view.outcome is not None:
        dice = [d for d in dice if d[0] is not None]
    for face, ring in dice:
        sprite = die_sprite(face, size, ring, tr.language)
        pic.paste(sprite, (x + sprite.width / 2, y))
        x += sprite.width + 8 * u
    if not dice:
        pic.text((x, y), tr._("none used"), style.font(lay.px(19), "regular"), style.MUTED, anchor="lm")
        x += 100 * u
    x += 26 * u
    box = pic.text((x, y), tr._("Roll again"), style.font(lay.px(19), "regular"), style.INK, anchor="lm")
    x = box[2] + 12 * u
    for i in range(3):
        fill = (70, 130, 200) if i < view.reroll_tokens else (205, 200, 190)
        pic.paste(_token(fill, lay.px(24)), (x + lay.px(12), y))
        x += lay.px(30)


@lru_cache(maxsize=16)
def _token(fill: style.RGB, size: int) -> Image.Image:
    k = 4
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, size * k - 1, size * k - 1), fill=(*style.INK, 255))
    d.ellipse((k * 2, k * 2, size * k - 2 * k - 1, size * k - 2 * k - 1), fill=(*fill, 255))
    return big.reduce(k)


def chips(pic: Picture, lay: DiceLayout, view: DicePublicView, y: float, tr: Speaker = EN) -> None:
    """Mr. X's tickets left, then every detective with the station it stands on."""
    u = lay.unit
    x = 24 * u
    sprite = pawn_sprite("disc", style.MRX_COLOUR, "", 0.62 * u)
    pic.paste(sprite, (x + 16 * u, y))
    x += 40 * u
    t = view.mrx_tickets
    text = tr._("Mr. X · black {black} · double {double} · helicopter {helicopter}").format(**t)
    box = pic.text((x, y), text, style.font(lay.px(20), "bold"), style.INK, anchor="lm")
    x = box[2] + 34 * u
    for p in view.detectives:
        sprite = pawn_sprite("disc", style.pawn_colour(p.colour), "", 0.62 * u)
        pic.paste(sprite, (x + 16 * u, y))
        x += 40 * u
        where = "" if p.station is None else f" {p.station}"
        box = pic.text((x, y), f"{pawn_label(p, tr)}{where}", style.font(lay.px(20), "bold"), style.INK, anchor="lm")
        x = box[2] + 26 * u


def dots(pic: Picture, lay: DiceLayout, station: int, tickets, language: str = "en") -> None:
    """Small dice under a station: the dice or tickets that take Mr. X there."""
    size = lay.px(27)
    x, y = lay.xy(station)
    y += lay.radius() + lay.px(20)
    step = size + lay.px(6)
    x0 = x - step * (len(tickets) - 1) / 2
    for i, ticket in enumerate(tickets):
        face = ticket if ticket in FACE_LABEL else "x"
        sprite = die_sprite(face, size, colour(ticket) if face == "x" and ticket != "black" else None, language)
        pic.paste(sprite, (x0 + i * step, y))
