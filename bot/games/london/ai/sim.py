"""A light simulator of a London-style game for the search: plain lists and ints, no engine objects.

It follows :class:`bot.games.london.engine.GameState`'s rules of motion (tickets, blocking, captures, stuck pawns
passing or leaving the board, reveal entries, the end of the game) closely enough to look ahead,
and is checked against the engine in ``tests/ai``. It leaves out what only the root needs to get
exactly right (mb1985's cut-off, trading): the player takes its root moves from the view. Voluntary
surfacing is a root choice of Mr. X's search (:func:`apply_surface`), never one deeper in the tree.

Pawn 0 is Mr. X, pawns 1..K the detectives and bobbies in seat order. A station 0 means "off the
board" (sanssouci). ``belief`` is the detectives' knowledge as a bit mask: the stations Mr. X may be on,
following the engine's tracker; it is what a simulated detective may aim at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from bot.ai.masks import Spreads, mask_of
from bot.ai.pursuit import aim_store
from bot.ai.search import Listed
from bot.games.london.ai.tables import Tables

MRX_TURN, HUNTER_TURN = 0, 1
NOBODY, MRX_WINS, HUNTERS_WIN = 0, 1, 2
PLENTY = 1 << 30  # an unlimited supply of a ticket (master's Mr. X)


@dataclass(frozen=True, eq=False)
class Setup:
    """What stays fixed during a search: the board's tables and the game's rules, as numbers."""

    tables: Tables
    #: "mrx", then each detective or bobby in seat order
    pawn_ids: tuple[str, ...]
    #: [pawn] -> its wallet (an index into ``Sim.tix``; Mr. X's is 0), -1 for a bobby (no tickets)
    wallet_of: tuple[int, ...]
    #: [ticket] -> Mr. X's supply of it is unlimited (then spent tickets do not go to him)
    mrx_unlimited: tuple[bool, ...]
    #: [entry] -> writing this logbook entry shows Mr. X (index 0 unused)
    reveal: tuple[bool, ...]
    log_entries: int
    max_rounds: int
    any_order: bool
    stuck_leaves: bool
    spent_to_mrx: bool
    #: the ticket with which Mr. X may stay where he is, -1 when he may not
    stay: int
    #: the most entries one turn of Mr. X may fill (2: double moves, 3: triple moves)
    max_multi: int
    #: [station mask] -> the simulated detectives' :class:`~bot.ai.pursuit.Aim` at those stations, kept for
    #: the rest of the search (the playouts aim at the same few stations again and again)
    kept_aims: Listed = field(default_factory=aim_store, repr=False)

    #: ``spread(mask, ticket)``: the stations Mr. X may be on after one ride on ``ticket`` from any station of
    #: ``mask`` (the tables' spread), each answer kept for the rest of the search
    spread: Callable[[int, int], int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Set here, not by a cached_property: that would give the setup a __dict__ of its own, and every
        # attribute the playouts read from it would be looked up the slow way.
        object.__setattr__(self, "spread", Spreads(self.tables.steps).spread)

    @property
    def hunters(self) -> range:
        return range(1, len(self.pawn_ids))


class Sim:
    """One (determinized) game state: everything is known, Mr. X's station included."""

    __slots__ = ("pos", "tix", "entries", "round", "phase", "pending", "belief", "winner", "capturer", "aims",
                 "hunters")

    def __init__(self, pos, tix, entries, round_, phase, pending, belief, winner=NOBODY, capturer=0,
                 hunters: int | None = None) -> None:
        self.pos: list[int] = pos
        self.tix: list[list[int]] = tix
        self.entries: int = entries
        self.round: int = round_
        self.phase: int = phase
        self.pending: list[int] = pending
        self.belief: int = belief
        self.winner: int = winner
        self.capturer: int = capturer
        #: where each simulated detective heads this round (pursuit.aim), None until asked
        self.aims: list | None = None
        #: the stations the detectives stand on, as a mask (they block rides there): kept in step with ``pos``
        #: by :func:`apply_hunter` and :func:`settle`, which alone move them
        self.hunters: int = mask_of(p for p in pos[1:] if p) if hunters is None else hunters

    def copy(self) -> "Sim":
        return Sim(self.pos[:], [w[:] for w in self.tix], self.entries, self.round, self.phase, self.pending[:],
                   self.belief, self.winner, self.capturer, self.hunters)

    def __repr__(self) -> str:
        return (f"<Sim round {self.round} entries {self.entries} phase {self.phase} pos {self.pos} "
                f"pending {self.pending} winner {self.winner}>")


def hunter_moves(S: Setup, s: Sim, i: int) -> Sequence[tuple[int, int]]:
    """(station, ticket) for every ride pawn ``i`` may take now (the table's own tuple when it may take
    them all: not to be changed)."""
    here = s.pos[i]
    if not here:
        return []
    wallet = S.wallet_of[i]
    rides = S.tables.hunter_rides[here]
    counts = s.tix[wallet] if wallet >= 0 else None
    # A bobby rides free, and a detective mostly holds every kind of ticket: then only the blocked
    # stations are left out, and mostly no other detective stands where its rides go.
    if counts is None or min(counts) > 0:
        if not S.tables.hunter_reach[here] & s.hunters:
            return rides
        blocked = s.pos[1:]
        return [move for move in rides if move[0] not in blocked]
    blocked = s.pos[1:]
    return [move for move in rides if counts[move[1]] > 0 and move[0] not in blocked]


