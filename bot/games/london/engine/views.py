"""What each side may see.

:class:`PublicView` is built field by field from public information only: it has no field that
could hold Mr. X's hidden station while the game runs (after the end, his route is public).
:class:`MrXView` adds what Mr. X alone knows. Pictures and messages are drawn from these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import is_
from typing import Any

from bot.games.views import PawnLookup

from .actions import MRX, Move
from .board import Board
from .events import Outcome
from .moves import seconds, thirds


@dataclass(frozen=True)
class PawnView:
    id: str
    role: str
    colour: str
    label: str
    seats: tuple[int, ...]
    #: None for Mr. X (his station is in ``PublicView.mrx_shown`` when visible)
    station: int | None
    #: the tickets this pawn spends (shared with another pawn when pooled); None for a bobby
    tickets: dict[str, int | None] | None
    wallet: str | None
    #: this pawn's latest ride as (from, to, ticket), or None
    last_move: tuple[int, int, str] | None


@dataclass(frozen=True)
class LogbookEntryView:
    number: int
    ticket: str
    round: int
    double: bool
    reveal: bool  # a reveal entry of the rules
    surfaced: bool  # shown by voluntary surfacing
    station: int | None  # only when shown (or after the game)




@dataclass(frozen=True)
class PublicView(PawnLookup):
    rules: str
    board: Board
    round: int
    phase: str
    to_move: tuple[str, ...]
    any_order: bool
    pawns: tuple[PawnView, ...]
    mrx_tickets: dict[str, int | None]
    logbook: tuple[LogbookEntryView, ...]
    log_entries: int
    reveal_entries: tuple[int, ...]
    max_rounds: int | None
    #: where Mr. X stands in plain sight (after a reveal, until his next move)
    mrx_shown: int | None
    #: the latest shown logbook entry as (entry number, station)
    last_reveal: tuple[int, int] | None
    possible: frozenset[int]
    start_candidates: frozenset[int]
    start_positions: tuple[tuple[str, int], ...]
    #: public action records (Mr. X's without stations, except shown ones)
    history: tuple[dict[str, Any], ...]
    outcome: Outcome | None
    #: Mr. X's start and stations, entry by entry, once the game is over
    route: tuple[int, ...] | None
    #: the legal moves of each detective or bobby that may act now (Mr. X's are private: see MrXView)
    moves: dict[str, tuple[Move, ...]] = field(default_factory=dict)
    #: the game's chosen options (variants), by name
    options: dict[str, bool] = field(default_factory=dict)
    #: Mr. X's start station when the rules show it (Mr. X always visible), else None
    shown_start: int | None = None

    def log_size(self) -> int:
        """The logbook entries this game can fill: the rules' whole sheet, but where the rounds are counted
        (master: 22) no more than the rounds left and Mr. X's double-move tickets allow (a game that ran its 22
        rounds without a double move filled 22 of the sheet's 24)."""
        if self.max_rounds is None:
            return self.log_entries
        turns = max(0, self.max_rounds - self.round + (self.phase == "mrx" and self.outcome is None))
        doubles = self.mrx_tickets.get("double", 0)
        extra = turns if doubles is None else min(doubles, turns)  # at most one double move a round
        return min(self.log_entries, len(self.logbook) + turns + extra)



@dataclass(frozen=True)
class MrXView:
    public: PublicView
    station: int
    start: int
    #: start, then the station of every logbook entry
    route: tuple[int, ...]
    moves: tuple[Move, ...]
    can_double: bool
    #: for each first move, the legal second parts of a double move (empty when he cannot double)
    second_moves: Mapping[Move, tuple[Move, ...]] = field(default_factory=dict)
    #: a triple move (a sanssouci variant) is open to him now
    can_triple: bool = False
    #: for each legal (first, second), the legal third parts of a triple move (empty unless can_triple)
    third_moves: Mapping[tuple[Move, Move], tuple[Move, ...]] = field(default_factory=dict)
    #: he may show himself now (voluntary surfacing, or sanssouci's reveal for a black ticket)
    can_reveal: bool = False

    def reachable(self) -> dict[int, tuple[str, ...]]:
        """Each station Mr. X can reach now, with the tickets that take him there."""
        return destinations(self.moves)

    def second_reachable(self, first: Move) -> dict[int, tuple[str, ...]]:
        """Each station the second part of a double move starting with ``first`` can reach."""
        return destinations(self.second_moves.get(first, ()))


