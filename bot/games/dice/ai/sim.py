"""A light simulator of the dice game for the search: plain lists and ints, no engine objects.

It follows :class:`bot.games.dice.engine.DiceState`'s rules of motion (the dice rolled and used, the shared
roll-again tokens, the starting detective's rotation, the two-player game's two pawns, Mr. X's reused
dice, black tickets, double move and helicopter, captures either way, passes, reveals, the final
detectives' turn) closely enough to look ahead, and is checked against the engine in
``tests/ai/test_dice_players.py``. Chance is drawn here, from the generator the search passes in:
a detective's roll is the dice not yet used this round, each face as likely as on the real die.

Pawn 0 is Mr. X, pawns 1..K the detectives in the engine's order. ``belief`` is the detectives'
knowledge as a bit mask of the stations Mr. X may be on, following the engine's tracker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from random import Random
from typing import Callable

from bot.games.dice.engine.board import DiceBoard
from bot.games.dice.engine.rules import BLACK, HELICOPTER, TRANSPORTS

from bot.ai.masks import Spreads, bfs, mask_of, step_tables, spread_mask
from bot.ai.pursuit import aim_store
from bot.ai.search import Listed

#: ticket indexes of the search: the three transports (a die face), then Mr. X's own tickets
TAXI, BUS, UNDERGROUND, BLACK_T, HELI_T = range(5)
TICKETS = (*TRANSPORTS, BLACK, HELICOPTER)
#: the die's blank face (no ride)
XFACE = 3
FACES = (*TRANSPORTS, "x")

MRX_TURN, HUNTER_TURN = 0, 1
NOBODY, MRX_WINS, HUNTERS_WIN = 0, 1, 2


@dataclass(frozen=True, eq=False)
class DiceTables:
    """What the search needs of one laid-out board, computed once per layout."""

    board: DiceBoard
    size: int
    stations: tuple[int, ...]
    #: [ticket][station] -> where the ticket takes a pawn (detectives use only the faces 0-2)
    adj: tuple[tuple[tuple[int, ...], ...], ...]
    #: [a][b] fewest rides (any transport) from a to b, FAR if none
    dist: tuple[tuple[int, ...], ...]
    #: [ticket][chunk][byte] -> targets of the stations a byte marks (see bot.games.london.ai.tables)
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    #: [station] -> how many stations one ride of any transport reaches
    exits: tuple[int, ...]
    #: [face] -> bit mask of the stations from which that face rides somewhere
    serves: tuple[int, ...]
    #: bit mask of every station
    everywhere: int
    #: [face][station] -> the stations that face takes a pawn to from there, as a mask: when no detective
    #: stands on any, none of the rides is blocked
    reach: tuple[tuple[int, ...], ...]

    def spread(self, mask: int, ticket: int) -> int:
        """The stations Mr. X may be on after one ride on ``ticket`` from any station of ``mask``."""
        return spread_mask(self.steps[ticket], mask)


@lru_cache(maxsize=64)
def dice_tables(board: DiceBoard) -> DiceTables:
    """The tables of a laid-out board (cached per layout: ``lay_board`` hands out one board per layout)."""
    size = max(board.stations) + 1
    rows = []
    for ticket in TICKETS:
        row: list[tuple[int, ...]] = [()] * size
        for n in board.stations:
            row[n] = tuple(board.targets(n, ticket))
        rows.append(tuple(row))
    any_ride: list[tuple[int, ...]] = [()] * size
    for n in board.stations:
        any_ride[n] = tuple(sorted({t for f in range(3) for t in rows[f][n]}))
    dist = tuple(bfs(tuple(any_ride), source, size) for source in range(size))
    serves = tuple(sum(1 << n for n in board.stations if rows[f][n]) for f in range(3))
    return DiceTables(board, size, tuple(board.stations), tuple(rows), dist,
                      tuple(step_tables(r, size) for r in rows), tuple(len(r) for r in any_ride), serves,
                      sum(1 << n for n in board.stations), tuple(tuple(map(mask_of, rows[f])) for f in range(3)))


@lru_cache(maxsize=64)
def pawn_rides(tables: DiceTables, pawns: int) -> tuple[tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...], ...]:
    """[pawn][face][station] -> (pawn, station, face) for every ride of detective pawns 1..``pawns`` (index 0
    unused): the moves :func:`hunter_moves` hands out, made once per board instead of every roll."""
    adj = tables.adj
    return ((), *(tuple(tuple(tuple((p, to, f) for to in row) for row in adj[f]) for f in range(3))
                  for p in range(1, pawns + 1)))


@dataclass(frozen=True, eq=False)
class DiceSetup:
    """What stays fixed during a search: the board's tables and the game's rules, as numbers."""

    tables: DiceTables
    #: "mrx", then each detective pawn in the engine's order
    pawn_ids: tuple[str, ...]
    #: [pawn] -> the seat of the player who moves it (0 for Mr. X)
    seat_of: tuple[int, ...]
    #: [seat] -> its pawns (index 0 unused)
    seat_pawns: tuple[tuple[int, ...], ...]
    #: how many detective players (seats 1..seats)
    seats: int
    #: dice the detectives roll each round
    dice: int
    #: the faces of one die as ticket indexes (XFACE for the blank), each equally likely
    faces: tuple[int, ...]
    #: [entry] -> writing this log entry shows Mr. X (index 0 unused)
    reveal: tuple[bool, ...]
    log_entries: int
    #: [belief] -> how much each die face a detective uses gives Mr. X (dice_policy.gifts), kept for the
    #: rest of the search: every detective's playout ride reads it, and the playouts pass the same beliefs
    gifts: Listed = field(default_factory=Listed, repr=False)
    #: [station mask] -> the simulated detectives' :class:`~bot.ai.pursuit.Aim` at those stations, kept for
    #: the rest of the search (the playouts aim at the same few stations again and again)
    kept_aims: Listed = field(default_factory=aim_store, repr=False)
    #: ``spread(mask, ticket)``: the stations Mr. X may be on after one ride on ``ticket`` from any station of
    #: ``mask`` (the tables' spread), each answer kept for the rest of the search
    spread: Callable[[int, int], int] = field(init=False, repr=False)
    #: [the first seat's index] -> the seats' pawns in turn from there (every playout round asks)
    _rotations: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False)
    #: the tables' :func:`pawn_rides` for this game's detective pawns
    rides: tuple = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Set here, not by a cached_property: that would give the setup a __dict__ of its own, and every
        # attribute the playouts read from it would be looked up the slow way.
        object.__setattr__(self, "spread", Spreads(self.tables.steps).spread)
        d = self.seats
        object.__setattr__(self, "_rotations", tuple(tuple(self.seat_pawns[(first + i) % d + 1] for i in range(d))
                                                     for first in range(d)))
        object.__setattr__(self, "rides", pawn_rides(self.tables, len(self.pawn_ids) - 1))

    def slots(self, round_: int) -> list[tuple[int, ...]]:
        """The detectives' turns of round ``round_``: the starting seat rotates every round."""
        return list(self._rotations[(round_ - 1) % self.seats])


