"""Applying an action: check it against the rules, refuse it with a sentence a player can read, or play it."""

from __future__ import annotations

from typing import Any

from bot.games.errors import GameOver, IllegalMove, InvalidAction, NoTicket, StationOccupied, quoted

from .actions import MRX, Action, DoubleMove, Move, Pass, Resign, Surface, Trade, TripleMove
from .events import Event, PawnMoved, TicketHandedOver
from .logbook import surface, write_entry
from .moves import can_move, cut_off, targets
from .pieces import GameData
from .rounds import advance, finish, record_pass, start_detective_phase
from .tickets import BLACK, DOUBLE
from .wording import none_left, none_to_give, not_connected, only_rides_change_hands, rides_only


def apply(state: GameData, action: Action) -> list[Event]:
    """Play ``action`` or raise a :class:`~bot.games.errors.GameError`; returns what happened."""
    if state.outcome is not None:
        raise GameOver("The game is over.")
    events: list[Event] = []
    if isinstance(action, Resign):
        _resign(state, action, events)
    elif isinstance(action, Surface):
        surface(state, action, events)
    elif isinstance(action, DoubleMove):
        _mrx_double(state, action, events)
    elif isinstance(action, TripleMove):
        _mrx_triple(state, action, events)
    elif isinstance(action, Trade):
        _trade(state, action, events)
        # Handing over a ticket is not the giver's move: his turn goes on, unless he has left himself no move.
        # Then he is out at once, like anyone who cannot move (docs/rules.md): the game never waits for him.
        if not can_move(state, action.pawn):
            record_pass(state, action.pawn, "stuck", events)
    elif isinstance(action, Move):
        if action.pawn == MRX:
            _mrx_single(state, action, events)
        else:
            _hunter_move(state, action, events)
    elif isinstance(action, Pass):
        _pass(state, action, events)
    else:
        raise InvalidAction("Unknown action {repr_action}.", repr_action=repr(action))
    advance(state, events)
    return events


# -- Mr. X ----------------------------------------------------------------------------------------


def _check_mrx_move(state: GameData, move: Move, here: int, wallet: dict[str, int | None], part: str = "") -> None:
    """Refuse an illegal move by Mr. X. He knows his own station, so the message may name it."""
    board = state.board
    if move.ticket == DOUBLE:
        raise InvalidAction("Use a double move (two stations and two tickets) to spend a double-move ticket.")
    if move.ticket not in wallet:
        raise InvalidAction("{part}There is no {ticket} ticket on the {board} board.", part=part,
                            ticket=quoted(move.ticket), board=board.title)
    count = wallet[move.ticket]
    if count is not None and count <= 0:
        raise none_left(board, move.ticket, part)
    if move.to not in board.stations:
        raise IllegalMove("{part}There is no station {station} on this board.", part=part, station=move.to)
    staying = move.to == here and move.ticket == state.rules.stay_put_ticket
    if not staying and move.to not in targets(state, here, move.ticket, mrx=True):
        if move.ticket == BLACK:
            raise IllegalMove("{part}Station {station} is not one ride from {here}.", part=part, station=move.to,
                              here=here)
        raise not_connected(board, part, here, move)
    if move.to in state.blockers():
        raise StationOccupied("{part}Station {station} is occupied by a detective; Mr. X may not move there.",
                              part=part, station=move.to)
    if cut_off(state, here, move.to, move.ticket):
        raise IllegalMove("{part}Cut-off: the ride from {here} to {station} passes a station a detective holds.",
                          part=part, here=here, station=move.to)


def _mrx_single(state: GameData, move: Move, events: list[Event]) -> None:
    state.require_turn(MRX)
    _check_mrx_move(state, move, state.mrx_station, state.wallets[MRX])
    write_entry(state, move, double=False, events=events)
    start_detective_phase(state)


def _mrx_double(state: GameData, action: DoubleMove, events: list[Event]) -> None:
    state.require_turn(MRX)
    if action.first.pawn != MRX or action.second.pawn != MRX:
        raise InvalidAction("Only Mr. X makes double moves.")
    if not state.wallets[MRX][DOUBLE]:
        raise NoTicket("You have no double-move tickets left.")
    if state.entries_left < 2:
        raise IllegalMove("A double move needs two free logbook entries; only one is left.")
    wallet = dict(state.wallets[MRX])
    _check_mrx_move(state, action.first, state.mrx_station, wallet, "First move: ")
    if wallet[action.first.ticket] is not None:
        wallet[action.first.ticket] -= 1
    _check_mrx_move(state, action.second, action.first.to, wallet, "Second move: ")
    state.wallets[MRX][DOUBLE] -= 1
    write_entry(state, action.first, double=True, events=events)
    write_entry(state, action.second, double=True, events=events)
    start_detective_phase(state)


