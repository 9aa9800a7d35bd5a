"""Built-in players for simulated games: ``random`` and ``greedy``; and :func:`simulate`.

They choose from views only: detectives from the public view (with its tracker, the stations Mr. X
may be at), Mr. X from his own view. Randomness comes from the ``random.Random`` passed in, so the
same seed always gives the same game. The dice and the layout are drawn by :func:`simulate`'s own
generator (the host's part), never by a player.
"""

from __future__ import annotations

import random
from typing import Protocol

from . import chance
from .actions import Action, DiceMove, MrXDouble, MrXMove, PickStart, Skip
from .rules import BLACK, HELICOPTER, MRX, TRANSPORTS
from .state import DiceState
from .tracker import DiceTracker
from .views import DiceMrXView, DicePublicView

FAR = 9


class Player(Protocol):
    def pick_start(self, view, pawn: str) -> PickStart: ...

    def wants_reroll(self, view: DicePublicView, pawn: str) -> bool: ...

    def choose(self, view, pawn: str) -> Action: ...


class RandomPlayer:
    """Any legal choice; rolls again only when nothing fits, and then only sometimes."""

    def __init__(self, rng: random.Random, double_chance: float = 0.08) -> None:
        self.rng = rng
        self.double_chance = double_chance

    def pick_start(self, view, pawn: str) -> PickStart:
        choices = view.start_choices
        return PickStart(pawn, self.rng.choice(choices))

    def wants_reroll(self, view: DicePublicView, pawn: str) -> bool:
        return view.can_reroll and view.can_skip and self.rng.random() < 0.5

    def choose(self, view, pawn: str) -> Action:
        if isinstance(view, DiceMrXView):
            if view.can_double and self.rng.random() < self.double_chance:
                first = self.rng.choice([m for m in view.second_moves if view.second_moves[m]] or [None])
                if first is not None:
                    return MrXDouble(first, self.rng.choice(view.second_moves[first]))
            return self.rng.choice(view.moves)
        moves = [m for p in view.to_move for m in view.moves.get(p, ())]
        if not moves:
            return Skip(self.rng.choice(view.to_move), "declined")
        return self.rng.choice(moves)


