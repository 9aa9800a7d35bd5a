"""Reading games and players from the database into the service's values."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import aiosqlite

from bot.games import get_family
from bot.games.errors import BadRecord
from bot.games.outcome import Outcome
from bot.store import one, rows

from .errors import GameNotFound, GameNotStarted
from .models import ACTIVE, GameInfo, Player, UserGame


def game_info(row: sqlite3.Row) -> GameInfo:
    outcome = None
    if row["winner"]:
        outcome = Outcome(row["winner"], row["end_reason"], row["round"])
    return GameInfo(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=row["status"],
        rules=row["rules"],
        board=row["board"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        host_id=row["host_id"],
        version=row["version"],
        round=row["round"],
        to_move=tuple(row["to_move"].split()),
        turn=row["turn"],
        turn_started_at=row["turn_started_at"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        updated_at=row["updated_at"],
        outcome=outcome,
        family=row["family"],
        language=row["language"],
    )


async def game_row(conn: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
    row = await one(conn, "SELECT * FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise GameNotFound()
    return row


async def active_game_row(conn: aiosqlite.Connection, channel_id: int) -> sqlite3.Row | None:
    return await one(
        conn, f"SELECT * FROM games WHERE channel_id = ? AND status IN {ACTIVE!r}", (channel_id,)
    )


async def latest_game_row(conn: aiosqlite.Connection, channel_id: int, finished_only: bool) -> sqlite3.Row | None:
    ended = "AND status NOT IN ('lobby', 'running') AND started_at IS NOT NULL" if finished_only else ""
    return await one(conn, f"SELECT * FROM games WHERE channel_id = ? {ended} ORDER BY id DESC LIMIT 1",
                     (channel_id,))


async def pawns_by_user(conn: aiosqlite.Connection, game_id: int) -> dict[int, tuple[str, ...]]:
    found: dict[int, list[str]] = {}
    for row in await rows(conn, "SELECT user_id, pawn FROM pawn_controls WHERE game_id = ? ORDER BY rowid",
                          (game_id,)):
        found.setdefault(row["user_id"], []).append(row["pawn"])
    return {user: tuple(pawns) for user, pawns in found.items()}


async def controllers(conn: aiosqlite.Connection, game_id: int, pawns: tuple[str, ...]) -> tuple[int, ...]:
    """The people who may move any of ``pawns``, in seat order."""
    if not pawns:
        return ()
    marks = ", ".join("?" * len(pawns))
    found = await rows(
        conn,
        f"SELECT DISTINCT c.user_id FROM pawn_controls c JOIN players p USING (game_id, user_id) "
        f"WHERE c.game_id = ? AND c.pawn IN ({marks}) ORDER BY p.seat",
        (game_id, *pawns),
    )
    return tuple(row["user_id"] for row in found)


async def players(conn: aiosqlite.Connection, game_id: int) -> tuple[Player, ...]:
    pawns = await pawns_by_user(conn, game_id)
    found = await rows(
        conn, "SELECT * FROM players WHERE game_id = ? ORDER BY seat IS NULL, seat, join_order", (game_id,)
    )
    return tuple(
        Player(
            user_id=row["user_id"], name=row["name"], seat=row["seat"], role=row["role"],
            pawns=pawns.get(row["user_id"], ()) if row["status"] == "playing" else (),
            status=row["status"], joined_at=row["joined_at"],
        )
        for row in found
    )


async def user_games(conn: aiosqlite.Connection, user_id: int) -> list[UserGame]:
    """The person's games in the lobby or running, with their role, their pawns and whether they owe a move."""
    found = await rows(
        conn,
        "SELECT g.*, p.role AS my_role FROM players p JOIN games g ON g.id = p.game_id "
        f"WHERE p.user_id = ? AND p.status = 'playing' AND g.status IN {ACTIVE!r} ORDER BY g.id",
        (user_id,))
    pawns: dict[int, list[str]] = {}
    for row in await rows(
            conn, "SELECT c.game_id, c.pawn FROM pawn_controls c JOIN games g ON g.id = c.game_id "
            "WHERE c.user_id = ? AND g.status = 'running' ORDER BY c.rowid", (user_id,)):
        pawns.setdefault(row["game_id"], []).append(row["pawn"])
    games = []
    for row in found:
        game = game_info(row)
        mine = tuple(pawns.get(game.id, ()))
        games.append(UserGame(game, row["my_role"], mine, any(pawn in game.to_move for pawn in mine)))
    return games


async def snapshot(conn: aiosqlite.Connection, game_id: int) -> tuple[Any, int]:
    """The game's state from its snapshot, with the number of actions it has seen."""
    row = await one(conn, "SELECT s.actions, s.state, g.family FROM snapshots s JOIN games g ON g.id = s.game_id "
                          "WHERE s.game_id = ?", (game_id,))
    if row is None:
        raise GameNotStarted()
    try:
        data = json.loads(row["state"])
    except (TypeError, ValueError):
        raise BadRecord("The saved game state is not JSON.") from None
    if not isinstance(data, dict):
        raise BadRecord("The saved game state is not a JSON object.")
    return get_family(row["family"]).from_snapshot(data), row["actions"]