class DiceSim:
    """One (determinized) game state: everything is known, Mr. X's station included (0: not yet
    picked)."""

    __slots__ = ("pos", "tokens", "black", "double", "heli", "entries", "round", "phase", "slots", "rolled",
                 "used", "final", "belief", "winner", "capturer", "aims", "hunters")

    def __init__(self, pos, tokens, black, double, heli, entries, round_, phase, slots, rolled, used, final,
                 belief, winner=NOBODY, capturer=-1, hunters: int | None = None) -> None:
        self.pos: list[int] = pos
        self.tokens: int = tokens
        self.black: int = black
        self.double: int = double
        self.heli: int = heli
        self.entries: int = entries
        self.round: int = round_
        self.phase: int = phase
        #: the detectives' turns still to come this round, each the pawns one roll may move (a tuple, replaced
        #: rather than changed: a copy of the state shares them)
        self.slots: list[tuple[int, ...]] = slots
        #: the faces the acting detective rolled and has not used (None: not rolled yet)
        self.rolled: list[int] | None = rolled
        #: the faces the detectives used this round (Mr. X may reuse each once)
        self.used: list[int] = used
        #: this round is the detectives' last turn
        self.final: bool = final
        self.belief: int = belief
        self.winner: int = winner
        #: the seat whose pawn captured Mr. X (0: he walked into a detective), -1 while he is free
        self.capturer: int = capturer
        #: where each simulated detective heads this round (pursuit.aim), None until asked
        self.aims: list | None = None
        #: the stations the detectives stand on, as a mask (they block rides there; 0, not placed yet, is no
        #: station): kept in step with ``pos`` by :func:`apply_hunter`, which alone moves them
        self.hunters: int = mask_of(p for p in pos[1:] if p) if hunters is None else hunters

    def copy(self) -> "DiceSim":
        return DiceSim(self.pos[:], self.tokens, self.black, self.double, self.heli, self.entries, self.round,
                       self.phase, self.slots[:], None if self.rolled is None else self.rolled[:],
                       self.used[:], self.final, self.belief, self.winner, self.capturer, self.hunters)

    def __repr__(self) -> str:
        return (f"<DiceSim round {self.round} entries {self.entries} phase {self.phase} pos {self.pos} "
                f"slots {self.slots} rolled {self.rolled} used {self.used} winner {self.winner}>")


