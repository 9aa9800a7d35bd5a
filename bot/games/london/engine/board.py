"""A board: numbered stations joined by edges of the transports the board file names.

Boards live as JSON files in the top-level ``boards/`` folder (format in ``boards/README.md``).
:func:`load_board` validates a file and refuses a broken one with a message naming the fault.

A board names its own transports (London: taxi, bus, underground, ferry; Potsdam: walk, ViP,
Schnellbahn, boat): which ticket pays for a ride, who may ride, and how a player sees it (names,
colour, emoji). Nothing else in the engine knows a transport by name; only the two tickets every
London-style game has, ``black`` and ``double``, are fixed (:mod:`bot.games.london.engine.tickets`).
"""

from __future__ import annotations

import json
import re
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from bot.games.data import BOARDS_DIR, HUNTERS
from bot.games.errors import BoardError, InvalidAction, quoted
from .tickets import BLACK, DOUBLE, FIXED_EMOJI, FIXED_NAMES, TICKET_ALIASES

FORMAT = "scotland-yard-board/2"
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")






@dataclass(frozen=True)
class TransportKind:
    """One transport of a board, as its file describes it."""

    id: str
    #: the ticket that pays for a ride (``black`` for a transport only Mr. X may ride)
    ticket: str
    #: only Mr. X may ride it, and only with a black ticket (London's ferry, Potsdam's boats)
    mrx_only: bool
    colour: str  # "#rrggbb"
    emoji: str
    #: language code -> what players call it ("taxi" / "Taxi")
    names: dict[str, str]
    #: language code -> what players call its ticket
    ticket_names: dict[str, str]
    #: other words a player may type for its ticket ("tube" for underground)
    aliases: tuple[str, ...] = ()
    line_width: int = 4

    def name(self, language: str = "en") -> str:
        return self.names.get(language) or self.names.get("en") or self.id


@dataclass(frozen=True)
class Station:
    id: int
    transports: frozenset[str]
    x: float  # 0..1, left to right
    y: float  # 0..1, top to bottom
    name: str | None = None


@dataclass(frozen=True)
class Shape:
    """Something drawn under the network: water or a park, as a polygon in board coordinates."""

    kind: str  # "water" or "park"
    name: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Landmark:
    text: str
    x: float
    y: float


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    title: str
    aspect: float  # width / height of the drawing area
    stations: dict[int, Station]
    #: station -> transport -> neighbouring stations (sorted tuples)
    neighbours: dict[int, dict[str, tuple[int, ...]]]
    start_cards: dict[str, tuple[int, ...]]
    #: transport -> "a-b" -> the stations a ride from a to b passes over, when the data has them
    route_stations: dict[str, dict[str, tuple[int, ...]]] | None
    #: the board's transports in display order
    transports: dict[str, TransportKind] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    edge_count: dict[str, int] = field(default_factory=dict)
    shapes: tuple[Shape, ...] = ()
    landmarks: tuple[Landmark, ...] = ()
    #: what the board's rulebook calls the hunters: "detectives" (London) or "agents" (Sanssouci's Potsdam)
    hunters: str = "detectives"

    # -- transports and tickets ----------------------------------------------------------------

    @cached_property
    def ride_tickets(self) -> tuple[str, ...]:
        """The regular tickets (everyone's), in display order: London's taxi, bus, underground."""
        out: list[str] = []
        for kind in self.transports.values():
            if not kind.mrx_only and kind.ticket not in out:
                out.append(kind.ticket)
        return tuple(out)

    @cached_property
    def ticket_transports(self) -> dict[str, tuple[str, ...]]:
        """Each ticket -> the transports it pays for; a black ticket pays for every one."""
        out: dict[str, tuple[str, ...]] = {
            t: tuple(k.id for k in self.transports.values() if k.ticket == t and not k.mrx_only)
            for t in self.ride_tickets
        }
        out[BLACK] = tuple(self.transports)
        return out

    @cached_property
    def land_transports(self) -> tuple[str, ...]:
        """The transports everyone may ride."""
        return tuple(k.id for k in self.transports.values() if not k.mrx_only)

    @cached_property
    def mrx_only_transports(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.transports.values() if k.mrx_only)

    def transport_of(self, ticket: str) -> TransportKind | None:
        """The (first) transport a regular ticket pays for; None for black and double."""
        rides = self.ticket_transports.get(ticket, ()) if ticket != BLACK else ()
        return self.transports[rides[0]] if rides else None

    def ticket_emoji(self, ticket: str) -> str:
        """How a ticket looks in a message: its transport's emoji (🚕), ⬛ for black, ⏩ for double."""
        if ticket in FIXED_EMOJI:
            return FIXED_EMOJI[ticket]
        kind = self.transport_of(ticket)
        return kind.emoji if kind else "🎫"

    def ticket_name(self, ticket: str, language: str = "en") -> str:
        """What players call a ticket: "taxi", "underground", "black"; "U-Bahn" in German."""
        if ticket in FIXED_NAMES:
            return FIXED_NAMES[ticket].get(language, FIXED_NAMES[ticket]["en"])
        kind = self.transport_of(ticket)
        if kind is None:
            return ticket
        return kind.ticket_names.get(language) or kind.ticket_names.get("en") or ticket

    def parse_ticket(self, text: str) -> str:
        """A ticket from what a player typed: an id, a transport, a name in any language or an alias."""
        key = " ".join(str(text).strip().lower().split())
        key = TICKET_ALIASES.get(key, key)
        if key in (BLACK, DOUBLE) or key in self.ride_tickets:
            return key
        for kind in self.transports.values():
            words = {kind.id, *kind.aliases, *(n.lower() for n in kind.names.values()),
                     *(n.lower() for n in kind.ticket_names.values())}
            if key in words:
                return kind.ticket
        names = ", ".join((*self.ride_tickets, BLACK))
        raise InvalidAction(f"Unknown ticket {quoted(text)}: use one of {names}.")

    def station_rank(self, station: int) -> str | None:
        """The station's most important everyday transport (the last in display order it serves)."""
        best = None
        for kind in self.land_transports:
            if kind in self.stations[station].transports:
                best = kind
        return best

    # -- the network ---------------------------------------------------------------------------

    def neighbours_by(self, station: int, transport: str) -> tuple[int, ...]:
        return self.neighbours[station].get(transport, ())

    def edges(self, transport: str) -> list[tuple[int, int]]:
        return sorted(
            (a, b) for a, by in self.neighbours.items() for b in by.get(transport, ()) if a < b
        )

    def connected(self, a: int, b: int) -> list[str]:
        """Every transport that joins ``a`` and ``b`` directly."""
        return [t for t, targets in self.neighbours.get(a, {}).items() if b in targets]

    def passes(self, transport: str, a: int, b: int) -> tuple[int, ...]:
        """The stations a ride from ``a`` to ``b`` passes over (empty when the data does not say)."""
        if not self.route_stations:
            return ()
        return self.route_stations.get(transport, {}).get(f"{min(a, b)}-{max(a, b)}", ())

    def distances(self) -> dict[int, dict[int, int]]:
        """Fewest rides between every two stations, ignoring tickets (Mr. X-only transports excluded)."""
        return _distances(self)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<Board {self.name}: {len(self.stations)} stations>"


