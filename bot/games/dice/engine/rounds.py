"""The flow of a round: each detective's turn in seat order from the round's starter, detectives who have no
choice, Mr. X's turn (a pass when nothing fits), the end of a round and of the game."""

from __future__ import annotations

from .events import Event, GameEnded, Outcome, PawnSkipped, RoundEnded
from .logbook import write_entry
from .moves import legal_moves, may_decline, mrx_singles
from .pieces import DETECTIVES, MRX_PHASE, OVER, DiceData
from .rules import PASS


def advance(state: DiceData, events: list[Event]) -> None:
    """Skip detectives who have no choice, pass Mr. X when nothing fits, end the game."""
    while state.outcome is None:
        if state.phase == DETECTIVES:
            if not state.slots:
                if state.final:
                    finish(state, "mrx", "escaped", events)
                    return
                state.phase = MRX_PHASE
                continue
            if state.rolled is None or legal_moves(state) or may_decline(state):
                return
            record_skip(state, state.slots[0][0], "stuck", events)
            continue
        if state.phase == MRX_PHASE:
            free, forced = mrx_singles(state)
            if free or forced:
                return
            _mrx_pass(state, events)
            continue
        return


def start_round(state: DiceData, number: int) -> None:
    state.round = number
    state.phase = DETECTIVES
    state.used = []
    state.rolled = None
    d = state.detective_players
    first = (number - 1) % d
    state.slots = [state.seat_pawns((first + i) % d + 1) for i in range(d)]


def record_skip(state: DiceData, pawn: str, reason: str, events: list[Event]) -> None:
    end_turn(state, pawn)
    state.history.append({"round": state.round, "pawn": pawn, "skip": True, "reason": reason})
    events.append(PawnSkipped(state.round, pawn, reason))


def end_turn(state: DiceData, pawn: str) -> None:
    """``pawn`` has had its turn: the dice are free to roll for the next detective."""
    state.rolled = None
    slot = state.slots[0]
    slot.remove(pawn)
    if not slot:
        state.slots.pop(0)


def _mrx_pass(state: DiceData, events: list[Event]) -> None:
    here = state.mrx_station
    write_entry(state, PASS, here, here, False, events)
    end_mrx_turn(state, events)


def end_mrx_turn(state: DiceData, events: list[Event]) -> None:
    final = state.entries_left <= 0
    events.append(RoundEnded(state.round, final))
    state.final = final
    start_round(state, state.round + 1)


def finish(state: DiceData, winner: str, reason: str, events: list[Event]) -> None:
    state.outcome = Outcome(winner, reason, state.round)
    state.phase = OVER
    state.slots = []
    state.rolled = None
    events.append(GameEnded(state.outcome))
