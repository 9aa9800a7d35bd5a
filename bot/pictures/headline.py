"""The header band of a whole board: a headline, and under it lines of details large enough to read
when a phone shows the whole picture :data:`PHONE_WIDTH` pixels wide.

A board is drawn 1200 to 2000 pixels wide and a phone shows it about 420 wide, so its header's words are
drawn large: the details wrap at their " · " into up to ``lines`` lines (a note in its own colour on
lines of its own) rather than shrink below ``line_least``. Every family's boards use it with sizes of
their own (:class:`Look`); the words' sizes are kept on the picture (``Picture.header_lines``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from bot.pictures import style
from bot.pictures.canvas import Picture

#: how wide a phone shows a whole picture, in pixels
PHONE_WIDTH = 420
#: the least font size, in pixels once the picture is shown PHONE_WIDTH wide, of the header's lines
#: (DejaVu Sans at 10 px: a phone's small print) and of its headline
LEAST_LINE_PX = 10.0
LEAST_TITLE_PX = 11.0
SEPARATOR = " · "


@dataclass(frozen=True)
class Look:
    """Sizes of a header, in pixels of a picture ``width`` wide."""

    width: int
    margin: float  # left and right
    top: float  # the headline's top
    title: int  # the headline's font size (less, down to the least readable, where it needs the room)
    line: int  # the lines' font size
    first: float  # the first line's top
    leading: float  # from one line's top to the next one's
    lines: int  # the most lines
    brand: int  # the font size of the words at the right of the headline

    def least(self, px: float) -> int:
        """The font size that reads as ``px`` pixels at a phone's width."""
        return round(px * self.width / PHONE_WIDTH + 0.49)

    @property
    def height(self) -> int:
        """The header band's height: room for the headline and every line."""
        return round(self.first + self.leading * (self.lines - 1) + self.line * 1.25)


def write_header(pic: Picture, look: Look, title: str, details: str, note: tuple[str, style.RGB] | None = None,
                 brand: Sequence[tuple[str, str, style.RGB]] = ()) -> None:
    """The headline at the left of the top row and the ``brand`` lines (text, weight, colour) at its right;
    under them ``details`` in muted words, then the ``note`` (text, colour) in bold, wrapped at " · "
    into at most ``look.lines`` lines."""
    pic.headline = (title, details, note)
    x, right = look.margin, look.width - look.margin
    brand_font = style.font(look.brand, "bold")
    brand_room = max((style.length(brand_font, text) for text, _, _ in brand), default=0)
    room = right - x - (brand_room + look.margin if brand else 0)
    title_font = style.fitting_font(title, room, look.title)
    if title_font.size < look.least(LEAST_TITLE_PX):  # the brand gives way to a long headline
        brand, room = (), right - x
        title_font = style.fitting_font(title, room, look.title)
    box = pic.text((x, look.top), title, title_font, style.PANEL_TEXT)
    pic.header_lines.append((title, title_font.size, box))
    y = look.top + 2
    for text, weight, colour in brand:
        pic.text((right, y), text, style.font(look.brand, weight), colour, anchor="ra")
        y += look.brand * 1.2
    parts = [(part, "regular", style.PANEL_MUTED) for part in [details] if part]
    if note is not None:
        parts.append((note[0], "bold", note[1]))
    size, rows = fit_lines(parts, right - x, look)
    y = look.first
    for text, weight, colour in rows:
        font = style.fitting_font(text, right - x, size, weight)
        box = pic.text((x, y), text, font, colour)
        pic.header_lines.append((text, font.size, box))
        y += look.leading * size / look.line


def fit_lines(parts: list[tuple[str, str, style.RGB]], room: float, look: Look
         ) -> tuple[int, list[tuple[str, str, style.RGB]]]:
    """The font size and the lines of ``parts`` (each starts a line of its own and wraps at " · "): the
    largest size down to the least readable at which they take at most ``look.lines`` lines."""
    least = look.least(LEAST_LINE_PX)
    size = look.line
    while True:
        rows = [row for text, weight, colour in parts
                for row in ((line, weight, colour) for line in wrap(text, style.font(size, weight), room))]
        if len(rows) <= look.lines or size <= least:
            break
        size -= 1
    if len(rows) > look.lines:  # even the least size takes more lines: the last takes the rest, smaller
        rest = SEPARATOR.join(text for text, _, _ in rows[look.lines - 1:])
        rows = rows[: look.lines - 1] + [(rest, *rows[look.lines - 1][1:])]
    return size, rows


def wrap(text: str, font, room: float) -> list[str]:
    """``text`` in lines no wider than ``room`` in ``font``, broken at " · " (a part wider than the room on a
    line of its own)."""
    lines: list[str] = []
    for part in text.split(SEPARATOR):
        if lines and style.length(font, lines[-1] + SEPARATOR + part) <= room:
            lines[-1] += SEPARATOR + part
        else:
            lines.append(part)
    return lines
