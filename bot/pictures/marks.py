"""What the overlays draw on the base map: pawns, name tags, move arrows, rings, Mr. X's trail.

Each function draws one kind of mark on a :class:`~bot.pictures.canvas.Picture`. Marks that
repeat (pawn discs, rings, tags) are rendered once as sprites and pasted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw


from bot.i18n import Speaker
from bot.pictures import style
from bot.pictures.canvas import (Box, MapLayout, Picture, Point, arrow, bounds, dashed, near_segment, shorten,
                                 thick_line)

PAWN_RADIUS = 25.0
SPRITE_SS = 4  # supersampling of sprites


# -- sprites ------------------------------------------------------------------------------------

@lru_cache(maxsize=512)
def pawn_sprite(shape: str, fill: style.RGB, text: str, scale: float) -> Image.Image:
    """A pawn: a disc (detective, Mr. X) or a rounded square (bobby), white ring, dark rim, shadow,
    with ``text`` (the station number) in the middle."""
    sprite = _pawn_body(shape, fill, scale)
    if text:
        sprite = sprite.copy()
        size = sprite.width
        draw = ImageDraw.Draw(sprite)
        size_px = max(8, round((19 if len(text) < 3 else 17.5) * scale))
        draw.text((size / 2, size / 2 + 0.5 * scale), text, font=style.font(size_px, "condensed"),
                  fill=style.text_on(fill), anchor="mm")
    return sprite


@lru_cache(maxsize=128)
def _pawn_body(shape: str, fill: style.RGB, scale: float) -> Image.Image:
    """A pawn without its number, drawn once per look (a pawn on a new station needs only the number drawn)."""
    r = PAWN_RADIUS * scale
    pad = 6 * scale
    size = math.ceil(2 * (r + pad))
    k = SPRITE_SS
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * k / 2
    shadow = (*style.SHADOW, 110)
    off = 2.2 * scale * k

    def shape_at(cx: float, cy: float, radius: float, colour) -> None:
        if shape == "square":
            d.rounded_rectangle((cx - radius, cy - radius, cx + radius, cy + radius), radius=radius * 0.38,
                                fill=colour)
        else:
            d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)

    rk = r * k
    shape_at(c + off * 0.4, c + off, rk, shadow)
    shape_at(c, c, rk, (*style.INK, 255))
    shape_at(c, c, rk - 1.4 * scale * k, (*style.WHITE, 255))
    shape_at(c, c, rk - 4.6 * scale * k, (*fill, 255))
    return big.reduce(k)


@lru_cache(maxsize=256)
def ring_sprite(radius: float, width: float, colour: style.RGB, alpha: int, dashes: int = 0) -> Image.Image:
    """A ring (optionally dashed into ``dashes`` arcs) to pick out a station."""
    size = math.ceil(2 * (radius + width) + 4)
    k = SPRITE_SS
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * k / 2
    outer = (radius + width / 2) * k
    box = (c - outer, c - outer, c + outer, c + outer)
    if dashes:
        step = 360 / dashes
        for i in range(dashes):
            d.arc(box, i * step, i * step + step * 0.6, fill=(*colour, alpha), width=round(width * k))
    else:
        d.ellipse(box, outline=(*colour, alpha), width=round(width * k))
    return big.reduce(k)


@lru_cache(maxsize=512)
def tag_sprite(text: str, fill: style.RGB, scale: float, border: style.RGB = style.WHITE) -> Image.Image:
    """A name tag: ``text`` on a rounded label in ``fill`` with a thin border."""
    font = style.font(max(8, round(style.TAG_FONT * scale)), "bold")
    left, top, right, bottom = font.getbbox(text, anchor="lm")
    pad_x, pad_y = 9 * scale, 5 * scale
    w = math.ceil(right - left + 2 * pad_x)
    h = math.ceil(bottom - top + 2 * pad_y)
    b = max(1, round(2 * scale))
    k = SPRITE_SS
    big = Image.new("RGBA", ((w + 2 * b + 2) * k, (h + 2 * b + 3) * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    radius = h / 2 * k
    d.rounded_rectangle((1 * k, 2.5 * k, (w + 2 * b + 1) * k, (h + 2 * b + 2.5) * k), radius=radius,
                        fill=(*style.SHADOW, 90))
    d.rounded_rectangle((0, 0, (w + 2 * b) * k, (h + 2 * b) * k), radius=radius, fill=(*border, 255))
    d.rounded_rectangle((b * k, b * k, (w + b) * k, (h + b) * k), radius=radius - b * k, fill=(*fill, 255))
    sprite = big.reduce(k)
    ImageDraw.Draw(sprite).text((b + pad_x - left, b + h / 2), text, font=font, fill=style.text_on(fill),
                                anchor="lm")
    return sprite


# -- placing name tags --------------------------------------------------------------------------

#: how many rings of spots further out a tag tries, with a leader line, when the eight beside its
#: anchor are all taken
LEADER_RINGS = 7
LEADER_DIRECTIONS = 16


@dataclass
class Tags:
    """Name tags beside their pawns (and stations), placed so that no tag covers a station's
    number, a pawn's number or another tag.

    A tag takes the best free spot of eight around its anchor; when all eight are taken, it moves
    out ring by ring and a leader line joins it to its anchor. ``placed`` is every tag's box, for
    the next tag (and for tests) to keep clear of.
    """

    lay: MapLayout
    pawns: list[tuple[Point, float]]  # centre and radius of every pawn (or other disc) on the picture
    placed: list[Box]
    #: more boxes no tag may cover (Mr. X's ticket dots)
    keep_clear: list[Box] = field(default_factory=list)
    leaders: list[tuple[Point, Point]] = field(default_factory=list)
    #: leave out a tag that finds no free spot (else it takes the spot where it covers least)
    leave_out: bool = False
    #: the tags left out, for want of room
    crowded: list[str] = field(default_factory=list)
    #: the text of each tag in ``placed``, in the same order (for tests: the words a picture shows)
    texts: list[str] = field(default_factory=list)
    #: the part of the picture that will be shown (a close-up's crop; None: the map between header and
    #: footer): every tag stays inside it, and a tag whose anchor lies outside it is left off
    frame: Box | None = None
    #: (the pawns, (the station numbers none of them stands on, the pawns' numbers)), for :meth:`clear_boxes`
    _uncovered: tuple[tuple, tuple[list[Box], list[Box]]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def around(cls, lay: MapLayout, pawns: Sequence[Point], keep_clear: Sequence[Box] = ()) -> "Tags":
        return cls(lay, [(p, PAWN_RADIUS * lay.scale) for p in pawns], [], list(keep_clear))

    def place_names(self) -> tuple[Box, ...]:
        """Where the map writes its place names (none on a board without any)."""
        boxes = getattr(self.lay, "place_name_boxes", None)
        return boxes() if boxes is not None else ()

    @staticmethod
    def _clean_spots(spots: _Spots, names: bool, clean, soft) -> list[tuple[float, Box, tuple[Point, Point] | None]]:
        """(cost, box, leader) of the spots for a tag that cover nothing of what a tag may not cover (with
        ``names``, the place names too): beside its anchor (``spots[0]``), else further out on the nearest ring
        where a leader line to it crosses nothing of it. ``clean(ring, i, names)`` tells of the ``i``-th spot of
        a ring (0: beside the anchor), ``soft(box, leader, ring)`` what a spot of a ring costs."""
        options = [(soft(box, None, 0) + 0.1 * i, box, None) for i, (box, _) in enumerate(spots[0])
                   if clean(0, i, names)]
        for ring in range(1, len(spots)):
            if options:
                break
            options = [(soft(box, leader, ring) + ring, box, leader)
                       for i, (box, leader) in enumerate(spots[ring]) if clean(ring, i, names)]
        return options

    def bounds(self) -> Box:
        """Where tags may go: the ``frame``, or the map between the header and the footer."""
        return self.frame or (0, self.lay.header, self.lay.width, self.lay.footer_top)

    def clear_boxes(self, centre: Point | None = None, reach: float = math.inf) -> list[Box]:
        """What a tag may not cover (within ``reach`` of ``centre``): station numbers (but those under
        a pawn, whose disc shows the number instead), the pawns' numbers, ``keep_clear`` and the
        tags placed so far."""
        numbers, pawns = self._uncovered_numbers()
        if centre is None:
            return [*numbers, *pawns, *self.keep_clear, *self.placed]
        return (_all_within(numbers, centre, reach) + _all_within(pawns, centre, reach)
                + _all_within(self.keep_clear, centre, reach) + _all_within(self.placed, centre, reach))

    def _uncovered_numbers(self) -> tuple[list[Box], list[Box]]:
        """The station numbers no pawn stands on, and the pawns' numbers: worked out again only when the pawns
        change."""
        pawns = tuple(self.pawns)
        if self._uncovered is None or self._uncovered[0] != pawns:
            self._uncovered = (pawns, ([box for box, point in _numbers_at(self.lay) if not _under_any(point, pawns)],
                                       [pawn_number_box(c, r) for c, r in pawns]))
        return self._uncovered[1]

    def add(self, pic: Picture, centre: Point, text: str, fill: style.RGB, border: style.RGB = style.WHITE,
            reach: float = PAWN_RADIUS, shorter: Sequence[str] = ()) -> Box | None:
        """Place a tag reading ``text`` by ``centre`` (a pawn's, or a station's ``reach`` away);
        returns its box (None when the anchor is off the picture, as on a zoom's window, or when
        the tag is left out for want of room). Where tags may be left out, the ``shorter`` texts are
        tried first, in turn."""
        s = self.lay.scale
        cx, cy = centre
        left, top, right, bottom = self.bounds()
        if not (left <= cx <= right and top <= cy <= bottom):
            return None
        # an anchor under a pawn reaches as far as the pawn's rim
        r = max([reach * s] + [pr for c, pr in self.pawns if math.dist(c, centre) < 1])
        size = getattr(self.lay, "tag_scale", s)  # (a dice layout has none)
        sprite = tag_sprite(text, fill, size, border)
        while sprite.width > right - left and len(text) > 2:  # wider than the picture: cut short, with "…"
            text = text[:-2].rstrip() + "…"
            sprite = tag_sprite(text, fill, size, border)
        spot = self._spot(centre, r, *sprite.size, anyhow=not self.leave_out)
        if spot is None and shorter:
            return self.add(pic, centre, shorter[0], fill, border, reach, shorter[1:])
        if spot is None:
            self.crowded.append(text)
            return None
        (x, y), leader = spot
        if leader is not None:
            self.leaders.append(leader)
            _leader(pic, s, leader, fill if fill != style.WHITE else border)
        pic.paste_at(sprite, (x, y))
        placed = (x, y, x + sprite.width, y + sprite.height)
        self.placed.append(placed)
        self.texts.append(text)
        return placed

    def _spot(self, centre: Point, r: float, w: int, h: int, anyhow: bool
              ) -> tuple[tuple[int, int], tuple[Point, Point] | None] | None:
        """The corner of a free ``w`` by ``h`` spot for a tag by ``centre`` (``r`` its anchor's
        radius) and the leader line to it, if it needs one; where nothing is free, None, or with
        ``anyhow`` the spot beside the anchor that covers least."""
        cx, cy = centre
        gap = 2 * self.lay.scale
        near = [(x, y, x + w, y + h) for x, y in _near_spots(cx, cy, w, h, r, gap)]
        # how far from the anchor the spots beside it reach, and the leader lines to each ring further out
        spans = [r + gap + ring * 1.1 * h for ring in range(LEADER_RINGS + 1)]
        areas = [_ring_area(centre, span, w, h) for span in spans]
        # The spots beside the anchor first, weighed against what lies within their reach only: the
        # same choice as below where one is free, found without the rings further out.
        found = self._choose(centre, r + gap + w + h, near, None, areas, anyhow=False)
        if found is None:
            far = r + gap + LEADER_RINGS * 1.1 * h + w + h
            found = self._choose(centre, far, near, _Rings(cx, cy, w, h, spans[1:], r), areas, anyhow)
        if found is None:
            return None
        box, leader = found
        left, top, right, bottom = self.bounds()
        x = min(max(round(box[0]), left), right - w)
        y = min(max(round(box[1]), top), bottom - h)
        return (x, y), leader

    def _choose(self, centre: Point, reach: float, near: list[Box], rings: _Rings | None, areas: Sequence[Box],
                anyhow: bool
                ) -> tuple[Box, tuple[Point, Point] | None] | None:
        """The best of the ``near`` spots (and with ``rings``, of the spots further out, with a leader
        line) weighed against what lies within ``reach`` of ``centre``; without ``rings``, only a spot
        beside the anchor that covers nothing, place names included. ``areas[ring]`` holds the spots of a ring
        (0: those beside the anchor) and their leader lines."""
        left, top, right, bottom = self.bounds()
        # What may lie by a spot: the boxes a tag may not cover, the place names, the other pawns' discs and the
        # stations' circles; with rings, those within ``reach`` first (each ring's area lies within it), of which
        # each ring takes its own
        numbers, pawn_numbers = self._uncovered_numbers()
        names: Sequence[Box] = self.place_names()
        circles: Sequence[Box] = _station_circles(self.lay)
        discs = [(px - pr, py - pr, px + pr, py + pr) for (px, py), pr in self.pawns if math.dist((px, py), centre) > 1]
        if rings is None:
            hard = [*numbers, *pawn_numbers, *self.keep_clear, *self.placed]
        else:
            hard = self.clear_boxes(centre, reach)
            circles = _all_within(circles, centre, reach)
            discs = _all_within(discs, centre, reach)

        def off_map(box: Box) -> bool:
            return box[0] < left or box[1] < top or box[2] > right or box[3] > bottom

        def faults(box: Box, avoid: Sequence[Box]) -> int:
            """How many of ``avoid`` the tag at ``box`` would cover, and the map's edge."""
            x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1  # room for rounding
            return int(off_map(box)) + sum(1 for b in avoid if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1)

        def soft(box: Box, leader: tuple[Point, Point] | None, ring: int) -> float:
            """How much the tag at ``box`` (a spot of ``ring``) covers of other pawns, stations and leader lines
            (and its ``leader`` crosses)."""
            around_discs, around_circles, leaders = weighing(ring)
            cost = 40 * sum(_overlap(box, d) for d in around_discs) + 8 * sum(_overlap(box, c) for c in around_circles)
            cost += 5 * sum(segment_crosses(a, b, box) for a, b in leaders)
            if leader is not None:
                cost += 2 * _crossings(leader, around_discs) + 6 * _crossings(leader, blocking(ring)[0])
            return cost

        # What lies by the spots of a ring (0: those beside the anchor) and their leader lines: the rest can
        # neither touch such a spot nor cross its leader, so leaving it out changes no count (and adds nothing
        # but naughts to a sum). What a spot may not touch (the hard boxes, the place names) is asked first;
        # the discs, circles and other tags' leader lines, which weigh a clean spot, only where a ring has one.
        blocks: dict[int, tuple[list[Box], list[Box]]] = {}
        weights: dict[int, tuple[list[Box], list[Box], list[tuple[Point, Point]]]] = {}

        def blocking(ring: int) -> tuple[list[Box], list[Box]]:
            """The hard boxes and the place names by the spots of ``ring``."""
            found = blocks.get(ring)
            if found is None:
                found = blocks[ring] = (_reaching(hard, areas[ring]), _reaching(names, areas[ring]))
            return found

        def weighing(ring: int) -> tuple[list[Box], list[Box], list[tuple[Point, Point]]]:
            """The other pawns' discs, the stations' circles and the leader lines by the spots of ``ring``."""
            found = weights.get(ring)
            if found is None:
                area = areas[ring]
                found = weights[ring] = (_reaching(discs, area), _reaching(circles, area),
                                         [leader for leader in self.leaders if _meets_segment(area, leader)])
            return found

        spots = _Spots([(box, None) for box in near], rings)

        # Whether a spot is clean is asked again by the pass without the place names and by the last resort: each
        # part of the answer is worked out once
        covered: dict[tuple[int, int, bool], bool] = {}
        crossed: dict[tuple[int, int, bool], bool] = {}

        def covers(ring: int, i: int, names: bool) -> bool:
            """Whether the ``i``-th spot of ``ring`` (0: beside the anchor) covers a place name (``names``), or
            else what a tag may not cover or the map's edge."""
            key = (ring, i, names)
            answer = covered.get(key)
            if answer is None:
                box = spots[ring][i][0]
                answer = covered[key] = (_meets_any(box, blocking(ring)[1]) if names
                                         else off_map(box) or _meets_any(box, blocking(ring)[0]))
            return answer

        def crosses(ring: int, i: int, names: bool) -> bool:
            """Whether the leader line of the ``i``-th spot of ``ring`` crosses a place name (``names``), or else
            what a tag may not cover."""
            key = (ring, i, names)
            answer = crossed.get(key)
            if answer is None:
                answer = crossed[key] = _crosses_any(spots[ring][i][1], blocking(ring)[1 if names else 0])
            return answer

        def clean(ring: int, i: int, with_names: bool) -> bool:
            """Whether the ``i``-th spot of ``ring`` and its leader line touch nothing a tag may not (with
            ``with_names``, no place name either)."""
            return not (covers(ring, i, False) or ring and crosses(ring, i, False)
                        or with_names and (covers(ring, i, True) or ring and crosses(ring, i, True)))

        if rings is None:
            options = self._clean_spots(spots, True, clean, soft)
            return (min(options, key=lambda o: o[0])[1], None) if options else None
        options: list = []
        for with_names in (True, False) if names else (False,):  # place names too, where a spot allows
            options = self._clean_spots(spots, with_names, clean, soft)
            if options:
                break
        if not options:  # a ring spot whose leader line crosses fewest numbers
            for ring in range(1, len(spots)):
                hard_by = blocking(ring)[0]
                options += [(soft(box, leader, ring)
                             + ring + 20 * (_crossings(leader, hard_by) if crosses(ring, i, False) else 0), box, leader)
                            for i, (box, leader) in enumerate(spots[ring]) if not covers(ring, i, False)]
        if options:
            _, box, leader = min(options, key=lambda o: o[0])
            return box, leader
        if anyhow:
            hard_by = blocking(0)[0]
            return min(near, key=lambda b: (faults(b, hard_by), soft(b, None, 0) + 0.1 * near.index(b))), None
        return None


