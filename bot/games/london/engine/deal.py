"""The deal: pawns for the seats, every side's tickets, and the start cards drawn with the game's seed."""

from __future__ import annotations

import random

from bot.games.errors import BoardError

from .actions import MRX
from .board import Board, load_board
from .pieces import GameData, Pawn
from .rules import RuleSet, get_rules
from .tickets import BLACK, DOUBLE
from .tracker import tracker_for
from .wording import board_lacks_routes


def deal(state: GameData, rules: RuleSet | str, players: int, seed: int, options: dict[str, bool] | None,
         board: Board | None, hidden: int | None = None) -> None:
    """Set up ``state`` as a new game for ``players`` people (Mr. X included), drawing start cards with ``seed``;
    Mr. X's with ``hidden`` when it is given (a number drawn apart from the seed: see :func:`_draw_start_cards`)."""
    rules = get_rules(rules) if isinstance(rules, str) else rules
    rules.require_available(board_given=board is not None)
    detective_players = rules.detective_players(players)
    board = board or load_board(rules.board)
    state.options = check_options(rules, board, options or {})
    # The rules this game is played by: the preset with the chosen variants' changes.
    rules = rules.with_options(state.options)
    state.rules, state.board, state.seed, state.players = rules, board, int(seed), players
    state.hidden_draw = None if hidden is None else int(hidden)
    _seat_pawns(state, detective_players)
    _hand_out_tickets(state)
    _draw_start_cards(state)


def _seat_pawns(state: GameData, detective_players: int) -> None:
    rules = state.rules
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


def _hand_out_tickets(state: GameData) -> None:
    rules = state.rules
    detectives = [p for p in state.pawns if p.role == "detective"]
    black = rules.mrx_black_tickets if rules.mrx_black_tickets is not None else len(detectives)
    regular = state.board.ride_tickets
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


def _draw_start_cards(state: GameData) -> None:
    """The hunters' cards from the seed's shuffle; Mr. X's from the rest of his deck (his own deck, or the shared
    one): the next card of the shuffle, or, with a hidden draw ``h``, the card ``h mod n`` of the ``n`` left in
    ascending order, so that the seed, public, tells nothing of it."""
    rules, board = state.rules, state.board
    rng = random.Random(state.seed)
    deck = _deck(board, rules.detective_deck)
    rng.shuffle(deck)
    hunters = [p for p in state.pawns if p.role != "mrx"]
    if len(deck) < len(hunters) + (rules.mrx_deck == rules.detective_deck):
        raise BoardError(f"{board.name}: start-card deck {rules.detective_deck!r} is too small for this game")
    state.start = {p.id: deck.pop() for p in hunters}
    taken = set(state.start.values())
    if rules.mrx_deck == rules.detective_deck:
        mrx_deck = deck
    else:
        mrx_deck = [s for s in _deck(board, rules.mrx_deck) if s not in taken]
        rng.shuffle(mrx_deck)
    if state.hidden_draw is None:
        state.start[MRX] = mrx_deck.pop()
    else:
        left = sorted(mrx_deck)
        state.start[MRX] = left[state.hidden_draw % len(left)]
        mrx_deck = [s for s in left if s != state.start[MRX]]
    state.start_candidates = frozenset(mrx_deck) | {state.start[MRX]}
    state.positions = dict(state.start)
    state.tracker = tracker_for(board, rules, state.start_candidates)
    if rules.mrx_always_visible:
        state.tracker.revealed(state.start[MRX])


def _deck(board: Board, name: str) -> list[int]:
    try:
        return list(board.start_cards[name])
    except KeyError:
        raise BoardError(f"{board.name}: the board has no start-card deck {name!r}") from None


def check_options(rules: RuleSet, board: Board, options: dict[str, bool]) -> dict[str, bool]:
    """Every option of ``rules`` as on or off; refuses an unknown option, one the board cannot carry, and
    options that clash."""
    chosen = {o.name: False for o in rules.options}
    for name, value in options.items():
        option = rules.option(name)
        if value and option.needs_board_data and not getattr(board, option.needs_board_data, None):
            raise board_lacks_routes(option.title, board.title)
        chosen[name] = bool(value)
    clash = rules.clash(chosen)
    if clash is not None:
        raise clash
    return chosen
