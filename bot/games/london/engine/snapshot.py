"""A game's whole state as JSON-ready data (``scotland-yard-state/1``), and back.

Hidden information is included: a snapshot is for the store, never for a player's eyes.
"""

from __future__ import annotations

from typing import Any

from bot.games.errors import BadRecord, GameError

from .board import Board, load_board
from .events import Outcome
from .pieces import GameData, LogEntry, Pawn
from .rules import get_rules
from .tracker import tracker_for

FORMAT = "scotland-yard-state/1"


def snapshot(state: GameData) -> dict[str, Any]:
    found = {
        "format": FORMAT,
        "rules": state.rules.name,
        "board": state.board.name,
        "seed": state.seed,
        "players": state.players,
        "options": dict(sorted(state.options.items())),
        "pawns": [
            {"id": p.id, "role": p.role, "colour": p.colour, "seats": list(p.seats), "wallet": p.wallet}
            for p in state.pawns
        ],
        "start": dict(state.start),
        "start_candidates": sorted(state.start_candidates),
        "positions": dict(state.positions),
        "wallets": _wallets_json(state.wallets),
        "start_wallets": _wallets_json(state.start_wallets),
        "round": state.round,
        "phase": state.phase,
        "pending": list(state.pending),
        "logbook": [
            {"number": e.number, "ticket": e.ticket, "station": e.station, "round": e.round,
             "double": e.double, "revealed": e.revealed, "surfaced": e.surfaced, "triple": e.triple}
            for e in state.logbook
        ],
        "possible": sorted(state.tracker.possible),
        "history": [dict(h) for h in state.history],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }
    if state.hidden_draw is not None:
        found["hidden_draw"] = hidden_hex(state.hidden_draw)
    return found


def hidden_hex(draw: int) -> str:
    """A hidden draw as a record or snapshot writes it: 16 hex digits (a JSON number would lose its low bits in
    some readers)."""
    return f"{draw:016x}"


def hidden_from(data: dict[str, Any]) -> int | None:
    """The hidden draw a record or snapshot holds (None: Mr. X's start card came from the seed)."""
    text = data.get("hidden_draw")
    if text is None:
        return None
    if not isinstance(text, str) or len(text) != 16 or text.strip("0123456789abcdef"):
        raise BadRecord("The 'hidden_draw' must be 16 hex digits.")
    return int(text, 16)


def restore(state: GameData, data: dict[str, Any], board: Board | None = None) -> None:
    """Fill a fresh ``state`` from a snapshot; raises :class:`BadRecord` if it is not one or is damaged."""
    try:
        if data.get("format") != FORMAT:
            raise BadRecord("This is not a saved game state.")
        state.board = board or load_board(data["board"])
        state.seed, state.players = int(data["seed"]), int(data["players"])
        state.hidden_draw = hidden_from(data)
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
        state.tracker = tracker_for(state.board, state.rules, data["possible"])
        state.history = [dict(h) for h in data["history"]]
        outcome = data.get("outcome")
        state.outcome = Outcome(**outcome) if outcome else None
    except BadRecord:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, GameError) as exc:
        raise BadRecord(f"The saved game state is damaged ({exc}).") from None


def _wallets_json(wallets: dict[str, dict[str, int | None]]) -> dict[str, dict[str, int | None]]:
    return {w: dict(c) for w, c in wallets.items()}


def _wallets_from_json(data: dict[str, dict[str, int | None]]) -> dict[str, dict[str, int | None]]:
    return {str(w): {str(t): (None if n is None else int(n)) for t, n in c.items()} for w, c in data.items()}
