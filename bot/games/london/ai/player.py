"""Computer players at three levels, for either side, choosing from views only (never a GameState).

``ComputerPlayer(level, seed).choose(view, pawn)`` follows :class:`bot.games.london.engine.players.Strategy`. The same
seed, view and pawn always give the same action: each decision draws from its own generator, seeded
from the player's seed and the public position, and the search stops after a fixed number of
iterations (the time budget is only an upper bound for a slow machine).
"""

from __future__ import annotations

import time
from random import Random

from bot.games.london.engine.actions import MRX, Action, Pass
from bot.games.london.engine.views import MrXView, PublicView

from bot.ai.levels import Level
from bot.ai.pursuit import location_weights
from bot.ai.search import Choice, search
from bot.games.london.ai.policy import hunter_order
from bot.games.london.ai.search_game import (DISTANCE_WEIGHTS, SURFACE, LondonSearch, Surfacing, detective_setup,
                                             from_move, helping_hand, mrx_quick, mrx_root_options, mrx_setup,
                                             surface_action, surfacing, to_action)




LEVEL_SETTINGS = {
    "easy": Level(iterations=0, seconds=0.5, eps=0.2),
    # Mr. X's search gains more from each iteration than the detectives' (one player, not five): at 300
    # he escaped normal detectives as often as hard did (92 %), so normal Mr. X looks less far ahead.
    "normal": Level(iterations=300, seconds=1.0, mrx_iterations=50),
    "hard": Level(iterations=2500, seconds=1.6),
}
LEVELS = tuple(LEVEL_SETTINGS)


class ComputerPlayer:
    """A computer player for Mr. X or the detectives of a London-style game.

    ``iterations`` overrides the level's search iterations (tests use fewer); ``time_budget`` caps
    the seconds per decision (default: the level's).
    """

    def __init__(self, level: str, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None) -> None:
        if level not in LEVEL_SETTINGS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = int(seed)
        settings = LEVEL_SETTINGS[level]
        self.settings = settings
        self.iterations = settings.iterations if iterations is None else int(iterations)
        mrx = settings.mrx_iterations if settings.mrx_iterations is not None else settings.iterations
        self.mrx_iterations = mrx if iterations is None else int(iterations)
        self.time_budget = settings.seconds if time_budget is None else float(time_budget)
        #: what the latest search saw (None after a decision without search)
        self.last: Choice | None = None

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"

    def choose(self, view: PublicView | MrXView, pawn: str) -> Action:
        if pawn == MRX:
            if not isinstance(view, MrXView):
                raise TypeError(f"Mr. X chooses from his MrXView, not {type(view).__name__}")
            return self._mrx(view)
        if not isinstance(view, PublicView):
            raise TypeError(f"a detective chooses from the PublicView, not {type(view).__name__}")
        return self._detective(view, pawn)

    def _rng(self, public: PublicView, pawn: str) -> Random:
        # A str seed is hashed with SHA-512, so the stream is the same in every process.
        return Random(f"{self.seed}/{pawn}/{public.round}/{len(public.logbook)}/{len(public.history)}")

    def _game(self, setup, state, side: str, weights) -> LondonSearch:
        level = self.settings
        return LondonSearch(setup, state, side, weights, horizon=level.horizon, eps=level.eps,
                            coalition=level.coalition, paranoia=level.paranoia)

    def _search(self, game: LondonSearch, options, actor: int, rng: Random, depth: int) -> Choice:
        level = self.settings
        iterations = self.mrx_iterations if actor == 0 else self.iterations
        return search(game, options, actor, iterations, rng, time.perf_counter() + self.time_budget,
                      exploration=level.exploration, widening=level.widening, depth=depth)

    def _detective(self, view: PublicView, pawn: str) -> Action:
        self.last = None
        legal = view.moves.get(pawn, ())
        if not legal:
            return Pass(pawn, "stuck")
        trade = helping_hand(view, pawn)
        if trade is not None:
            return trade
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(view, pawn)
        setup, state, index = detective_setup(view, pawn)
        weights = location_weights(setup, state, view.possible or view.board.stations, DISTANCE_WEIGHTS)
        game = self._game(setup, state, "detectives", weights)
        moves = hunter_order(setup, state, index, [from_move(setup, m) for m in legal])
        if not self.iterations:  # the playout judgement, with mistakes
            return to_action(setup, pawn, (rng.choice(moves) if rng.random() < self.settings.eps else moves[0],))
        self.last = self._search(game, [((index, *m), m) for m in moves], index, rng,
                                 self.settings.tree_rounds * len(setup.pawn_ids))
        to, t = self.last.action
        return to_action(setup, pawn, ((to, t),))

    def _mrx(self, view: MrXView) -> Action:
        self.last = None
        rng = self._rng(view.public, MRX)
        setup, state = mrx_setup(view)
        if not self.mrx_iterations:
            return to_action(setup, MRX, mrx_quick(setup, state, view, rng, self.settings.eps))
        game = self._game(setup, state, "mrx", None)
        options = mrx_root_options(game, view)
        plan = surfacing(setup, view)
        if plan is not None:  # showing himself first is one more choice, searched like the rest
            options.append((SURFACE, plan))
        if len(options) == 1:
            return to_action(setup, MRX, options[0][1])
        self.last = self._search(game, options, 0, rng, self.settings.tree_rounds + 1)
        if isinstance(self.last.action, Surfacing):
            return surface_action(self.last.action)
        return to_action(setup, MRX, self.last.action)
