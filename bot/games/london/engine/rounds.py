"""The flow of a round: the detectives' turn after Mr. X's, pawns that cannot move, the end of a round and of
the game."""

from __future__ import annotations

from typing import Any

from .actions import MRX
from .events import Event, GameEnded, Outcome, PawnPassed, RoundEnded
from .moves import can_move, detectives_can_move
from .pieces import DETECTIVE_PHASE, MRX_PHASE, OVER, GameData


def advance(state: GameData, events: list[Event]) -> None:
    """Pass stuck pawns, close finished rounds and detect the end of the game."""
    while state.outcome is None:
        if state.phase == MRX_PHASE:
            if not can_move(state, MRX):
                finish(state, "detectives", "mrx_stuck", events)
            return
        if state.pending:
            if state.rules.any_order:
                stuck = [p for p in state.pending if not can_move(state, p)]
                if len(stuck) < len(state.pending):
                    return
            else:
                if can_move(state, state.pending[0]):
                    return
                stuck = state.pending[:1]
            for pawn in stuck:
                record_pass(state, pawn, "stuck", events)
            continue
        events.append(RoundEnded(state.round))
        limit = state.rules.max_rounds
        if state.entries_left <= 0 or (limit is not None and state.round >= limit):
            finish(state, "mrx", "escaped", events)
            return
        if not _hunters_can_go_on(state):
            finish(state, "mrx", "detectives_stuck", events)
            return
        state.round += 1
        state.phase = MRX_PHASE


def _hunters_can_go_on(state: GameData) -> bool:
    """Whether the detectives' side is still in the game when a round ends. Checked before Mr. X's next move:
    once the detectives cannot go on he has won, even if he himself would be stuck next turn (classic: "at the
    latest after their 22nd move"; sanssouci: docs/rules.md)."""
    if not state.rules.stuck_pawn_leaves or state.rules.any_order:
        return detectives_can_move(state)
    # Sanssouci in seat order: being stuck is judged at each agent's own move, when the agents before him who
    # could not move have left the board and may have freed his way. The agents are beaten only if that
    # takes every one of them off the board in the next round (Mr. X's move between cannot free an agent).
    trial = state.copy()
    for pawn in trial.detectives():
        if trial.positions[pawn.id] is None:
            continue
        if can_move(trial, pawn.id):
            return True
        trial.positions[pawn.id] = None
    return False


def start_detective_phase(state: GameData) -> None:
    state.phase = DETECTIVE_PHASE
    state.pending = [p.id for p in state.pawns if p.role != "mrx" and state.positions[p.id] is not None]


def record_pass(state: GameData, pawn: str, reason: str, events: list[Event]) -> None:
    """``pawn``'s turn ends without a move (stuck, or skipped by the host); a stuck pawn may leave the board."""
    state.pending.remove(pawn)
    record: dict[str, Any] = {"round": state.round, "pawn": pawn, "skip": True, "reason": reason}
    if reason == "stuck" and state.rules.stuck_pawn_leaves:
        state.positions[pawn] = None
        record["left_board"] = True
    state.history.append(record)
    events.append(PawnPassed(state.round, pawn, reason))


def finish(state: GameData, winner: str, reason: str, events: list[Event]) -> None:
    state.outcome = Outcome(winner, reason, state.round)
    state.phase = OVER
    state.pending = []
    events.append(GameEnded(state.outcome))