def _ring_area(centre: Point, span: float, w: float, h: float, margin: float = 2.0) -> Box:
    """The box around every ``w`` by ``h`` spot for a tag whose corner, or edge's middle, lies ``span`` from
    ``centre`` (a ring's spots, and their leader lines) or nearer (the spots beside the anchor), ``margin`` wider
    on each side (a tag's check allows a pixel for rounding)."""
    x, y = centre
    return x - span - w - margin, y - span - h - margin, x + span + w + margin, y + span + h + margin


def _meets_any(box: Box, boxes: Sequence[Box]) -> bool:
    """Whether a tag at ``box`` would cover any of ``boxes`` (a pixel's room around it for rounding)."""
    x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1
    for b in boxes:
        if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
            return True
    return False


def _crosses_any(leader: tuple[Point, Point], boxes: Sequence[Box]) -> bool:
    """Whether the ``leader`` line crosses any of ``boxes``."""
    return any(segment_crosses(*leader, b) for b in _by_segment(leader, boxes))


def _crossings(leader: tuple[Point, Point], boxes: Sequence[Box]) -> int:
    """How many of ``boxes`` the ``leader`` line crosses."""
    return sum(segment_crosses(*leader, b) for b in _by_segment(leader, boxes))


def _meets_segment(box: Box, segment: tuple[Point, Point]) -> bool:
    """Whether ``box`` meets the box around ``segment``: else the segment crosses nothing inside ``box``."""
    (ax, ay), (bx, by) = segment
    return ((ax if ax < bx else bx) <= box[2] and (ax if ax > bx else bx) >= box[0]
            and (ay if ay < by else by) <= box[3] and (ay if ay > by else by) >= box[1])


