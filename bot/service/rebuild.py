"""A game's truth is its action list: rebuild the state from it and compare with the snapshot.

A state here is its family's (``Any``): the family deals it, reads it from a snapshot and replays actions on it.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.games import Family, get_family
from bot.games.errors import BadRecord, GameError
from bot.store import GameRow, Session, SnapshotRow

from . import rows as read
from .dealing import hidden_of
from .errors import GameClosed, GameNotStarted
from .models import CANCELLED

log = logging.getLogger(__name__)


async def rebuild_state(session: Session, game_id: int, until_round: int | None = None, *,
                        game: GameRow | None = None) -> Any:
    """Deal the game again from its setup and play its stored actions in order (only those of
    rounds up to ``until_round``, when given: the game as it stood when that round ended). ``game``: the game's
    row, when the caller has just read it (what a replay reads of it, its setup, never changes once it started)."""
    family, state = await dealt(session, game_id, game=game)
    for action in standing(await session.actions.numbered(game_id, until_round)):
        state.apply(family.action_from_json(action))
    return state


async def dealt(session: Session, game_id: int, *, game: GameRow | None = None) -> tuple[Family, Any]:
    """The game as it was dealt, before its first action, and its family (which reads its stored actions)."""
    game = game or await read.game_row(session, game_id)
    if game.players is None:
        raise GameNotStarted()
    family = get_family(game.family)
    dealt_from = game.deal_seed if game.deal_seed is not None else game.seed
    return family, family.new_game(game.rules, game.players, dealt_from, game.options, hidden=hidden_of(game))


def takeback_of(action: Any) -> int | None:
    """The action a stored take-back withdrew (its number), or None: not a take-back. A take-back is an action of
    its own in the list, written by the service (``{"takeback": seq}``), never an engine's."""
    if isinstance(action, dict) and set(action) == {"takeback"} and isinstance(action["takeback"], int):
        return action["takeback"]
    return None


def standing(numbered: list[tuple[int, Any]]) -> list[Any]:
    """The actions that stand, in order: all but the take-backs and the actions they withdrew. The engine replays
    these: a game with a take-back is the game in which the withdrawn action was never played."""
    stands = standing_numbers(numbered)
    return [action for seq, action in numbered if seq in stands]


def standing_numbers(numbered: list[tuple[int, Any]]) -> set[int]:
    """The numbers of the actions that stand (:func:`standing`)."""
    withdrawn = {w for _, action in numbered if (w := takeback_of(action)) is not None}
    return {seq for seq, action in numbered if seq not in withdrawn and takeback_of(action) is None}


async def load_state(session: Session, game_id: int) -> tuple[Any, int]:
    """The game's state and the number of actions behind it: from the snapshot, or from a replay of
    the actions when the snapshot cannot be read (not JSON, empty, not an object, written by an older
    engine) or has seen fewer or more actions than the list holds. The next command writes a fresh one."""
    return await state_from(session, game_id, await session.actions.snapshot(game_id))


async def state_from(session: Session, game_id: int, row: SnapshotRow | None) -> tuple[Any, int]:
    """:func:`load_state` from the game's snapshot as just read (None: it has none)."""
    count = row.listed if row is not None else await session.actions.count(game_id)
    try:
        state, seen = read.snapshot_state(row)
    except (BadRecord, GameNotStarted) as exc:
        log.warning("game %s: rebuilding the state from its %s actions (%s)", game_id, count,
                    getattr(exc, "message", exc))
    else:
        if seen == count:
            return state, seen
        log.warning("game %s: the snapshot has seen %s actions, the list holds %s: rebuilding", game_id, seen, count)
    return await rebuild_state(session, game_id), count


async def started_state(session: Session, game: GameRow, snapshot: SnapshotRow | None) -> Any:
    """The state of a game that has started (a cancelled lobby, or a lobby, has none: refused), from its row and
    its snapshot as read together (``rows.game_and_snapshot``: one trip to the database, not two)."""
    _check_started(game)
    state, _ = await state_from(session, game.id, snapshot)
    return state


def _check_started(game: GameRow) -> None:
    if game.started_at is None:
        if game.status == CANCELLED:
            raise GameClosed("This game was cancelled before it started.")
        raise GameNotStarted()


async def check_game(session: Session, game_id: int) -> list[str]:
    """What is wrong with the stored game; an empty list when the snapshot is exactly its replay."""
    game = await read.game_row(session, game_id)
    if game.players is None:
        return []
    problems = []
    seqs = await session.actions.numbers(game_id)
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"game {game_id}: action numbers are not 1..{len(seqs)}")
    snapshot = await session.actions.snapshot(game_id)
    if snapshot is None:
        return problems + [f"game {game_id}: no snapshot"]
    if snapshot.actions != len(seqs):
        problems.append(f"game {game_id}: the snapshot has seen {snapshot.actions} actions, "
                        f"the list has {len(seqs)}")
    try:
        replayed = await rebuild_state(session, game_id)
    except GameError as exc:
        return problems + [f"game {game_id}: replay fails: {exc.message}"]
    try:
        stored, _ = await read.snapshot(session, game_id)
    except BadRecord as exc:
        return problems + [f"game {game_id}: the snapshot cannot be read: {exc.message}"]
    if replayed.snapshot() != stored.snapshot():
        problems.append(f"game {game_id}: the snapshot differs from the replay of its actions")
    if stored.round != game.round or tuple(stored.to_move()) != game.to_move:
        problems.append(f"game {game_id}: the game row's round or turn differs from the snapshot")
    if (stored.outcome is not None) != (game.status == "finished"):
        problems.append(f"game {game_id}: status {game.status!r} does not match the snapshot's outcome")
    return problems