# -- the detectives ----------------------------------------------------------------------------


def roll(S: DiceSetup, s: DiceSim, rng: Random) -> None:
    """The acting detective rolls the dice not yet used this round."""
    faces, random = S.faces, rng.random
    n = len(faces)
    rolled = []  # a loop: cheaper than a list comprehension for the one to four dice of a roll
    for _ in range(S.dice - len(s.used)):
        rolled.append(faces[int(random() * n)])
    s.rolled = rolled


def hunter_moves(S: DiceSetup, s: DiceSim) -> list[tuple[int, int, int]]:
    """(pawn, station, face) for every ride the acting detective's pawns may take with the roll."""
    pos = s.pos
    reach, rides, blockers = S.tables.reach, S.rides, s.hunters
    faces = []
    for f in s.rolled:  # type: ignore[union-attr]
        if f != XFACE and f not in faces:
            faces.append(f)
    out: list[tuple[int, int, int]] = []
    for p in s.slots[0]:
        here = pos[p]
        mine = rides[p]
        for f in faces:
            # Another detective blocks the station (none stands on his own target: rides move); mostly none
            # stands where the face goes, and the table's rides are taken as they are.
            if reach[f][here] & blockers:
                out += [move for move in mine[f][here] if not blockers >> move[1] & 1]
            else:
                out += mine[f][here]
    return out


def may_decline(s: DiceSim) -> bool:
    """Nothing fits the roll and the detective has a choice: roll again, or which pawn stays."""
    return s.tokens > 0 or len(s.slots[0]) > 1


def apply_hunter(S: DiceSetup, s: DiceSim, p: int, to: int, face: int) -> None:
    s.hunters ^= 1 << s.pos[p] | 1 << to
    s.pos[p] = to
    s.used.append(face)
    _end_turn(s, p)
    if to == s.pos[0]:
        s.winner, s.capturer = HUNTERS_WIN, S.seat_of[p]
        return
    s.belief &= ~(1 << to)


def reroll(s: DiceSim) -> None:
    """Spend a roll-again token: the same dice are rolled again (by :func:`settle`)."""
    s.tokens -= 1
    s.rolled = None


def skip(s: DiceSim, p: int) -> None:
    _end_turn(s, p)


def _end_turn(s: DiceSim, p: int) -> None:
    s.rolled = None
    slot = s.slots[0]
    if len(slot) > 1:
        s.slots[0] = tuple(q for q in slot if q != p)
    else:
        s.slots.pop(0)


# -- Mr. X -------------------------------------------------------------------------------------


def mrx_tickets(s: DiceSim) -> list[int]:
    """The tickets Mr. X may ride on now: each face the detectives used, black, helicopter."""
    out = []
    for f in s.used:
        if f not in out:
            out.append(f)
    if s.black > 0:
        out.append(BLACK_T)
    if s.heli > 0:
        out.append(HELI_T)
    return out


