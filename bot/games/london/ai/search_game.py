"""The London-style games (classic, mb1985, master, sanssouci) as a :class:`~bot.ai.search.SearchGame`.

Everything here starts from a view: :func:`detective_setup` from a :class:`PublicView` (Mr. X's
station left open: each determinization draws one from ``view.possible``), :func:`mrx_setup` from a
:class:`MrXView`. No GameState is ever read, so a computer detective cannot see what a person
playing a detective could not.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from bot.games.london.engine.actions import MRX, Action, DoubleMove, Move, Surface, Trade, TripleMove
from bot.games.london.engine.rules import get_rules
from bot.games.london.engine.views import MrXView, PublicView

from bot.ai.pursuit import aim
from bot.ai.search import Listed, WeightedDraw, keyed_by_sight
from bot.games.london.ai.policy import hunter_order, hunter_pick, mrx_candidates, mrx_pick, playout
from bot.games.london.ai.sim import (HUNTER_TURN, HUNTERS_WIN, MRX_TURN, PLENTY, Setup, Sim, apply_hunter, apply_mrx, apply_surface,
                  settle)
from bot.games.london.ai.tables import tables_of
from bot.ai.masks import mask_of

#: how likely Mr. X stands on a possible station, by how many rides it is from the nearest detective
#: (0: unused, 1, 2, 3, 4, 5 or more): location categorization (Nijssen and Winands), measured in
#: games of the search's own Mr. X against its detectives
DISTANCE_WEIGHTS = (0.0, 0.35, 1.0, 1.45, 2.05, 2.1)

Parts = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Surfacing:
    """Mr. X's root choice to show himself before he moves (voluntary surfacing): the tickets he takes,
    as engine names per pawn and as (wallet, ticket) numbers for the search, or a black ticket back."""

    take: tuple[tuple[str, str], ...]
    numbers: tuple[tuple[int, int], ...]
    black_back: bool


#: the key of surfacing among Mr. X's root options
SURFACE = ("surface",)


def read_setup(view: PublicView) -> tuple[Setup, Sim]:
    """The rules as numbers and the state as far as the public knows it (Mr. X's station 0)."""
    rules = get_rules(view.rules).with_options(view.options)
    tables = tables_of(view.board, rules)
    rides = view.board.ride_tickets
    hunters = [p for p in view.pawns if p.role != "mrx"]
    wallet_names = {name: i for i, name in enumerate(_wallet_names(view))}
    mrx = [PLENTY if view.mrx_tickets.get(t) is None else int(view.mrx_tickets[t]) for t in rides]
    mrx += [_count(view.mrx_tickets.get("black")), _count(view.mrx_tickets.get("double"))]
    tix: list[list[int]] = [mrx] + [[] for _ in range(len(wallet_names) - 1)]
    wallet_of = [0]
    for p in hunters:
        if p.wallet is None or p.tickets is None:
            wallet_of.append(-1)
            continue
        index = wallet_names[p.wallet]
        if not tix[index]:
            tix[index] = [_count(p.tickets.get(t, 0)) for t in rides]
        wallet_of.append(index)
    reveal = [False] * (rules.log_entries + 4)
    for entry in range(1, rules.log_entries + 1):
        reveal[entry] = rules.is_reveal(entry)
    setup = Setup(
        tables=tables,
        pawn_ids=(MRX, *(p.id for p in hunters)),
        wallet_of=tuple(wallet_of),
        mrx_unlimited=tuple(view.mrx_tickets.get(t) is None for t in rides) + (False, False),
        reveal=tuple(reveal),
        log_entries=rules.log_entries,
        max_rounds=rules.max_rounds if rules.max_rounds is not None else 1 << 20,
        any_order=rules.any_order,
        stuck_leaves=rules.stuck_pawn_leaves,
        spent_to_mrx=rules.spent_tickets_to == "mrx",
        stay=rides.index(rules.stay_put_ticket) if rules.stay_put_ticket in rides else -1,
        max_multi=rules.max_multi_move,
    )
    pos = [0, *(p.station or 0 for p in hunters)]
    phase = MRX_TURN if view.phase == "mrx" else HUNTER_TURN
    pending: list[int] = []
    if phase == HUNTER_TURN:
        acted = {r["pawn"] for r in view.history
                 if r.get("round") == view.round and r["pawn"] != MRX and ("to" in r or r.get("skip"))}
        pending = [i for i, p in enumerate(hunters, 1) if pos[i] and p.id not in acted]
    possible = view.possible or frozenset(view.board.stations)
    state = Sim(pos, tix, len(view.logbook), view.round, phase, pending, mask_of(possible))
    return setup, state


def _count(n) -> int:
    return PLENTY if n is None else int(n)




class LondonSearch:
    """One decision's search. ``side`` is "mrx" or "detectives"; for the detectives ``weights`` lists
    the stations Mr. X may be on and how likely each is (a determinization draws one)."""

    def __init__(self, setup: Setup, state: Sim, side: str, weights: list[tuple[int, float]] | None = None,
                 horizon: int = 6, eps: float = 0.1, coalition: float = 0.1, paranoia: float = 0.2) -> None:
        self.setup, self.state, self.side = setup, state, side
        self.stop_round = state.round + horizon
        self.eps, self.coalition, self.paranoia = eps, coalition, paranoia
        #: where a determinization puts Mr. X (empty for his own search: he knows)
        self.hidden = WeightedDraw(weights)
        #: the options :meth:`turn` listed, by what they were listed from (see :meth:`listed`)
        self._listed = Listed()

    # -- SearchGame ----------------------------------------------------------------------------

    def determinize(self, rng: Random) -> Sim:
        s = self.state.copy()
        station = self.hidden.draw(rng)
        if station is not None:
            s.pos[0] = station
        return s

    def turn(self, s: Sim, rng: Random):
        S = self.setup
        while True:
            actor, moves = settle(S, s)
            if actor < 0:
                return -1, []
            if actor == 0:
                key = (0, s.entries, tuple(s.pos), tuple(s.tix[0]))
                return 0, self.listed(key, lambda: self.mrx_options(s, moves))
            if self.side == "detectives":
                wallet = S.wallet_of[actor]
                key = (actor, s.belief, tuple(s.pos[1:]), tuple(s.tix[wallet]) if wallet >= 0 else ())
                return actor, self.listed(key, lambda: [((actor, to, t), (to, t))
                                                        for to, t in hunter_order(S, s, actor, moves)])
            # Mr. X's own tree holds only his choices: the detectives move as in a playout.
            targets = aim(S, s, rng, self.paranoia)[actor]
            to, t = hunter_pick(S, s, actor, moves, targets, rng, self.eps)
            apply_hunter(S, s, actor, to, t)

    def listed(self, key: tuple, make) -> list:
        """The options ``make()`` lists, kept by ``key`` for the rest of this search (:class:`Listed`).
        ``key`` holds all that the options are made from: for Mr. X (``0``) the logbook's length, every
        station and his tickets (:func:`mrx_candidates` reads nothing else); for detective ``i`` the
        public belief, the detectives' stations and its tickets (:func:`hunter_order` and its moves read
        nothing else). No chance is drawn in either."""
        return self._listed.get(key, make)

    def mrx_options(self, s: Sim, moves) -> list[tuple[object, Parts]]:
        """Mr. X's candidates keyed as the searching side sees them, each key once, best first."""
        return keyed_by_sight(mrx_candidates(self.setup, s, moves), self.setup.reveal, s.entries, self.side)

    def apply(self, s: Sim, actor: int, action) -> None:
        if isinstance(action, Surfacing):
            apply_surface(self.setup, s, action.numbers, action.black_back)
        elif actor == 0:
            apply_mrx(self.setup, s, action)
        else:
            apply_hunter(self.setup, s, actor, action[0], action[1])

    def playout(self, s: Sim, rng: Random) -> tuple[float, int]:
        paranoia = self.paranoia if self.side == "mrx" else 0.0
        value = playout(self.setup, s, rng, self.stop_round, self.eps, self.eps, paranoia)
        return value, s.capturer if s.winner == HUNTERS_WIN else 0

    def reward(self, result: tuple[float, int], actor: int) -> float:
        value, capturer = result
        if actor == 0:
            return value
        if capturer:
            return 1.0 if capturer == actor else 1.0 - self.coalition
        return (1.0 - value) * (1.0 - self.coalition)


# -- from views to the search and back ------------------------------------------------------------


def detective_setup(view: PublicView, pawn: str) -> tuple[Setup, Sim, int]:
    """The search's setup for detective (or bobby) ``pawn``: its index acts first."""
    setup, state = read_setup(view)
    index = setup.pawn_ids.index(pawn)
    if index in state.pending:
        state.pending.remove(index)
    state.pending.insert(0, index)
    return setup, state, index


def mrx_setup(view: MrXView) -> tuple[Setup, Sim]:
    setup, state = read_setup(view.public)
    state.pos[0] = view.station
    return setup, state


def to_action(setup: Setup, pawn: str, parts) -> Action:
    tickets = setup.tables.tickets
    moves = [Move(pawn, to, tickets[t]) for to, t in parts]
    if len(moves) == 1:
        return moves[0]
    if len(moves) == 2:
        return DoubleMove(*moves)
    return TripleMove(*moves)


def from_move(setup: Setup, move: Move) -> tuple[int, int]:
    return move.to, setup.tables.tickets.index(move.ticket)


def legal_for(setup: Setup, view: MrXView, parts) -> bool:
    """Mr. X's view lists ``parts`` (one, two or three rides) among his legal moves now."""
    moves = tuple(to_action(setup, MRX, (p,)) for p in parts)
    if len(moves) == 1:
        return moves[0] in view.moves
    if len(moves) == 2:
        return view.can_double and moves[0] in view.second_moves and moves[1] in view.second_moves[moves[0]]
    return view.can_triple and moves[2] in view.third_moves.get((moves[0], moves[1]), ())


def mrx_root_options(search: LondonSearch, view: MrXView) -> list[tuple[object, Parts]]:
    """Mr. X's candidates now, each one legal by his view (the engine's own move lists)."""
    singles = [from_move(search.setup, m) for m in view.moves]
    out = [(key, parts) for key, parts in search.mrx_options(search.state, singles)
           if legal_for(search.setup, view, parts)]
    return out or [((p,), (p,)) for p in singles]


def surfacing(setup: Setup, view: MrXView) -> Surfacing | None:
    """Mr. X's surfacing now, if his view allows it: in mb1985 he takes from each detective the kind of
    ticket it has fewest of (a faster transport on a tie), which hurts its rides most; in sanssouci's
    variant a used black ticket comes back (offered only when one is owed)."""
    if not view.can_reveal:
        return None
    public = view.public
    mode = get_rules(public.rules).with_options(public.options).voluntary_reveal
    if mode == "return_black":
        used = sum(1 for e in public.logbook if e.ticket == "black")
        back = sum(1 for r in public.history if r.get("black_returned"))
        # Showing himself for nothing only helps the detectives.
        return Surfacing((), (), True) if used > back else None
    rides = public.board.ride_tickets
    left: dict[str, dict[str, int]] = {}
    wallets = {name: i for i, name in enumerate(_wallet_names(public))}
    take: list[tuple[str, str]] = []
    numbers: list[tuple[int, int]] = []
    for pawn in public.pawns:
        if pawn.role != "detective" or pawn.wallet is None or pawn.tickets is None:
            continue
        wallet = left.setdefault(pawn.wallet, {t: int(pawn.tickets.get(t) or 0) for t in rides})
        held = [t for t in rides if wallet[t] > 0]
        if not held:
            continue
        ticket = min(held, key=lambda t: (wallet[t], -rides.index(t)))
        wallet[ticket] -= 1
        take.append((pawn.id, ticket))
        numbers.append((wallets[pawn.wallet], rides.index(ticket)))
    return Surfacing(tuple(take), tuple(numbers), False)


def _wallet_names(public: PublicView) -> list[str]:
    """The wallets in the order the search numbers them: Mr. X's, then each detective's as seated."""
    names = [MRX]
    for p in public.pawns:
        if p.role != "mrx" and p.wallet is not None and p.tickets is not None and p.wallet not in names:
            names.append(p.wallet)
    return names


def surface_action(plan: Surfacing) -> Surface:
    return Surface(plan.take)


#: a detective hands a kind of ticket over only while it keeps at least this many of it
KEEPS = 2


def helping_hand(view: PublicView, pawn: str) -> Trade | None:
    """Ticket trading (a sanssouci variant): before it moves, detective ``pawn`` hands a ticket to the
    teammate who most needs it: one with none of a kind, fewest rides open now first, a kind that rides
    from where it stands first. At most once a round, and only from plenty (it keeps ``KEEPS``)."""
    rules = get_rules(view.rules).with_options(view.options)
    me = view.pawn(pawn)
    if not rules.ticket_trading or me.role != "detective" or me.wallet is None or me.tickets is None:
        return None
    if any(r.get("trade") and r.get("pawn") == pawn and r.get("round") == view.round for r in view.history):
        return None
    rides = view.board.ride_tickets
    adj = tables_of(view.board, rules).hunter_adj
    best = None
    for other in view.pawns:
        if (other.role != "detective" or other.wallet in (None, me.wallet) or other.station is None
                or other.tickets is None):
            continue
        has = {t: int(other.tickets.get(t) or 0) for t in rides}
        open_now = sum(len(adj[i][other.station]) for i, t in enumerate(rides) if has[t])
        for i, t in enumerate(rides):
            if has[t] == 0 and int(me.tickets.get(t) or 0) > KEEPS:
                key = (open_now, -len(adj[i][other.station]), i)
                if best is None or key < best[0]:
                    best = key, Trade(pawn, other.id, t)
    return best[1] if best else None


def mrx_quick(setup: Setup, state: Sim, view: MrXView, rng: Random, eps: float) -> Parts:
    """Mr. X's playout move, as a mistake-prone greedy player (easy level)."""
    singles = [from_move(setup, m) for m in view.moves]
    parts = mrx_pick(setup, state, singles, rng, eps)
    return parts if legal_for(setup, view, parts) else parts[:1]
