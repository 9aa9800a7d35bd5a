"""Reading games and players from the store into the service's values."""

from __future__ import annotations

import json
from typing import Any

from bot.games import get_family
from bot.games.errors import BadRecord
from bot.games.outcome import Outcome
from bot.store import GameRow, Session, SnapshotRow

from .errors import GameNotFound, GameNotStarted
from .models import GameInfo, Player, UserGame


def game_info(row: GameRow) -> GameInfo:
    outcome = None
    if row.winner:
        outcome = Outcome(row.winner, row.end_reason, row.round)
    return GameInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        status=row.status,
        rules=row.rules,
        board=row.board,
        options=row.options,
        seed=row.seed,
        host_id=row.host_id,
        version=row.version,
        round=row.round,
        to_move=row.to_move,
        turn=row.turn,
        turn_started_at=row.turn_started_at,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        updated_at=row.updated_at,
        outcome=outcome,
        family=row.family,
        language=row.language,
        key_commitment=row.key_commitment,
        paused_at=row.paused_at,
        clock_stopped_at=row.clock_stopped_at,
        away=dict(row.away),
    )


async def game_row(session: Session, game_id: int) -> GameRow:
    """The game (inside a command: locked until it ends); GameNotFound when there is none."""
    row = await session.games.get(game_id)
    if row is None:
        raise GameNotFound()
    return row


async def game_and_snapshot(session: Session, game_id: int) -> tuple[GameRow, SnapshotRow | None]:
    """The game (inside a command: locked until it ends) and its snapshot (None before the start) from one read;
    GameNotFound when there is no such game."""
    found = await session.games.get_with_snapshot(game_id)
    if found is None:
        raise GameNotFound()
    return found


async def players(session: Session, game_id: int) -> tuple[Player, ...]:
    seated, pawns = await session.seats.players_and_pawns(game_id)
    return tuple(
        Player(
            user_id=row.user_id, name=row.name, seat=row.seat, role=row.role,
            pawns=pawns.get(row.user_id, ()) if row.status == "playing" else (),
            status=row.status, joined_at=row.joined_at,
        )
        for row in seated
    )


async def user_games(session: Session, user_id: int) -> list[UserGame]:
    """The person's games in the lobby or running, with their role, their pawns and whether they owe a move."""
    found = await session.games.of_user(user_id)
    pawns = await session.seats.pawns_in_running_games(user_id)
    games = []
    for row, role in found:
        game = game_info(row)
        mine = pawns.get(game.id, ())
        games.append(UserGame(game, role, mine, any(pawn in game.to_move for pawn in mine)))
    return games


async def snapshot(session: Session, game_id: int) -> tuple[Any, int]:
    """The game's state from its snapshot (its family's state), with the number of actions it has seen."""
    return snapshot_state(await session.actions.snapshot(game_id))


def snapshot_state(row: SnapshotRow | None) -> tuple[Any, int]:
    """The state a stored snapshot holds, with the number of actions it has seen."""
    if row is None:
        raise GameNotStarted()
    try:
        data = json.loads(row.state)
    except (TypeError, ValueError):
        raise BadRecord("The saved game state is not JSON.") from None
    if not isinstance(data, dict):
        raise BadRecord("The saved game state is not a JSON object.")
    return get_family(row.family).from_snapshot(data), row.actions
