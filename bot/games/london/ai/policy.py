"""Quick judgement for the search: how Mr. X and the detectives move in playouts, which of Mr. X's
moves are worth a look at all (move filtering), and what a position is worth when a playout stops.

Honest on both sides: a simulated detective aims at a station drawn from ``Sim.belief`` (where Mr. X
may be, as far as the detectives know), never at Mr. X's simulated station, unless the caller asks
for some ``paranoia`` (Mr. X's own search: a share of detectives that guess right).
"""

from __future__ import annotations

import math
from random import Random

from bot.games.london.ai.sim import MRX_WINS, Setup, Sim, apply_hunter, apply_mrx, can_multi, mrx_moves, settle
from bot.ai.masks import stations_in
from bot.ai.pursuit import Aim, aim, nearest

#: beyond this many rides a detective is no more threat than at this many
SAFE = 4




def mrx_single_scores(S: Setup, s: Sim, moves, hunters, just_shown: bool) -> list[tuple[float, int]]:
    """(score, near) for each of Mr. X's single ``moves``: how good it looks to him, and ``near``, the
    rides from the nearest of ``hunters`` (the detectives' stations) to where it ends. Far from the
    detectives (farther still counts when the move shows him), many ways on, cheap tickets."""
    # All moves at once: the playouts score every move of every turn of Mr. X, and what the scores
    # share is read once a turn: the tables, the cap on distance, his wallet, the part of a score a
    # station gives (his black tickets ride where the others do) and the part a ticket gives. Each part
    # is a whole number (as a float), so their sum is exactly the sum taken term by term.
    tables = S.tables
    dist, exits, black, stay = tables.dist, tables.exits, tables.black, S.stay
    cap = SAFE + 2 if S.reveal[s.entries + 1] else SAFE
    held = s.tix[0]
    places: dict[int, tuple[float, int]] = {}  # [station] -> (its part of the score, near)
    extras: dict[int, float] = {}  # [ticket] -> its part of the score
    out = []
    for to, t in moves:
        place = places.get(to)
        if place is None:
            near = nearest(dist, to, hunters)
            place = places[to] = ((near if near < cap else cap) * 100.0 + exits[to], near)
        extra = extras.get(t)
        if extra is None:
            if t == black:
                # A black ticket hides the transport: worth it right after he was shown, a waste otherwise.
                extra = 30.0 if just_shown else -40.0
            elif t == stay:
                extra = -20.0
            else:
                extra = (held[t] if held[t] < 6 else 6) * 2.0
            extras[t] = extra
        out.append((place[0] + extra, place[1]))
    return out


def mrx_pick(S: Setup, s: Sim, moves, rng: Random, eps: float) -> tuple[tuple[int, int], ...]:
    """Mr. X's playout move: the safest single move, a double (or triple) move when every single one
    ends next to a detective, now and then (``eps``) any move that does not."""
    hunters = [p for p in s.pos[1:] if p]
    if eps and rng.random() < eps:
        dist = S.tables.dist
        safe = [m for m in moves if nearest(dist, m[0], hunters) > 1]
        return (rng.choice(safe or moves),)
    just_shown = S.reveal[s.entries] and s.entries > 0
    best, best_score, best_near = moves[0], -1e9, 0
    random = rng.random
    for move, (score, near) in zip(moves, mrx_single_scores(S, s, moves, hunters, just_shown)):
        score += random()
        if score > best_score:
            best, best_score, best_near = move, score, near
    if best_near <= 1 and can_multi(S, s, 2):  # the nearest detective would be one ride away: run
        escape = best_multi(S, s, moves, hunters)
        if escape is not None:
            return escape
    return (best,)


def best_multi(S: Setup, s: Sim, firsts, hunters) -> tuple[tuple[int, int], ...] | None:
    """The double move that ends farthest from the detectives, or a triple move where no double
    move gets clear and a triple move does."""
    doubles = multi_moves(S, s, firsts, hunters, 2, 1)
    if not doubles:
        return None
    score, route = doubles[0]
    if score < 200.0 and can_multi(S, s, 3):
        triples = multi_moves(S, s, firsts, hunters, 3, 1)
        if triples and triples[0][0] >= 200.0:
            return triples[0][1]
    return route


