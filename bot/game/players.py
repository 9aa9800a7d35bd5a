"""Simple built-in players for simulated games: random, and greedy.

They see what their side may see: detectives play from the public view, Mr. X from his own.
Randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import MRX, Action, DoubleMove, Move
from .state import GameState
from .tickets import Ticket


class Player(Protocol):
    def choose(self, state: GameState, pawn: str) -> Action: ...


class RandomPlayer:
    """Any legal move; Mr. X sometimes plays a double move."""

    def __init__(self, rng: random.Random, double_chance: float = 0.08) -> None:
        self.rng = rng
        self.double_chance = double_chance

    def choose(self, state: GameState, pawn: str) -> Action:
        moves = state.legal_moves(pawn)
        if pawn == MRX and state.can_double() and self.rng.random() < self.double_chance:
            first = self.rng.choice(moves)
            seconds = state.second_moves(first)
            if seconds:
                return DoubleMove(first, self.rng.choice(seconds))
        return self.rng.choice(moves)


class GreedyPlayer:
    """Detectives close in on the stations Mr. X may be on; Mr. X keeps away from the detectives.

    Each keeps rare tickets for when they matter: a detective prefers the cheapest ticket among
    equally good moves, Mr. X spends a black ticket mostly right after a reveal.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState, pawn: str) -> Action:
        moves = state.legal_moves(pawn)
        dist = state.board.distances()
        if pawn == MRX:
            hunters = [s for s in state.blockers()]
            just_revealed = bool(state.logbook) and state.logbook[-1].shown

            def safety(move: Move) -> tuple:
                nearest = min((dist[move.to].get(h, 99) for h in hunters), default=99)
                spend = 0 if move.ticket is not Ticket.BLACK else (-1 if just_revealed else 2)
                return (-min(nearest, 3), spend, -len(state.board.neighbours[move.to]), self.rng.random())

            best = min(moves, key=safety)
            if state.can_double() and min((dist[best.to].get(h, 99) for h in hunters), default=99) <= 1:
                doubles = [DoubleMove(best, second) for second in state.second_moves(best)]
                if doubles:
                    return min(doubles, key=lambda d: safety(d.second))
            return best
        possible = state.tracker.possible or frozenset(state.board.stations)
        wallet = state.tickets(pawn)

        def closeness(move: Move) -> tuple:
            if move.to in possible and len(possible) <= 3:
                return (-1, 0, 0)
            nearest = min(dist[move.to].get(s, 99) for s in possible)
            # Among equally close moves, spend the ticket kind the pawn has most of.
            left = -(wallet.get(move.ticket) or 0)
            return (nearest, left, self.rng.random())

        return min(moves, key=closeness)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}


def play_game(
    rules: str = "classic",
    players: int = 5,
    seed: int = 0,
    mrx: str = "greedy",
    detectives: str = "greedy",
    options: dict[str, bool] | None = None,
) -> GameState:
    """Play a whole game with built-in players; the same arguments always give the same game."""
    state = GameState.new(rules, players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + 1)
    mrx_player = PLAYERS[mrx](rng)
    detective_player = PLAYERS[detectives](rng)
    while not state.is_over:
        # In any order a stuck pawn waits (it may be freed by another's move), so pick a movable one.
        movable = [p for p in state.to_move() if state.legal_moves(p)]
        pawn = rng.choice(movable)
        player = mrx_player if pawn == MRX else detective_player
        state.apply(player.choose(state, pawn))
    return state