def _by_segment(segment: tuple[Point, Point], boxes: Sequence[Box]) -> list[Box]:
    """The ``boxes`` that the box around ``segment`` meets: the only ones it may cross (the rest are passed over
    before :func:`segment_crosses` is asked of each)."""
    (ax, ay), (bx, by) = segment
    x0, x1 = (ax, bx) if ax < bx else (bx, ax)
    y0, y1 = (ay, by) if ay < by else (by, ay)
    return [b for b in boxes if b[0] <= x1 and b[2] >= x0 and b[1] <= y1 and b[3] >= y0]


def _reaching(boxes: Sequence[Box], area: Box) -> list[Box]:
    """The ``boxes`` that reach into ``area``, in their order."""
    x0, y0, x1, y1 = area
    return [b for b in boxes if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1]


def _near_spots(cx: float, cy: float, w: float, h: float, r: float, gap: float) -> list[Point]:
    """The corners of the eight spots right beside an anchor, the favourite first."""
    return [
        (cx + r * 0.55, cy - r * 0.55 - h - gap),  # above right
        (cx - r * 0.55 - w, cy - r * 0.55 - h - gap),  # above left
        (cx + r * 0.55, cy + r * 0.55 + gap),  # below right
        (cx - r * 0.55 - w, cy + r * 0.55 + gap),  # below left
        (cx + r + gap, cy - h / 2),  # right
        (cx - r - gap - w, cy - h / 2),  # left
        (cx - w / 2, cy - r - gap - h),  # above
        (cx - w / 2, cy + r + gap),  # below
    ]


