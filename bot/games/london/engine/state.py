"""The game state: setup, legal moves, applying actions, the outcome.

``GameState`` is the only mutable thing in the engine. It is cheap to :meth:`~GameState.copy`,
serialises to JSON (:meth:`~GameState.snapshot`) and replays from its action list
(:func:`bot.games.london.engine.record.replay`). It knows nothing of people: the caller decides which person
may move which pawn (``Pawn.seats``) and asks :meth:`~GameState.to_move` whose turn it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator

from .actions import MRX, Action, DoubleMove, Move, Pass, Resign, Surface, Trade, TripleMove
from .board import Board, load_board
from bot.games.errors import BadRecord, BoardError, GameError, GameOver, IllegalMove, InvalidAction, NoTicket, NotYourTurn
from bot.games.errors import OptionUnavailable, StationOccupied, quoted
from .events import (
    Event,
    GameEnded,
    MrXMoved,
    MrXSurfaced,
    Outcome,
    PawnMoved,
    PawnPassed,
    RoundEnded,
    TicketHandedOver,
)
from .rules import RuleSet, get_rules
from .tickets import BLACK, DOUBLE
from .tracker import Tracker, mrx_rides
from .views import MrXView, PublicView, mrx_view, public_view

MRX_PHASE = "mrx"
DETECTIVE_PHASE = "detectives"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Pawn:
    id: str
    role: str  # "mrx", "detective" or "bobby"
    colour: str
    #: seats that may move this pawn: 0 is Mr. X, 1.. are the detective players
    seats: tuple[int, ...]
    #: whose tickets the pawn spends (None: a bobby, who needs none)
    wallet: str | None

    @property
    def label(self) -> str:
        if self.role == "mrx":
            return "Mr. X"
        if self.role == "bobby":
            return f"Bobby {self.id[1:]}"
        return self.colour.title()


@dataclass(frozen=True, slots=True)
class LogEntry:
    number: int
    ticket: str
    station: int  # hidden unless revealed: only the private view and the record show it
    round: int
    double: bool
    revealed: bool  # a reveal entry of the rules
    surfaced: bool = False  # shown later by voluntary surfacing
    triple: bool = False  # one of three entries of a triple move

    @property
    def shown(self) -> bool:
        return self.revealed or self.surfaced


class GameState:
    """One game of a London-style Scotland Yard."""

    def __init__(self) -> None:  # use GameState.new() or GameState.from_snapshot()
        self.rules: RuleSet
        self.board: Board
        self.seed: int
        self.players: int
        self.options: dict[str, bool]
        self.pawns: tuple[Pawn, ...]
        self.pawn: dict[str, Pawn]
        self.start: dict[str, int]
        self.positions: dict[str, int | None]
        self.wallets: dict[str, dict[str, int | None]]
        self.start_wallets: dict[str, dict[str, int | None]]
        self.start_candidates: frozenset[int]
        self.round = 1
        self.phase = MRX_PHASE
        self.pending: list[str] = []
        self.logbook: list[LogEntry] = []
        self.history: list[dict[str, Any]] = []
        self.outcome: Outcome | None = None
        self.tracker: Tracker

    # -- setup ---------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet | str = "classic",
        players: int = 5,
        seed: int = 0,
        options: dict[str, bool] | None = None,
        board: Board | None = None,
    ) -> "GameState":
        """Deal a new game for ``players`` people (Mr. X included), drawing start cards with ``seed``."""
        rules = get_rules(rules) if isinstance(rules, str) else rules
        rules.require_available(board_given=board is not None)
        detective_players = rules.detective_players(players)
        board = board or load_board(rules.board)
        state = cls()
        state.options = _check_options(rules, board, options or {})
        # The rules this game is played by: the preset with the chosen variants' changes.
        rules = rules.with_options(state.options)
        state.rules, state.board, state.seed, state.players = rules, board, int(seed), players

        seats = rules.detective_seats[detective_players]
        if rules.extra_detective:  # one more detective, for the first detective player
            extra = max(i for seat in seats for i in seat) + 1
            seats = ((*seats[0], extra), *seats[1:])
        indexes = sorted({i for seat in seats for i in seat})
        pooled = rules.pooled_tickets.get(detective_players, False)
        team = tuple(range(1, detective_players + 1))
        pawns = [Pawn(MRX, "mrx", "black", (0,), MRX)]
        first = rules.detective_colours[indexes[0]]
        for i in indexes:
            colour = rules.detective_colours[i]
            owners = tuple(n + 1 for n, seat in enumerate(seats) if i in seat)
            pawns.append(Pawn(colour, "detective", colour, owners, first if pooled else colour))
        spare = [c for c in rules.detective_colours if c not in {p.colour for p in pawns}]
        for n in range(rules.bobbies.get(detective_players, 0)):
            pawns.append(Pawn(f"b{n + 1}", "bobby", spare[n % len(spare)] if spare else "white", team, None))
        state.pawns = tuple(pawns)
        state.pawn = {p.id: p for p in pawns}

        detectives = [p for p in pawns if p.role == "detective"]
        black = rules.mrx_black_tickets if rules.mrx_black_tickets is not None else len(detectives)
        regular = board.ride_tickets
        mrx_wallet: dict[str, int | None] = {
            t: (None if rules.mrx_tickets is None else rules.mrx_tickets.get(t, 0)) for t in regular
        }
        mrx_wallet[BLACK] = black
        mrx_wallet[DOUBLE] = rules.mrx_double_tickets
        state.wallets = {MRX: mrx_wallet}
        for p in detectives:
            wallet = state.wallets.setdefault(p.wallet, {t: 0 for t in regular})
            for t in regular:
                wallet[t] += rules.detective_tickets.get(t, 0)
        state.start_wallets = {w: dict(c) for w, c in state.wallets.items()}

        rng = random.Random(state.seed)
        deck = _deck(board, rules.detective_deck)
        rng.shuffle(deck)
        hunters = [p for p in pawns if p.role != "mrx"]
        if len(deck) < len(hunters) + (rules.mrx_deck == rules.detective_deck):
            raise BoardError(f"{board.name}: start-card deck {rules.detective_deck!r} is too small for this game")
        state.start = {p.id: deck.pop() for p in hunters}
        taken = set(state.start.values())
        if rules.mrx_deck == rules.detective_deck:
            mrx_deck = deck
        else:
            mrx_deck = [s for s in _deck(board, rules.mrx_deck) if s not in taken]
            rng.shuffle(mrx_deck)
        state.start[MRX] = mrx_deck.pop()
        state.start_candidates = frozenset(mrx_deck) | {state.start[MRX]}
        state.positions = dict(state.start)
        state.tracker = state._new_tracker(state.start_candidates)
        if rules.mrx_always_visible:
            state.tracker.revealed(state.start[MRX])
        state._advance([])
        return state

    # -- small queries -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def mrx_station(self) -> int:
        """Mr. X's true station. Hidden information: never show it to a detective."""
        station = self.positions[MRX]
        assert station is not None
        return station

    @property
    def entries_left(self) -> int:
        return self.rules.log_entries - len(self.logbook)

    def detectives(self) -> list[Pawn]:
        """Every pawn of the detectives' side (detectives and bobbies), in seat order."""
        return [p for p in self.pawns if p.role != "mrx"]

    def tickets(self, pawn: str) -> dict[str, int | None]:
        """The tickets ``pawn`` can spend (a bobby: none needed, empty dict)."""
        wallet = self.pawn[pawn].wallet
        return self.wallets[wallet] if wallet else {}

    def to_move(self) -> list[str]:
        """The pawns that may act now: Mr. X, the next detective, or (any order) every detective still to move."""
        if self.outcome is not None:
            return []
        if self.phase == MRX_PHASE:
            return [MRX]
        return list(self.pending) if self.rules.any_order else self.pending[:1]

    def blockers(self) -> set[int]:
        """Stations held by detectives and bobbies: Mr. X may not enter them, nor may they share one."""
        return {s for p, s in self.positions.items() if p != MRX and s is not None}

    def seat_pawns(self, seat: int) -> list[str]:
        return [p.id for p in self.pawns if seat in p.seats]

    # -- legal moves ---------------------------------------------------------------------------

    def legal_moves(self, pawn: str | None = None) -> list[Move]:
        """Single moves for ``pawn`` (default: every pawn that may act now). Empty when it is not its turn."""
        pawns = self.to_move() if pawn is None else [pawn] if pawn in self.to_move() else []
        moves: list[Move] = []
        for p in pawns:
            moves.extend(self._pawn_moves(p))
        return moves

    def _new_tracker(self, candidates) -> Tracker:
        return Tracker(self.board, candidates, mrx_rides(self.board, self.rules), self.rules.stay_put_ticket)

    def _pawn_moves(self, pawn: str) -> Iterator[Move]:
        here = self.positions[pawn]
        if here is None:
            return
        if pawn == MRX:
            yield from self._mrx_moves(here, self.wallets[MRX], self.blockers())
            return
        blocked = self.blockers()
        wallet = self.tickets(pawn)
        bobby = self.pawn[pawn].wallet is None
        for ticket in self.board.ride_tickets:
            if bobby or wallet[ticket]:
                for target in self._targets(here, ticket):
                    if target not in blocked:
                        yield Move(pawn, target, ticket)

    def _mrx_moves(self, here: int, wallet: dict[str, int | None], blocked: set[int]) -> Iterator[Move]:
        for ticket in (*self.board.ride_tickets, BLACK):
            count = wallet[ticket]
            if count is None or count > 0:
                for target in self._targets(here, ticket, mrx=True):
                    if target not in blocked and not self._cut_off(here, target, ticket):
                        yield Move(MRX, target, ticket)
        stay = self.rules.stay_put_ticket
        if stay is not None and (wallet.get(stay) is None or wallet[stay] > 0) and stay in wallet:
            yield Move(MRX, here, stay)

    def _rides(self, ticket: str, mrx: bool = False) -> tuple[str, ...]:
        """The transports ``ticket`` pays for, for Mr. X or for a detective, by this game's rules."""
        if mrx:
            return self.tracker.rides.get(ticket, ())
        if ticket == BLACK:
            return ()
        return (*self.board.ticket_transports.get(ticket, ()), *self.rules.detective_extra_rides.get(ticket, ()))

    def _targets(self, here: int, ticket: str, mrx: bool = False) -> tuple[int, ...]:
        """The stations one ride on ``ticket`` reaches from ``here`` (each once, in the board's order)."""
        by = self.board.neighbours[here]
        rides = self._rides(ticket, mrx)
        if len(rides) == 1:
            return by.get(rides[0], ())
        # In the board's transport order, each station once (the order menus and players see).
        return tuple(dict.fromkeys(t for r in rides for t in by.get(r, ())))

    def _cut_off(self, here: int, target: int, ticket: str) -> bool:
        """mb1985's cut-off: Mr. X may not ride over a station another pawn stands on."""
        if not self.options.get("cut_off"):
            return False
        occupied = self.blockers()
        rides = [r for r in self._rides(ticket, mrx=True) if target in self.board.neighbours_by(here, r)]
        # A black ticket may take any transport that joins the two: blocked only if every one is cut off.
        return all(occupied.intersection(self.board.passes(r, here, target)) for r in rides)

    def can_double(self) -> bool:
        return (
            self.phase == MRX_PHASE
            and self.outcome is None
            and bool(self.wallets[MRX][DOUBLE])
            and self.entries_left >= 2
        )

    def can_triple(self) -> bool:
        """A triple move (a variant) spends both double-move tickets at once."""
        return (
            self.rules.max_multi_move >= 3
            and self.can_double()
            and (self.wallets[MRX][DOUBLE] or 0) >= 2
            and self.entries_left >= 3
        )

    def third_moves(self, first: Move, second: Move) -> list[Move]:
        """Mr. X's legal third parts of a triple move that starts with ``first`` and ``second``."""
        if not self.can_triple() or second not in set(self.second_moves(first)):
            return []
        wallet = dict(self.wallets[MRX])
        for part in (first, second):
            if wallet[part.ticket] is not None:
                wallet[part.ticket] -= 1
        return list(self._mrx_moves(second.to, wallet, self.blockers()))

    def can_reveal(self) -> bool:
        """Mr. X may show himself now (voluntary surfacing, or sanssouci's reveal for a black ticket)."""
        return (self.rules.voluntary_reveal is not None and self.phase == MRX_PHASE and self.outcome is None
                and bool(self.logbook) and not self.logbook[-1].shown)

    def legal_trades(self, pawn: str) -> list[Trade]:
        """The tickets ``pawn`` may hand to another detective now (ticket trading, a variant)."""
        if not self.rules.ticket_trading or pawn not in self.to_move() or pawn == MRX:
            return []
        giver = self.pawn[pawn]
        if giver.role != "detective":
            return []
        wallet = self.wallets[giver.wallet]  # type: ignore[index]
        return [Trade(pawn, other.id, t) for other in self.pawns
                if other.role == "detective" and other.wallet != giver.wallet and self.positions[other.id] is not None
                for t in self.board.ride_tickets if wallet[t]]

    def second_moves(self, first: Move) -> list[Move]:
        """Mr. X's legal second parts of a double move that starts with ``first``."""
        if not self.can_double() or first not in set(self._pawn_moves(MRX)):
            return []
        return self._seconds(first)

    def _seconds(self, first: Move) -> list[Move]:
        """The second parts after ``first``, which the caller knows to be a legal first move."""
        wallet = dict(self.wallets[MRX])
        if wallet[first.ticket] is not None:
            wallet[first.ticket] -= 1
        return list(self._mrx_moves(first.to, wallet, self.blockers()))

    def legal_double_moves(self) -> Iterator[DoubleMove]:
        if not self.can_double():
            return
        for first in self.legal_moves(MRX):
            for second in self.second_moves(first):
                yield DoubleMove(first, second)

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except (IllegalMove, NotYourTurn, InvalidAction, GameOver):
            return False
        return True

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` or raise a :class:`~bot.games.london.engine.errors.GameError`; returns what happened."""
        if self.outcome is not None:
            raise GameOver("The game is over.")
        events: list[Event] = []
        if isinstance(action, Resign):
            self._resign(action, events)
        elif isinstance(action, Surface):
            self._surface(action, events)
        elif isinstance(action, DoubleMove):
            self._mrx_double(action, events)
        elif isinstance(action, TripleMove):
            self._mrx_triple(action, events)
        elif isinstance(action, Trade):
            self._trade(action, events)
            return events  # handing over a ticket is not the giver's move: the turn goes on
        elif isinstance(action, Move):
            if action.pawn == MRX:
                self._mrx_single(action, events)
            else:
                self._hunter_move(action, events)
        elif isinstance(action, Pass):
            self._pass(action, events)
        else:
            raise InvalidAction("Unknown action {repr_action}.", repr_action=repr(action))
        self._advance(events)
        return events

    def _require_turn(self, pawn: str) -> None:
        if pawn not in self.pawn:
            raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=quoted(pawn))
        if pawn not in self.to_move():
            if pawn == MRX:
                raise NotYourTurn("It is the detectives' turn; Mr. X moves at the start of the next round.")
            if self.phase == MRX_PHASE:
                raise NotYourTurn("Mr. X has not moved yet this round; wait for his move.")
            if pawn not in self.pending:
                raise NotYourTurn("{pawn} has already moved this round.", pawn=self.pawn[pawn].label)
            raise NotYourTurn("It is {pawn}'s turn, not {pawn2}'s.", pawn=self.pawn[self.pending[0]].label, pawn2=self.pawn[pawn].label)

    def _check_mrx_move(self, move: Move, here: int, wallet: dict[str, int | None], part: str = "") -> None:
        """Refuse an illegal move by Mr. X. He knows his own station, so the message may name it."""
        if move.ticket == DOUBLE:
            raise InvalidAction("Use a double move (two stations and two tickets) to spend a double-move ticket.")
        if move.ticket not in wallet:
            raise InvalidAction("{part}There is no {ticket} ticket on the {board} board.", part=part, ticket=quoted(move.ticket),
                                board=self.board.title)
        count = wallet[move.ticket]
        if count is not None and count <= 0:
            raise NoTicket("{part}You have no {ticket} tickets left.", part=part, ticket=_ticket_name(self.board, move.ticket))
        if move.to not in self.board.stations:
            raise IllegalMove("{part}There is no station {station} on this board.", part=part, station=move.to)
        staying = move.to == here and move.ticket == self.rules.stay_put_ticket
        if not staying and move.to not in self._targets(here, move.ticket, mrx=True):
            if move.ticket == BLACK:
                raise IllegalMove("{part}Station {station} is not one ride from {here}.", part=part, station=move.to, here=here)
            raise _not_connected(self.board, part, here, move)
        if move.to in self.blockers():
            raise StationOccupied("{part}Station {station} is occupied by a detective; Mr. X may not move there.", part=part, station=move.to)
        if self._cut_off(here, move.to, move.ticket):
            raise IllegalMove("{part}Cut-off: the ride from {here} to {station} passes a station a detective holds.", part=part, here=here, station=move.to)

    def _mrx_single(self, move: Move, events: list[Event]) -> None:
        self._require_turn(MRX)
        self._check_mrx_move(move, self.mrx_station, self.wallets[MRX])
        self._write_entry(move, double=False, events=events)
        self._start_detective_phase()

    def _mrx_double(self, action: DoubleMove, events: list[Event]) -> None:
        self._require_turn(MRX)
        if action.first.pawn != MRX or action.second.pawn != MRX:
            raise InvalidAction("Only Mr. X makes double moves.")
        if not self.wallets[MRX][DOUBLE]:
            raise NoTicket("You have no double-move tickets left.")
        if self.entries_left < 2:
            raise IllegalMove("A double move needs two free logbook entries; only one is left.")
        wallet = dict(self.wallets[MRX])
        self._check_mrx_move(action.first, self.mrx_station, wallet, "First move: ")
        if wallet[action.first.ticket] is not None:
            wallet[action.first.ticket] -= 1
        self._check_mrx_move(action.second, action.first.to, wallet, "Second move: ")
        self.wallets[MRX][DOUBLE] -= 1
        self._write_entry(action.first, double=True, events=events)
        self._write_entry(action.second, double=True, events=events)
        self._start_detective_phase()

    def _mrx_triple(self, action: TripleMove, events: list[Event]) -> None:
        self._require_turn(MRX)
        if self.rules.max_multi_move < 3:
            raise InvalidAction("A triple move is not part of this game's rules.")
        if any(part.pawn != MRX for part in action.parts):
            raise InvalidAction("Only Mr. X makes triple moves.")
        if (self.wallets[MRX][DOUBLE] or 0) < 2:
            raise NoTicket("A triple move needs both double-move tickets.")
        if self.entries_left < 3:
            raise IllegalMove("A triple move needs three free logbook entries; only {entries_left} left.", entries_left=self.entries_left)
        wallet = dict(self.wallets[MRX])
        here = self.mrx_station
        for part, name in zip(action.parts, ("First move: ", "Second move: ", "Third move: ")):
            self._check_mrx_move(part, here, wallet, name)
            if wallet[part.ticket] is not None:
                wallet[part.ticket] -= 1
            here = part.to
        self.wallets[MRX][DOUBLE] -= 2
        for part in action.parts:
            self._write_entry(part, double=True, events=events, triple=True)
        self._start_detective_phase()

    def _trade(self, action: Trade, events: list[Event]) -> None:
        if not self.rules.ticket_trading:
            raise InvalidAction("Handing tickets to one another is not part of this game's rules.")
        self._require_turn(action.pawn)
        giver = self.pawn[action.pawn]
        taker = self.pawn.get(action.to)
        if giver.role != "detective" or taker is None or taker.role != "detective":
            raise InvalidAction("Tickets go from one detective to another.")
        if taker.wallet == giver.wallet or self.positions[taker.id] is None:
            raise InvalidAction("{pawn} cannot hand a ticket to {pawn2}.", pawn=giver.label, pawn2=taker.label)
        if action.ticket not in self.board.ride_tickets:
            raise InvalidAction("Only {names} tickets can be handed over.", names=_names(self.board, self.board.ride_tickets))
        wallet = self.wallets[giver.wallet]  # type: ignore[index]
        if not wallet[action.ticket]:
            raise NoTicket("{pawn} has no {ticket} ticket to hand over.", pawn=giver.label, ticket=_ticket_name(self.board, action.ticket))
        wallet[action.ticket] -= 1
        self.wallets[taker.wallet][action.ticket] += 1  # type: ignore[index]
        self.history.append({"round": self.round, "pawn": action.pawn, "trade": action.to, "ticket": action.ticket})
        events.append(TicketHandedOver(self.round, action.pawn, action.to, action.ticket))

    def _write_entry(self, move: Move, double: bool, events: list[Event], triple: bool = False) -> None:
        wallet = self.wallets[MRX]
        if wallet[move.ticket] is not None:
            wallet[move.ticket] -= 1
        start = self.mrx_station
        number = len(self.logbook) + 1
        revealed = self.rules.is_reveal(number)
        self.logbook.append(LogEntry(number, move.ticket, move.to, self.round, double, revealed, triple=triple))
        self.positions[MRX] = move.to
        self.tracker.mrx_moved(move.ticket, self.blockers())
        if revealed:
            self.tracker.revealed(move.to)
        self.history.append({
            "round": self.round, "pawn": MRX, "from": start, "to": move.to, "ticket": move.ticket,
            "entry": number, "double": double, "revealed": revealed,
        })
        if triple:
            self.history[-1]["triple"] = True
        events.append(MrXMoved(self.round, number, move.ticket, double, move.to if revealed else None, triple))

    def _start_detective_phase(self) -> None:
        self.phase = DETECTIVE_PHASE
        self.pending = [p.id for p in self.pawns if p.role != "mrx" and self.positions[p.id] is not None]

    def _hunter_move(self, move: Move, events: list[Event]) -> None:
        self._require_turn(move.pawn)
        pawn = self.pawn[move.pawn]
        here = self.positions[move.pawn]
        assert here is not None
        if move.ticket not in self.board.ride_tickets:
            rides = _names(self.board, self.board.ride_tickets)
            raise IllegalMove("{pawn} can only ride with {rides} tickets.", pawn=pawn.label, rides=rides)
        wallet = self.tickets(move.pawn)
        if pawn.wallet is not None and not wallet[move.ticket]:
            raise NoTicket("{pawn} has no {ticket} tickets left.", pawn=pawn.label, ticket=_ticket_name(self.board, move.ticket))
        if move.to not in self.board.stations:
            raise IllegalMove("There is no station {station} on this board.", station=move.to)
        if move.to not in self._targets(here, move.ticket):
            raise _not_connected(self.board, "", here, move, pawn=pawn.label)
        for other, station in self.positions.items():
            # Mr. X never blocks a detective: moving onto him is a capture.
            if other != MRX and station == move.to:
                raise StationOccupied("Station {station} is occupied by {pawn}.", station=move.to, pawn=self.pawn[other].label)

        if pawn.wallet is not None:
            wallet[move.ticket] -= 1
            mrx_count = self.wallets[MRX][move.ticket]
            if self.rules.spent_tickets_to == "mrx" and mrx_count is not None:
                self.wallets[MRX][move.ticket] = mrx_count + 1
        self.positions[move.pawn] = move.to
        self.pending.remove(move.pawn)
        captured = move.to == self.positions[MRX]
        self.history.append({
            "round": self.round, "pawn": move.pawn, "from": here, "to": move.to, "ticket": move.ticket,
        })
        if captured:
            self.history[-1]["capture"] = True
            # The game ends: Mr. X's station is no secret any more.
            self.tracker.revealed(move.to)
        else:
            self.tracker.searched(move.to)
        events.append(PawnMoved(self.round, move.pawn, here, move.to, move.ticket, captured))
        if captured:
            self._finish("detectives", "captured", events)

    def _pass(self, action: Pass, events: list[Event]) -> None:
        if action.pawn == MRX:
            raise InvalidAction("Mr. X cannot skip a turn: he must move if he can.")
        self._require_turn(action.pawn)
        if action.reason == "stuck":
            if any(True for _ in self._pawn_moves(action.pawn)):
                raise IllegalMove("{pawn} can still move, so it may not skip.", pawn=self.pawn[action.pawn].label)
        elif action.reason != "timeout":
            raise InvalidAction("Unknown reason to skip: {reason}.", reason=quoted(action.reason))
        self._record_pass(action.pawn, action.reason, events)

    def _record_pass(self, pawn: str, reason: str, events: list[Event]) -> None:
        self.pending.remove(pawn)
        record: dict[str, Any] = {"round": self.round, "pawn": pawn, "skip": True, "reason": reason}
        if reason == "stuck" and self.rules.stuck_pawn_leaves:
            self.positions[pawn] = None
            record["left_board"] = True
        self.history.append(record)
        events.append(PawnPassed(self.round, pawn, reason))

    def _surface(self, action: Surface, events: list[Event]) -> None:
        mode = self.rules.voluntary_reveal
        if mode is None:
            raise InvalidAction("Voluntary surfacing is not part of this game's rules.")
        self._require_turn(MRX)
        if not self.logbook:
            raise InvalidAction("Mr. X can surface once he has made his first move.")
        last = self.logbook[-1]
        if last.shown:
            raise InvalidAction("Mr. X is already showing where he is.")
        take = dict(action.take)
        if mode == "return_black":
            self._reveal_for_black(action, last, events)
            return
        if len(take) != len(action.take):
            raise InvalidAction("Take one ticket from each detective, not two from one.")
        for pawn in take:
            if pawn not in self.pawn or self.pawn[pawn].role != "detective":
                raise InvalidAction("{pawn} is not a detective in this game.", pawn=quoted(pawn))
        wallets = {w: dict(c) for w, c in self.wallets.items()}
        for pawn in (p for p in self.pawns if p.role == "detective"):
            wallet = wallets[pawn.wallet]  # type: ignore[index]
            if pawn.id not in take:
                if any(wallet[t] for t in self.board.ride_tickets):
                    raise InvalidAction("Choose which ticket to take from {pawn}.", pawn=pawn.label)
                continue
            ticket = take[pawn.id]
            if ticket not in self.board.ride_tickets:
                raise InvalidAction("Only {names} tickets can be taken.", names=_names(self.board, self.board.ride_tickets))
            if not wallet[ticket]:
                raise NoTicket("{pawn} has no {ticket} ticket to take.", pawn=pawn.label, ticket=_ticket_name(self.board, ticket))
            wallet[ticket] -= 1
            if wallets[MRX][ticket] is not None:
                wallets[MRX][ticket] += 1
        self.wallets = wallets
        station = self.mrx_station
        self.logbook[-1] = LogEntry(last.number, last.ticket, last.station, last.round, last.double, False, True,
                                    last.triple)
        self.tracker.revealed(station)
        taken = tuple((p, take[p]) for p in take)
        self.history.append({
            "round": self.round, "pawn": MRX, "surface": True, "entry": last.number, "station": station,
            "take": {p: t for p, t in taken},
        })
        events.append(MrXSurfaced(self.round, last.number, station, taken))

    def _reveal_for_black(self, action: Surface, last: LogEntry, events: list[Event]) -> None:
        """Sanssouci's variant: a voluntary reveal on a hidden entry returns one used black ticket."""
        if action.take:
            raise InvalidAction("In this game Mr. X takes no tickets from the agents when he shows himself.")
        used = sum(1 for e in self.logbook if e.ticket == BLACK)
        returned = sum(1 for h in self.history if h.get("black_returned"))
        back = used > returned
        if back:
            self.wallets[MRX][BLACK] = (self.wallets[MRX][BLACK] or 0) + 1
        station = self.mrx_station
        self.logbook[-1] = LogEntry(last.number, last.ticket, last.station, last.round, last.double, False, True,
                                    last.triple)
        self.tracker.revealed(station)
        self.history.append({
            "round": self.round, "pawn": MRX, "surface": True, "entry": last.number, "station": station,
            "take": {}, "black_returned": back,
        })
        events.append(MrXSurfaced(self.round, last.number, station, (), back))

    def surface_take(self, prefer: str | None = None) -> tuple[tuple[str, str], ...]:
        """The tickets Mr. X takes when he surfaces without naming one per detective: ``prefer`` from
        each detective who has it, otherwise the kind that detective has most of (first in board
        order on a tie). Detectives without tickets give nothing, and nobody does in sanssouci's
        variant (a black ticket comes back instead)."""
        if self.rules.voluntary_reveal == "return_black":
            return ()
        take = []
        for pawn in (p for p in self.pawns if p.role == "detective"):
            wallet = self.wallets[pawn.wallet]  # type: ignore[index]
            have = {t: wallet[t] or 0 for t in self.board.ride_tickets}
            if prefer is not None and have.get(prefer):
                take.append((pawn.id, prefer))
            elif any(have.values()):
                take.append((pawn.id, max(have, key=lambda t: have[t])))
        return tuple(take)

    def _resign(self, action: Resign, events: list[Event]) -> None:
        if action.side not in ("mrx", "detectives"):
            raise InvalidAction("Only 'mrx' or 'detectives' can resign.")
        self.history.append({"round": self.round, "pawn": action.side, "resign": True})
        winner = "detectives" if action.side == "mrx" else "mrx"
        self._finish(winner, f"{action.side}_resigned", events)

    # -- the flow of a round -------------------------------------------------------------------

    def _advance(self, events: list[Event]) -> None:
        """Pass stuck pawns, close finished rounds and detect the end of the game."""
        while self.outcome is None:
            if self.phase == MRX_PHASE:
                if not any(True for _ in self._pawn_moves(MRX)):
                    self._finish("detectives", "mrx_stuck", events)
                return
            if self.pending:
                if self.rules.any_order:
                    stuck = [p for p in self.pending if not any(True for _ in self._pawn_moves(p))]
                    if len(stuck) < len(self.pending):
                        return
                else:
                    if any(True for _ in self._pawn_moves(self.pending[0])):
                        return
                    stuck = self.pending[:1]
                for pawn in stuck:
                    self._record_pass(pawn, "stuck", events)
                continue
            events.append(RoundEnded(self.round))
            limit = self.rules.max_rounds
            if self.entries_left <= 0 or (limit is not None and self.round >= limit):
                self._finish("mrx", "escaped", events)
                return
            # Checked before Mr. X's next move: once no detective can move he has won, even if
            # he himself would be stuck next turn (classic: "at the latest after their 22nd move").
            if not self._detectives_can_move():
                self._finish("mrx", "detectives_stuck", events)
                return
            self.round += 1
            self.phase = MRX_PHASE

    def _detectives_can_move(self) -> bool:
        return any(any(True for _ in self._pawn_moves(p.id)) for p in self.pawns if p.role != "mrx")

    def _finish(self, winner: str, reason: str, events: list[Event]) -> None:
        self.outcome = Outcome(winner, reason, self.round)
        self.phase = OVER
        self.pending = []
        events.append(GameEnded(self.outcome))

    # -- copies and serialisation --------------------------------------------------------------

    def copy(self) -> "GameState":
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.positions = dict(self.positions)
        other.wallets = {w: dict(c) for w, c in self.wallets.items()}
        other.pending = list(self.pending)
        other.logbook = list(self.logbook)
        other.history = list(self.history)
        other.tracker = self.tracker.copy()
        return other

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included: store it, never show it)."""
        return {
            "format": "scotland-yard-state/1",
            "rules": self.rules.name,
            "board": self.board.name,
            "seed": self.seed,
            "players": self.players,
            "options": dict(sorted(self.options.items())),
            "pawns": [
                {"id": p.id, "role": p.role, "colour": p.colour, "seats": list(p.seats), "wallet": p.wallet}
                for p in self.pawns
            ],
            "start": dict(self.start),
            "start_candidates": sorted(self.start_candidates),
            "positions": dict(self.positions),
            "wallets": _wallets_json(self.wallets),
            "start_wallets": _wallets_json(self.start_wallets),
            "round": self.round,
            "phase": self.phase,
            "pending": list(self.pending),
            "logbook": [
                {"number": e.number, "ticket": e.ticket, "station": e.station, "round": e.round,
                 "double": e.double, "revealed": e.revealed, "surfaced": e.surfaced, "triple": e.triple}
                for e in self.logbook
            ],
            "possible": sorted(self.tracker.possible),
            "history": [dict(h) for h in self.history],
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], board: Board | None = None) -> "GameState":
        try:
            if data.get("format") != "scotland-yard-state/1":
                raise BadRecord("This is not a saved game state.")
            state = cls()
            state.board = board or load_board(data["board"])
            state.seed, state.players = int(data["seed"]), int(data["players"])
            state.options = {str(k): bool(v) for k, v in data["options"].items()}
            state.rules = get_rules(data["rules"]).with_options(state.options)
            state.pawns = tuple(
                Pawn(p["id"], p["role"], p["colour"], tuple(p["seats"]), p["wallet"]) for p in data["pawns"]
            )
            state.pawn = {p.id: p for p in state.pawns}
            state.start = {k: int(v) for k, v in data["start"].items()}
            state.start_candidates = frozenset(data["start_candidates"])
            state.positions = {k: (None if v is None else int(v)) for k, v in data["positions"].items()}
            state.wallets = _wallets_from_json(data["wallets"])
            state.start_wallets = _wallets_from_json(data["start_wallets"])
            state.round, state.phase = int(data["round"]), str(data["phase"])
            state.pending = list(data["pending"])
            state.logbook = [
                LogEntry(e["number"], str(e["ticket"]), e["station"], e["round"], e["double"], e["revealed"],
                         e.get("surfaced", False), e.get("triple", False))
                for e in data["logbook"]
            ]
            state.tracker = state._new_tracker(data["possible"])
            state.history = [dict(h) for h in data["history"]]
            outcome = data.get("outcome")
            state.outcome = Outcome(**outcome) if outcome else None
        except BadRecord:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, GameError) as exc:
            raise BadRecord(f"The saved game state is damaged ({exc}).") from None
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.rules.name} round {self.round} {self.phase} to move {self.to_move()}>"

    # -- views ---------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        return public_view(self)

    def mrx_view(self) -> MrXView:
        return mrx_view(self)


def _deck(board: Board, name: str) -> list[int]:
    try:
        return list(board.start_cards[name])
    except KeyError:
        raise BoardError(f"{board.name}: the board has no start-card deck {name!r}") from None


def _check_options(rules: RuleSet, board: Board, options: dict[str, bool]) -> dict[str, bool]:
    chosen = {o.name: False for o in rules.options}
    for name, value in options.items():
        option = rules.option(name)
        if value and option.needs_board_data and not getattr(board, option.needs_board_data, None):
            raise OptionUnavailable(
                f"{option.title} needs the stations each bus and underground route passes, and the "
                f"{board.title} board data does not list them."
            )
        chosen[name] = bool(value)
    return chosen


def _ticket_name(board: Board, ticket: str) -> str:
    kind = board.transport_of(ticket)
    return kind.ticket_names.get("en", ticket) if kind else ticket


def _names(board: Board, tickets) -> str:
    names = [_ticket_name(board, t) for t in tickets]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def _not_connected(board: Board, part: str, here: int, move: Move, pawn: str | None = None) -> IllegalMove:
    """Why ``move`` is no ride from ``here`` (``pawn``: the detective's name, said first)."""
    kind = board.transport_of(move.ticket)
    name = kind.name() if kind else move.ticket
    if not any(r in board.stations[here].transports for r in board.ticket_transports.get(move.ticket, ())):
        if pawn is not None:
            return IllegalMove("{pawn}: Station {here} is not a {transport} stop.", pawn=pawn, here=here,
                               transport=name)
        return IllegalMove("{part}Station {here} is not a {transport} stop.", part=part, here=here, transport=name)
    if pawn is not None:
        return IllegalMove("{pawn}: Station {station} is not one {transport} ride from {here}.", pawn=pawn,
                           station=move.to, transport=name, here=here)
    return IllegalMove("{part}Station {station} is not one {transport} ride from {here}.", part=part,
                       station=move.to, transport=name, here=here)


def _wallets_json(wallets: dict[str, dict[str, int | None]]) -> dict[str, dict[str, int | None]]:
    return {w: dict(c) for w, c in wallets.items()}


def _wallets_from_json(data: dict[str, dict[str, int | None]]) -> dict[str, dict[str, int | None]]:
    return {str(w): {str(t): (None if n is None else int(n)) for t, n in c.items()} for w, c in data.items()}
