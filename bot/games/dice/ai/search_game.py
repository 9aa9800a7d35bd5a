"""Computer players for the dice game (Hunting Mister X): the London players' search on the dice
game's own simulator.

    >>> from bot.games.dice.ai import DiceComputerPlayer
    >>> player = DiceComputerPlayer("hard", seed=7)
    >>> player.pick_start(view, pawn)       # PickStart: DicePublicView (detectives) or DiceMrXView (Mr. X)
    >>> player.wants_reroll(view, pawn)     # a detective's roll-again token
    >>> player.choose(view, pawn)           # DiceMove / Skip, or MrXMove / MrXDouble

The protocol of :class:`bot.games.dice.engine.players.Player`. Everything here starts from a view: a detective
from the :class:`DicePublicView` (Mr. X's station left open: each determinization draws one from
``view.possible``), Mr. X from his :class:`DiceMrXView`. No DiceState is ever read, so a computer
detective cannot see what a person playing a detective could not.
"""

from __future__ import annotations

import time
from random import Random

from bot.games.dice.engine.actions import Action, DiceMove, MrXDouble, MrXMove, PickStart, Skip
from bot.games.dice.engine.rules import MRX, RULES
from bot.games.dice.engine.views import DiceMrXView, DicePublicView

from bot.games.dice.ai.policy import (MOVE, REROLL, SKIP, hunter_actions, hunter_step, mrx_candidates, mrx_pick, playout, start_order, start_score)
from bot.games.dice.ai.sim import (FACES, HUNTER_TURN, HUNTERS_WIN, MRX_TURN, TICKETS, DiceSetup, DiceSim, apply_hunter,
                       apply_mrx, dice_tables, mask_of, reroll, settle, skip)
from bot.ai.levels import Level
from bot.ai.pursuit import location_weights as weighed_by_distance
from bot.ai.search import Choice, Listed, WeightedDraw, keyed_by_sight, search

#: how likely Mr. X stands on a possible station, by how many rides it is from the nearest detective
#: (0: unused, 1, 2, 3, 4 or more): location categorization (Nijssen and Winands) for the dice game,
#: measured by bench/ai_dice_weights.py (the search's normal Mr. X against greedy detectives, 300 games)
DISTANCE_WEIGHTS = (0.0, 0.47, 1.26, 1.68, 1.84)

FACE_INDEX = {f: i for i, f in enumerate(FACES)}
TICKET_INDEX = {t: i for i, t in enumerate(TICKETS)}

Parts = tuple[tuple[int, int], ...]

DICE_LEVEL_SETTINGS = {
    "easy": Level(iterations=0, seconds=0.5, eps=0.2),
    "normal": Level(iterations=500, seconds=1.0),
    "hard": Level(iterations=2000, seconds=1.6),
}
DICE_LEVELS = tuple(DICE_LEVEL_SETTINGS)


# -- from views to the search ------------------------------------------------------------------


def read_setup(view: DicePublicView) -> tuple[DiceSetup, DiceSim]:
    """The rules as numbers and the state as far as the public knows it (Mr. X's station 0)."""
    if view.board is None:
        raise ValueError("the tiles are not laid yet: nobody has a choice")
    rules = RULES
    pawns = view.pawns
    seats = view.players - 1
    log_entries = view.log_entries
    reveal = [False] * (log_entries + 3)
    for entry in view.reveal_entries:
        reveal[entry] = True
    setup = DiceSetup(
        tables=dice_tables(view.board),
        pawn_ids=tuple(p.id for p in pawns),
        seat_of=tuple(p.seats[0] for p in pawns),
        seat_pawns=((), *(tuple(i for i, p in enumerate(pawns) if p.role != MRX and p.seats[0] == seat)
                          for seat in range(1, seats + 1))),
        seats=seats,
        dice=view.dice_per_round,
        faces=tuple(FACE_INDEX[f] for f in rules.dice_faces),
        reveal=tuple(reveal),
        log_entries=log_entries,
    )
    pos = [0, *(p.station or 0 for p in pawns[1:])]
    tickets = view.mrx_tickets
    if view.phase == "detectives":
        acted = {r["pawn"] for r in view.history
                 if r.get("round") == view.round and r["pawn"] != MRX and ("die" in r or r.get("skip"))}
        slots = [tuple(p for p in slot if setup.pawn_ids[p] not in acted) for slot in setup.slots(view.round)]
        slots = [slot for slot in slots if slot]
        phase, round_ = HUNTER_TURN, view.round
    elif view.phase == "mrx":
        slots, phase, round_ = [], MRX_TURN, view.round
    else:  # picking starts: the state as round 1 will begin
        slots, phase, round_ = setup.slots(1), HUNTER_TURN, 1
    state = DiceSim(
        pos, view.reroll_tokens, tickets["black"], tickets["double"], tickets["helicopter"], len(view.logbook),
        round_, phase, slots, None if view.rolled is None else [FACE_INDEX[f] for f in view.rolled],
        [FACE_INDEX[f] for f in view.used_faces], view.final, mask_of(view.possible),
    )
    return setup, state