class GreedyPlayer:
    """Detectives close in on the stations Mr. X may be at; Mr. X keeps away from them and keeps
    them guessing.

    A detective steps onto a possible station when the set is small, else towards the middle of
    the set, and keeps the detectives apart. Mr. X prefers stations far from every detective and a
    ticket after which many stations stay possible; he spends a black ticket, the double move or
    the helicopter when a detective is close.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # -- starts --------------------------------------------------------------------------------

    def pick_start(self, view, pawn: str) -> PickStart:
        if isinstance(view, DiceMrXView):
            board = view.public.board
            hunters = [s for _, s in view.public.start_positions]
            dist = board.distances

            def away(s: int) -> tuple:
                near = min((dist[h].get(s, FAR) for h in hunters), default=FAR)
                return (-min(near, 3), -len(board.black[s]), self.rng.random())

            return PickStart(MRX, min(view.start_choices, key=away))
        board = view.board
        dist = board.distances
        taken = [s for _, s in view.start_positions]

        def central(s: int) -> tuple:
            spread = min((dist[s].get(t, FAR) + dist[t].get(s, FAR) for t in taken), default=FAR)
            total = sum(dist[s].values()) + FAR * (len(board.stations) - len(dist[s]))
            return (-min(spread, 6), total, self.rng.random())

        return PickStart(pawn, min(view.start_choices, key=central))

    # -- detectives ----------------------------------------------------------------------------

    def wants_reroll(self, view: DicePublicView, pawn: str) -> bool:
        if not view.can_reroll:
            return False
        if view.can_skip:
            return True
        # Roll again when no die brings anyone closer while Mr. X is pinned down to a few stations.
        possible = view.possible
        if not possible or len(possible) > 4:
            return False
        key = self._closeness(view)
        best = min((key(m)[:2] for p in view.to_move for m in view.moves.get(p, ())), default=None)
        dist = view.board.distances
        now = min(min(dist[view.pawn(p).station].get(s, FAR) for s in possible) for p in view.to_move)
        return best is not None and best[0] == 0 and best[1] >= now

    def _closeness(self, view: DicePublicView):
        """How good a detective's move is (smaller is better): onto a possible station, then
        nearest to the set and to its middle, then away from the other detectives."""
        possible = tuple(view.possible or view.board.stations)
        dist = view.board.distances
        stations = {p.id: p.station for p in view.detectives}
        cache: dict[tuple[str, int], tuple] = {}

        def key(move: DiceMove) -> tuple:
            k = (move.pawn, move.to)
            if k not in cache:
                row = dist[move.to]
                gaps = [row.get(s, FAR) for s in possible]
                crowd = sum(1 for p, s in stations.items() if p != move.pawn and row.get(s, FAR) <= 1)
                cache[k] = (-(move.to in possible), min(gaps), round(sum(gaps) / len(gaps), 1), crowd)
            return cache[k]

        return key

    def choose(self, view, pawn: str) -> Action:
        if isinstance(view, DiceMrXView):
            return self._mrx(view)
        moves = [m for p in view.to_move for m in view.moves.get(p, ())]
        if not moves:
            return Skip(view.to_move[0], "declined")
        key = self._closeness(view)
        return min(moves, key=lambda m: (*key(m), self.rng.random()))

    # -- Mr. X ---------------------------------------------------------------------------------

    def _mrx(self, view: DiceMrXView) -> Action:
        pub = view.public
        board = pub.board
        dist = board.distances
        hunters = [p.station for p in pub.detectives if p.station is not None]
        shown = pub.mrx_shown is not None
        spread: dict[str, int] = {}

        def threat(station: int) -> int:
            return min((dist[h].get(station, FAR) for h in hunters), default=FAR)

        def left_open(ticket: str) -> int:
            if ticket not in spread:
                tracker = DiceTracker(board, pub.possible)
                tracker.moved(ticket, hunters)
                spread[ticket] = len(tracker.possible)
            return spread[ticket]

        def score(move: MrXMove) -> tuple:
            special = 0 if move.ticket in TRANSPORTS else 1
            return (-min(threat(move.to), 3), -min(left_open(move.ticket), 6), special, self.rng.random())

        moves = list(view.moves)
        here = threat(view.station)
        plain = [m for m in moves if m.ticket in TRANSPORTS]
        # Tickets that are not dice are kept for danger, or to vanish after a reveal.
        if plain and here > 2 and not shown:
            moves = plain
        elif plain and here > 1:
            moves = [m for m in moves if m.ticket != HELICOPTER] or moves
        best = min(moves, key=score)
        if view.can_double and threat(best.to) <= 1:
            doubles = [MrXDouble(best, second) for second in view.second_moves.get(best, ())]
            if doubles:
                return min(doubles, key=lambda d: score(d.second))
        if best.ticket == BLACK and not shown and threat(best.to) > 1 and plain:
            return min(plain, key=score)
        return best


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}


def simulate(players: int = 4, seed: int = 0, expert: bool = False, mrx: str | Player = "greedy",
             detectives: str | Player = "greedy", tileset=None, draws=None) -> DiceState:
    """Play a whole game with built-in players (a name of :data:`PLAYERS`, or any player of this
    protocol, such as :class:`bot.ai.DiceComputerPlayer`); the same arguments always give the same game.
    ``draws`` (a label -> a generator, :func:`.chance.chance_label`): where the chance comes from, else the seed."""
    state = DiceState.new(players, seed, {"expert": expert}, tileset)
    dealer = random.Random(seed)
    mrx_player = PLAYERS[mrx](random.Random(seed * 7919 + 1)) if isinstance(mrx, str) else mrx
    detective_player = (PLAYERS[detectives](random.Random(seed * 7919 + 2)) if isinstance(detectives, str)
                        else detectives)
    while not state.is_over:
        now = dealer if draws is None else draws(chance.chance_label(state))
        state.apply(next_action(state, now, mrx_player, detective_player))
    return state


def next_action(state: DiceState, dealer: random.Random, mrx_player: Player, detective_player: Player) -> Action:
    """The next action of a simulated game: chance drawn by ``dealer``, choices by the players."""
    awaiting = state.awaiting
    if awaiting == "layout":
        return chance.lay_tiles(state, dealer)
    if awaiting == "roll":
        return chance.roll(state, dealer)
    if awaiting == "mrx":
        return mrx_player.choose(state.mrx_view(), MRX)
    if awaiting == "start":
        pawn = state.to_move()[0]
        if pawn == MRX:
            return mrx_player.pick_start(state.mrx_view(), MRX)
        return detective_player.pick_start(state.public_view(), pawn)
    view = state.public_view()
    pawn = view.to_move[0]
    if detective_player.wants_reroll(view, pawn):
        return chance.reroll(state, dealer, pawn)
    return detective_player.choose(view, pawn)
