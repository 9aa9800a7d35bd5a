"""A dice game's whole state as JSON-ready data (``scotland-yard-dice-state/1``), and back.

Hidden information is included: a snapshot is for the store, never for a player's eyes.
"""

from __future__ import annotations

from typing import Any

from .board import lay_board, placement_from_json, placement_json
from .errors import BadRecord
from .events import Outcome
from .pieces import DiceData, LogEntry
from .rules import RULES
from .setup import set_up
from .tiles import TileSet, load_tiles
from .tracker import DiceTracker

FORMAT = "scotland-yard-dice-state/1"


def snapshot(state: DiceData) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "rules": state.rules.name,
        "tileset": state.tileset.name,
        "seed": state.seed,
        "players": state.players,
        "options": dict(sorted(state.options.items())),
        "tiles": None if state.board is None else [placement_json(p) for p in state.board.placements],
        "phase": state.phase,
        "round": state.round,
        "start": dict(state.start),
        "start_tile": state.start_tile,
        "positions": dict(state.positions),
        "slots": [list(s) for s in state.slots],
        "rolled": None if state.rolled is None else list(state.rolled),
        "used": [list(u) for u in state.used],
        "reroll_tokens": state.tokens,
        "tickets": dict(state.tickets),
        "final": state.final,
        "logbook": [
            {"number": e.number, "ticket": e.ticket, "station": e.station, "round": e.round,
             "double": e.double, "revealed": e.revealed}
            for e in state.logbook
        ],
        "possible": None if state.tracker is None else sorted(state.tracker.possible),
        "history": [dict(h) for h in state.history],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }


def restore(state: DiceData, data: dict[str, Any], tileset: TileSet | None = None) -> None:
    """Fill a fresh ``state`` from a snapshot; raises :class:`BadRecord` if it is not one or is damaged."""
    try:
        if data.get("format") != FORMAT:
            raise BadRecord("This is not a saved dice game.")
        set_up(state, int(data["players"]), int(data["seed"]), data["options"],
               tileset or load_tiles(data["tileset"]), RULES)
        if data["tiles"] is not None:
            state.board = lay_board(state.tileset, tuple(placement_from_json(p) for p in data["tiles"]))
        state.phase, state.round = str(data["phase"]), int(data["round"])
        state.start = {str(k): int(v) for k, v in data["start"].items()}
        state.start_tile = data["start_tile"]
        state.positions = {str(k): int(v) for k, v in data["positions"].items()}
        state.slots = [[str(p) for p in s] for s in data["slots"]]
        state.rolled = None if data["rolled"] is None else tuple(str(f) for f in data["rolled"])
        state.used = [(str(p), str(f)) for p, f in data["used"]]
        state.tokens = int(data["reroll_tokens"])
        state.tickets = {str(k): int(v) for k, v in data["tickets"].items()}
        state.final = bool(data["final"])
        state.logbook = [
            LogEntry(int(e["number"]), str(e["ticket"]), int(e["station"]), int(e["round"]), bool(e["double"]),
                     bool(e["revealed"]))
            for e in data["logbook"]
        ]
        if data["possible"] is not None:
            assert state.board is not None
            state.tracker = DiceTracker(state.board, data["possible"])
        state.history = [dict(h) for h in data["history"]]
        outcome = data.get("outcome")
        state.outcome = Outcome(**outcome) if outcome else None
    except (KeyError, TypeError, ValueError, AssertionError) as exc:
        raise BadRecord(f"The saved dice game is damaged ({exc!r}).") from None