def mrx_candidates(S: Setup, s: Sim, moves, limit: int = 12) -> list[tuple[tuple[int, int], ...]]:
    """Mr. X's moves worth searching, best first (move filtering).

    Single moves that end next to a detective go when others exist; black tickets only where they
    help (right after he was shown, in danger, or where no other ticket rides); double and triple
    moves only in danger or on the way through a reveal entry, the ``limit`` best of them.
    """
    tables = S.tables
    hunters = [p for p in s.pos[1:] if p]
    dist = tables.dist
    just_shown = S.reveal[s.entries] and s.entries > 0
    by_ride = {to for to, t in moves if t != tables.black}
    scores = mrx_single_scores(S, s, moves, hunters, just_shown)
    scored = [(-score, to, t, near) for (to, t), (score, near) in zip(moves, scores)]
    scored.sort()
    danger = all(near <= 1 for *_, near in scored)
    singles = [((to, t),) for _, to, t, near in scored
               if (near > 1 or danger) and (t != tables.black or just_shown or danger or to not in by_ride)]
    out = singles or [((to, t),) for _, to, t, _ in scored]
    if can_multi(S, s, 2) and (danger or (S.reveal[s.entries + 1] and nearest(dist, s.pos[0], hunters) <= 2)):
        out.extend(route for _, route in multi_moves(S, s, moves, hunters, 2, limit))
        if danger and can_multi(S, s, 3):
            out.extend(route for _, route in multi_moves(S, s, moves, hunters, 3, limit // 2))
    return out


def multi_moves(S: Setup, s: Sim, firsts, hunters, parts: int, limit: int
                ) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    """The ``limit`` best double (``parts`` 2) or triple moves as (score, route), best first, one route
    per station they end on: the safest end, the fewest black tickets spent."""
    tables = S.tables
    dist, exits, black = tables.dist, tables.exits, tables.black
    safety: dict[int, float] = {}
    best: dict[int, tuple[float, tuple[tuple[int, int], ...]]] = {}

    def extend(route, wallet, cost) -> None:
        here = route[-1][0]
        last = len(route) + 1 == parts
        for step in mrx_moves(S, s, here, wallet):
            to, t = step
            spent = cost + (5.0 if t == black else 0.0)
            if last:
                value = safety.get(to)
                if value is None:
                    value = safety[to] = min(nearest(dist, to, hunters), SAFE) * 100.0 + exits[to]
                value -= spent
                known = best.get(to)
                if known is None or value > known[0]:
                    best[to] = (value, (*route, step))
            else:
                after = wallet[:]
                after[t] -= 1
                extend((*route, step), after, spent)

    for first in firsts:
        after = s.tix[0][:]
        after[first[1]] -= 1
        extend((first,), after, 5.0 if first[1] == black else 0.0)
    return sorted(best.values(), key=lambda x: (-x[0], x[1]))[:limit]


def _no_tickets(S: Setup) -> tuple[int, ...]:
    """A bobby's wallet as the ride keys read it: none of any ticket (a bobby rides free, so no ticket is
    the one it has most of)."""
    return (0,) * S.tables.rides


def hunter_pick(S: Setup, s: Sim, i: int, moves, target: Aim, rng: Random, eps: float) -> tuple[int, int]:
    """A detective's playout move: the ride that ends closest to any of the stations Mr. X may be on
    that it aims at (``target``: :func:`~bot.ai.pursuit.aim`); on a tie, the ticket it has most of; now
    and then (``eps``) any ride."""
    if eps and rng.random() < eps:
        return rng.choice(moves)
    wallet = S.wallet_of[i]
    counts = s.tix[wallet] if wallet >= 0 else _no_tickets(S)
    close, closeness = target.close, target.closeness
    best, best_key = moves[0], 1e18
    random = rng.random
    for move in moves:
        to = move[0]
        key = close[to]
        if key is None:
            key = closeness(to)
        # Closest to any target, then to all of them, then the ticket it has most of, then by chance.
        key = key - counts[move[1]] + random()
        if key < best_key:
            best, best_key = move, key
    return best


def hunter_order(S: Setup, s: Sim, i: int, moves) -> list[tuple[int, int]]:
    """Detective ``i``'s rides, best first by the playout judgement, the same in every determinization
    (it reads the public belief, never Mr. X's station): closest to where he may be first."""
    stations = stations_in(s.belief)
    if len(stations) > ORDER_LOOKS:
        stations = stations[::len(stations) // ORDER_LOOKS + 1]
    closeness = Aim(S.tables.dist, stations).closeness
    wallet = S.wallet_of[i]
    counts = s.tix[wallet] if wallet >= 0 else _no_tickets(S)
    keyed = [(closeness(move[0]) - counts[move[1]], move) for move in moves]
    keyed.sort()
    return [move for _, move in keyed]


#: how many of the stations Mr. X may be on :func:`hunter_order` looks at
ORDER_LOOKS = 24




def playout(S: Setup, s: Sim, rng: Random, stop_round: int, eps_mrx: float = 0.1, eps_hunter: float = 0.1,
            paranoia: float = 0.0) -> float:
    """Play on with the playout moves until the game ends or round ``stop_round`` begins; Mr. X's
    chance to win: 1 or 0 at the end, :func:`evaluate` at the stop."""
    while True:
        actor, moves = settle(S, s)
        if actor < 0:
            return 1.0 if s.winner == MRX_WINS else 0.0
        if actor == 0:
            if s.round >= stop_round:
                return evaluate(S, s)
            apply_mrx(S, s, mrx_pick(S, s, moves, rng, eps_mrx))
        else:
            targets = s.aims if s.aims is not None else aim(S, s, rng, paranoia)
            to, t = hunter_pick(S, s, actor, moves, targets[actor], rng, eps_hunter)
            apply_hunter(S, s, actor, to, t)


#: logistic weights of :func:`evaluate` over its :func:`features`, fitted (log loss) on the outcomes of
#: whole playouts from positions of greedy games in every rule system
WEIGHTS = (1.134, 0.729, 0.071, -0.556, -0.351)


def features(S: Setup, s: Sim) -> tuple[float, ...]:
    """(1, nearest detective up to 5 rides, log2 of how many stations he may be on, tens of rounds
    left, the second times the fourth)."""
    hunters = [p for p in s.pos[1:] if p]
    near = min(nearest(S.tables.dist, s.pos[0], hunters), 5) if hunters else 5
    left = min(S.log_entries - s.entries, S.max_rounds - s.round + 1) / 10
    spread = math.log2(max(s.belief.bit_count(), 1))
    return (1.0, float(near), spread, left, near * left)


def evaluate(S: Setup, s: Sim) -> float:
    """Mr. X's chance to win from a position where the playout stopped (at the start of his turn)."""
    z = 0.0
    for w, f in zip(WEIGHTS, features(S, s)):
        z += w * f
    return 1.0 / (1.0 + math.exp(-z))