def hunter_can_move(S: Setup, s: Sim, i: int) -> bool:
    return bool(hunter_moves(S, s, i))  # mostly the table's own tuple: nothing is made


def mrx_moves(S: Setup, s: Sim, here: int = 0, counts: list[int] | None = None) -> list[tuple[int, int]]:
    """(station, ticket) for every single move of Mr. X from ``here`` (default: his station) with ``counts``."""
    if not here:
        here = s.pos[0]
    if counts is None:
        counts = s.tix[0]
    rides = S.tables.mrx_rides[here]
    # Mostly he holds every kind of ticket and no detective stands where his rides go: then he may take them all.
    if min(counts) > 0 and not S.tables.mrx_reach[here] & s.hunters:
        out = list(rides)
    else:
        blocked = s.pos[1:]
        out = [move for move in rides if counts[move[1]] > 0 and move[0] not in blocked]
    if S.stay >= 0 and counts[S.stay] > 0:
        out.append((here, S.stay))
    return out


def can_multi(S: Setup, s: Sim, parts: int) -> bool:
    """Mr. X may fill ``parts`` entries this turn (2: a double move, 3: a triple move)."""
    if parts > S.max_multi or s.tix[0][S.tables.double] < parts - 1:
        return False
    return S.log_entries - s.entries >= parts


def apply_mrx(S: Setup, s: Sim, parts) -> None:
    """Mr. X fills one entry per (station, ticket) part; then the detectives' turn begins."""
    counts = s.tix[0]
    tables = S.tables
    blockers = s.hunters
    for to, t in parts:
        counts[t] -= 1
        s.entries += 1
        s.pos[0] = to
        if S.reveal[s.entries]:
            s.belief = 1 << to
        else:
            spread = S.spread(s.belief, t)
            if t == S.stay:
                spread |= s.belief
            s.belief = spread & ~blockers
    if len(parts) > 1:
        counts[tables.double] -= len(parts) - 1
    s.phase = HUNTER_TURN
    s.pending = [i for i in range(1, len(s.pos)) if s.pos[i]]
    s.aims = None


def apply_surface(S: Setup, s: Sim, take, black_back: bool) -> None:
    """Mr. X shows where he is before his move: the detectives' belief becomes his station; he takes
    ticket ``t`` from wallet ``w`` for each (w, t) of ``take`` (mb1985), or gets a black ticket back
    (sanssouci's variant)."""
    s.belief = 1 << s.pos[0]
    for w, t in take:
        s.tix[w][t] -= 1
        if not S.mrx_unlimited[t]:
            s.tix[0][t] += 1
    if black_back:
        s.tix[0][S.tables.black] += 1
    s.aims = None


def apply_hunter(S: Setup, s: Sim, i: int, to: int, t: int) -> None:
    wallet = S.wallet_of[i]
    if wallet >= 0:
        s.tix[wallet][t] -= 1
        if S.spent_to_mrx and not S.mrx_unlimited[t]:
            s.tix[0][t] += 1
    s.hunters ^= 1 << s.pos[i] | 1 << to
    s.pos[i] = to
    s.pending.remove(i)
    if to == s.pos[0]:
        s.winner, s.capturer = HUNTERS_WIN, i
        return
    s.belief &= ~(1 << to)


def settle(S: Setup, s: Sim) -> tuple[int, list[tuple[int, int]]]:
    """Pass stuck pawns, close rounds and end the game as the engine does; then the pawn that acts
    and its single moves, or (-1, []) when the game is over."""
    while not s.winner:
        if s.phase == MRX_TURN:
            moves = mrx_moves(S, s)
            if moves:
                return 0, moves
            s.winner = HUNTERS_WIN  # Mr. X cannot move: caught
            break
        pending = s.pending
        if pending:
            for i in pending:
                moves = hunter_moves(S, s, i)
                if moves:
                    return i, moves
                if not S.any_order:
                    break
            # In seat order the first one is stuck; in any order all of them are (or they would wait).
            stuck = pending[:1] if not S.any_order else pending[:]
            for i in stuck:
                pending.remove(i)
                if S.stuck_leaves:
                    s.hunters &= ~(1 << s.pos[i])
                    s.pos[i] = 0
            continue
        if s.entries >= S.log_entries or s.round >= S.max_rounds:
            s.winner = MRX_WINS
            break
        for i in range(1, len(s.pos)):
            if hunter_can_move(S, s, i):
                break
        else:  # no detective can move
            s.winner = MRX_WINS
            break
        s.round += 1
        s.phase = MRX_TURN
    return -1, []