def location_weights(setup: DiceSetup, state: DiceSim, possible) -> list[tuple[int, float]]:
    """(station, weight) for each station Mr. X may be on, in station order (the dice game's weights)."""
    return weighed_by_distance(setup, state, possible, DISTANCE_WEIGHTS)  # type: ignore[arg-type]


class DiceSearch:
    """One decision's search (a :class:`~bot.ai.search.SearchGame`). ``side`` is "mrx" or
    "detectives"; for the detectives ``weights`` lists the stations Mr. X may be on and how likely
    each is (a determinization draws one). The dice are chance inside :meth:`turn` and the playouts:
    one tree serves every roll, a ride judged by how often the dice offered it."""

    def __init__(self, setup: DiceSetup, state: DiceSim, side: str, weights: list[tuple[int, float]] | None = None,
                 eps: float = 0.1, coalition: float = 0.1, paranoia: float = 0.2) -> None:
        self.setup, self.state, self.side = setup, state, side
        self.eps, self.coalition, self.paranoia = eps, coalition, paranoia
        #: where a determinization puts Mr. X (empty for his own search: he knows)
        self.hidden = WeightedDraw(weights)
        #: Mr. X's start: [station] -> the stations of its tile the detectives must then suspect
        self.start_belief: dict[int, int] = {}
        #: the options :meth:`turn` listed (Mr. X's, 0 first in the key; the acting detective's, his seat
        #: first), by what they were listed from (see :meth:`mrx_options` and :meth:`turn`)
        self._listed = Listed()

    # -- SearchGame ----------------------------------------------------------------------------

    def determinize(self, rng: Random) -> DiceSim:
        s = self.state.copy()
        station = self.hidden.draw(rng)
        if station is not None:
            s.pos[0] = station
        return s

    def turn(self, s: DiceSim, rng: Random):
        S = self.setup
        while True:
            actor, moves = settle(S, s, rng)
            if actor < 0:
                return -1, []
            if actor == 0:
                key = (0, s.entries, tuple(s.pos), s.belief, tuple(s.used), s.black, s.heli, s.double)
                return 0, self._listed.get(key, lambda: self.mrx_options(s, moves))
            if self.side == "detectives":
                # His rides, rolling again and staying read nothing but the belief, the detectives' stations,
                # the roll, the pawns it may move and the tokens left (no chance is drawn for them).
                key = (actor, s.belief, tuple(s.pos[1:]), tuple(s.rolled), s.slots[0], s.tokens)
                return actor, self._listed.get(key, lambda: [(a, a) for a in hunter_actions(S, s, moves)])
            # Mr. X's own tree holds only his choices: the detectives roll and move as in a playout.
            hunter_step(S, s, moves, rng, self.eps, self.paranoia)

    def mrx_options(self, s: DiceSim, moves) -> list[tuple[object, Parts]]:
        """Mr. X's candidates keyed as the searching side sees them, each key once, best first: the
        detectives see the tickets, and the station of a reveal entry. Made from nothing but the logbook's
        length, every station, the detectives' belief, the dice they used (in order) and his tickets, which
        :meth:`turn` keeps them by."""
        return keyed_by_sight(mrx_candidates(self.setup, s, moves), self.setup.reveal, s.entries, self.side)

    def apply(self, s: DiceSim, actor: int, action) -> None:
        S = self.setup
        if actor == 0:
            if type(action) is int:  # his start
                s.pos[0] = action
                s.belief = self.start_belief[action]
            else:
                apply_mrx(S, s, action)
            return
        kind = action[0]
        if kind == MOVE:
            apply_hunter(S, s, action[1], action[2], action[3])
        elif kind == REROLL:
            reroll(s)
        else:
            skip(s, action[1])

    def playout(self, s: DiceSim, rng: Random) -> tuple[float, int]:
        paranoia = self.paranoia if self.side == "mrx" else 0.0
        value = playout(self.setup, s, rng, self.eps, self.eps, paranoia)
        return value, s.capturer if s.winner == HUNTERS_WIN else -1

    def reward(self, result: tuple[float, int], actor: int) -> float:
        value, capturer = result
        if actor == 0:
            return value
        if capturer >= 0:
            return 1.0 if capturer == actor else 1.0 - self.coalition
        return (1.0 - value) * (1.0 - self.coalition)


# -- the players -------------------------------------------------------------------------------