@lru_cache(maxsize=8)
def _distances(board: Board) -> dict[int, dict[int, int]]:
    land = board.land_transports
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


def _parse_transports(raw: Any, fail) -> dict[str, TransportKind]:
    if not isinstance(raw, list) or not raw:
        raise fail("'transports' must be a non-empty list of transport objects")
    kinds: dict[str, TransportKind] = {}
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"].isidentifier():
            raise fail(f"transport #{i + 1} needs an 'id' such as 'taxi'")
        tid = item["id"]
        if tid in kinds:
            raise fail(f"transport {tid!r} is listed twice")
        riders = item.get("riders", "all")
        if riders not in ("all", "mrx"):
            raise fail(f"transport {tid!r}: 'riders' must be 'all' or 'mrx'")
        ticket = item.get("ticket")
        if not isinstance(ticket, str) or not ticket.isidentifier():
            raise fail(f"transport {tid!r} needs a 'ticket' that pays for a ride")
        if riders == "mrx" and ticket != BLACK:
            raise fail(f"transport {tid!r}: only Mr. X rides it, so its ticket must be 'black'")
        if riders == "all" and ticket in (BLACK, DOUBLE):
            raise fail(f"transport {tid!r}: everyone rides it, so its ticket cannot be {ticket!r}")
        colour = item.get("colour")
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise fail(f"transport {tid!r} needs a 'colour' such as '#ecb200'")
        names = item.get("name")
        if not isinstance(names, dict) or not isinstance(names.get("en"), str):
            raise fail(f"transport {tid!r} needs a 'name' with at least an English ('en') entry")
        ticket_names = item.get("ticket_name", names)
        if not isinstance(ticket_names, dict) or not all(isinstance(v, str) for v in ticket_names.values()):
            raise fail(f"transport {tid!r}: 'ticket_name' must map languages to names")
        aliases = item.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise fail(f"transport {tid!r}: 'aliases' must be a list of words")
        width = item.get("line_width", 4)
        if not isinstance(width, int) or not 1 <= width <= 20:
            raise fail(f"transport {tid!r}: 'line_width' must be a whole number of pixels from 1 to 20")
        kinds[tid] = TransportKind(
            id=tid, ticket=ticket, mrx_only=riders == "mrx", colour=colour.lower(),
            emoji=str(item.get("emoji", "")), names=dict(names), ticket_names=dict(ticket_names),
            aliases=tuple(a.lower() for a in aliases), line_width=width,
        )
    return kinds