class _Rings:
    """The spots of each ring further out from a tag's anchor (:func:`_ring_spots`), a ring ``spans[i]`` out
    made when it is first asked for: most tags that need a ring find a spot on the first ones."""

    def __init__(self, cx: float, cy: float, w: float, h: float, spans: Sequence[float], r: float) -> None:
        self._spans = spans
        self._made: dict[int, list[tuple[Box, tuple[Point, Point]]]] = {}
        self._anchor = (cx, cy, w, h, r)

    def __len__(self) -> int:
        return len(self._spans)

    def __getitem__(self, i: int) -> list[tuple[Box, tuple[Point, Point]]]:
        found = self._made.get(i)
        if found is None:
            cx, cy, w, h, r = self._anchor
            found = self._made[i] = list(_ring_spots(cx, cy, w, h, self._spans[i], r))
        return found


class _Spots:
    """A tag's spots by ring: those beside its anchor (0), then the ``rings`` further out (if any)."""

    def __init__(self, near: list[tuple[Box, None]], rings: _Rings | None) -> None:
        self._near = near
        self._rings = rings

    def __len__(self) -> int:
        return 1 + (len(self._rings) if self._rings is not None else 0)

    def __getitem__(self, ring: int) -> list:
        if ring == 0:
            return self._near
        assert self._rings is not None
        return self._rings[ring - 1]