def destinations(moves) -> dict[int, tuple[str, ...]]:
    """{station: the tickets that reach it} for a list of moves, stations in order."""
    result: dict[int, list[str]] = {}
    for move in moves:
        result.setdefault(move.to, []).append(move.ticket)
    return {s: tuple(t) for s, t in sorted(result.items())}


def _mrx_public_record(record: dict[str, Any]) -> dict[str, Any]:
    """What the detectives see of Mr. X's action record while the game runs."""
    if "ticket" in record:
        shown = {k: record[k] for k in ("round", "pawn", "ticket", "entry", "double", "revealed")}
        if record["revealed"]:
            shown["to"] = record["to"]
        return shown
    return dict(record)  # surfacing and resigning are public


def _public_history(state, over: bool) -> tuple[tuple[dict[str, Any], ...], dict[str, tuple[int, int, str]]]:
    """The public action records, and each detective's or bobby's latest ride in them as (from, to, ticket),
    extended as the history grows (views are built after every action, and the history only ever grows:
    re-copying it each time made whole games four times slower)."""
    done, was_over, records, last_moves = getattr(state, "_public_records", (0, over, (), {}))
    if was_over != over or done > len(state.history):
        done, records, last_moves = 0, (), {}
    if done < len(state.history):
        # Every record but Mr. X's during the game is public as it stands.
        fresh = tuple(dict(r) if over or r["pawn"] != MRX else _mrx_public_record(r) for r in state.history[done:])
        records += fresh
        latest: dict[str, tuple[int, int, str]] = {}
        for record in reversed(fresh):
            pawn = record["pawn"]
            if pawn != MRX and "to" in record and pawn not in latest:
                latest[pawn] = (record["from"], record["to"], record["ticket"])
                if len(latest) == len(state.pawns) - 1:
                    break
        last_moves = {**last_moves, **latest}  # a new dict: copies of the state share the one before
        state._public_records = (len(state.history), over, records, last_moves)
    return records, last_moves


def _pawn_views(state, over: bool, last_moves: dict[str, tuple[int, int, str]]) -> tuple[PawnView, ...]:
    """Every pawn's view, each made again only when its station, tickets or latest ride changed since the last
    view of this state: most actions move one pawn, and views are made after every action, some several times.
    A view is read-only, so views of the same pawn may share one (its tickets are compared in order too, so a
    kept view reads exactly as a new one would)."""
    kept = getattr(state, "_pawn_views", ())
    views = []
    for i, p in enumerate(state.pawns):
        station = None if p.role == "mrx" and not over else state.positions[p.id]
        wallet = None if p.wallet is None else state.wallets[p.wallet]
        last_move = last_moves.get(p.id)
        if i < len(kept):
            pawn, view = kept[i]
            if (pawn is p and view.station == station and view.last_move == last_move and view.tickets == wallet
                    and (wallet is None or list(view.tickets) == list(wallet))):
                views.append(view)
                continue
        views.append(PawnView(
            id=p.id, role=p.role, colour=p.colour, label=p.label, seats=p.seats, station=station,
            tickets=None if wallet is None else dict(wallet), wallet=p.wallet, last_move=last_move,
        ))
    state._pawn_views = tuple(zip(state.pawns, views))
    return tuple(views)


def _public_logbook(state, over: bool) -> tuple[tuple[LogbookEntryView, ...], tuple[int, int] | None]:
    """The logbook's public entries and the latest reveal or surfacing in them as (entry, station), extended
    as the logbook grows (as the history is): an entry is replaced only when Mr. X surfaces on it, and every
    entry shows its station once the game is over, so the entries are kept with the ones they were made
    from and made again from the first that is no longer there."""
    made_from, was_over, entries, last_reveal = getattr(state, "_public_logbook", ((), over, (), None))
    logbook = state.logbook
    if was_over != over or len(made_from) > len(logbook) or not all(map(is_, made_from, logbook)):
        made_from, entries, last_reveal = (), (), None
    if len(made_from) < len(logbook):
        fresh = tuple(
            LogbookEntryView(e.number, e.ticket, e.round, e.double, e.revealed, e.surfaced,
                             e.station if (e.shown or over) else None)
            for e in logbook[len(made_from):]
        )
        entries += fresh
        last_reveal = next(((e.number, e.station) for e in reversed(fresh) if e.station is not None and
                            (e.reveal or e.surfaced)), last_reveal)
        state._public_logbook = (tuple(logbook), over, entries, last_reveal)
    return entries, last_reveal


