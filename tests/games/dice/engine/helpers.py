"""Building dice games in a known position for the rule tests.

The standard layout ``ABC/DEF/GHI`` (every tile standard side up) gives this station grid
(tile letters in brackets; T taxi only, B bus, U underground):

    1 T   2 TBU |  5 TB   6 T   |  9 T   10 T      (A | B | C)
    3 T   4 TB  |  7 T    8 TB  | 11 TB  12 T
    13 T 14 T   | 17 T   18 TB  | 21 TBU 22 T      (D | E | F)
    15 TBU 16 T | 19 TB  20 T   | 23 T   24 T
    25 T 26 TB  | 29 T   30 T   | 33 TB  34 T      (G | H | I)
    27 T 28 T   | 31 T   32 TBU | 35 T   36 TB
"""

from __future__ import annotations

import random

from bot.games.dice.engine import MRX, DiceMove, DiceState, LayTiles, PickStart, Placement, Roll, Skip, chance

STANDARD = "ABC/DEF/GHI"
SMALL = "ABC/DEF"  # 3x2: A, D and F have underground stations, B, C and E have none


def laid(players: int = 4, tiles: str = STANDARD, expert: str = "") -> DiceState:
    """A game with the tiles laid as written (rows separated by '/'); letters in ``expert`` lie
    expert side up (and make it an expert game)."""
    state = DiceState.new(players, seed=1, options={"expert": bool(expert)})
    placements = tuple(
        Placement(letter, c, r, "expert" if letter in expert else "standard")
        for r, row in enumerate(tiles.split("/")) for c, letter in enumerate(row)
    )
    state.apply(LayTiles(placements))
    return state


def started(players: int = 4, detectives: tuple[int, ...] = (1, 10, 27), mrx: int = 36, tiles: str = STANDARD,
            expert: str = "") -> DiceState:
    """A game in round 1 with the detectives on ``detectives`` (in seat order) and Mr. X on ``mrx``."""
    state = laid(players, tiles, expert)
    for pawn, station in zip([p.id for p in state.detectives()], detectives):
        state.apply(PickStart(pawn, station))
    state.apply(PickStart(MRX, mrx))
    return state


def put(state: DiceState, **stations: int) -> DiceState:
    """Test setup: stand pawns on stations directly (the tracker is not told)."""
    state.positions.update(stations)
    return state


def roll(state: DiceState, *faces: str, pawn: str | None = None) -> list:
    return state.apply(Roll(pawn or state.to_move()[0], tuple(faces)))


def ride(state: DiceState, pawn: str, to: int, die: str) -> list:
    return state.apply(DiceMove(pawn, to, die))


def detectives_play(state: DiceState, turns: list[tuple[tuple[str, ...], int | None, str | None]]) -> None:
    """Play the detectives' turns of a round: each rolls ``faces`` and rides to ``to`` with ``die``
    (or, with ``to`` None, stays: nothing fits)."""
    for faces, to, die in turns:
        pawn = state.to_move()[0]
        roll(state, *faces, pawn=pawn)
        if to is not None:
            ride(state, pawn, to, die)
        elif state.awaiting == "move" and state.to_move() and state.to_move()[0] == pawn:
            state.apply(Skip(pawn, "declined"))


def twins(players: int, seed: int) -> tuple[DiceState, DiceState, list[tuple[list, list]]]:
    """Two games with the same layout, dice and detective moves, in which Mr. X starts on another
    station of the same tile and takes other stations with the same tickets, up to the first
    reveal; and the events of each action in both."""
    rng = random.Random(seed)
    a = DiceState.new(players, seed)
    a.apply(chance.lay_tiles(a, rng))
    while a.to_move() != [MRX]:
        a.apply(rng.choice(a.legal_actions()))
    b = a.copy()
    tile = a.board.stations[rng.choice(a.start_choices())].tile
    free = [s for s in a.start_choices() if a.board.stations[s].tile == tile]
    if len(free) < 2:
        return a, b, []
    first, other = rng.sample(free, 2)
    events = [(a.apply(PickStart(MRX, first)), b.apply(PickStart(MRX, other)))]
    while not a.is_over:
        if a.awaiting == "roll":
            roll = chance.roll(a, rng)
            events.append((a.apply(roll), b.apply(roll)))
        elif a.awaiting == "move":
            safe = [m for m in a.legal_actions() if getattr(m, "to", None) not in (a.mrx_station, b.mrx_station)]
            if not safe:
                break
            action = rng.choice(safe)
            events.append((a.apply(action), b.apply(action)))
        elif a.awaiting == "mrx" and b.awaiting == "mrx" and len(a.logbook) + 1 not in a.rules.reveal_entries:
            move = rng.choice(a.legal_moves(MRX))
            same = [m for m in b.legal_moves(MRX) if m.ticket == move.ticket and m.to != move.to]
            if not same:
                break
            events.append((a.apply(move), b.apply(rng.choice(same))))
        else:
            break
    return a, b, events