class DiceComputerPlayer:
    """A computer player for Mr. X or the detectives of the dice game, at level easy, normal or hard.

    ``iterations`` overrides the level's search iterations (tests use fewer); ``time_budget`` caps
    the seconds per decision (default: the level's). Deterministic: each decision draws from its own
    generator, seeded from the player's seed and the public position, and the search stops after the
    level's iterations (the time budget is only an upper bound for a slow machine).
    """

    def __init__(self, level: str, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None) -> None:
        if level not in DICE_LEVEL_SETTINGS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(DICE_LEVELS)}")
        self.level = level
        self.seed = int(seed)
        settings = DICE_LEVEL_SETTINGS[level]
        self.settings = settings
        self.iterations = settings.iterations if iterations is None else int(iterations)
        self.time_budget = settings.seconds if time_budget is None else float(time_budget)
        #: what the latest search saw (None after a decision without search)
        self.last: Choice | None = None
        #: the latest detective decision: (position key, action) (wants_reroll, then choose, on one view)
        self._decided: tuple[tuple, tuple] | None = None

    def __repr__(self) -> str:
        return f"DiceComputerPlayer({self.level!r}, seed={self.seed})"

    # -- the protocol ------------------------------------------------------------------------------

    def pick_start(self, view: DicePublicView | DiceMrXView, pawn: str) -> PickStart:
        if pawn == MRX:
            return PickStart(MRX, self._mrx_start(self._mrx_view(view)))
        view = self._public_view(view)
        if not view.start_choices:
            raise ValueError(f"{pawn} has no start station to pick now")
        setup, _ = read_setup(view)
        taken = [s for _, s in view.start_positions]
        order = start_order(setup, taken, view.start_choices)
        rng = self._rng(view, pawn, "start")
        if not self.iterations and rng.random() < self.settings.eps:  # easy: a near-best start now and then
            return PickStart(pawn, rng.choice(order[:4]))
        return PickStart(pawn, order[0])

    def wants_reroll(self, view: DicePublicView, pawn: str) -> bool:
        view = self._public_view(view)
        if not view.can_reroll:
            return False
        return self._detective(view, pawn)[0] == REROLL

    def choose(self, view: DicePublicView | DiceMrXView, pawn: str) -> Action:
        if pawn == MRX:
            return self._mrx(self._mrx_view(view))
        view = self._public_view(view)
        decision = self._detective(view, pawn)
        if decision[0] == REROLL:
            # Asked to choose anyway: the best of the rest.
            decision = self._without_reroll(view, pawn)
        if decision[0] == MOVE:
            _, index, to, face = decision
            return DiceMove(self._pawn_id(view, index), to, FACES[face])
        if decision[0] == SKIP:
            return Skip(self._pawn_id(view, decision[1]), "declined")
        return Skip(pawn, "declined")

    # -- helpers -----------------------------------------------------------------------------------

    @staticmethod
    def _public_view(view) -> DicePublicView:
        if not isinstance(view, DicePublicView):
            raise TypeError(f"a detective chooses from the DicePublicView, not {type(view).__name__}")
        return view

    @staticmethod
    def _mrx_view(view) -> DiceMrXView:
        if not isinstance(view, DiceMrXView):
            raise TypeError(f"Mr. X chooses from his DiceMrXView, not {type(view).__name__}")
        return view

    @staticmethod
    def _pawn_id(view: DicePublicView, index: int) -> str:
        return view.pawns[index].id

    def _key(self, public: DicePublicView, pawn: str, what: str) -> str:
        return (f"dice/{self.seed}/{pawn}/{what}/{public.round}/{len(public.logbook)}/{len(public.history)}/"
                f"{len(public.start_positions)}/{public.reroll_tokens}/{public.rolled}")

    def _rng(self, public: DicePublicView, pawn: str, what: str) -> Random:
        # A str seed is hashed with SHA-512, so the stream is the same in every process.
        return Random(self._key(public, pawn, what))

    def _search(self, game: DiceSearch, options, actor: int, rng: Random, depth: int) -> Choice:
        level = self.settings
        return search(game, options, actor, self.iterations, rng, time.perf_counter() + self.time_budget,
                      exploration=level.exploration, widening=level.widening, depth=depth)

    def _game(self, setup: DiceSetup, state: DiceSim, side: str, weights=None) -> DiceSearch:
        level = self.settings
        return DiceSearch(setup, state, side, weights, eps=level.eps, coalition=level.coalition,
                          paranoia=level.paranoia)

    # -- detectives --------------------------------------------------------------------------------

    def _root(self, view: DicePublicView, pawn: str):
        """The acting detective's setup, state and legal choices (his rides, rolling again, staying), best
        first."""
        setup, state = read_setup(view)
        index = {pid: i for i, pid in enumerate(setup.pawn_ids)}
        moves = [(index[m.pawn], m.to, FACE_INDEX[m.die]) for p in view.to_move for m in view.moves.get(p, ())]
        actions = hunter_actions(setup, state, moves)
        allowed = set((MOVE, *m) for m in moves)
        if view.can_reroll:
            allowed.add((REROLL,))
        if view.can_skip:
            allowed.update((SKIP, index[p]) for p in view.to_move)
        return setup, state, [a for a in actions if a in allowed]

    def _detective(self, view: DicePublicView, pawn: str) -> tuple:
        # The same position (wants_reroll, then choose): the same search, so its answer is kept.
        key = (self._key(view, pawn, "turn"), tuple(p.station for p in view.pawns), view.used, view.possible)
        if self._decided is not None and self._decided[0] == key:
            return self._decided[1]
        self.last = None
        if view.awaiting != "move" or pawn not in view.to_move:
            raise ValueError(f"{pawn} has no choice to make now")
        setup, state, actions = self._root(view, pawn)
        rng = self._rng(view, pawn, "turn")
        if not actions:
            decision: tuple = (SKIP, setup.pawn_ids.index(pawn))
        elif len(actions) == 1:
            decision = actions[0]
        elif not self.iterations:  # the playout judgement, with mistakes
            rides = [a for a in actions if a[0] == MOVE]
            if rides and rng.random() < self.settings.eps:
                decision = rng.choice(rides)
            else:
                decision = rides[0] if rides else actions[0]
        else:
            weights = location_weights(setup, state, view.possible or setup.tables.stations)
            game = self._game(setup, state, "detectives", weights)
            actor = setup.seat_of[setup.pawn_ids.index(pawn)]
            self.last = self._search(game, [(a, a) for a in actions], actor, rng,
                                     self.settings.tree_rounds * len(setup.pawn_ids))
            decision = self.last.action
        self._decided = (key, decision)
        return decision

    def _without_reroll(self, view: DicePublicView, pawn: str) -> tuple:
        _, _, actions = self._root(view, pawn)
        rest = [a for a in actions if a[0] != REROLL]
        if not rest:
            return (REROLL,)
        stats = self.last.stats if self.last is not None else {}
        rank = {a: i for i, a in enumerate(rest)}
        return max(rest, key=lambda a: (*stats.get(a, (0, 0.0)), -rank[a]))

    # -- Mr. X ---------------------------------------------------------------------------------

    def _mrx(self, view: DiceMrXView) -> Action:
        self.last = None
        if not view.moves:
            raise ValueError("Mr. X has no move to make now")
        setup, state = read_setup(view.public)
        state.pos[0] = view.station
        rng = self._rng(view.public, MRX, "move")
        singles = [(m.to, TICKET_INDEX[m.ticket]) for m in view.moves]
        if not self.iterations:
            parts = mrx_pick(setup, state, singles, rng, self.settings.eps)
            return to_action(parts) if legal_for(view, parts) else to_action(parts[:1])
        game = self._game(setup, state, "mrx")
        options = [(key, parts) for key, parts in game.mrx_options(state, singles) if legal_for(view, parts)]
        options = options or [((p,), (p,)) for p in singles]
        if len(options) == 1:
            return to_action(options[0][1])
        self.last = self._search(game, options, 0, rng, self.settings.tree_rounds + 1)
        return to_action(self.last.action)

    def _mrx_start(self, view: DiceMrXView) -> int:
        self.last = None
        choices = view.start_choices
        if not choices:
            raise ValueError("Mr. X has no start station to pick now")
        public = view.public
        setup, state = read_setup(public)
        hunters = [s for _, s in public.start_positions]
        board = setup.tables.board
        free = {}
        for station in choices:
            letter = board.stations[station].tile
            free[station] = mask_of(s for s in board.tile_stations(letter) if s not in hunters)
        order = sorted(choices, key=lambda c: (-start_score(setup, hunters, free[c].bit_count(), c), c))
        rng = self._rng(public, MRX, "start")
        if not self.iterations:
            if rng.random() < self.settings.eps:
                return rng.choice(order[:4])
            return order[0]
        game = self._game(setup, state, "mrx")
        game.start_belief = free
        # Half the iterations: the playouts from the start are the longest of the game (thirteen rounds).
        level = self.settings
        self.last = search(game, [(c, c) for c in order], 0, max(1, self.iterations // 2), rng,
                           time.perf_counter() + self.time_budget, exploration=level.exploration,
                           widening=level.widening, depth=level.tree_rounds + 1)
        return self.last.action


def to_action(parts: Parts) -> MrXMove | MrXDouble:
    moves = [MrXMove(to, TICKETS[t]) for to, t in parts]
    return moves[0] if len(moves) == 1 else MrXDouble(moves[0], moves[1])


def legal_for(view: DiceMrXView, parts: Parts) -> bool:
    """Mr. X's view lists ``parts`` (one or two rides) among his legal moves now."""
    action = to_action(parts)
    if isinstance(action, MrXMove):
        return action in view.moves
    return view.can_double and action.second in view.second_moves.get(action.first, ())

