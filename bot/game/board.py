"""A board: numbered stations joined by edges of four transports.

Boards live as JSON files in the top-level ``boards/`` folder (format in ``boards/README.md``).
:func:`load_board` validates a file and refuses a broken one with a message naming the fault.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import BoardError
from .tickets import Transport

BOARDS_DIR = Path(__file__).resolve().parents[2] / "boards"
FORMAT = "scotland-yard-board/1"


@dataclass(frozen=True)
class Station:
    id: int
    transports: frozenset[Transport]
    x: float  # 0..1, left to right
    y: float  # 0..1, top to bottom


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    title: str
    aspect: float  # width / height of the drawing area
    stations: dict[int, Station]
    #: station -> transport -> neighbouring stations (sorted tuples)
    neighbours: dict[int, dict[Transport, tuple[int, ...]]]
    start_cards: dict[str, tuple[int, ...]]
    #: stations passed on each bus/underground route, when the data has them (for the cut-off option)
    route_stations: dict[str, Any] | None
    sources: tuple[str, ...] = ()
    edge_count: dict[Transport, int] = field(default_factory=dict)

    def neighbours_by(self, station: int, transport: Transport) -> tuple[int, ...]:
        return self.neighbours[station].get(transport, ())

    def edges(self, transport: Transport) -> list[tuple[int, int]]:
        return sorted(
            (a, b) for a, by in self.neighbours.items() for b in by.get(transport, ()) if a < b
        )

    def connected(self, a: int, b: int) -> list[Transport]:
        """Every transport that joins ``a`` and ``b`` directly."""
        return [t for t, targets in self.neighbours.get(a, {}).items() if b in targets]

    def distances(self) -> dict[int, dict[int, int]]:
        """Fewest rides between every two stations, ignoring tickets (ferry excluded)."""
        return _distances(self)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<Board {self.name}: {len(self.stations)} stations>"


@lru_cache(maxsize=8)
def _distances(board: Board) -> dict[int, dict[int, int]]:
    land = (Transport.TAXI, Transport.BUS, Transport.UNDERGROUND)
    result: dict[int, dict[int, int]] = {}
    for source in board.stations:
        seen = {source: 0}
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for t in land:
                for nxt in board.neighbours[here].get(t, ()):
                    if nxt not in seen:
                        seen[nxt] = seen[here] + 1
                        queue.append(nxt)
        result[source] = seen
    return result


def parse_board(data: Any, origin: str = "board") -> Board:
    """Build a :class:`Board` from decoded JSON, or raise :class:`BoardError` naming the fault."""

    def fail(why: str) -> BoardError:
        return BoardError(f"{origin}: {why}")

    if not isinstance(data, dict):
        raise fail("the file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise fail(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.isidentifier():
        raise fail("'name' must be a short identifier such as 'london'")
    aspect = data.get("aspect", 1.0)
    if not isinstance(aspect, (int, float)) or not 0.2 <= aspect <= 5:
        raise fail("'aspect' must be a number between 0.2 and 5")

    raw_stations = data.get("stations")
    if not isinstance(raw_stations, list) or not raw_stations:
        raise fail("'stations' must be a non-empty list")
    stations: dict[int, Station] = {}
    for i, raw in enumerate(raw_stations):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), int) or raw["id"] < 1:
            raise fail(f"station entry #{i + 1} needs a positive integer 'id'")
        sid = raw["id"]
        if sid in stations:
            raise fail(f"station {sid} is listed twice")
        try:
            kinds = frozenset(Transport(t) for t in raw.get("transports", ()))
        except ValueError:
            raise fail(f"station {sid} has an unknown transport in {raw.get('transports')!r}") from None
        if not kinds:
            raise fail(f"station {sid} has no transport")
        x, y = raw.get("x"), raw.get("y")
        if not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in (x, y)):
            raise fail(f"station {sid} needs 'x' and 'y' between 0 and 1")
        stations[sid] = Station(sid, kinds, float(x), float(y))

    raw_edges = data.get("edges")
    if not isinstance(raw_edges, dict):
        raise fail("'edges' must map each transport to a list of [a, b] pairs")
    neighbours: dict[int, dict[Transport, set[int]]] = {sid: {} for sid in stations}
    counts: dict[Transport, int] = {}
    for kind, pairs in raw_edges.items():
        try:
            transport = Transport(kind)
        except ValueError:
            raise fail(f"unknown transport {kind!r} in 'edges'") from None
        if not isinstance(pairs, list):
            raise fail(f"edges of {kind} must be a list")
        seen: set[tuple[int, int]] = set()
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) for v in pair)):
                raise fail(f"{kind} edge {pair!r} must be a pair of station numbers")
            a, b = pair
            if a == b:
                raise fail(f"{kind} edge {a}-{b} joins a station to itself")
            for end in (a, b):
                if end not in stations:
                    raise fail(f"{kind} edge {a}-{b} names station {end}, which does not exist")
                if transport not in stations[end].transports:
                    raise fail(f"{kind} edge {a}-{b}: station {end} is not a {kind} stop")
            key = (min(a, b), max(a, b))
            if key in seen:
                raise fail(f"{kind} edge {a}-{b} is listed twice")
            seen.add(key)
            neighbours[a].setdefault(transport, set()).add(b)
            neighbours[b].setdefault(transport, set()).add(a)
        counts[transport] = len(seen)

    for sid, station in stations.items():
        for transport in station.transports:
            if not neighbours[sid].get(transport):
                raise fail(f"station {sid} is marked as a {transport} stop but has no {transport} edge")
        if not neighbours[sid]:
            raise fail(f"station {sid} has no edge at all")

    raw_cards = data.get("start_cards", {})
    if not isinstance(raw_cards, dict):
        raise fail("'start_cards' must map a deck name to a list of stations")
    cards: dict[str, tuple[int, ...]] = {}
    for deck, numbers in raw_cards.items():
        if not isinstance(numbers, list) or not numbers:
            raise fail(f"start-card deck {deck!r} must be a non-empty list")
        for n in numbers:
            if n not in stations:
                raise fail(f"start-card deck {deck!r} names station {n}, which does not exist")
        if len(set(numbers)) != len(numbers):
            raise fail(f"start-card deck {deck!r} has a station twice")
        cards[deck] = tuple(numbers)

    frozen = {sid: {t: tuple(sorted(v)) for t, v in by.items()} for sid, by in neighbours.items()}
    return Board(
        name=name,
        title=str(data.get("title", name.title())),
        aspect=float(aspect),
        stations=stations,
        neighbours=frozen,
        start_cards=cards,
        route_stations=data.get("route_stations"),
        sources=tuple(data.get("sources", ())),
        edge_count=counts,
    )


def load_board_file(path: str | Path) -> Board:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoardError(f"{path.name}: cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{path.name}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    return parse_board(data, origin=path.name)


@lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """The board called ``name`` from the ``boards/`` folder (cached)."""
    if not name.isidentifier():
        raise BoardError(f"{name!r} is not a board name")
    path = BOARDS_DIR / f"{name}.json"
    if not path.exists():
        raise BoardError(f"there is no board called {name!r}")
    return load_board_file(path)
