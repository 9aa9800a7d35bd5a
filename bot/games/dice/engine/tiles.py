"""The tile set: nine double-sided road tiles, read from ``boards/<name>.json`` and validated.

A tile holds four numbered stations in a 2x2 square (positions 0 north-west, 1 north-east,
2 south-west, 3 south-east; tile A holds 1-4, B 5-8, ...). Each side lists the roads inside the
tile; every road stub at the tile's border is open unless the side cuts it (``border_dead_ends``).
Standard sides cut nothing and have no one-way streets or diagonal lanes, so that they line up with
any neighbour in any layout. The format is documented in ``boards/README.md``.

:func:`load_tiles` refuses a broken tile set with a :class:`TileError` naming the tile and station.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.games.data import BOARDS_DIR

from .errors import TileError
from .rules import TAXI, TRANSPORTS, UNDERGROUND

FORMAT = "scotland-yard-dice-tiles/1"
LETTERS = "ABCDEFGHI"
SIDES = ("standard", "expert")
BORDERS = ("north", "east", "south", "west")
#: the positions on each border of a tile, west to east or north to south
BORDER_POSITIONS = {"north": (0, 1), "south": (2, 3), "west": (0, 2), "east": (1, 3)}


@dataclass(frozen=True, slots=True)
class TileStation:
    number: int
    position: int  # 0 NW, 1 NE, 2 SW, 3 SE
    transports: tuple[str, ...]

    @property
    def dx(self) -> int:
        return self.position % 2

    @property
    def dy(self) -> int:
        return self.position // 2


@dataclass(frozen=True)
class TileSide:
    #: two-way roads inside the tile, as (smaller, larger) station numbers
    roads: frozenset[tuple[int, int]]
    #: one-way streets inside the tile, (from, to)
    oneway: frozenset[tuple[int, int]]
    #: roads inside the tile that are cut (drawn as dead ends; nothing passes)
    dead_ends: frozenset[tuple[int, int]]
    #: diagonal taxi lanes (two-way)
    diagonals: frozenset[tuple[int, int]]
    #: (station, border) stubs cut at the tile's border
    border_dead_ends: frozenset[tuple[int, str]]

    @property
    def features(self) -> int:
        return len(self.oneway) + len(self.dead_ends) + len(self.diagonals) + len(self.border_dead_ends)


@dataclass(frozen=True)
class Tile:
    letter: str
    index: int
    stations: tuple[TileStation, ...]  # in position order
    standard: TileSide
    expert: TileSide

    def side(self, name: str) -> TileSide:
        return self.expert if name == "expert" else self.standard

    @property
    def has_underground(self) -> bool:
        return any(UNDERGROUND in s.transports for s in self.stations)


@dataclass(frozen=True, eq=False)
class TileSet:
    name: str
    title: str
    tiles: dict[str, Tile]
    sources: tuple[str, ...] = ()

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<TileSet {self.name}: {len(self.tiles)} tiles>"


def parse_tiles(data: Any, origin: str = "tiles") -> TileSet:
    """Build a :class:`TileSet` from decoded JSON, or raise :class:`TileError` naming the fault."""

    def fail(why: str) -> TileError:
        return TileError(f"{origin}: {why}")

    if not isinstance(data, dict):
        raise fail("the file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise fail(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.isidentifier():
        raise fail("'name' must be a short identifier such as 'dice'")
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list) or len(raw_tiles) != len(LETTERS):
        raise fail(f"'tiles' must list the {len(LETTERS)} tiles {LETTERS[0]}-{LETTERS[-1]}")
    tiles: dict[str, Tile] = {}
    for index, raw in enumerate(raw_tiles):
        letter = LETTERS[index]
        if not isinstance(raw, dict) or raw.get("letter") != letter:
            raise fail(f"tile #{index + 1} must be tile {letter}, in letter order")
        tiles[letter] = _parse_tile(raw, letter, index, fail)

    with_underground = [t.letter for t in tiles.values() if t.has_underground]
    if len(with_underground) < 3 or len(tiles) - len(with_underground) < 3:
        raise fail("a 3x2 layout needs 3 tiles with an underground station and 3 without; "
                   f"tiles with one: {', '.join(with_underground) or 'none'}")
    for kind in ("oneway", "dead_ends", "diagonals"):
        if not any(getattr(t.expert, kind) or (kind == "dead_ends" and t.expert.border_dead_ends)
                   for t in tiles.values()):
            raise fail(f"no expert side has any {kind.replace('_', ' ')}")
    return TileSet(name, str(data.get("title", name.title())), tiles, tuple(data.get("sources", ())))


def _parse_tile(raw: dict, letter: str, index: int, fail) -> Tile:
    raw_stations = raw.get("stations")
    if not isinstance(raw_stations, list) or len(raw_stations) != 4:
        raise fail(f"tile {letter} must list its 4 stations")
    stations = []
    for position, rs in enumerate(raw_stations):
        number = index * 4 + position + 1
        if not isinstance(rs, dict) or rs.get("number") != number:
            raise fail(f"tile {letter}: station #{position + 1} must be number {number} "
                       "(north-west, north-east, south-west, south-east)")
        kinds = rs.get("transports")
        if not isinstance(kinds, list) or not kinds or len(set(kinds)) != len(kinds):
            raise fail(f"tile {letter}, station {number}: 'transports' must list each transport once")
        unknown = [k for k in kinds if k not in TRANSPORTS]
        if unknown:
            raise fail(f"tile {letter}, station {number}: unknown transport {unknown[0]!r}")
        if TAXI not in kinds:
            raise fail(f"tile {letter}, station {number}: every station is a taxi stop")
        stations.append(TileStation(number, position, tuple(k for k in TRANSPORTS if k in kinds)))
    if not any(s.transports == (TAXI,) for s in stations):
        raise fail(f"tile {letter} needs a taxi-only station (detectives start on one)")
    if sum(UNDERGROUND in s.transports for s in stations) > 1:
        raise fail(f"tile {letter} has more than one underground station")
    sides = {}
    for side in SIDES:
        if not isinstance(raw.get(side), dict):
            raise fail(f"tile {letter} needs a {side!r} side")
        sides[side] = _parse_side(raw[side], letter, side, index, fail)
    return Tile(letter, index, tuple(stations), sides["standard"], sides["expert"])


def _parse_side(raw: dict, letter: str, side: str, index: int, fail) -> TileSide:
    first = index * 4 + 1
    where = f"tile {letter} ({side} side)"

    def position(n: Any) -> int:
        if not isinstance(n, int) or not first <= n < first + 4:
            raise fail(f"{where}: {n!r} is not a station of tile {letter} ({first}-{first + 3})")
        return n - first

    def pairs(key: str, diagonal: bool) -> list[tuple[int, int]]:
        value = raw.get(key, [])
        if not isinstance(value, list):
            raise fail(f"{where}: {key!r} must be a list of [a, b] pairs")
        out = []
        for pair in value:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise fail(f"{where}: {key} entry {pair!r} must be a pair of station numbers")
            a, b = pair
            pa, pb = position(a), position(b)
            dx, dy = abs(pa % 2 - pb % 2), abs(pa // 2 - pb // 2)
            if diagonal and (dx, dy) != (1, 1):
                raise fail(f"{where}, station {a}: the diagonal lane {a}-{b} must join diagonal corners")
            if not diagonal and dx + dy != 1:
                raise fail(f"{where}, station {a}: {key} {a}-{b} must join grid neighbours")
            out.append((a, b))
        return out

    unknown = set(raw) - {"roads", "oneway", "dead_ends", "diagonals", "border_dead_ends"}
    if unknown:
        raise fail(f"{where}: unknown key {min(unknown)!r}")
    roads, oneway, dead = pairs("roads", False), pairs("oneway", False), pairs("dead_ends", False)
    diagonals = pairs("diagonals", True)
    seen: set[frozenset[int]] = set()
    for a, b in roads + oneway + dead + diagonals:
        key = frozenset((a, b))
        if key in seen:
            raise fail(f"{where}, station {a}: the way {a}-{b} is listed twice")
        seen.add(key)
    if len(diagonals) > 1:
        raise fail(f"{where}, station {diagonals[0][0]}: two diagonal lanes would cross")
    cuts = []
    for item in raw.get("border_dead_ends", []):
        if not (isinstance(item, list) and len(item) == 2 and item[1] in BORDERS):
            raise fail(f"{where}: border dead end {item!r} must be [station, 'north'|'east'|'south'|'west']")
        n, border = item
        if position(n) not in BORDER_POSITIONS[border]:
            raise fail(f"{where}, station {n}: the station is not on the tile's {border} border")
        cuts.append((n, border))

    if side == "standard":
        for key, items in (("one-way street", oneway), ("dead end", dead), ("diagonal lane", diagonals),
                           ("cut border road", cuts)):
            if items:
                raise fail(f"{where}, station {items[0][0]}: a standard side has no {key}; "
                           "it must line up with any neighbour")
    elif not (oneway or dead or diagonals or cuts):
        raise fail(f"{where}: an expert side needs a one-way street, a dead end or a diagonal lane")

    # Inside its tile every station needs a way out and a way in: at the board's corner the border
    # stubs lead nowhere, and a station nobody can leave would trap a pawn.
    for pos in range(4):
        n = first + pos
        outs = [b for a, b in roads + oneway + diagonals if a == n] + [a for a, b in roads + diagonals if b == n]
        ins = [a for a, b in roads + oneway + diagonals if b == n] + [b for a, b in roads + diagonals if a == n]
        if not outs:
            raise fail(f"{where}, station {n}: no road leaves it inside the tile")
        if not ins:
            raise fail(f"{where}, station {n}: no road leads to it inside the tile")
    return TileSide(
        roads=frozenset((min(a, b), max(a, b)) for a, b in roads),
        oneway=frozenset(oneway),
        dead_ends=frozenset((min(a, b), max(a, b)) for a, b in dead),
        diagonals=frozenset((min(a, b), max(a, b)) for a, b in diagonals),
        border_dead_ends=frozenset(cuts),
    )


def load_tiles_file(path: str | Path) -> TileSet:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TileError(f"{path.name}: cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise TileError(f"{path.name}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    return parse_tiles(data, origin=path.name)


@lru_cache(maxsize=None)
def load_tiles(name: str = "dice") -> TileSet:
    """The tile set called ``name`` from the ``boards/`` folder (cached)."""
    if not name.isidentifier():
        raise TileError(f"{name!r} is not a tile set name")
    path = BOARDS_DIR / f"{name}.json"
    if not path.exists():
        raise TileError(f"there is no tile set called {name!r}")
    return load_tiles_file(path)