def _ring_spots(cx: float, cy: float, w: float, h: float, d: float, r: float):
    """(box, leader) for a tag ``d`` away from its anchor in each of LEADER_DIRECTIONS directions,
    the leader running from the anchor's rim (``r``) to the tag."""
    for ux, uy, sx, sy in _DIRECTIONS:
        tip = (cx + ux * d, cy + uy * d)  # where the leader meets the tag: a corner, or an edge's middle
        x = tip[0] + w / 2 * sx
        y = tip[1] + h / 2 * sy
        yield (x, y, x + w, y + h), ((cx + ux * r, cy + uy * r), tip)


def _direction(k: int) -> tuple[float, float, float, float]:
    """The ``k``-th direction of :func:`_ring_spots` (from above right, clockwise) and where its tag lies
    from the leader's tip, in halves of its width and height (-2 to 0: a corner, or an edge's middle)."""
    angle = -math.pi / 4 + 2 * math.pi * k / LEADER_DIRECTIONS
    ux, uy = math.cos(angle), math.sin(angle)
    return ux, uy, max(-1.0, min(1.0, 1.6 * ux)) - 1, max(-1.0, min(1.0, 1.6 * uy)) - 1


#: the directions of :func:`_ring_spots`, worked out once (a crowded board tries them for hundreds of tags)
_DIRECTIONS = tuple(_direction(k) for k in range(LEADER_DIRECTIONS))