def mrx_moves(S: DiceSetup, s: DiceSim) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Mr. X's single moves (station, ticket): onto free stations, and onto detectives (legal only
    when he has no other move; never by helicopter)."""
    adj = S.tables.adj
    here = s.pos[0]
    hunters = s.pos[1:]
    free, forced = [], []
    for t in mrx_tickets(s):
        for to in adj[t][here]:
            if to not in hunters:
                free.append((to, t))
            elif t != HELI_T:
                forced.append((to, t))
    return free, forced


def can_double(S: DiceSetup, s: DiceSim) -> bool:
    return s.double > 0 and S.log_entries - s.entries >= 2


def second_moves(S: DiceSetup, s: DiceSim, first: tuple[int, int]) -> list[tuple[int, int]]:
    """The second parts of a double move after ``first``: another die the detectives used, or a
    black ticket when the first part used a die (never two black tickets, never the helicopter)."""
    to1, t1 = first
    if t1 == HELI_T:
        return []
    faces = s.used[:]
    if t1 < BLACK_T:
        faces.remove(t1)
    tickets = []
    for f in faces:
        if f not in tickets:
            tickets.append(f)
    if t1 < BLACK_T and s.black > 0:
        tickets.append(BLACK_T)
    adj = S.tables.adj
    hunters = s.pos[1:]
    return [(to, t) for t in tickets for to in adj[t][to1] if to not in hunters]


def apply_mrx(S: DiceSetup, s: DiceSim, parts) -> None:
    """Mr. X fills one entry per (station, ticket) part; then the next round begins (or the game
    ends: he moved onto a detective)."""
    hunters = s.hunters
    for to, t in parts:
        s.belief = S.spread(s.belief, t) & ~hunters
        if t < BLACK_T:
            s.used.remove(t)
        elif t == BLACK_T:
            s.black -= 1
        else:
            s.heli -= 1
        s.entries += 1
        s.pos[0] = to
        if hunters >> to & 1:
            s.belief = 1 << to
            s.winner, s.capturer = HUNTERS_WIN, 0
            return
        if S.reveal[s.entries]:
            s.belief = 1 << to
    if len(parts) > 1:
        s.double -= 1
    _next_round(S, s)


def mrx_pass(S: DiceSetup, s: DiceSim) -> None:
    """Nothing takes Mr. X anywhere: an entry with no ride; the detectives learn he stands where
    nothing fitted."""
    adj = S.tables.adj
    tickets = mrx_tickets(s)
    stuck = 0
    m = s.belief
    while m:
        low = m & -m
        n = low.bit_length() - 1
        if not any(adj[t][n] for t in tickets):
            stuck |= low
        m ^= low
    s.belief = stuck
    s.entries += 1
    if S.reveal[s.entries]:
        s.belief = 1 << s.pos[0]
    _next_round(S, s)


def _next_round(S: DiceSetup, s: DiceSim) -> None:
    s.final = s.entries >= S.log_entries
    s.round += 1
    s.phase = HUNTER_TURN
    s.used = []
    s.rolled = None
    s.slots = S.slots(s.round)
    s.aims = None


# -- the flow of the game ----------------------------------------------------------------------


def settle(S: DiceSetup, s: DiceSim, rng: Random):
    """Roll for the acting detective, skip a detective whom nothing fits and who has no choice, pass
    Mr. X when nothing takes him anywhere, close rounds and end the game as the engine does. Returns
    who acts and what they may do: (seat, [(pawn, station, face)]) for a detective (an empty list:
    nothing fits, he may roll again or choose who stays), (0, [(station, ticket)]) for Mr. X, or
    (-1, []) once the game is over."""
    while not s.winner:
        if s.phase == HUNTER_TURN:
            if not s.slots:
                if s.final:
                    s.winner = MRX_WINS
                    break
                s.phase = MRX_TURN
                continue
            if s.rolled is None:
                roll(S, s, rng)
            moves = hunter_moves(S, s)
            if moves or may_decline(s):
                return S.seat_of[s.slots[0][0]], moves
            skip(s, s.slots[0][0])  # stuck: the engine skips him
            continue
        free, forced = mrx_moves(S, s)
        if free or forced:
            return 0, free or forced
        mrx_pass(S, s)
    return -1, []

