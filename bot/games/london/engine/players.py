"""Simple built-in players for simulated games: random, and greedy.

A player chooses from what its side may see and nothing more: a detective (or bobby) from the
:class:`PublicView`, Mr. X from his :class:`MrXView`. Neither ever receives the game state, so a
detective strategy cannot reach Mr. X's hidden station. Randomness comes from the
``random.Random`` passed in.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import MRX, Action, DoubleMove, Move
from .rules import RuleSet, get_rules
from .state import GameState
from .tickets import BLACK
from .views import MrXView, PublicView


class Strategy(Protocol):
    def choose(self, view: PublicView | MrXView, pawn: str) -> Action: ...


def _moves(view: PublicView | MrXView, pawn: str) -> tuple[Move, ...]:
    _require_view(view)
    if isinstance(view, MrXView):
        return view.moves
    return view.moves.get(pawn, ())


def _require_view(view: object) -> None:
    if not isinstance(view, (PublicView, MrXView)):
        raise TypeError(f"a player chooses from a PublicView or MrXView, not {type(view).__name__}")


class RandomPlayer:
    """Any legal move; Mr. X sometimes plays a double move."""

    def __init__(self, rng: random.Random, double_chance: float = 0.08) -> None:
        self.rng = rng
        self.double_chance = double_chance

    def choose(self, view: PublicView | MrXView, pawn: str) -> Action:
        moves = _moves(view, pawn)
        if isinstance(view, MrXView) and view.can_double and self.rng.random() < self.double_chance:
            first = self.rng.choice(moves)
            seconds = view.second_moves.get(first, ())
            if seconds:
                return DoubleMove(first, self.rng.choice(seconds))
        return self.rng.choice(moves)


class GreedyPlayer:
    """Detectives close in on the stations Mr. X may be on; Mr. X keeps away from the detectives.

    Each keeps rare tickets for when they matter: a detective prefers the ticket it has most of
    among equally good moves, Mr. X spends a black ticket mostly right after a reveal.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PublicView | MrXView, pawn: str) -> Action:
        _require_view(view)
        if isinstance(view, MrXView):
            return self._mrx(view)
        return self._detective(view, pawn)

    def _mrx(self, view: MrXView) -> Action:
        public = view.public
        dist = public.board.distances()
        hunters = [p.station for p in public.detectives if p.station is not None]
        just_revealed = bool(public.logbook) and public.logbook[-1].station is not None

        def safety(move: Move) -> tuple:
            nearest = min((dist[move.to].get(h, 99) for h in hunters), default=99)
            spend = 0 if move.ticket != BLACK else (-1 if just_revealed else 2)
            return (-min(nearest, 3), spend, -len(public.board.neighbours[move.to]), self.rng.random())

        best = min(view.moves, key=safety)
        if view.can_double and min((dist[best.to].get(h, 99) for h in hunters), default=99) <= 1:
            doubles = [DoubleMove(best, second) for second in view.second_moves.get(best, ())]
            if doubles:
                return min(doubles, key=lambda d: safety(d.second))
        return best

    def _detective(self, view: PublicView, pawn: str) -> Action:
        dist = view.board.distances()
        possible = view.possible or frozenset(view.board.stations)
        wallet = view.pawn(pawn).tickets or {}

        def closeness(move: Move) -> tuple:
            if move.to in possible and len(possible) <= 3:
                return (-1, 0, 0)
            nearest = min(dist[move.to].get(s, 99) for s in possible)
            # Among equally close moves, spend the ticket kind the pawn has most of.
            left = -(wallet.get(move.ticket) or 0)
            return (nearest, left, self.rng.random())

        return min(view.moves[pawn], key=closeness)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}


def view_for(state: GameState, pawn: str) -> PublicView | MrXView:
    """What the player of ``pawn`` may see: Mr. X his own view, everyone else the public one."""
    return state.mrx_view() if pawn == MRX else state.public_view()


def play_game(
    rules: str | RuleSet = "classic",
    players: int = 5,
    seed: int = 0,
    mrx: str | Strategy = "greedy",
    detectives: str | Strategy = "greedy",
    options: dict[str, bool] | None = None,
    hidden: int | None = None,
) -> GameState:
    """Play a whole game with built-in players (a name of :data:`PLAYERS`, or any player that chooses
    from views, such as :class:`bot.ai.ComputerPlayer`); the same arguments always give the same game."""
    rules = get_rules(rules) if isinstance(rules, str) else rules
    state = GameState.new(rules, players=players, seed=seed, options=options, hidden=hidden)
    rng = random.Random(seed * 7919 + 1)
    mrx_player = PLAYERS[mrx](rng) if isinstance(mrx, str) else mrx
    detective_player = PLAYERS[detectives](rng) if isinstance(detectives, str) else detectives
    while not state.is_over:
        # In any order a stuck pawn waits (it may be freed by another's move), so pick a movable one.
        movable = [p for p in state.to_move() if state.legal_moves(p)]
        pawn = rng.choice(movable)
        player = mrx_player if pawn == MRX else detective_player
        state.apply(player.choose(view_for(state, pawn), pawn))
    return state
