"""A laid-out board: tiles placed on a grid, and every ride each station offers.

Stations form a grid (6x6 with 3x3 tiles, 6x4 with 3x2); ``column``/``row`` of a station count
stations, of a :class:`Placement` count tiles. Roads join grid neighbours inside a tile and across
tile borders (a border road is open unless either tile cuts its stub). Rides:

* taxi: along a road to a grid neighbour (one-way streets only forwards), or along a diagonal lane;
* bus: from a bus stop straight on along roads to the next bus stop, never turning; it passes
  stations that are not bus stops, whoever stands there; a cut road or the board's edge ends it;
* underground: from an underground station to any other;
* black ticket (Mr. X): any of these, also against one-way streets;
* helicopter (Mr. X): from a station on the board's outer edge to any station on the opposite edge.

Nothing crosses the board's outer edge. Who stands where is the state's business, not the board's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .rules import BUS, TAXI, UNDERGROUND
from .tiles import TileSet

#: (dx, dy) of the four grid directions
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


@dataclass(frozen=True, slots=True)
class Placement:
    """Tile ``letter`` lies at tile column ``column``, tile row ``row``, ``side`` up."""

    letter: str
    column: int
    row: int
    side: str = "standard"  # or "expert"


def placement_json(p: Placement) -> dict:
    return {"letter": p.letter, "column": p.column, "row": p.row, "side": p.side}


def placement_from_json(data: dict) -> Placement:
    return Placement(str(data["letter"]), int(data["column"]), int(data["row"]), str(data.get("side", "standard")))


@dataclass(frozen=True, slots=True)
class DiceStation:
    number: int
    tile: str
    column: int
    row: int
    transports: tuple[str, ...]

    @property
    def taxi_only(self) -> bool:
        return self.transports == (TAXI,)


@dataclass(frozen=True, slots=True)
class Road:
    """A road between grid neighbours: two-way (``start`` < ``end``) or one-way ``start`` -> ``end``."""

    start: int
    end: int
    oneway: bool


class DiceBoard:
    """The board of one game. Build it with :func:`lay_board` (cached per layout)."""

    def __init__(self, tileset: TileSet, placements: tuple[Placement, ...]) -> None:
        self.tileset = tileset
        self.placements = placements
        self.tile_columns = max(p.column for p in placements) + 1
        self.tile_rows = max(p.row for p in placements) + 1
        self.columns, self.rows = 2 * self.tile_columns, 2 * self.tile_rows
        self.stations: dict[int, DiceStation] = {}
        self.at: dict[tuple[int, int], int] = {}
        for p in placements:
            for s in tileset.tiles[p.letter].stations:
                col, row = 2 * p.column + s.dx, 2 * p.row + s.dy
                self.stations[s.number] = DiceStation(s.number, p.letter, col, row, s.transports)
                self.at[(col, row)] = s.number
        self.stations = dict(sorted(self.stations.items()))
        ways: dict[tuple[int, int], bool] = {}  # (a, b) -> may ride a to b
        roads: list[Road] = []
        dead: list[tuple[int, int]] = []
        diagonals: list[tuple[int, int]] = []
        for p in placements:
            side = tileset.tiles[p.letter].side(p.side)
            for a, b in side.roads:
                roads.append(Road(a, b, False))
            for a, b in side.oneway:
                roads.append(Road(a, b, True))
            dead.extend(side.dead_ends)
            diagonals.extend(side.diagonals)
        # Roads across tile borders: open unless either side cuts its stub.
        by_letter = {p.letter: p for p in placements}
        for p in placements:
            cuts = tileset.tiles[p.letter].side(p.side).border_dead_ends
            for s in tileset.tiles[p.letter].stations:
                a = s.number
                for border in ("east", "south"):
                    dx, dy = DIRECTIONS[border]
                    st = self.stations[a]
                    b = self.at.get((st.column + dx, st.row + dy))
                    if b is None or self.stations[b].tile == p.letter:
                        continue
                    other = by_letter[self.stations[b].tile]
                    other_cuts = tileset.tiles[other.letter].side(other.side).border_dead_ends
                    if (a, border) in cuts or (b, OPPOSITE[border]) in other_cuts:
                        dead.append((a, b))
                    else:
                        roads.append(Road(a, b, False))
        for r in roads:
            ways[(r.start, r.end)] = True
            if not r.oneway:
                ways[(r.end, r.start)] = True
        self.roads: tuple[Road, ...] = tuple(sorted(roads, key=lambda r: (min(r.start, r.end), max(r.start, r.end))))
        self.dead_ends: tuple[tuple[int, int], ...] = tuple(sorted(dead))
        self.diagonals: tuple[tuple[int, int], ...] = tuple(sorted(diagonals))
        self._ways = ways
        self._edges = {n: self._edges_of(n) for n in self.stations}
        self._on_edge = {e: tuple(n for n in self.stations if e in self._edges[n]) for e in DIRECTIONS}
        self.underground = tuple(n for n, s in self.stations.items() if UNDERGROUND in s.transports)
        self.taxi_only = tuple(n for n, s in self.stations.items() if s.taxi_only)
        self.neighbours: dict[int, dict[str, tuple[int, ...]]] = {}
        self.black: dict[int, tuple[int, ...]] = {}
        self.helicopter: dict[int, tuple[int, ...]] = {}
        for n in self.stations:
            rides = {t: self._rides(n, t, against=False) for t in self.stations[n].transports}
            self.neighbours[n] = {t: v for t, v in rides.items() if v}
            black: set[int] = set()
            for t in self.stations[n].transports:
                black.update(self._rides(n, t, against=True))
            self.black[n] = tuple(sorted(black))
            self.helicopter[n] = tuple(sorted({
                m for edge in self.edges(n) for m in self.edge_stations(OPPOSITE[edge])
            }))

    # -- geometry -----------------------------------------------------------------------------

    def edges(self, station: int) -> tuple[str, ...]:
        """The board's outer edges ``station`` lies on (a corner lies on two)."""
        return self._edges[station]

    def _edges_of(self, station: int) -> tuple[str, ...]:
        s = self.stations[station]
        out = []
        if s.row == 0:
            out.append("north")
        if s.column == self.columns - 1:
            out.append("east")
        if s.row == self.rows - 1:
            out.append("south")
        if s.column == 0:
            out.append("west")
        return tuple(out)

    def edge_stations(self, edge: str) -> tuple[int, ...]:
        return self._on_edge[edge]

    def step(self, station: int, direction: str) -> int | None:
        """The grid neighbour of ``station`` in ``direction``, or None at the board's edge."""
        s = self.stations[station]
        dx, dy = DIRECTIONS[direction]
        return self.at.get((s.column + dx, s.row + dy))

    def road(self, a: int, b: int, against: bool = False) -> bool:
        """Whether a road leads from ``a`` to its grid neighbour ``b`` (with ``against``: either way)."""
        return (a, b) in self._ways or (against and (b, a) in self._ways)

    def _rides(self, n: int, transport: str, against: bool) -> tuple[int, ...]:
        if transport == UNDERGROUND:
            return tuple(m for m in self.underground if m != n) if n in self.underground else ()
        out: set[int] = set()
        for direction in DIRECTIONS:
            here = n
            while True:
                nxt = self.step(here, direction)
                if nxt is None or not self.road(here, nxt, against):
                    break
                here = nxt
                if transport == TAXI or BUS in self.stations[nxt].transports:
                    out.add(nxt)
                    break
        if transport == TAXI:
            for a, b in self.diagonals:
                if a == n:
                    out.add(b)
                elif b == n:
                    out.add(a)
        return tuple(sorted(out))

    # -- summaries ----------------------------------------------------------------------------

    def targets(self, station: int, ticket: str) -> tuple[int, ...]:
        """Where ``ticket`` (a transport, ``black`` or ``helicopter``) takes a pawn from ``station``,
        whoever stands there."""
        if ticket == "black":
            return self.black[station]
        if ticket == "helicopter":
            return self.helicopter[station]
        return self.neighbours[station].get(ticket, ())

    @cached_property
    def distances(self) -> dict[int, dict[int, int]]:
        """Fewest rides (taxi, bus or underground) between every two stations."""
        after = {n: tuple({t for targets in by.values() for t in targets}) for n, by in self.neighbours.items()}
        result: dict[int, dict[int, int]] = {}
        for source in self.stations:
            seen = {source: 0}
            frontier = [source]
            step = 0
            while frontier:
                step += 1
                nxt = []
                for here in frontier:
                    for t in after[here]:
                        if t not in seen:
                            seen[t] = step
                            nxt.append(t)
                frontier = nxt
            result[source] = seen
        return result

    @property
    def tile_letters(self) -> tuple[str, ...]:
        return tuple(p.letter for p in self.placements)

    def tile_stations(self, letter: str) -> tuple[int, ...]:
        return tuple(n for n, s in self.stations.items() if s.tile == letter)

    def __repr__(self) -> str:
        return f"<DiceBoard {self.tile_columns}x{self.tile_rows}: {' '.join(self.tile_letters)}>"


@lru_cache(maxsize=256)
def lay_board(tileset: TileSet, placements: tuple[Placement, ...]) -> DiceBoard:
    """The board for ``placements`` (cached: simulations lay the same boards again and again)."""
    return DiceBoard(tileset, placements)