def _mrx_triple(state: GameData, action: TripleMove, events: list[Event]) -> None:
    state.require_turn(MRX)
    if state.rules.max_multi_move < 3:
        raise InvalidAction("A triple move is not part of this game's rules.")
    if any(part.pawn != MRX for part in action.parts):
        raise InvalidAction("Only Mr. X makes triple moves.")
    if (state.wallets[MRX][DOUBLE] or 0) < 2:
        raise NoTicket("A triple move needs both double-move tickets.")
    if state.entries_left < 3:
        raise IllegalMove("A triple move needs three free logbook entries; only {entries_left} left.",
                          entries_left=state.entries_left)
    wallet = dict(state.wallets[MRX])
    here = state.mrx_station
    for part, name in zip(action.parts, ("First move: ", "Second move: ", "Third move: ")):
        _check_mrx_move(state, part, here, wallet, name)
        if wallet[part.ticket] is not None:
            wallet[part.ticket] -= 1
        here = part.to
    state.wallets[MRX][DOUBLE] -= 2
    for part in action.parts:
        write_entry(state, part, double=True, events=events, triple=True)
    start_detective_phase(state)


# -- detectives and bobbies -----------------------------------------------------------------------


def _hunter_move(state: GameData, move: Move, events: list[Event]) -> None:
    state.require_turn(move.pawn)
    board = state.board
    pawn = state.pawn[move.pawn]
    here = state.positions[move.pawn]
    assert here is not None
    if move.ticket not in board.ride_tickets:
        raise rides_only(board, pawn.label)
    wallet = state.tickets(move.pawn)
    if pawn.wallet is not None and not wallet[move.ticket]:
        raise none_left(board, move.ticket, pawn=pawn.label)
    if move.to not in board.stations:
        raise IllegalMove("There is no station {station} on this board.", station=move.to)
    if move.to not in targets(state, here, move.ticket):
        raise not_connected(board, "", here, move, pawn=pawn.label)
    for other, station in state.positions.items():
        # Mr. X never blocks a detective: moving onto him is a capture.
        if other != MRX and station == move.to:
            raise StationOccupied("Station {station} is occupied by {pawn}.", station=move.to,
                                  pawn=state.pawn[other].label)

    if pawn.wallet is not None:
        wallet[move.ticket] -= 1  # type: ignore[operator]
        mrx_count = state.wallets[MRX][move.ticket]
        if state.rules.spent_tickets_to == "mrx" and mrx_count is not None:
            state.wallets[MRX][move.ticket] = mrx_count + 1
    state.positions[move.pawn] = move.to
    state.pending.remove(move.pawn)
    captured = move.to == state.positions[MRX]
    record: dict[str, Any] = {"round": state.round, "pawn": move.pawn, "from": here, "to": move.to,
                              "ticket": move.ticket}
    state.history.append(record)
    if captured:
        record["capture"] = True
        # The game ends: Mr. X's station is no secret any more.
        state.tracker.revealed(move.to)
    else:
        state.tracker.searched(move.to)
    events.append(PawnMoved(state.round, move.pawn, here, move.to, move.ticket, captured))
    if captured:
        finish(state, "detectives", "captured", events)


def _trade(state: GameData, action: Trade, events: list[Event]) -> None:
    if not state.rules.ticket_trading:
        raise InvalidAction("Handing tickets to one another is not part of this game's rules.")
    state.require_turn(action.pawn)
    board = state.board
    giver = state.pawn[action.pawn]
    taker = state.pawn.get(action.to)
    if giver.role != "detective" or taker is None or taker.role != "detective":
        raise InvalidAction("Tickets go from one detective to another.")
    if taker.wallet == giver.wallet or state.positions[taker.id] is None:
        raise InvalidAction("{pawn} cannot hand a ticket to {pawn2}.", pawn=giver.label, pawn2=taker.label)
    if action.ticket not in board.ride_tickets:
        raise only_rides_change_hands(board, taken=False)
    wallet = state.wallets[giver.wallet]  # type: ignore[index]
    if not wallet[action.ticket]:
        raise none_to_give(board, giver.label, action.ticket, taken=False)
    wallet[action.ticket] -= 1  # type: ignore[operator]
    state.wallets[taker.wallet][action.ticket] += 1  # type: ignore[index,operator]
    state.history.append({"round": state.round, "pawn": action.pawn, "trade": action.to, "ticket": action.ticket})
    events.append(TicketHandedOver(state.round, action.pawn, action.to, action.ticket))


def _pass(state: GameData, action: Pass, events: list[Event]) -> None:
    if action.pawn == MRX:
        raise InvalidAction("Mr. X cannot skip a turn: he must move if he can.")
    state.require_turn(action.pawn)
    if action.reason == "stuck":
        if can_move(state, action.pawn):
            raise IllegalMove("{pawn} can still move, so it may not skip.", pawn=state.pawn[action.pawn].label)
    elif action.reason != "timeout":
        raise InvalidAction("Unknown reason to skip: {reason}.", reason=quoted(action.reason))
    record_pass(state, action.pawn, action.reason, events)


def _resign(state: GameData, action: Resign, events: list[Event]) -> None:
    if action.side not in ("mrx", "detectives"):
        raise InvalidAction("Only 'mrx' or 'detectives' can resign.")
    state.history.append({"round": state.round, "pawn": action.side, "resign": True})
    winner = "detectives" if action.side == "mrx" else "mrx"
    finish(state, winner, f"{action.side}_resigned", events)
