"""Geometry and drawing helpers shared by every picture.

Pillow draws shapes without anti-aliasing, so shapes are painted supersampled into a small
transparent patch and shrunk onto the picture (:func:`smooth`); text is drawn at full size, where
FreeType smooths it already. :class:`Layout` turns a board's 0..1 station positions into pixels.
"""

from __future__ import annotations

import functools
import inspect
import io
import math
import struct
import threading
import zlib
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence

from PIL import Image, ImageDraw

Point = tuple[float, float]
#: left, top, right, bottom
Box = tuple[float, float, float, float]
#: paint(draw, at, k): draw on a supersampled patch; ``at`` maps picture coordinates into it and
#: ``k`` is the supersampling factor (multiply line widths and radii by it)
Painter = Callable[[ImageDraw.ImageDraw, Callable[[float, float], Point], int], None]


class MapLayout(Protocol):
    """What the shared marks (:mod:`bot.pictures.marks`) need of a family's board layout: where each station
    is and how big, the picture's scale and bands. A layout may also offer ``number_boxes()`` (where its
    base map writes each station's number), which name tags keep clear of."""

    board: Any  # the family's board: ``stations`` at least
    width: int
    height: int
    scale: float
    header: int
    footer_top: int

    def px(self, n: float) -> int: ...

    def xy(self, station: int) -> Point: ...

    def radius(self, station: int) -> float: ...

    def outer(self, station: int) -> float: ...


