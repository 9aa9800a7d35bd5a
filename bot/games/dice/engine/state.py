"""The state of one dice game: setup, legal actions, applying actions, the outcome.

``DiceState`` is the only mutable thing in the engine. It is cheap to :meth:`~DiceState.copy`,
serialises to JSON (:meth:`~DiceState.snapshot`) and replays from its record
(:func:`bot.games.dice.engine.record.replay`). It knows nothing of people: the caller decides which person
may act for which pawn (``DicePawn.seats``) and asks :meth:`~DiceState.to_move` whose turn it is.

A game goes: ``layout`` (a :class:`LayTiles` action), ``start`` (each detective picks a taxi-only
station, then Mr. X picks any free one in secret), then rounds: every detective in turn rolls the
dice not yet used and moves with one of them (``detectives``), then Mr. X reuses one of the dice
they used (``mrx``). After his 13th entry the detectives have one last turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    DiceMove,
    LayTiles,
    MrXDouble,
    MrXMove,
    PickStart,
    Reroll,
    Resign,
    Roll,
    Skip,
)
from .board import DiceBoard, Placement, lay_board, placement_from_json, placement_json
from .errors import (
    BadRecord,
    GameOver,
    IllegalMove,
    InvalidAction,
    Listed,
    NoSuchDie,
    NoTicket,
    NotYourTurn,
    RollFirst,
    StationOccupied,
)
from .events import (
    DiceRolled,
    Event,
    GameEnded,
    MrXMoved,
    MrXStarted,
    Outcome,
    PawnMoved,
    PawnSkipped,
    RoundEnded,
    StartPicked,
    TilesLaid,
)
from .rules import BLACK, HELICOPTER, MRX, PASS, RULES, TRANSPORTS, DiceRules, X
from .tiles import SIDES, TileSet, load_tiles
from .tracker import DiceTracker

LAYOUT, START, DETECTIVES, MRX_PHASE, OVER = "layout", "start", "detectives", "mrx", "over"
STATE_FORMAT = "scotland-yard-dice-state/1"
MRX_TICKETS = (BLACK, "double", HELICOPTER)


@dataclass(frozen=True, slots=True)
class DicePawn:
    id: str
    role: str  # "mrx" or "detective"
    colour: str
    #: seats that may act for this pawn: 0 is Mr. X, 1.. are the detective players
    seats: tuple[int, ...]

    @property
    def label(self) -> str:
        return "Mr. X" if self.role == "mrx" else self.colour.title()


@dataclass(frozen=True, slots=True)
class LogEntry:
    number: int
    ticket: str  # taxi, bus, underground, black, helicopter or pass
    station: int  # hidden until a reveal: only Mr. X's view and the record show it
    round: int
    double: bool
    revealed: bool  # a reveal entry of the rules

    @property
    def face(self) -> str:
        """The die face that covers the entry: the transport, or X for black, helicopter and pass."""
        return self.ticket if self.ticket in TRANSPORTS else X


class DiceState:
    """One game of Hunting Mister X."""

    def __init__(self) -> None:  # use DiceState.new() or DiceState.from_snapshot()
        self.rules: DiceRules
        self.tileset: TileSet
        self.seed: int
        self.players: int
        self.detective_players: int
        self.options: dict[str, bool]
        self.pawns: tuple[DicePawn, ...]
        self.pawn: dict[str, DicePawn]
        self.board: DiceBoard | None = None
        self.phase = LAYOUT
        self.start: dict[str, int] = {}
        self.start_tile: str | None = None
        self.positions: dict[str, int] = {}
        self.round = 0
        #: the detectives' turns still to come this round; each lists the pawns one roll may move
        self.slots: list[list[str]] = []
        self.rolled: tuple[str, ...] | None = None
        #: (pawn, face) of every die a detective used this round, in order
        self.used: list[tuple[str, str]] = []
        self.tokens = 0
        self.tickets: dict[str, int] = {}
        self.start_tickets: dict[str, int] = {}
        self.final = False
        self.logbook: list[LogEntry] = []
        self.history: list[dict[str, Any]] = []
        self.outcome: Outcome | None = None
        self.tracker: DiceTracker | None = None

    # -- setup ---------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int = 4, seed: int = 0, options: dict[str, bool] | None = None,
            tileset: TileSet | None = None, rules: DiceRules = RULES) -> "DiceState":
        """A game for ``players`` people (Mr. X included), waiting for its :class:`LayTiles` action."""
        state = cls()
        state.rules, state.seed, state.players = rules, int(seed), players
        state.detective_players = d = rules.detective_players(players)
        state.tileset = tileset or load_tiles(rules.tileset)
        options = dict(options or {})
        unknown = set(options) - set(rules.options)
        if unknown:
            raise InvalidAction(f"Hunting Mister X has no option {min(unknown)!r}; it knows: expert.")
        state.options = {name: bool(options.get(name, False)) for name in rules.options}
        pawns = [DicePawn(MRX, "mrx", "white", (0,))]
        per = rules.pawns_per_player[d]
        for i in range(d * per):
            colour = rules.detective_colours[i]
            pawns.append(DicePawn(colour, "detective", colour, (i // per + 1,)))
        state.pawns = tuple(pawns)
        state.pawn = {p.id: p for p in pawns}
        state.tokens = rules.reroll_tokens
        state.tickets = {BLACK: rules.black_tickets[d], "double": rules.double_moves, HELICOPTER: rules.helicopters}
        state.start_tickets = dict(state.tickets)
        return state

    # -- small queries -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def expert(self) -> bool:
        return self.options.get("expert", False)

    @property
    def mrx_station(self) -> int:
        """Mr. X's true station. Hidden information: never show it to a detective."""
        return self.positions[MRX]

    @property
    def entries_left(self) -> int:
        return self.rules.log_entries - len(self.logbook)

    @property
    def dice_per_round(self) -> int:
        return self.rules.dice[self.detective_players]

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll throws: those not yet used this round."""
        return self.dice_per_round - len(self.used)

    def detectives(self) -> list[DicePawn]:
        return [p for p in self.pawns if p.role == "detective"]

    def seat_pawns(self, seat: int) -> list[str]:
        return [p.id for p in self.pawns if seat in p.seats]

    def detective_stations(self) -> set[int]:
        return {s for p, s in self.positions.items() if p != MRX}

    def starter(self) -> str | None:
        """The detective who starts this round (the starting-player marker)."""
        if self.round < 1:
            return None
        seat = (self.round - 1) % self.detective_players + 1
        return self.seat_pawns(seat)[0]

    def used_faces(self) -> list[str]:
        return [face for _, face in self.used]

    def to_move(self) -> list[str]:
        """The pawns that may act now: the next to pick a start, the detectives of this turn, or Mr. X."""
        if self.outcome is not None or self.phase == LAYOUT:
            return []
        if self.phase == START:
            return [self._next_picker()]
        if self.phase == DETECTIVES:
            return list(self.slots[0])
        return [MRX]

    @property
    def awaiting(self) -> str | None:
        """What the game waits for: "layout", "start", "roll", "move" (a detective has rolled), "mrx"."""
        if self.outcome is not None:
            return None
        if self.phase == DETECTIVES:
            return "roll" if self.rolled is None else "move"
        return self.phase

    def _next_picker(self) -> str:
        for p in self.pawns[1:]:
            if p.id not in self.start:
                return p.id
        return MRX

    # -- legal actions -------------------------------------------------------------------------

    def start_choices(self, pawn: str | None = None) -> list[int]:
        """The stations the pawn picking now may start on."""
        if self.phase != START or self.board is None:
            return []
        picker = self._next_picker()
        if pawn is not None and pawn != picker:
            return []
        taken = set(self.start.values())
        pool = self.board.stations if picker == MRX else self.board.taxi_only
        return [s for s in pool if s not in taken]

    def legal_moves(self, pawn: str | None = None) -> list[DiceMove] | list[MrXMove]:
        """Single moves for ``pawn`` (default: every pawn that may act now). For a detective, with
        the dice he rolled; for Mr. X, with the dice the detectives used, a black ticket or the
        helicopter. Empty when it is not the pawn's turn."""
        pawns = self.to_move() if pawn is None else [pawn] if pawn in self.to_move() else []
        if self.phase == MRX_PHASE and MRX in pawns:
            free, forced = self._mrx_singles()
            return free or forced
        if self.phase != DETECTIVES or self.rolled is None:
            return []
        moves: list[DiceMove] = []
        for p in pawns:
            moves.extend(self._detective_moves(p))
        return moves

    def legal_actions(self, pawn: str | None = None) -> list[Action]:
        """Every action a player may choose now (not chance actions: see :mod:`.chance`; not the
        host's timeouts). Rolling is a chance action: when :attr:`awaiting` is "roll" this is empty."""
        if self.outcome is not None:
            return []
        if self.phase == START:
            picker = self._next_picker()
            if pawn not in (None, picker):
                return []
            return [PickStart(picker, s) for s in self.start_choices()]
        if self.phase == MRX_PHASE:
            if pawn not in (None, MRX):
                return []
            return [*self.legal_moves(MRX), *self.legal_doubles()]
        if self.phase == DETECTIVES and self.rolled is not None:
            moves: list[Action] = list(self.legal_moves(pawn))
            if not self.legal_moves() and self._may_decline():
                moves.extend(Skip(p, "declined") for p in self.to_move() if pawn in (None, p))
            return moves
        return []

    def chance_outcomes(self) -> tuple[int, dict[str, float]]:
        """For the roll the game waits for: how many dice, and each face's probability on a die
        (draw the roll itself with :func:`bot.games.dice.engine.chance.roll`)."""
        return self.dice_to_roll, self.rules.face_chance()

    def can_reroll(self) -> bool:
        return self.phase == DETECTIVES and self.rolled is not None and self.tokens > 0 and self.outcome is None

    def _may_decline(self) -> bool:
        """Nothing fits: whether the detective has a choice (roll again, or which pawn stays)."""
        return self.tokens > 0 or len(self.slots[0]) > 1

    def _detective_moves(self, pawn: str) -> list[DiceMove]:
        assert self.board is not None and self.rolled is not None
        here = self.positions[pawn]
        others = {s for p, s in self.positions.items() if p != MRX and p != pawn}
        by = self.board.neighbours[here]
        return [DiceMove(pawn, to, face) for face in dict.fromkeys(self.rolled) if face != X
                for to in by.get(face, ()) if to not in others]

    def _mrx_singles(self) -> tuple[list[MrXMove], list[MrXMove]]:
        """Mr. X's single moves: onto free stations, and onto detectives (legal only when he has
        no other move: then he must, and is caught)."""
        board = self.board
        assert board is not None
        here = self.positions[MRX]
        hunters = self.detective_stations()
        free: list[MrXMove] = []
        forced: list[MrXMove] = []
        tickets = [f for f in dict.fromkeys(self.used_faces())]
        if self.tickets[BLACK] > 0:
            tickets.append(BLACK)
        if self.tickets[HELICOPTER] > 0:
            tickets.append(HELICOPTER)
        for ticket in tickets:
            for to in board.targets(here, ticket):
                if to not in hunters:
                    free.append(MrXMove(to, ticket))
                elif ticket != HELICOPTER:  # the helicopter lands only on a free station
                    forced.append(MrXMove(to, ticket))
        return free, forced

    def can_double(self) -> bool:
        return (self.phase == MRX_PHASE and self.outcome is None and self.tickets["double"] > 0
                and self.entries_left >= 2 and bool(self._mrx_singles()[0]))

    def second_moves(self, first: MrXMove) -> list[MrXMove]:
        """Mr. X's legal second parts of a double move that starts with ``first``: another die the
        detectives used, or a black ticket when the first part used a die (never two black tickets,
        never the helicopter)."""
        if not self.can_double() or first not in self._mrx_singles()[0]:
            return []
        return self._seconds(first)

    def _seconds(self, first: MrXMove) -> list[MrXMove]:
        if first.ticket == HELICOPTER:
            return []
        board = self.board
        assert board is not None
        faces = Counter(self.used_faces())
        tickets: list[str] = []
        if first.ticket in faces:
            faces[first.ticket] -= 1
            if self.tickets[BLACK] > 0:
                tickets.append(BLACK)
        tickets[:0] = [f for f, n in faces.items() if n > 0]
        hunters = self.detective_stations()
        return [MrXMove(to, t) for t in tickets for to in board.targets(first.to, t) if to not in hunters]

    def legal_doubles(self) -> list[MrXDouble]:
        if not self.can_double():
            return []
        return [MrXDouble(first, second) for first in self._mrx_singles()[0] for second in self._seconds(first)]

    def double_options(self) -> dict[MrXMove, tuple[MrXMove, ...]]:
        """For each of Mr. X's first moves, the legal second parts of a double move (empty when he
        cannot double)."""
        if not self.can_double():
            return {}
        return {first: tuple(self._seconds(first)) for first in self._mrx_singles()[0]}

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except (IllegalMove, NotYourTurn, InvalidAction, GameOver):
            return False
        return True

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` or raise a :class:`~bot.games.dice.engine.errors.GameError`; returns what happened.
        A refused action changes nothing."""
        if self.outcome is not None:
            raise GameOver("The game is over.")
        events: list[Event] = []
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise InvalidAction(f"Unknown action {action!r}.")
        _check_form(action)
        handler(self, action, events)
        self._advance(events)
        return events

    def _lay_tiles(self, action: LayTiles, events: list[Event]) -> None:
        if self.phase != LAYOUT:
            raise InvalidAction("The tiles are already laid.")
        d = self.detective_players
        columns, rows = self.rules.grid[d]
        tiles = tuple(action.tiles)
        if len(tiles) != columns * rows:
            raise InvalidAction(f"This game lays {columns * rows} tiles ({columns} x {rows}), not {len(tiles)}.")
        cells = {(p.column, p.row) for p in tiles}
        if cells != {(c, r) for c in range(columns) for r in range(rows)}:
            raise InvalidAction(f"The tiles must fill a grid of {columns} columns and {rows} rows, one tile each.")
        letters = [p.letter for p in tiles]
        unknown = [x for x in letters if x not in self.tileset.tiles]
        if unknown:
            raise InvalidAction(f"There is no tile {unknown[0]!r}.")
        if len(set(letters)) != len(letters):
            raise InvalidAction("Each tile can lie only once.")
        if any(p.side not in SIDES for p in tiles):
            raise InvalidAction("A tile lies standard side or expert side up.")
        need = self.rules.underground_tiles[d]
        if need is not None:
            have = sum(self.tileset.tiles[x].has_underground for x in letters)
            if have != need:
                raise InvalidAction(f"{need} of the {len(tiles)} tiles must have an underground station, not {have}.")
        experts = sum(p.side == "expert" for p in tiles)
        want = self.rules.expert_tiles[d] if self.expert else 0
        if experts != want:
            raise InvalidAction(f"This game lays {want} tiles expert side up, not {experts}.")
        self.board = lay_board(self.tileset, tuple(sorted(tiles, key=lambda p: (p.row, p.column))))
        self.phase = START
        events.append(TilesLaid(self.board.placements))

    def _pick_start(self, action: PickStart, events: list[Event]) -> None:
        if self.phase != START:
            raise InvalidAction("Start stations are picked before the first round.")
        if action.pawn not in self.pawn:
            raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=repr(action.pawn))
        picker = self._next_picker()
        if action.pawn != picker:
            if action.pawn in self.start:
                raise NotYourTurn("{pawn} has already picked a start station.", pawn=self.pawn[action.pawn].label)
            raise NotYourTurn("{pawn} picks a start station first.", pawn=self.pawn[picker].label)
        board = self.board
        assert board is not None
        station = action.station
        if station not in board.stations:
            raise IllegalMove("There is no station {station} on this board.", station=station)
        if station in self.start.values():
            raise StationOccupied("Station {station} is already taken.", station=station)
        if picker != MRX and not board.stations[station].taxi_only:
            raise IllegalMove("Detectives start on a taxi-only station; {station} is a {kinds} stop.", station=station,
                              kinds=Listed(board.stations[station].transports))
        self.start[picker] = station
        self.positions[picker] = station
        if picker != MRX:
            events.append(StartPicked(picker, station))
            return
        self.start_tile = board.stations[station].tile
        taken = self.detective_stations()
        self.tracker = DiceTracker(board, (s for s in board.tile_stations(self.start_tile) if s not in taken))
        events.append(MrXStarted(self.start_tile))
        self._start_round(1)

    def _require_detective(self, pawn: str) -> None:
        if pawn not in self.pawn:
            raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=repr(pawn))
        if pawn == MRX:
            raise InvalidAction("Mr. X neither rolls nor stays by choice: after the detectives' turns he "
                                "reuses a die they used.")
        if self.phase != DETECTIVES:
            if self.phase == MRX_PHASE:
                raise NotYourTurn("It is Mr. X's turn; the detectives roll again in the next round.")
            raise NotYourTurn("The detectives' turns begin once every start station is picked.")
        if pawn not in self.slots[0]:
            if not any(pawn in slot for slot in self.slots):
                raise NotYourTurn("{pawn} has already had a turn this round.", pawn=self.pawn[pawn].label)
            raise NotYourTurn("It is {names}'s turn, not {pawn}'s.", pawn=self.pawn[pawn].label,
                              names=Listed((self.pawn[p].label for p in self.slots[0]), "or"))

    def _check_faces(self, faces: tuple[str, ...], count: int) -> None:
        if len(faces) != count:
            raise InvalidAction("This roll throws {count} dice, not {n}.", count=count, n=len(faces))
        bad = [f for f in faces if f not in self.rules.dice_faces]
        if bad:
            raise InvalidAction("A die has no face {face}.", face=repr(bad[0]))

    def _roll(self, action: Roll, events: list[Event]) -> None:
        self._require_detective(action.pawn)
        if self.rolled is not None:
            raise InvalidAction("The dice are already rolled: move with one, or roll again with a token.")
        faces = tuple(action.faces)
        self._check_faces(faces, self.dice_to_roll)
        self.rolled = faces
        self.history.append({"round": self.round, "pawn": action.pawn, "roll": list(faces)})
        events.append(DiceRolled(self.round, action.pawn, faces, False, self.tokens))

    def _reroll(self, action: Reroll, events: list[Event]) -> None:
        self._require_detective(action.pawn)
        if self.rolled is None:
            raise RollFirst("Roll the dice first.")
        if self.tokens <= 0:
            raise NoTicket("The detectives have no roll-again tokens left.")
        faces = tuple(action.faces)
        self._check_faces(faces, len(self.rolled))
        self.tokens -= 1
        self.rolled = faces
        self.history.append({"round": self.round, "pawn": action.pawn, "reroll": list(faces)})
        events.append(DiceRolled(self.round, action.pawn, faces, True, self.tokens))

    def _dice_move(self, action: DiceMove, events: list[Event]) -> None:
        self._require_detective(action.pawn)
        if self.rolled is None:
            raise RollFirst("Roll the dice first.")
        board = self.board
        assert board is not None
        pawn, label = action.pawn, self.pawn[action.pawn].label
        die = action.die
        if die == X:
            raise NoSuchDie("An X die cannot be used.")
        if die not in self.rolled:
            raise NoSuchDie("No {die} die was rolled; the dice show {dice}.", die=die, dice=Listed(self.rolled))
        here = self.positions[pawn]
        if action.to not in board.stations:
            raise IllegalMove("There is no station {station} on this board.", station=action.to)
        if die not in board.stations[here].transports:
            raise IllegalMove("{pawn} stands on {station}, which is not a {die} stop.", pawn=label, station=here,
                              die=die)
        if action.to not in board.neighbours[here].get(die, ()):
            raise IllegalMove("{pawn}: station {to} is not one {die} ride from {station}.", pawn=label, to=action.to,
                              die=die, station=here)
        for other, station in self.positions.items():
            # Mr. X never blocks a detective: moving onto him is a capture.
            if other != MRX and other != pawn and station == action.to:
                raise StationOccupied("Station {station} is occupied by {pawn}.", station=action.to,
                                      pawn=self.pawn[other].label)
        self.positions[pawn] = action.to
        self.used.append((pawn, die))
        self._end_turn(pawn)
        captured = action.to == self.positions[MRX]
        record = {"round": self.round, "pawn": pawn, "from": here, "to": action.to, "die": die}
        self.history.append(record)
        assert self.tracker is not None
        if captured:
            record["capture"] = True
            self.tracker.revealed(action.to)
        else:
            self.tracker.searched(action.to)
        events.append(PawnMoved(self.round, pawn, here, action.to, die, captured))
        if captured:
            self._finish("detectives", "captured", events)

    def _skip(self, action: Skip, events: list[Event]) -> None:
        self._require_detective(action.pawn)
        if action.reason == "declined":
            if self.rolled is None:
                raise RollFirst("Roll the dice first: a detective stays only when no die fits.")
            if self.legal_moves():
                raise IllegalMove("{pawn} can still move, so must move.", pawn=self.pawn[action.pawn].label)
        elif action.reason == "stuck":
            raise InvalidAction("The game skips a stuck pawn by itself.")
        elif action.reason != "timeout":
            raise InvalidAction("Unknown reason to stay: {reason}.", reason=repr(action.reason))
        self._record_skip(action.pawn, action.reason, events)

    def _record_skip(self, pawn: str, reason: str, events: list[Event]) -> None:
        self._end_turn(pawn)
        self.history.append({"round": self.round, "pawn": pawn, "skip": True, "reason": reason})
        events.append(PawnSkipped(self.round, pawn, reason))

    def _end_turn(self, pawn: str) -> None:
        self.rolled = None
        slot = self.slots[0]
        slot.remove(pawn)
        if not slot:
            self.slots.pop(0)

    # -- Mr. X ---------------------------------------------------------------------------------

    def _require_mrx(self) -> None:
        if self.phase != MRX_PHASE:
            if self.phase in (LAYOUT, START):
                raise NotYourTurn("The game has not started yet.")
            raise NotYourTurn("It is the detectives' turn; Mr. X moves when they have all had theirs.")

    def _check_mrx_move(self, move: MrXMove, here: int, faces: Counter, black: bool, part: str = "") -> None:
        """Refuse an illegal move of Mr. X. He knows his own station, so the message may name it."""
        board = self.board
        assert board is not None
        ticket = move.ticket
        if ticket in TRANSPORTS:
            if faces[ticket] <= 0:
                left = sorted(f for f, n in faces.items() if n > 0)
                if left:
                    raise NoSuchDie("{part}No detective used a {die} die this round; you can take {dice}.", part=part,
                                    die=ticket, dice=Listed(left, "or"))
                raise NoSuchDie("{part}No detective used a {die} die this round; there is no die left for you.",
                                part=part, die=ticket)
            if ticket not in board.stations[here].transports:
                raise IllegalMove("{part}Station {station} is not a {die} stop.", part=part, station=here,
                                  die=ticket)
        elif ticket == BLACK:
            if not black:
                if self.tickets[BLACK] <= 0:
                    raise NoTicket("{part}You have no black tickets left.", part=part)
                raise NoTicket("{part}A double move takes at most one black ticket, with a die.", part=part)
        elif ticket == HELICOPTER:
            if part:
                raise InvalidAction("The helicopter is not part of a double move.")
            if self.tickets[HELICOPTER] <= 0:
                raise NoTicket("You have used your helicopter.")
            if not board.edges(here):
                raise IllegalMove("The helicopter leaves only from the board's edge; station {station} is not on it.",
                                  station=here)
        else:
            raise InvalidAction("Move with a die the detectives used (taxi, bus, underground), "
                                "a black ticket or the helicopter.")
        if move.to not in board.stations:
            raise IllegalMove("{part}There is no station {station} on this board.", part=part, station=move.to)
        if move.to not in board.targets(here, ticket):
            if ticket == HELICOPTER:
                raise IllegalMove("The helicopter flies from {station} only to a station on the opposite edge.",
                                  station=here)
            if ticket == BLACK:
                raise IllegalMove("{part}Station {to} is not one ride from {station} with a black ticket.", part=part,
                                  to=move.to, station=here)
            raise IllegalMove("{part}Station {to} is not one ride from {station} by {die}.", part=part, to=move.to,
                              station=here, die=ticket)

    def _mrx_move(self, move: MrXMove, events: list[Event]) -> None:
        self._require_mrx()
        here = self.mrx_station
        self._check_mrx_move(move, here, Counter(self.used_faces()), self.tickets[BLACK] > 0)
        capture = move.to in self.detective_stations()
        if capture and move.ticket == HELICOPTER:
            raise StationOccupied("Station {station} is held by a detective; the helicopter lands only on a free "
                                  "station.", station=move.to)
        if capture and self._mrx_singles()[0]:
            raise StationOccupied("Station {station} is held by a detective; you may move there only when "
                                  "you have no other move.", station=move.to)
        self._write_entry(move.ticket, here, move.to, False, events)
        if capture:
            self.history[-1]["capture"] = True
            self._finish("detectives", "walked_into", events)
        else:
            self._end_mrx_turn(events)

    def _mrx_double(self, action: MrXDouble, events: list[Event]) -> None:
        self._require_mrx()
        if self.tickets["double"] <= 0:
            raise NoTicket("You have used your double move.")
        if self.entries_left < 2:
            raise IllegalMove("A double move needs two free entries in your log; only one is left.")
        first, second = action.first, action.second
        here = self.mrx_station
        faces = Counter(self.used_faces())
        self._check_mrx_move(first, here, faces, self.tickets[BLACK] > 0, "First move: ")
        hunters = self.detective_stations()
        if first.to in hunters:
            raise StationOccupied("First move: station {station} is held by a detective.", station=first.to)
        if first.ticket in TRANSPORTS:
            faces[first.ticket] -= 1
        black = self.tickets[BLACK] > 0 and first.ticket != BLACK
        self._check_mrx_move(second, first.to, faces, black, "Second move: ")
        if second.to in hunters:
            raise StationOccupied("Second move: station {station} is held by a detective.", station=second.to)
        self.tickets["double"] -= 1
        self._write_entry(first.ticket, here, first.to, True, events)
        self._write_entry(second.ticket, first.to, second.to, True, events)
        self._end_mrx_turn(events)

    def _write_entry(self, ticket: str, start: int, to: int, double: bool, events: list[Event]) -> None:
        assert self.tracker is not None and self.board is not None
        if ticket == PASS:
            self.tracker.passed(self.used_faces(), self.tickets[BLACK], self.tickets[HELICOPTER])
        else:
            self.tracker.moved(ticket, self.detective_stations())
        if ticket in (BLACK, HELICOPTER):
            self.tickets[ticket] -= 1
        elif ticket in TRANSPORTS:
            i = self.used_faces().index(ticket)
            self.used.pop(i)
        number = len(self.logbook) + 1
        revealed = self.rules.is_reveal(number)
        self.logbook.append(LogEntry(number, ticket, to, self.round, double, revealed))
        self.positions[MRX] = to
        self.history.append({
            "round": self.round, "pawn": MRX, "from": start, "to": to, "ticket": ticket,
            "entry": number, "double": double, "revealed": revealed,
        })
        caught = to in self.detective_stations()
        route = None
        if revealed or caught:
            self.tracker.revealed(to)
            route = (self.start[MRX], *(e.station for e in self.logbook))
        events.append(MrXMoved(self.round, number, ticket, double, to if (revealed or caught) else None, route))

    def _mrx_pass(self, events: list[Event]) -> None:
        here = self.mrx_station
        self._write_entry(PASS, here, here, False, events)
        self._end_mrx_turn(events)

    def _end_mrx_turn(self, events: list[Event]) -> None:
        final = self.entries_left <= 0
        events.append(RoundEnded(self.round, final))
        self.final = final
        self._start_round(self.round + 1)

    def _start_round(self, number: int) -> None:
        self.round = number
        self.phase = DETECTIVES
        self.used = []
        self.rolled = None
        d = self.detective_players
        first = (number - 1) % d
        self.slots = [self.seat_pawns((first + i) % d + 1) for i in range(d)]

    def _resign(self, action: Resign, events: list[Event]) -> None:
        if action.side not in ("mrx", "detectives"):
            raise InvalidAction("Only 'mrx' or 'detectives' can resign.")
        self.history.append({"round": self.round, "pawn": action.side, "resign": True})
        winner = "detectives" if action.side == "mrx" else "mrx"
        self._finish(winner, f"{action.side}_resigned", events)

    # -- the flow of a round -------------------------------------------------------------------

    def _advance(self, events: list[Event]) -> None:
        """Skip detectives who have no choice, pass Mr. X when nothing fits, end the game."""
        while self.outcome is None:
            if self.phase == DETECTIVES:
                if not self.slots:
                    if self.final:
                        self._finish("mrx", "escaped", events)
                        return
                    self.phase = MRX_PHASE
                    continue
                if self.rolled is None or self.legal_moves() or self._may_decline():
                    return
                self._record_skip(self.slots[0][0], "stuck", events)
                continue
            if self.phase == MRX_PHASE:
                free, forced = self._mrx_singles()
                if free or forced:
                    return
                self._mrx_pass(events)
                continue
            return

    def _finish(self, winner: str, reason: str, events: list[Event]) -> None:
        self.outcome = Outcome(winner, reason, self.round)
        self.phase = OVER
        self.slots = []
        self.rolled = None
        events.append(GameEnded(self.outcome))

    # -- copies and serialisation --------------------------------------------------------------

    def copy(self) -> "DiceState":
        other = DiceState.__new__(DiceState)
        other.__dict__.update(self.__dict__)
        other.start = dict(self.start)
        other.positions = dict(self.positions)
        other.slots = [list(s) for s in self.slots]
        other.used = list(self.used)
        other.tickets = dict(self.tickets)
        other.logbook = list(self.logbook)
        other.history = list(self.history)
        other.tracker = self.tracker.copy() if self.tracker else None
        return other

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included: store it, never show it)."""
        return {
            "format": STATE_FORMAT,
            "rules": self.rules.name,
            "tileset": self.tileset.name,
            "seed": self.seed,
            "players": self.players,
            "options": dict(sorted(self.options.items())),
            "tiles": None if self.board is None else [placement_json(p) for p in self.board.placements],
            "phase": self.phase,
            "round": self.round,
            "start": dict(self.start),
            "start_tile": self.start_tile,
            "positions": dict(self.positions),
            "slots": [list(s) for s in self.slots],
            "rolled": None if self.rolled is None else list(self.rolled),
            "used": [list(u) for u in self.used],
            "reroll_tokens": self.tokens,
            "tickets": dict(self.tickets),
            "final": self.final,
            "logbook": [
                {"number": e.number, "ticket": e.ticket, "station": e.station, "round": e.round,
                 "double": e.double, "revealed": e.revealed}
                for e in self.logbook
            ],
            "possible": None if self.tracker is None else sorted(self.tracker.possible),
            "history": [dict(h) for h in self.history],
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], tileset: TileSet | None = None) -> "DiceState":
        try:
            if data.get("format") != STATE_FORMAT:
                raise BadRecord("This is not a saved dice game.")
            state = cls.new(int(data["players"]), int(data["seed"]), data["options"],
                            tileset or load_tiles(data["tileset"]))
            if data["tiles"] is not None:
                state.board = lay_board(state.tileset, tuple(placement_from_json(p) for p in data["tiles"]))
            state.phase, state.round = str(data["phase"]), int(data["round"])
            state.start = {str(k): int(v) for k, v in data["start"].items()}
            state.start_tile = data["start_tile"]
            state.positions = {str(k): int(v) for k, v in data["positions"].items()}
            state.slots = [[str(p) for p in s] for s in data["slots"]]
            state.rolled = None if data["rolled"] is None else tuple(str(f) for f in data["rolled"])
            state.used = [(str(p), str(f)) for p, f in data["used"]]
            state.tokens = int(data["reroll_tokens"])
            state.tickets = {str(k): int(v) for k, v in data["tickets"].items()}
            state.final = bool(data["final"])
            state.logbook = [
                LogEntry(int(e["number"]), str(e["ticket"]), int(e["station"]), int(e["round"]), bool(e["double"]),
                         bool(e["revealed"]))
                for e in data["logbook"]
            ]
            if data["possible"] is not None:
                assert state.board is not None
                state.tracker = DiceTracker(state.board, data["possible"])
            state.history = [dict(h) for h in data["history"]]
            outcome = data.get("outcome")
            state.outcome = Outcome(**outcome) if outcome else None
        except (KeyError, TypeError, ValueError, AssertionError) as exc:
            raise BadRecord(f"The saved dice game is damaged ({exc!r}).") from None
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<DiceState round {self.round} {self.phase} to move {self.to_move()}>"

    # -- views and records ---------------------------------------------------------------------

    def public_view(self):
        from .views import public_view

        return public_view(self)

    def mrx_view(self):
        from .views import mrx_view

        return mrx_view(self)

    def record(self) -> dict[str, Any]:
        from .record import export_record

        return export_record(self)


def _check_form(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (say, from a hand-made record)."""
    if isinstance(action, MrXDouble):
        parts = [action.first, action.second]
        if not all(isinstance(p, MrXMove) for p in parts):
            raise InvalidAction("A double move is two of Mr. X's moves.")
        for part in parts:
            _check_form(part)
        return
    if isinstance(action, LayTiles):
        ok = isinstance(action.tiles, (tuple, list)) and all(
            isinstance(p, Placement) and isinstance(p.letter, str) and isinstance(p.side, str)
            and type(p.column) is int and type(p.row) is int for p in action.tiles)
    else:
        ok = all(
            type(value) is int if name in ("to", "station") else
            isinstance(value, (tuple, list)) and all(isinstance(f, str) for f in value) if name == "faces" else
            isinstance(value, str)
            for name, value in ((f, getattr(action, f)) for f in action.__dataclass_fields__)
        )
    if not ok:
        raise InvalidAction(f"The action {action!r} is malformed.")


_HANDLERS = {
    LayTiles: DiceState._lay_tiles,
    PickStart: DiceState._pick_start,
    Roll: DiceState._roll,
    Reroll: DiceState._reroll,
    DiceMove: DiceState._dice_move,
    Skip: DiceState._skip,
    MrXMove: DiceState._mrx_move,
    MrXDouble: DiceState._mrx_double,
    Resign: DiceState._resign,
}