def public_view(state) -> PublicView:
    over = state.outcome is not None
    history, last_moves = _public_history(state, over)
    logbook, last_reveal = _public_logbook(state, over)
    shown = None
    if state.logbook and state.logbook[-1].shown:
        shown = state.logbook[-1].station
    shown_start = state.start[MRX] if state.rules.mrx_always_visible else None
    if not state.logbook and shown_start is not None:
        shown = shown_start
    if over:
        shown = state.positions[MRX]
    route = (state.start[MRX], *(e.station for e in state.logbook)) if over else None
    start_positions = tuple((p, s) for p, s in state.start.items() if p != MRX)
    return PublicView(
        rules=state.rules.name,
        board=state.board,
        round=state.round,
        phase=state.phase,
        to_move=tuple(state.to_move()),
        any_order=state.rules.any_order,
        pawns=_pawn_views(state, over, last_moves),
        mrx_tickets=dict(state.wallets[MRX]),
        logbook=logbook,
        log_entries=state.rules.log_entries,
        reveal_entries=tuple(sorted(state.rules.reveal_entries)),
        max_rounds=state.rules.max_rounds,
        mrx_shown=shown,
        last_reveal=last_reveal,
        possible=state.tracker.possible,
        start_candidates=state.start_candidates,
        start_positions=start_positions,
        history=history,
        outcome=state.outcome,
        route=route,
        moves={p: tuple(state.legal_moves(p)) for p in state.to_move() if p != MRX},
        options=dict(state.options),
        shown_start=shown_start,
    )


class _Seconds(Mapping):
    """first move -> the legal second parts, worked out when asked for (most turns ask for one or none),
    from a private copy of the state taken when the view was made."""

    def __init__(self, state, firsts) -> None:
        self._state = state.copy()
        self._firsts = tuple(firsts)
        self._known: dict[Move, tuple[Move, ...]] = {}

    def __getitem__(self, first: Move) -> tuple[Move, ...]:
        if first not in self._known:
            if first not in self._firsts:
                raise KeyError(first)
            self._known[first] = tuple(seconds(self._state, first))
        return self._known[first]

    def __iter__(self):
        return iter(self._firsts)

    def __len__(self) -> int:
        return len(self._firsts)

    def __repr__(self) -> str:
        return f"<second moves after {len(self._firsts)} first moves>"


class _Thirds(Mapping):
    """(first, second) -> the legal third parts of a triple move, worked out when asked for, as
    :class:`_Seconds` does for second parts. Made at once for every pair, they were most of the time
    of a whole game with triple moves, and a turn asks for one pair's or none."""

    def __init__(self, seconds: _Seconds) -> None:
        self._seconds = seconds
        self._known: dict[tuple[Move, Move], tuple[Move, ...]] = {}

    def __getitem__(self, pair: tuple[Move, Move]) -> tuple[Move, ...]:
        if pair not in self._known:
            first, second = pair
            if first not in self._seconds or second not in self._seconds[first]:
                raise KeyError(pair)
            self._known[pair] = tuple(thirds(self._seconds._state, first, second))
        return self._known[pair]

    def __iter__(self):
        return ((first, second) for first, parts in self._seconds.items() for second in parts)

    def __len__(self) -> int:
        return sum(len(parts) for parts in self._seconds.values())

    def __repr__(self) -> str:
        return f"<third moves after {len(self)} first and second moves>"


def mrx_view(state) -> MrXView:
    moves = state.legal_moves(MRX)
    seconds = _Seconds(state, moves) if state.can_double() else None
    return MrXView(
        public=public_view(state),
        station=state.mrx_station,
        start=state.start[MRX],
        route=(state.start[MRX], *(e.station for e in state.logbook)),
        moves=tuple(moves),
        can_double=state.can_double(),
        second_moves=seconds if seconds is not None else {},
        can_triple=state.can_triple(),
        third_moves=_Thirds(seconds) if seconds is not None and state.can_triple() else {},
        can_reveal=state.can_reveal(),
    )