def cached_by_value(maxsize: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An ``lru_cache`` of ``maxsize`` keyed on the values of a call's arguments, however they are passed:
    ``base_map(board, 480)``, ``base_map(board, 480, False, "en")`` and ``base_map(board, 480, language="en")``
    are one picture, drawn once (a plain ``lru_cache`` keys them apart, and drew the same base map up to three
    times, each a copy in the cache)."""
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        cached = lru_cache(maxsize=maxsize)(fn)
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            return cached(*bound.args)

        return call

    return decorate


def smooth(img: Image.Image, box: Iterable[float], paint: Callable[..., None], k: int = 3,
           args: tuple[Hashable, ...] | None = None) -> None:
    """Paint anti-aliased shapes inside ``box`` (left, top, right, bottom) of ``img``, in opaque colours:
    ``paint(draw, at, k)`` (a :data:`Painter`), or with ``args`` ``paint(draw, at, k, *args)``, a shape that
    depends on nothing but them. Such a shape's patch is kept (:data:`PATCH_BYTES` of them) and pasted again
    wherever the same shape goes in the same place: Mr. X's trail on his board round after round, a
    detective's ride on the public board and on Mr. X's."""
    left, top, right, bottom = box
    x0, y0 = max(0, math.floor(left)), max(0, math.floor(top))
    x1, y1 = min(img.width, math.ceil(right)), min(img.height, math.ceil(bottom))
    if x1 <= x0 or y1 <= y0:
        return
    if args is None:
        patch = _patch(paint, (x0, y0, x1, y1), k)
    else:
        key = (paint, args, x0, y0, x1, y1, k)
        patch = _patches.get(key, _NOT_KEPT)
        if patch is _NOT_KEPT:
            patch = _patch(lambda d, at, k: paint(d, at, k, *args), (x0, y0, x1, y1), k)
            _patches.keep(key, patch)
    if patch is not None:
        small, corner = patch
        img.paste(small, corner, small)


def _patch(paint: Painter, box: tuple[int, int, int, int], k: int) -> tuple[Image.Image, tuple[int, int]] | None:
    """What :func:`smooth` pastes for ``paint`` inside ``box`` (whole pixels of the picture): the part painted on,
    shrunk, and its corner on the picture; None where nothing was painted."""
    x0, y0, x1, y1 = box
    # Painted premultiplied ("RGBa"), which is the same as plain RGBA for the opaque colours used
    # here, so that the patch shrinks without a conversion of the big image.
    patch = Image.new("RGBa", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))

    def at(x: float, y: float) -> Point:
        return (x - x0) * k, (y - y0) * k

    paint(ImageDraw.Draw(patch), at, k)
    # Only the part of the patch that was painted on is shrunk and pasted (a line's patch is mostly empty):
    # the rest would shrink to transparent pixels, which leave the picture as it is.
    ink = patch.getbbox()
    if ink is None:
        return None
    left, top = ink[0] // k * k, ink[1] // k * k  # (on whole pixels of the picture: shrunk as in the whole patch)
    right, bottom = -(-ink[2] // k) * k, -(-ink[3] // k) * k
    return patch.reduce(k, (left, top, right, bottom)).convert("RGBA"), (x0 + left // k, y0 + top // k)


#: the most memory the patches :func:`smooth` keeps take (four bytes a pixel): a game's trail and rides on its
#: full-size boards several times over
PATCH_BYTES = 16 * 1024 * 1024
_NOT_KEPT = object()


class _Patches:
    """The patches of the shapes :func:`smooth` painted with ``args``, by shape and place (None: a patch without
    ink): at most PATCH_BYTES of them, the least recently used dropped first."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple, tuple[Image.Image, tuple[int, int]] | None] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()  # pictures are drawn in worker threads

    def get(self, key: tuple, missing: Any) -> Any:
        with self._lock:
            if key not in self._kept:
                return missing
            self._kept.move_to_end(key)
            return self._kept[key]

    def keep(self, key: tuple, patch: tuple[Image.Image, tuple[int, int]] | None) -> None:
        with self._lock:
            if key in self._kept:
                return  # (another thread kept it meanwhile)
            self._kept[key] = patch
            self._bytes += self._size(patch)
            while self._bytes > PATCH_BYTES:
                self._bytes -= self._size(self._kept.popitem(last=False)[1])

    @staticmethod
    def _size(patch: tuple[Image.Image, tuple[int, int]] | None) -> int:
        return 0 if patch is None else 4 * patch[0].width * patch[0].height


_patches = _Patches()


def near_segment(p: Point, a: Point, b: Point, distance: float) -> bool:
    """Whether ``p`` lies within ``distance`` of the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy)) <= distance


def bounds(points: Iterable[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = zip(*points)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def disc(draw: ImageDraw.ImageDraw, centre: Point, r: float, fill, outline=None, width: float = 0) -> None:
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=round(width))


def thick_line(draw: ImageDraw.ImageDraw, points: list[Point], fill, width: float) -> None:
    """A polyline with round joins and caps."""
    w = max(1, round(width))
    draw.line(points, fill=fill, width=w, joint="curve")
    for p in (points[0], points[-1]):
        disc(draw, p, w / 2, fill)


def dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill, width: float, dash: float, gap: float) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(t + dash, length)
        draw.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)],
                  fill=fill, width=max(1, round(width)))
        t = end + gap


def shorten(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point]:
    """The segment a-b with ``start`` pixels cut at a and ``end`` pixels cut at b."""
    length = math.dist(a, b)
    if length <= start + end:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def arrow(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill, width: float, head: float,
          casing=None, casing_width: float = 0) -> None:
    """An arrow from a to b (head at b), optionally with a contrasting casing around it."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head, b[1] - uy * head)
    half = head * 0.62
    tip = [b, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    shaft_end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    if casing is not None:
        thick_line(draw, [a, shaft_end], casing, width + 2 * casing_width)
        draw.polygon(_grow(tip, casing_width), fill=casing)
    thick_line(draw, [a, shaft_end], fill, width)
    draw.polygon(tip, fill=fill)


def _grow(triangle: list[Point], d: float) -> list[Point]:
    cx = sum(p[0] for p in triangle) / 3
    cy = sum(p[1] for p in triangle) / 3
    out = []
    for x, y in triangle:
        length = math.hypot(x - cx, y - cy) or 1
        out.append((x + (x - cx) / length * d * 2, y + (y - cy) / length * d * 2))
    return out


class Picture:
    """A picture being drawn: a full-colour canvas that remembers which boxes it changed.

    :meth:`png` maps the canvas onto a fixed 256-colour palette and writes an 8-bit PNG, which is
    about three times smaller and faster to encode than full colour. When the canvas starts from a
    cached base that has a palette version too (a :class:`PaletteBase`), only the changed boxes are
    mapped again, and only the rows they touch are compressed again.
    """

    def __init__(self, base: Image.Image, fixed: "PaletteBase | None" = None, bright: Image.Image | None = None,
                 *, palette: Image.Image | None = None, indexed: Image.Image | None = None, fresh: bool = False) -> None:
        """A picture drawn on a copy of ``base``: of a cached ``fixed`` base, or with the ``palette`` and the
        base already mapped onto it (``indexed``), or else in colours of its own. With ``fresh``, ``base`` is a
        new image that nothing else holds, drawn on as it is instead of a copy (a close-up's, a logbook's): the
        picture then has no base to show again (:meth:`uncover`) until it settles (:meth:`settle`)."""
        self.base: Image.Image | None = None if fresh else base
        self.bright = None if fresh else bright or base  # the undimmed base, where the base is dimmed
        self.img = base if fresh else base.copy()
        self.draw = ImageDraw.Draw(self.img)
        self.fixed = fixed
        self.palette = fixed.palette if fixed is not None else palette
        self.indexed = fixed.indexed if fixed is not None else indexed
        self.dirty: list[tuple[int, int, int, int]] = []
        #: the name tags placed on the picture (a :class:`~bot.pictures.marks.Tags`), once there are any
        self.tags = None
        #: the header's words as (title, details, (note, its colour) or None), once written: a close-up cut
        #: from the picture writes them again at its own size
        self.headline: tuple[str, str, tuple[str, tuple[int, int, int]] | None] | None = None
        #: the header's lines as (text, font size in pixels, box), once written (how large it reads on a phone)
        self.header_lines: list[tuple[str, int, tuple[int, int, int, int]]] = []
        #: the layout the picture was drawn with, where it is not the board's usual one (a framed route)
        self.layout = None
        #: the stations the picture shows (None: every one on it); marks go on these only (a close-up's
        #: window shows a station only whole, and only in one window)
        self.shown: set[int] | None = None
        #: the only part of the picture that will ever be used (a close-up cut from it), or None: marks
        #: wholly outside it are not drawn (their boxes still count as changed)
        self.clip: tuple[int, int, int, int] | None = None

    def unseen(self, box: Sequence[float]) -> bool:
        """Whether ``box`` lies wholly outside the ``clip``: what is drawn there is never used."""
        c = self.clip
        return c is not None and (box[2] <= c[0] or box[0] >= c[2] or box[3] <= c[1] or box[1] >= c[3])

    def touch(self, box: Iterable[float]) -> None:
        left, top, right, bottom = box
        x0, y0 = max(0, math.floor(left)), max(0, math.floor(top))
        x1, y1 = min(self.img.width, math.ceil(right)), min(self.img.height, math.ceil(bottom))
        if x1 > x0 and y1 > y0:
            self.dirty.append((x0, y0, x1, y1))

    def paste(self, sprite: Image.Image, centre: Point) -> None:
        """Paste an RGBA sprite centred on ``centre``."""
        x = round(centre[0] - sprite.width / 2)
        y = round(centre[1] - sprite.height / 2)
        self.paste_at(sprite, (x, y))

    def paste_at(self, sprite: Image.Image, corner: tuple[int, int]) -> None:
        box = (corner[0], corner[1], corner[0] + sprite.width, corner[1] + sprite.height)
        if not self.unseen(box):
            self.img.paste(sprite, corner, sprite)
        self.touch(box)

    def uncover(self, centre: Point, r: float, bright: bool = False) -> None:
        """Show the base picture again inside a circle: a station drawn over stays readable (and
        with ``bright``, stands out in full colour from a dimmed base)."""
        if self.base is None:
            raise ValueError("A fresh picture has no base to show again before it settles.")
        x, y = centre
        left, top = math.floor(x - r) - 1, math.floor(y - r) - 1
        mask = _disc_mask(round(r * 2) / 2, round((x - left) * 4) / 4, round((y - top) * 4) / 4)
        box = (left, top, left + mask.width, top + mask.height)
        if not self.unseen(box):
            self.img.paste((self.bright if bright else self.base).crop(box), box[:2], mask)
        self.touch(box)

    def smooth(self, box: Iterable[float], paint: Callable[..., None], k: int = 3,
               args: tuple[Hashable, ...] | None = None) -> None:
        """:func:`smooth` on the picture."""
        box = tuple(box)
        if not self.unseen(box):  # (the patch covers whole pixels around the box: none of them in the clip)
            smooth(self.img, box, paint, k, args)
        self.touch(box)

    def text(self, xy: Point, text: str, font, fill, anchor: str = "la", stroke: int = 0,
             stroke_fill=None) -> tuple[int, int, int, int]:
        """Draw ``text`` with its ``anchor`` at ``xy`` (with a rim ``stroke`` pixels wide in ``stroke_fill``);
        returns the box it covers."""
        if self.clip is not None:
            # Text wholly outside the part a close-up cuts out (a board's header and footer) is laid out for its
            # box, not drawn
            dx, dy, w, h = text_box(text, font, anchor, stroke)
            box = (round(xy[0]) + dx, round(xy[1]) + dy, round(xy[0]) + dx + w, round(xy[1]) + dy + h)
            if self.unseen(box):
                self.touch(box)
                return box
        sprite, (dx, dy) = text_sprite(text, font, fill, anchor, stroke, stroke_fill)
        corner = (round(xy[0]) + dx, round(xy[1]) + dy)
        self.paste_at(sprite, corner)
        return corner[0], corner[1], corner[0] + sprite.width, corner[1] + sprite.height

    def rectangle(self, box, fill, radius: float = 0) -> None:
        if radius:
            x0, y0 = round(box[0]), round(box[1])
            key = (round(box[2]) - x0, round(box[3]) - y0, tuple(fill), round(radius * 2) / 2)
            split = _rounded_split(*key) if self.img.mode == "RGB" else None
            if split is None or self.unseen((x0, y0, x0 + key[0], y0 + key[1])):
                self.paste_at(_rounded(*key), (x0, y0))
                return
            # The rows between the rounded ends are filled, not blended: the sprite is opaque there, which
            # pastes as its colour, and a logbook's cells are mostly such rows.
            top, bottom, colour = split
            self.img.paste(top, (x0, y0), top)
            self.draw.rectangle((x0, y0 + top.height, x0 + key[0] - 1, y0 + key[1] - bottom.height - 1), fill=colour)
            self.img.paste(bottom, (x0, y0 + key[1] - bottom.height), bottom)
            self.touch((x0, y0, x0 + key[0], y0 + key[1]))
        else:
            self.draw.rectangle(box, fill=fill)
            self.touch((box[0], box[1], box[2] + 1, box[3] + 1))

    def settle(self) -> None:
        """What is drawn so far becomes the picture's base (a window's map with its stations set on it):
        marks drawn later that show the base again (:meth:`uncover`) show it as it is now."""
        self.indexed = self.to_indexed() if self.palette is not None else None
        same = self.bright is self.base
        self.base = self.img.copy()
        if same:  # (else the undimmed base stays what it was: a dimmed picture's stations still show bright)
            self.bright = self.base
        self.fixed = None
        self.dirty = []

    def to_indexed(self) -> Image.Image:
        """The picture in the fixed palette (no dithering: flat colours stay flat), or without a
        fixed palette in 256 colours of its own."""
        if self.palette is None:
            return self.img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        if self.indexed is None:
            return self.img.quantize(palette=self.palette, dither=Image.Dither.NONE)
        out = self.indexed.copy()
        for box in _merge(self.dirty):
            out.paste(self.img.crop(box).quantize(palette=self.palette, dither=Image.Dither.NONE), box[:2])
        return out

    def png(self) -> bytes:
        indexed = self.to_indexed()
        if self.fixed is None:
            return encode_png(indexed)
        rows = {y for x0, y0, x1, y1 in self.dirty for y in range(y0 // BAND, (y1 - 1) // BAND + 1)}
        return self.fixed.encode(indexed, rows)


#: rows of a picture compressed together, apart from the rows above and below: the rows a picture
#: did not change are taken from its base's PNG as they are
BAND = 8
#: zlib level of the bands compressed once per base (the changed ones are compressed at level 1, runs only)
BASE_LEVEL = 6


class PaletteBase:
    """A base picture that many pictures start from (a board's static map), in a fixed palette of
    256 colours: the base's own ``own`` colours (median cut, from every ``sample``-th pixel) and the
    ``extra`` colours the overlays draw with; and its PNG rows, compressed once in bands of BAND rows.

    A picture drawn on a copy of the base compresses again only the bands it changed
    (:meth:`encode`): deflate streams that start afresh can follow one another, and zlib's checksum
    of the whole is computed from the bands' own.
    """

    def __init__(self, base: Image.Image, extra: Sequence[tuple[int, int, int]], own: int = 128,
                 sample: int = 1) -> None:
        extra = list(extra)[: 256 - own]
        source = base if sample == 1 else base.resize((base.width // sample, base.height // sample),
                                                       Image.Resampling.NEAREST)
        mapped = source.quantize(colors=256 - len(extra), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        flat = mapped.getpalette()[: 3 * (256 - len(extra))] + [c for rgb in extra for c in rgb]
        self.palette = Image.new("P", (1, 1))
        self.palette.putpalette(flat)
        self.indexed = base.quantize(palette=self.palette, dither=Image.Dither.NONE)
        self._bands: list[tuple[bytes, int, int]] | None = None

    def bands(self) -> list[tuple[bytes, int, int]]:
        """Each band of the base as (deflated rows, their Adler-32, their length), compressed on first use."""
        if self._bands is None:
            img = self.indexed
            self._bands = [_deflated(_rows(img, y, min(y + BAND, img.height)), BASE_LEVEL)
                           for y in range(0, img.height, BAND)]
        return self._bands

    def encode(self, indexed: Image.Image, changed: set[int]) -> bytes:
        """The PNG of ``indexed`` (the base with the bands ``changed`` changed): those bands are
        compressed again, runs of them together; the others are the base's."""
        bands = self.bands()
        pieces: list[bytes] = []
        adler, band = 1, 0
        while band < len(bands):
            if band not in changed:
                data, check, length = bands[band]
                band += 1
            else:
                end = band
                while end < len(bands) and end in changed:
                    end += 1
                data, check, length = _deflated(_rows(indexed, band * BAND, min(end * BAND, indexed.height)), 1)
                band = end
            pieces.append(data)
            adler = adler32_combine(adler, check, length)
        return _png(indexed, b"".join(pieces) + _LAST_BLOCK, adler)


def _rows(img: Image.Image, top: int, bottom: int) -> bytes:
    """The PNG rows ``top`` to ``bottom`` of an indexed picture: each row's filter byte (0: none), then its
    pixels."""
    padded = Image.new("P", (img.width + 1, bottom - top), 0)
    padded.paste(img.crop((0, top, img.width, bottom)), (1, 0))
    return padded.tobytes()


def _deflated(data: bytes, level: int) -> tuple[bytes, int, int]:
    """``data`` as deflate blocks that start afresh and end on a byte boundary (so that more can follow),
    with its Adler-32 and length. At level 1, runs only (zlib's Z_RLE): quicker than level 1's search
    and smaller on a palette picture's long runs of one colour."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -15, 8, zlib.Z_RLE if level == 1 else zlib.Z_DEFAULT_STRATEGY)
    return packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(data), len(data)


#: the empty last block that ends a deflate stream
_LAST_BLOCK = zlib.compressobj(1, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
_ADLER = 65521


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces of data, from each piece's own and the second one's ``length`` (zlib's
    ``adler32_combine``)."""
    rem = length % _ADLER
    sum1 = first & 0xFFFF
    sum2 = rem * sum1 % _ADLER
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER - 1) % _ADLER
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _ADLER - rem) % _ADLER
    return sum1 | (sum2 << 16)


def _png(indexed: Image.Image, deflated: bytes, adler: int) -> bytes:
    """An 8-bit palette PNG of ``indexed``'s size and palette, whose rows are ``deflated`` (a raw deflate
    stream) with the Adler-32 ``adler``."""
    palette = bytes(indexed.getpalette() or [])
    header = struct.pack(">IIBBBBB", indexed.width, indexed.height, 8, 3, 0, 0, 0)
    stream = b"\x78\x01" + deflated + struct.pack(">I", adler)
    return b"".join([b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def text_box(text: str, font, anchor: str, stroke: int = 0) -> tuple[int, int, int, int]:
    """Where :func:`text_sprite`'s sprite of ``text`` goes relative to the anchor point, and its width and height
    (the text's box in a rim of a pixel, two at the right and bottom), without drawing it."""
    left, top, right, bottom = font.getbbox(text, anchor=anchor, stroke_width=stroke)
    return left - 1, top - 1, right - left + 3, bottom - top + 3


@lru_cache(maxsize=2048)
def text_sprite(text: str, font, fill, anchor: str, stroke: int = 0, stroke_fill=None
                ) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` on a transparent sprite (with a rim ``stroke`` pixels wide), and where its corner goes
    relative to the anchor point."""
    if not stroke:
        # Text in one colour is that colour throughout, its glyphs' coverage the alpha: the glyphs' mask (a byte
        # a pixel, the text's box) in a rim of a pixel (two at the right and bottom), set as the alpha, is the
        # same sprite as text blended into a transparent one, in less time (a header's line is a fresh sprite in
        # every round); and the text is laid out once, not once for its box and again to draw it
        mask, (left, top) = font.getmask2(text, "L", anchor=anchor)
        w, h = mask.size
        coverage = Image.new("L", (w + 3, h + 3), 0)
        coverage.im.paste(mask, (1, 1, 1 + w, 1 + h))
        sprite = Image.new("RGBA", coverage.size, (*fill[:3], 0))
        sprite.putalpha(coverage)
        return sprite, (left - 1, top - 1)
    left, top, *size = text_box(text, font, anchor, stroke)
    sprite = Image.new("RGBA", tuple(size), (*stroke_fill[:3], 0))  # (the colour antialiased edges fade from)
    ImageDraw.Draw(sprite).text((-left, -top), text, font=font, fill=fill, anchor=anchor, stroke_width=stroke,
                                stroke_fill=stroke_fill)
    return sprite, (left, top)


@lru_cache(maxsize=512)
def _rounded(w: int, h: int, fill, radius: float) -> Image.Image:
    k = 3
    big = Image.new("RGBa", (max(1, w) * k, max(1, h) * k), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=radius * k, fill=fill)
    return big.reduce(k).convert("RGBA")


@lru_cache(maxsize=512)
def _rounded_split(w: int, h: int, fill, radius: float) -> tuple[Image.Image, Image.Image, tuple[int, int, int]] | None:
    """The rounded rectangle's sprite (:func:`_rounded`) as its top and bottom ends and the colour of the rows
    between them, where those rows are wholly opaque in one colour (else None: it is pasted whole)."""
    sprite = _rounded(w, h, fill, radius)
    end = math.ceil(radius) + 1  # (the rows the rounded corners reach into, and one more)
    if sprite.width != w or sprite.height != h or h <= 2 * end:
        return None
    middle = sprite.crop((0, end, w, h - end)).getextrema()
    if any(low != high for low, high in middle) or middle[3][0] != 255:
        return None
    return sprite.crop((0, 0, w, end)), sprite.crop((0, h - end, w, h)), tuple(low for low, _ in middle[:3])


@lru_cache(maxsize=512)
def _disc_mask(r: float, cx: float, cy: float) -> Image.Image:
    k = 4
    size = math.ceil(max(cx, cy) + r) + 2
    big = Image.new("L", (size * k, size * k), 0)
    ImageDraw.Draw(big).ellipse(((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k), fill=255)
    return big.reduce(k)


def _merge(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Overlapping boxes merged, so that no pixel is mapped twice."""
    merged: list[list[int]] = []
    for box in sorted(boxes):
        b = list(box)
        changed = True
        while changed:
            changed = False
            for other in merged:
                if b[0] < other[2] and other[0] < b[2] and b[1] < other[3] and other[1] < b[3]:
                    merged.remove(other)
                    b = [min(b[0], other[0]), min(b[1], other[1]), max(b[2], other[2]), max(b[3], other[3])]
                    changed = True
                    break
        merged.append(b)
    return [tuple(b) for b in merged]  # type: ignore[misc]


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, tuned for speed: an indexed picture's rows compressed at zlib level 1, runs only
    (``bench/bench_render.py`` compares the choices); other modes as Pillow writes them at level 1."""
    if img.mode != "P":
        out = io.BytesIO()
        img.save(out, format="PNG", compress_level=1)
        return out.getvalue()
    data, check, _ = _deflated(_rows(img, 0, img.height), 1)
    return _png(img, data + _LAST_BLOCK, check)
