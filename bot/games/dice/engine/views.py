"""What each side may see.

:class:`DicePublicView` is built field by field from public facts only: it has no field that could
hold Mr. X's hidden station while the game runs. What is public in the box is public here: the
dice on the table, the roll-again tokens, the boxes Mr. X crosses off on his board (black tickets,
double move, helicopter: so a black ticket, a helicopter flight and a pass are told apart although
each covers its entry with an X), the face of the die on each log entry, and at each reveal his
route so far (the dice come off his log). :class:`DiceMrXView` adds what Mr. X alone knows.
Pictures and messages are drawn from these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.views import PawnLookup

from .actions import DiceMove, MrXMove
from .board import DiceBoard
from .events import Outcome
from .moves import may_decline
from .rules import MRX


@dataclass(frozen=True)
class DicePawnView:
    id: str
    role: str
    colour: str
    label: str
    seats: tuple[int, ...]
    #: None for Mr. X while the game runs (see ``DicePublicView.mrx_shown``)
    station: int | None
    #: this pawn's latest ride as (from, to, die face), or None
    last_move: tuple[int, int, str] | None
    #: the die this pawn used this round (Mr. X may reuse it), or None
    die: str | None


@dataclass(frozen=True)
class DiceLogEntryView:
    number: int
    #: the face of the die covering the entry: taxi, bus, underground or x
    face: str
    #: what was played: the face, or black, helicopter or pass
    ticket: str
    round: int
    double: bool
    reveal: bool  # a reveal entry of the rules
    #: the station, once public (at or before the latest reveal, or after the game)
    station: int | None


@dataclass(frozen=True)
class DicePublicView(PawnLookup):
    rules: str
    title: str
    expert: bool
    players: int
    board: DiceBoard | None
    round: int
    phase: str  # layout, start, detectives, mrx, over
    awaiting: str | None  # layout, start, roll, move, mrx
    to_move: tuple[str, ...]
    #: this round is the detectives' last turn (Mr. X's log is full)
    final: bool
    pawns: tuple[DicePawnView, ...]
    #: the detective holding the starting-player marker this round
    starter: str | None
    dice_per_round: int
    #: the dice rolled by the detective whose turn it is, not yet used (None: not rolled yet)
    rolled: tuple[str, ...] | None
    #: (pawn, face) of every die a detective used this round
    used: tuple[tuple[str, str], ...]
    reroll_tokens: int
    mrx_tickets: dict[str, int]
    start_tickets: dict[str, int]
    logbook: tuple[DiceLogEntryView, ...]
    log_entries: int
    reveal_entries: tuple[int, ...]
    start_tile: str | None
    start_positions: tuple[tuple[str, int], ...]
    #: where Mr. X stands in plain sight (after a reveal, until his next move; at the end)
    mrx_shown: int | None
    #: the latest reveal as (entry number, station)
    last_reveal: tuple[int, int] | None
    #: his start and stations up to the latest reveal (None before the first reveal)
    known_route: tuple[int, ...] | None
    possible: frozenset[int]
    #: public action records (Mr. X's without stations, except those made public)
    history: tuple[dict[str, Any], ...]
    outcome: Outcome | None
    #: Mr. X's start and every station, entry by entry, once the game is over
    route: tuple[int, ...] | None
    #: the legal moves of each detective that may act now (after a roll)
    moves: dict[str, tuple[DiceMove, ...]] = field(default_factory=dict)
    can_reroll: bool = False
    #: nothing fits and the detective may choose to stay (rather than roll again)
    can_skip: bool = False
    #: the stations the detective picking a start may choose
    start_choices: tuple[int, ...] = ()
    #: how many times the dice were thrown so far (rolls and re-rolls): what a roll's button carries
    rolls: int = 0

    @property
    def used_faces(self) -> tuple[str, ...]:
        return tuple(face for _, face in self.used)


@dataclass(frozen=True)
class DiceMrXView:
    public: DicePublicView
    station: int | None  # None before he picks his start
    start: int | None
    #: start, then the station of every entry
    route: tuple[int, ...]
    moves: tuple[MrXMove, ...]
    can_double: bool
    #: for each first move, the legal second parts of a double move (empty when he cannot double)
    second_moves: dict[MrXMove, tuple[MrXMove, ...]] = field(default_factory=dict)
    #: the stations he may start on (while he picks)
    start_choices: tuple[int, ...] = ()

    def reachable(self) -> dict[int, tuple[str, ...]]:
        """Each station Mr. X can reach now, with the tickets that take him there."""
        return destinations(self.moves)


def destinations(moves) -> dict[int, tuple[str, ...]]:
    """{station: the dice or tickets that reach it} for a list of moves, stations in order."""
    result: dict[int, list[str]] = {}
    for move in moves:
        ticket = getattr(move, "ticket", None) or move.die
        result.setdefault(move.to, []).append(ticket)
    return {s: tuple(t) for s, t in sorted(result.items())}


def _public_record(record: dict[str, Any], known_entries: int, over: bool) -> dict[str, Any]:
    if record["pawn"] != MRX or over or "entry" not in record or record["entry"] <= known_entries:
        return dict(record)
    return {k: record[k] for k in ("round", "pawn", "ticket", "entry", "double", "revealed")}


def _public_history(state, known: int, over: bool) -> tuple[dict[str, Any], ...]:
    """The public action records, kept on the state between views: history only grows, so only the
    new records are made public again (all of them when a reveal or the end makes more public)."""
    key = (known, over)
    cached = state.__dict__.get("_public_history")
    history = state.history
    if cached is not None and cached[0] == key and cached[1] <= len(history):
        records = cached[2] + tuple(_public_record(r, known, over) for r in history[cached[1]:])
    else:
        records = tuple(_public_record(r, known, over) for r in history)
    state._public_history = (key, len(history), records)
    return records


def _public_log(state, known: int, over: bool) -> tuple[DiceLogEntryView, ...]:
    """The log as everyone sees it, kept on the state until an entry is added or more is public."""
    key = (len(state.logbook), known, over)
    cached = state.__dict__.get("_public_log")
    if cached is None or cached[0] != key:
        entries = tuple(
            DiceLogEntryView(e.number, e.face, e.ticket, e.round, e.double, e.revealed,
                             e.station if (over or e.number <= known) else None)
            for e in state.logbook
        )
        cached = state._public_log = (key, entries)
    return cached[1]


def public_view(state) -> DicePublicView:
    over = state.outcome is not None
    last_moves: dict[str, tuple[int, int, str]] = {}
    for record in reversed(state.history):
        if "die" in record and record["pawn"] not in last_moves:
            last_moves[record["pawn"]] = (record["from"], record["to"], record["die"])
            if len(last_moves) == len(state.pawns) - 1:
                break
    dice = dict(state.used)
    pawns = tuple(
        DicePawnView(
            id=p.id, role=p.role, colour=p.colour, label=p.label, seats=p.seats,
            station=None if (p.role == "mrx" and not over) else state.positions.get(p.id),
            last_move=last_moves.get(p.id), die=dice.get(p.id),
        )
        for p in state.pawns
    )
    last_reveal = next(((e.number, e.station) for e in reversed(state.logbook) if e.revealed), None)
    known = last_reveal[0] if last_reveal else 0
    logbook = _public_log(state, known, over)
    shown = None
    if state.logbook and state.logbook[-1].revealed:
        shown = state.logbook[-1].station
    if over and MRX in state.positions:
        shown = state.positions[MRX]
    route = None
    if over and MRX in state.start:
        route = (state.start[MRX], *(e.station for e in state.logbook))
    known_route = (state.start[MRX], *(e.station for e in state.logbook[:known])) if known else None
    awaiting = state.awaiting
    moves: dict[str, tuple[DiceMove, ...]] = {}
    if awaiting == "move":
        moves = {p: tuple(state.legal_moves(p)) for p in state.to_move()}
    can_skip = awaiting == "move" and not any(moves.values()) and may_decline(state)
    start_choices: tuple[int, ...] = ()
    if awaiting == "start" and state.to_move() != [MRX]:
        start_choices = tuple(state.start_choices())
    return DicePublicView(
        rules=state.rules.name,
        title=state.rules.title,
        expert=state.expert,
        players=state.players,
        board=state.board,
        round=state.round,
        phase=state.phase,
        awaiting=awaiting,
        to_move=tuple(state.to_move()),
        final=state.final,
        pawns=pawns,
        starter=state.starter(),
        dice_per_round=state.dice_per_round,
        rolled=state.rolled,
        used=tuple(state.used),
        reroll_tokens=state.tokens,
        mrx_tickets=dict(state.tickets),
        start_tickets=dict(state.start_tickets),
        logbook=logbook,
        log_entries=state.rules.log_entries,
        reveal_entries=tuple(sorted(state.rules.reveal_entries)),
        start_tile=state.start_tile,
        start_positions=tuple((p, s) for p, s in state.start.items() if p != MRX),
        mrx_shown=shown,
        last_reveal=last_reveal,
        known_route=known_route,
        possible=state.tracker.possible if state.tracker else frozenset(),
        history=_public_history(state, known, over),
        outcome=state.outcome,
        route=route,
        moves=moves,
        can_reroll=state.can_reroll(),
        can_skip=can_skip,
        start_choices=start_choices,
        rolls=state.rolls,
    )


def mrx_view(state) -> DiceMrXView:
    moves = tuple(state.legal_moves(MRX)) if state.phase == "mrx" else ()
    can_double = state.can_double()
    start = state.start.get(MRX)
    return DiceMrXView(
        public=public_view(state),
        station=state.positions.get(MRX),
        start=start,
        route=() if start is None else (start, *(e.station for e in state.logbook)),
        moves=moves,
        can_double=can_double,
        second_moves=state.double_options(),
        start_choices=tuple(state.start_choices(MRX)),
    )