def _points(raw: Any) -> tuple[tuple[float, float], ...] | None:
    if not isinstance(raw, list) or len(raw) < 3:
        return None
    out = []
    for p in raw:
        if not (isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p)):
            return None
        out.append((float(p[0]), float(p[1])))
    return tuple(out)


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
    transports = _parse_transports(data.get("transports"), fail)
    hunters = data.get("hunters", "detectives")
    if hunters not in HUNTERS:
        raise fail(f"'hunters' must be one of {', '.join(HUNTERS)}, not {hunters!r}")

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
        listed = raw.get("transports", ())
        if not isinstance(listed, list) or any(t not in transports for t in listed):
            raise fail(f"station {sid} has an unknown transport in {listed!r}")
        kinds = frozenset(listed)
        if not kinds:
            raise fail(f"station {sid} has no transport")
        x, y = raw.get("x"), raw.get("y")
        if not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in (x, y)):
            raise fail(f"station {sid} needs 'x' and 'y' between 0 and 1")
        label = raw.get("name")
        if label is not None and not (isinstance(label, str) and label.strip()):
            raise fail(f"station {sid}: 'name' must be a non-empty text")
        stations[sid] = Station(sid, kinds, float(x), float(y), label)

    raw_edges = data.get("edges")
    if not isinstance(raw_edges, dict):
        raise fail("'edges' must map each transport to a list of [a, b] pairs")
    neighbours: dict[int, dict[str, set[int]]] = {sid: {} for sid in stations}
    counts: dict[str, int] = {}
    for kind, pairs in raw_edges.items():
        if kind not in transports:
            raise fail(f"unknown transport {kind!r} in 'edges'")
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
                if kind not in stations[end].transports:
                    raise fail(f"{kind} edge {a}-{b}: station {end} is not a {kind} stop")
            key = (min(a, b), max(a, b))
            if key in seen:
                raise fail(f"{kind} edge {a}-{b} is listed twice")
            seen.add(key)
            neighbours[a].setdefault(kind, set()).add(b)
            neighbours[b].setdefault(kind, set()).add(a)
        counts[kind] = len(seen)

    for sid, station in stations.items():
        for kind in station.transports:
            if not neighbours[sid].get(kind):
                raise fail(f"station {sid} is marked as a {kind} stop but has no {kind} edge")
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

    routes = _parse_routes(data.get("route_stations"), neighbours, stations, fail)

    shapes = []
    for i, raw in enumerate(data.get("shapes") or []):
        points = _points(raw.get("points")) if isinstance(raw, dict) else None
        if points is None or raw.get("kind") not in ("water", "park"):
            raise fail(f"shape #{i + 1} needs a 'kind' (water or park) and at least three [x, y] points")
        shapes.append(Shape(raw["kind"], str(raw.get("name", "")), points))
    landmarks = []
    for i, raw in enumerate(data.get("landmarks") or []):
        if not (isinstance(raw, dict) and isinstance(raw.get("text"), str)
                and all(isinstance(raw.get(k), (int, float)) for k in ("x", "y"))):
            raise fail(f"landmark #{i + 1} needs a 'text', 'x' and 'y'")
        landmarks.append(Landmark(raw["text"], float(raw["x"]), float(raw["y"])))

    frozen = {sid: {t: tuple(sorted(v)) for t, v in by.items()} for sid, by in neighbours.items()}
    return Board(
        name=name,
        title=str(data.get("title", name.title())),
        aspect=float(aspect),
        stations=stations,
        neighbours=frozen,
        start_cards=cards,
        route_stations=routes,
        transports=transports,
        sources=tuple(data.get("sources", ())),
        edge_count=counts,
        shapes=tuple(shapes),
        landmarks=tuple(landmarks),
        hunters=hunters,
    )


def _parse_routes(raw: Any, neighbours, stations, fail) -> dict[str, dict[str, tuple[int, ...]]] | None:
    """``{"bus": {"1-46": [8, 9]}}``: the stations each listed ride passes over (for mb1985's cut-off)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise fail("'route_stations' must map a transport to {\"a-b\": [stations passed]}, or be null")
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    for kind, routes in raw.items():
        if not isinstance(routes, dict):
            raise fail(f"route_stations of {kind} must map \"a-b\" to a list of stations")
        out[kind] = {}
        for key, passed in routes.items():
            match = re.fullmatch(r"(\d+)-(\d+)", str(key))
            if not match:
                raise fail(f"route_stations of {kind}: {key!r} must read 'a-b'")
            a, b = sorted((int(match[1]), int(match[2])))
            if b not in neighbours.get(a, {}).get(kind, ()):
                raise fail(f"route_stations of {kind}: there is no {kind} edge {a}-{b}")
            if not isinstance(passed, list) or any(s not in stations for s in passed):
                raise fail(f"route_stations of {kind} {a}-{b}: every passed station must exist")
            out[kind][f"{a}-{b}"] = tuple(passed)
    return out


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
def board_exists(name: str) -> bool:
    """Whether the board ``name`` is installed: asked by every new game and every replay (a file system look-up
    each, a quarter of dealing a game), and the boards shipped with the bot do not come and go while it runs (as
    :func:`load_board` and :func:`bot.games.data.hunters_of` keep what they read)."""
    return name.isidentifier() and (BOARDS_DIR / f"{name}.json").is_file()


@lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """The board called ``name`` from the ``boards/`` folder (cached)."""
    if not name.isidentifier():
        raise BoardError(f"{name!r} is not a board name")
    path = BOARDS_DIR / f"{name}.json"
    if not path.exists():
        raise BoardError(f"there is no board called {name!r}")
    return load_board_file(path)
