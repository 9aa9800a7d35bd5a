"""Quick judgement for the dice game's search: how Mr. X and the detectives move in playouts, which of
Mr. X's moves are worth a look at all (move filtering), where the detectives start, and how a
detective's options are ordered.

Honest on both sides, as in :mod:`bot.games.london.ai.policy`: a simulated detective aims at stations drawn from
``DiceSim.belief`` (where Mr. X may be, as far as the detectives know), never at Mr. X's simulated
station, unless the caller asks for some ``paranoia`` (Mr. X's own search).

The dice change what "close" means: the detectives move one after the other, each with one die, and
then Mr. X; so a station two rides from every detective is safe for a round, one ride away is caught
whenever a detective rolls the right face. And every die a detective uses is a die Mr. X may use:
a detective who can choose between faces leaves Mr. X the one that helps him least.
"""

from __future__ import annotations

from random import Random

from bot.ai.masks import FAR, stations_in
from bot.ai.pursuit import Aim, aim, nearest  # the detectives' targets and distances, as in London
from bot.games.dice.ai.sim import (BLACK_T, HELI_T, MRX_WINS, DiceSetup, DiceSim, apply_hunter, apply_mrx,
                                   can_double, reroll, second_moves, settle, skip)

#: beyond this many rides a detective is no more threat than at this many
SAFE = 3
#: detective actions besides a ride (a ride is (MOVE, pawn, station, face))
MOVE, REROLL, SKIP = 0, 1, 2
#: how many of the stations Mr. X may be on the ordering of a detective's moves reads
ORDER_LOOKS = 24

Parts = tuple[tuple[int, int], ...]


# -- the detectives ----------------------------------------------------------------------------


def gifts(S: DiceSetup, s: DiceSim) -> list[float]:
    """[face] -> the share of the stations Mr. X may be on from which that face rides: how much
    using a die of that face gives him."""
    belief = s.belief
    total = belief.bit_count() or 1
    serves = S.tables.serves
    return [(belief & serves[f]).bit_count() / total for f in range(3)]


def _ride_keys(S: DiceSetup, s: DiceSim, moves, target: Aim, rng: Random | None) -> list[float]:
    """The playout judgement's key of each ride of ``moves`` (in their order), lowest best."""
    gift = S.gifts.kept.get(s.belief)
    if gift is None:
        gift = S.gifts.get(s.belief, lambda: [g * 8 for g in gifts(S, s)])
    random = rng.random if rng is not None else None
    close, closeness = target.close, target.closeness
    out = []
    for move in moves:
        to = move[1]
        key = close[to]
        if key is None:
            key = closeness(to)
        # Closest to any target, then to all of them, then the die that gives Mr. X least.
        key += gift[move[2]]
        if random is not None:
            key += random()
        out.append(key)
    return out


def hunter_pick(S: DiceSetup, s: DiceSim, moves, target: Aim, rng: Random, eps: float) -> tuple[int, int, int]:
    """A detective's playout ride: the one that ends closest to any of the stations Mr. X may be on
    that it aims at (``target``: :func:`~bot.ai.pursuit.aim`); now and then (``eps``) any ride."""
    if eps and rng.random() < eps:
        return rng.choice(moves)
    if len(moves) == 1:
        return moves[0]
    # The first of equal keys, as a loop keeping the first strict best would.
    keys = _ride_keys(S, s, moves, target, rng)
    return moves[keys.index(min(keys))]