def _leader(pic: Picture, s: float, leader: tuple[Point, Point], colour: style.RGB) -> None:
    """A thin line in ``colour`` on a white casing, from a pawn (or station) out to its tag."""
    a, b = leader

    def paint(d: ImageDraw.ImageDraw, at, k: int) -> None:
        thick_line(d, [at(*a), at(*b)], style.WHITE, 5 * s * k)
        thick_line(d, [at(*a), at(*b)], colour, 2.5 * s * k)

    pic.smooth(bounds([a, b], 6 * s), paint)


def station_number_boxes(lay) -> dict[int, Box]:
    """Each station's number box: exact on the London-style boards, the inner disc elsewhere."""
    boxes = getattr(lay, "number_boxes", None)
    return boxes() if boxes is not None else _inner_discs(lay)


@lru_cache(maxsize=16)
def _numbers_at(lay) -> tuple[tuple[Box, Point], ...]:
    """Each station's number box (:func:`station_number_boxes`) and the station's centre."""
    return tuple((box, lay.xy(station)) for station, box in station_number_boxes(lay).items())


@lru_cache(maxsize=8)
def _inner_discs(lay) -> dict[int, Box]:
    out = {}
    for station, (x, y) in near_picture(lay):
        r = lay.radius(station) * 0.8
        out[station] = (x - r, y - r, x + r, y + r)
    return out


@lru_cache(maxsize=16)
def _station_circles(lay) -> tuple[Box, ...]:
    out = []
    for station, (x, y) in near_picture(lay):
        r = lay.radius(station)
        out.append((x - r, y - r, x + r, y + r))
    return tuple(out)


#: how far off a picture a station may lie and still matter to what is drawn on it, in pixels at the
#: style's full size (a station's circle and number, a pawn on it)
NEAR = 60.0


@lru_cache(maxsize=16)
def near_picture(lay) -> tuple[tuple[int, Point], ...]:
    """(station, centre) of every station on ``lay``'s picture or near enough to reach into it (a close-up's
    window shows a small part of the board: the rest is no matter for its marks)."""
    m = NEAR * lay.scale
    out = []
    for station in lay.board.stations:
        x, y = lay.xy(station)
        if -m < x < lay.width + m and -m < y < lay.height + m:
            out.append((station, (x, y)))
    return tuple(out)


def _under_any(point: Point, discs: Sequence[tuple[Point, float]]) -> bool:
    """Whether ``point`` lies under one of the ``discs`` (centre, radius): a disc whose square around it misses
    the point is passed over without measuring the distance (a board asks this of every station number)."""
    x, y = point
    for (cx, cy), r in discs:
        if abs(x - cx) < r and abs(y - cy) < r and math.dist(point, (cx, cy)) < r:
            return True
    return False


def pawn_number_box(centre: Point, radius: float) -> Box:
    """Where a pawn's disc shows its number (three digits at the most), give or take a pixel."""
    x, y = centre
    return x - 0.7 * radius, y - 0.4 * radius, x + 0.7 * radius, y + 0.4 * radius


def _all_within(boxes: Sequence[Box], centre: Point, reach: float) -> list[Box]:
    """The ``boxes`` that reach within ``reach`` of ``centre`` (in one loop: tags check hundreds of boxes for each
    spot they try)."""
    x0, y0, x1, y1 = centre[0] - reach, centre[1] - reach, centre[0] + reach, centre[1] + reach
    return [b for b in boxes if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1]


