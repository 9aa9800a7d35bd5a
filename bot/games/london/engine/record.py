"""Game records in the ``scotland-yard-record/1`` shape, and replay from them.

Keys may be added to the shape over time; none may be renamed (other tools read it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.errors import BadRecord, GameError

from .actions import MRX, Action
from .codec import actions_from_history
from .snapshot import FORMAT as STATE_FORMAT
from .snapshot import hidden_from, hidden_hex
from .state import GameState

FORMAT = "scotland-yard-record/1"


def export_record(state: GameState) -> dict[str, Any]:
    tickets: dict[str, dict[str, int | None]] = {}
    pooled: dict[str, str] = {}
    for pawn in state.pawns:
        if pawn.wallet is None:
            continue
        if pawn.wallet != pawn.id:
            pooled[pawn.id] = pawn.wallet
            continue
        tickets[pawn.id] = dict(state.start_wallets[pawn.wallet])
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.name,
        "board": state.board.name,
        "transports": {k.id: k.ticket for k in state.board.transports.values()},
        "seed": state.seed,
        "players": state.players,
        "options": dict(sorted(state.options.items())),
        "pawns": [{"id": p.id, "role": p.role, "colour": p.colour, "seats": list(p.seats)} for p in state.pawns],
        "start": dict(state.start),
        "tickets": tickets,
        "actions": [dict(a) for a in state.history],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }
    if pooled:
        record["pooled_tickets"] = pooled  # pawn -> the pawn whose tickets it spends
    if state.hidden_draw is not None:
        record["hidden_draw"] = hidden_hex(state.hidden_draw)  # Mr. X's start card was drawn with it
    return record


def replay(record: dict[str, Any]) -> GameState:
    """Play a record's actions again from its setup; raises :class:`BadRecord` if any is illegal."""
    state = _set_up(record)
    _play_on(state, actions_from_history(record.get("actions") or record.get("history") or []))
    return state


def replay_cuts(record: dict[str, Any], cuts: Iterable[int]) -> list[GameState]:
    """For each of ``cuts`` (in order), the game after the record's first ``cut`` actions: what :func:`replay`
    makes of the record cut there (the same states, the same errors), played once and copied at each cut rather
    than played again from the start for each one."""
    records = record.get("actions") or []
    states: list[GameState] = []
    state, done = None, 0
    for cut in cuts:
        if not cut:  # replay() reads a record with no actions left as one kept under "history"
            states.append(replay({**record, "actions": []}))
            continue
        if state is None:
            state = _set_up(record)
        actions = actions_from_history(records[:cut])
        if len(actions) < done:
            raise ValueError("replay_cuts: the cuts must come in order.")
        _play_on(state, actions, done)
        done = len(actions)
        states.append(state.copy())
    return states


def _set_up(record: dict[str, Any]) -> GameState:
    """The game a record starts from: dealt again from its seed, and checked against its start stations."""
    if record.get("format") not in (FORMAT, STATE_FORMAT):
        raise BadRecord(f"Unknown record format {record.get('format')!r}.")
    try:
        players = int(record["players"])
        state = GameState.new(record["rules"], players=players, seed=int(record["seed"]),
                              options=record.get("options") or {}, hidden=hidden_from(record))
    except KeyError as exc:
        raise BadRecord(f"The record has no {exc.args[0]!r}.") from None
    except (TypeError, ValueError):
        raise BadRecord("The record's 'players' and 'seed' must be whole numbers.") from None
    if record.get("start") and {k: int(v) for k, v in record["start"].items()} != state.start:
        raise BadRecord("The record's start stations do not match its seed.")
    return state


def _play_on(state: GameState, actions: list[Action], done: int = 0) -> None:
    """Apply ``actions`` from the one numbered ``done`` (the earlier ones are played already)."""
    for i in range(done, len(actions)):
        try:
            state.apply(actions[i])
        except GameError as exc:
            raise BadRecord(f"Action #{i + 1} ({actions[i]}) is not legal on replay: {exc.message}") from None


def redraw(record: dict[str, Any], hidden: int | None, draws: Any = None) -> list[tuple[str, int, Any, Any]]:
    """Mr. X's start card in the record against the one ``hidden`` deals from the record's seed: [("start", 0,
    recorded, drawn)]. Nothing else of this family is left to chance."""
    try:
        state = GameState.new(record["rules"], players=int(record["players"]), seed=int(record["seed"]),
                              options=record.get("options") or {}, hidden=hidden)
        recorded = (record.get("start") or {}).get(MRX)
    except KeyError as exc:
        raise BadRecord(f"The record has no {exc.args[0]!r}.") from None
    except (TypeError, ValueError, AttributeError):
        raise BadRecord("The record's 'players' and 'seed' must be whole numbers.") from None
    return [("start", 0, recorded, state.start[MRX])]