def hunter_order(S: DiceSetup, s: DiceSim, moves) -> list[tuple[int, int, int]]:
    """The acting detective's rides, best first by the playout judgement, the same in every
    determinization (it reads the public belief, never Mr. X's station)."""
    stations = stations_in(s.belief) or list(S.tables.stations)
    if len(stations) > ORDER_LOOKS:
        stations = stations[::len(stations) // ORDER_LOOKS + 1]
    keyed = list(zip(_ride_keys(S, s, moves, Aim(S.tables.dist, stations), None), moves))
    keyed.sort()
    return [move for _, move in keyed]


def progress(S: DiceSetup, s: DiceSim, move) -> bool:
    """Whether a ride brings its pawn closer to the nearest station Mr. X may be on."""
    stations = stations_in(s.belief)
    if not stations:
        return True
    dist = S.tables.dist
    p, to = move[0], move[1]
    here = s.pos[p]
    return min(dist[to][t] for t in stations) < min(dist[here][t] for t in stations)


def hunter_actions(S: DiceSetup, s: DiceSim, moves) -> list[tuple]:
    """Everything the acting detective may do, best first: his rides, rolling again (first when
    nothing fits, second when no ride gets closer, else last) and, when nothing fits, which pawn
    stays."""
    rides = [(MOVE, *m) for m in hunter_order(S, s, moves)]
    if not rides:
        out = [(REROLL,)] if s.tokens > 0 else []
        return out + [(SKIP, p) for p in s.slots[0]]
    if s.tokens > 0:
        rides.insert(1 if not progress(S, s, rides[0][1:]) else len(rides), (REROLL,))
    return rides


def hunter_step(S: DiceSetup, s: DiceSim, moves, rng: Random, eps: float, paranoia: float) -> None:
    """The acting detective's playout turn: the ride toward the aims, or a roll again when nothing fits
    (staying when no token is left). (Rolling again for a capture from one ride away is left to the
    search: in playouts it spent the tokens too early and made the detectives weaker.)"""
    if not moves:
        if s.tokens > 0:
            reroll(s)
        else:
            skip(s, s.slots[0][0])
        return
    aims = s.aims if s.aims is not None else aim(S, s, rng, paranoia)
    p, to, face = hunter_pick(S, s, moves, aims[moves[0][0]], rng, eps)
    apply_hunter(S, s, p, to, face)


def start_order(S: DiceSetup, taken, choices) -> list[int]:
    """Detectives' start stations, best first: together with those already taken, as near as possible
    to every station (the sum of each station's rides to the nearest detective), then the station
    from which most rides leave."""
    dist = S.tables.dist
    stations = S.tables.stations
    base = [min((dist[h][n] for h in taken), default=FAR) for n in stations]

    def cost(c: int) -> tuple:
        row = dist[c]
        return sum(min(b, row[n]) for b, n in zip(base, stations)), -S.tables.exits[c], c

    return sorted(choices, key=cost)


# -- Mr. X -------------------------------------------------------------------------------------


def mrx_single_scores(S: DiceSetup, s: DiceSim, moves, hunters, just_shown: bool) -> list[tuple[float, int]]:
    """(score, near) for each of Mr. X's single ``moves``: how good it looks to him, and ``near``, the
    rides from the nearest of ``hunters`` (the detectives' stations) to where it ends. Out of a
    detective's reach, many rides on, many stations the detectives must still suspect after the
    ticket, cheap tickets."""
    # All moves at once: the playouts score every move of every turn of Mr. X, and what the scores
    # share is made once a turn: the tables, the detectives' mask, the part of a score a station gives
    # (a black ticket rides where a die does) and the part a ticket gives. Each part is a whole number
    # (as a float), so their sum is exactly the sum taken term by term.
    tables = S.tables
    dist, exits, belief = tables.dist, tables.exits, s.belief
    free = ~s.hunters
    places: dict[int, tuple[float, int]] = {}  # [station] -> (its part of the score, near)
    extras: dict[int, float] = {}  # [ticket] -> its part of the score
    out = []
    for to, t in moves:
        place = places.get(to)
        if place is None:
            near = nearest(dist, to, hunters)
            place = places[to] = ((near if near < SAFE else SAFE) * 100.0 + exits[to] * 3.0, near)
        extra = extras.get(t)
        if extra is None:
            # How many stations the detectives still suspect after the ticket, up to 8.
            left = (S.spread(belief, t) & free).bit_count()
            extra = (left if left < 8 else 8) * 4.0
            if t == BLACK_T:
                # A black ticket hides the transport: worth it right after he was shown, a waste otherwise.
                extra += 30.0 if just_shown else -40.0
            elif t == HELI_T:
                extra += 10.0 if just_shown else -70.0
            extras[t] = extra
        out.append((place[0] + extra, place[1]))
    return out


def mrx_pick(S: DiceSetup, s: DiceSim, moves, rng: Random, eps: float) -> Parts:
    """Mr. X's playout move: the safest single move, the double move when every single move ends
    next to a detective, now and then (``eps``) any move that does not."""
    hunters = s.pos[1:]
    dist = S.tables.dist
    if eps and rng.random() < eps:
        safe = [m for m in moves if nearest(dist, m[0], hunters) > 1]
        return (rng.choice(safe or moves),)
    just_shown = S.reveal[s.entries] and s.entries > 0
    best, best_score, best_near = moves[0], -1e9, 0
    random = rng.random
    for move, (score, near) in zip(moves, mrx_single_scores(S, s, moves, hunters, just_shown)):
        score += random()
        if score > best_score:
            best, best_score, best_near = move, score, near
    if best_near <= 1 and can_double(S, s):
        doubles = double_moves(S, s, moves, 1)
        if doubles and doubles[0][0] >= 200.0:
            return doubles[0][1]
    return (best,)


def double_moves(S: DiceSetup, s: DiceSim, firsts, limit: int) -> list[tuple[float, Parts]]:
    """The ``limit`` best double moves as (score, route), best first, one route per station they end
    on: the safest end, then the most rides on, the fewest black tickets spent."""
    tables = S.tables
    dist, exits = tables.dist, tables.exits
    hunters = s.pos[1:]
    best: dict[int, tuple[float, Parts]] = {}
    for first in firsts:
        if first[1] == HELI_T or first[0] in hunters:
            continue
        for second in second_moves(S, s, first):
            to = second[0]
            value = min(nearest(dist, to, hunters), SAFE) * 100.0 + exits[to] * 3.0
            value -= 5.0 * ((first[1] == BLACK_T) + (second[1] == BLACK_T))
            known = best.get(to)
            if known is None or value > known[0]:
                best[to] = (value, (first, second))
    return sorted(best.values(), key=lambda x: (-x[0], x[1]))[:limit]


def mrx_candidates(S: DiceSetup, s: DiceSim, moves, limit: int = 12) -> list[Parts]:
    """Mr. X's moves worth searching, best first (move filtering).

    Single moves that end next to a detective go when others exist; black tickets and the helicopter
    only where they help (right after he was shown, in danger, or to a station no die reaches);
    double moves only in danger or on the way through a reveal entry, the ``limit`` best of them.
    """
    dist = S.tables.dist
    hunters = s.pos[1:]
    just_shown = S.reveal[s.entries] and s.entries > 0
    by_die = {to for to, t in moves if t < BLACK_T}
    scores = mrx_single_scores(S, s, moves, hunters, just_shown)
    scored = [(-score, to, t, near) for (to, t), (score, near) in zip(moves, scores)]
    scored.sort()
    danger = all(near <= 1 for *_, near in scored)
    singles = [((to, t),) for _, to, t, near in scored
               if (near > 1 or danger) and (t < BLACK_T or just_shown or danger or to not in by_die)]
    out: list[Parts] = singles or [((to, t),) for _, to, t, _ in scored]
    if can_double(S, s) and (danger or (S.reveal[s.entries + 1] and nearest(dist, s.pos[0], hunters) <= 2)):
        out.extend(route for _, route in double_moves(S, s, moves, limit))
    return out


def start_score(S: DiceSetup, hunters, tile_free: int, station: int) -> float:
    """How good a start looks to Mr. X: far from the detectives, on a tile with many free stations
    (the detectives learn only the tile), many rides on."""
    near = nearest(S.tables.dist, station, hunters)
    return min(near, SAFE + 1) * 100.0 + tile_free * 15.0 + S.tables.exits[station] * 3.0


# -- playouts ----------------------------------------------------------------------------------


def playout(S: DiceSetup, s: DiceSim, rng: Random, eps_mrx: float = 0.1, eps_hunter: float = 0.1,
            paranoia: float = 0.0) -> float:
    """Play on with the playout moves, the dice rolled as they fall, to the end of the game (at most
    thirteen entries: short enough to need no judgement of a position); 1 if Mr. X wins, else 0."""
    while True:
        actor, moves = settle(S, s, rng)
        if actor < 0:
            return 1.0 if s.winner == MRX_WINS else 0.0
        if actor == 0:
            apply_mrx(S, s, mrx_pick(S, s, moves, rng, eps_mrx))
        else:
            hunter_step(S, s, moves, rng, eps_hunter, paranoia)