def _overlap(a: Box, b: Box) -> float:
    """Overlapping area of two boxes, as a share of the first."""
    # (min and max written out: tags weigh thousands of overlaps a picture)
    w = (a[2] if a[2] < b[2] else b[2]) - (a[0] if a[0] > b[0] else b[0])
    h = (a[3] if a[3] < b[3] else b[3]) - (a[1] if a[1] > b[1] else b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / max(1.0, (a[2] - a[0]) * (a[3] - a[1]))


def segment_crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment a-b passes through ``box`` (Liang-Barsky clipping)."""
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    # Most boxes lie off the segment's own box: those it cannot cross are told at once.
    if (ax if ax > bx else bx) < box[0] or (ax if ax < bx else bx) > box[2] or \
            (ay if ay > by else by) < box[1] or (ay if ay < by else by) > box[3]:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - box[0]), (dx, box[2] - ax), (-dy, ay - box[1]), (dy, box[3] - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


# -- marks --------------------------------------------------------------------------------------

def shows(pic: Picture, station: int) -> bool:
    """Whether ``pic`` shows ``station`` (a close-up's window shows only the stations it holds whole, each
    in one window: no mark goes on one it leaves off)."""
    return pic.shown is None or station in pic.shown


def pawn(pic: Picture, lay: MapLayout, station: int, fill: style.RGB, shape: str = "disc") -> Point:
    centre = lay.xy(station)
    if shows(pic, station):
        pic.paste(pawn_sprite(shape, fill, str(station), lay.scale), centre)
    return centre


#: how far from the detective who caught him Mr. X's pawn stands, in pawn radii: his disc mostly clear
#: of the detective's (two thirds of it shows)
CAUGHT_APART = 1.15


def caught_spot(lay: MapLayout, station: int, radius: float, others: Sequence[Point]) -> Point:
    """Where Mr. X's pawn (of ``radius``) goes when a detective stands on him at ``station``: beside the
    detective, on the side (of eight, above left first) where it stays on the picture, no other of the
    ``others`` pawns hides it, and it covers least of other stations' numbers and circles."""
    x, y = lay.xy(station)
    d = CAUGHT_APART * radius
    numbers = [b for sid, b in station_number_boxes(lay).items() if sid != station]
    circles = [b for b in _station_circles(lay) if not (b[0] < x < b[2] and b[1] < y < b[3])]
    left, top, right, bottom = 0, lay.header, lay.width, lay.footer_top

    def cost(spot: Point) -> float:
        box = (spot[0] - radius, spot[1] - radius, spot[0] + radius, spot[1] + radius)
        off = box[0] < left or box[1] < top or box[2] > right or box[3] > bottom
        return (1000 * off + 300 * sum(1 for o in others if math.dist(o, spot) < 2 * radius and math.dist(o, (x, y)) > 1)
                + 100 * sum(_overlap(n, box) for n in numbers) + 5 * sum(_overlap(c, box) for c in circles))

    spots = [(x + d * math.cos(a), y + d * math.sin(a)) for a in (math.radians(225 + 45 * i) for i in range(8))]
    return min(spots, key=lambda spot: (cost(spot), spots.index(spot)))


def ring(pic: Picture, lay: MapLayout, station: int, colour: style.RGB, width: float = 5.0, gap: float = 3.0,
         alpha: int = 235, dashes: int = 0) -> None:
    if not shows(pic, station):
        return  # (a close-up's window leaves off a station its edge would cut, and its ring)
    r = lay.radius(station) + gap * lay.scale + width * lay.scale / 2
    sprite = ring_sprite(round(r * 2) / 2, round(width * lay.scale * 2) / 2, colour, alpha, dashes)
    pic.paste(sprite, lay.xy(station))


def move_arrow(pic: Picture, lay: MapLayout, start: int, end: int, colour: style.RGB, end_gap: float = PAWN_RADIUS,
               width: float = 6.0) -> None:
    """An arrow for a pawn's last ride, from the station it left to the pawn."""
    a, b = lay.xy(start), lay.xy(end)
    a, b = shorten(a, b, lay.radius(start) + 2 * lay.scale, (end_gap + 3) * lay.scale)
    s = lay.scale
    pic.smooth(bounds([a, b], 24 * s), _paint_arrow, k=2, args=(a, b, colour, width, s))
    uncover_stations(pic, lay, [(a, b)], width + 5, skip=(end,))


def _paint_arrow(d: ImageDraw.ImageDraw, at, k: int, a: Point, b: Point, colour: style.RGB, width: float,
                 s: float) -> None:
    """A ride's arrow from ``a`` to ``b`` (:func:`move_arrow`), ``width`` wide at scale ``s``, on a white casing."""
    arrow(d, at(*a), at(*b), colour, width * s * k, 21 * s * k, casing=style.WHITE, casing_width=2.5 * s * k)


def uncover_stations(pic: Picture, lay: MapLayout, segments: Sequence[tuple[Point, Point]], width: float,
                     skip: Sequence[int] = ()) -> None:
    """Bring back the stations that lines were just drawn over, so that lines pass under them."""
    reach = width * lay.scale / 2
    if not segments:
        return
    most = reach + max(outer for _, _, outer in _stations_at(lay))
    x0 = min(min(a[0], b[0]) for a, b in segments) - most
    y0 = min(min(a[1], b[1]) for a, b in segments) - most
    x1 = max(max(a[0], b[0]) for a, b in segments) + most
    y1 = max(max(a[1], b[1]) for a, b in segments) + most
    for station, p, outer in _stations_at(lay):
        if station in skip or not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            continue
        r = outer + reach
        for a, b in segments:
            if (min(a[0], b[0]) - r <= p[0] <= max(a[0], b[0]) + r and min(a[1], b[1]) - r <= p[1] <= max(a[1], b[1]) + r
                    and near_segment(p, a, b, r)):
                pic.uncover(p, outer + 0.5)
                break


@lru_cache(maxsize=16)
def _stations_at(lay) -> tuple[tuple[int, Point, float], ...]:
    """(station, centre, the radius it covers) of every station on ``lay``'s picture."""
    return tuple((station, at, lay.outer(station)) for station, at in near_picture(lay))


def trail(pic: Picture, lay: MapLayout, route: Sequence[int], colours: Sequence[style.RGB] | None,
          width: float = 7.0) -> None:
    """Mr. X's path: ``route`` is his start and then a station per logbook entry. With ``colours``
    (one per entry: its ticket's) each ride is drawn in its colour with a chevron halfway; without,
    as black footsteps (a dashed line) that stand out from every transport line."""
    if len(route) < 2:
        return
    s = lay.scale
    pts = [lay.xy(st) for st in route]
    pad = (width + 12) * s  # the casing, and a chevron's wings
    w, h = pic.img.size
    rides = [(i, (a, b)) for i, (a, b) in enumerate(zip(pts, pts[1:]))
             if _meets(bounds([a, b], pad), w, h)]  # (a close-up's window shows some of them)
    segments = [seg for _, seg in rides]
    # Each ride on a patch of its own (a patch around the whole route is mostly empty, and everything
    # a picture changes is mapped and compressed again): first every casing, then the rides over them.
    for a, b in segments:
        pic.smooth(bounds([a, b], pad), _paint_casing, k=2, args=(a, b, width, s))
    for i, (a, b) in rides:
        pic.smooth(bounds([a, b], pad), _paint_ride, k=2, args=(a, b, colours[i] if colours is not None else None,
                                                                 width, s))
    uncover_stations(pic, lay, segments, width + 5)
    for station in set(route):
        r = lay.outer(station) + 0.5
        x, y = lay.xy(station)
        if _meets((x - r, y - r, x + r, y + r), w, h):
            pic.uncover((x, y), r, bright=True)


def _paint_casing(d: ImageDraw.ImageDraw, at, k: int, a: Point, b: Point, width: float, s: float) -> None:
    """The white casing under a ride of Mr. X's trail (:func:`trail`)."""
    thick_line(d, [at(*a), at(*b)], style.WHITE, (width + 5) * s * k)


def _paint_ride(d: ImageDraw.ImageDraw, at, k: int, a: Point, b: Point, colour: style.RGB | None, width: float,
                s: float) -> None:
    """A ride of Mr. X's trail (:func:`trail`) in its ticket's ``colour``, with a chevron halfway on a long one;
    without a colour, black footsteps."""
    if colour is None:
        dashed(d, at(*a), at(*b), style.MRX_COLOUR, width * s * k, 11 * s * k, 7 * s * k)
        return
    thick_line(d, [at(*a), at(*b)], colour, width * s * k)
    length = math.dist(a, b)
    if length > 70 * s:  # a chevron halfway shows which way he went
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        head = (width + 9) * s
        tip = (mx + ux * head * 0.6, my + uy * head * 0.6)
        back = (mx - ux * head * 0.6, my - uy * head * 0.6)
        wing = head * 0.75
        triangle = [at(*tip), at(back[0] - uy * wing, back[1] + ux * wing),
                    at(back[0] + uy * wing, back[1] - ux * wing)]
        d.polygon(triangle, fill=colour, outline=style.WHITE, width=max(1, round(2 * s * k)))


def _meets(box: Box, width: int, height: int) -> bool:
    """Whether ``box`` reaches into a picture ``width`` by ``height``."""
    return box[2] > 0 and box[0] < width and box[3] > 0 and box[1] < height


def entry_badges(pic: Picture, lay: MapLayout, tags: Tags, route: Sequence[int], reveal_entries: Sequence[int],
                 tr: Speaker) -> None:
    """Number the stations of Mr. X's route by logbook entry ("Start", "3", "5, 9" when he came back),
    the start in ``tr``'s language."""
    start = tr.pgettext("route badge", "Start")  # (not the lobby's Start button, nor the log's first box)
    at_station: dict[int, list[str]] = {}
    for entry, station in enumerate(route):
        at_station.setdefault(station, []).append(start if entry == 0 else str(entry))
    for station, entries in at_station.items():
        if not shows(pic, station):
            continue
        revealed = any(e.isdigit() and int(e) in reveal_entries for e in entries)
        fill = style.MRX_COLOUR
        border = style.TRACKER if revealed else style.WHITE
        tags.add(pic, lay.xy(station), ", ".join(entries), fill, border, reach=lay.radius(station) / lay.scale)




