"""Turn timing: when the current turn started, and which turns have waited too long.

A turn starts whenever someone new owes a move: Mr. X's turn, then each detective's (in seat
order), or the detectives' turn as a whole when they move in any order (the ones still to move
have been waiting since it began).
"""

from __future__ import annotations

import aiosqlite

from bot.store import rows

from . import rows as read
from .models import WaitingTurn


def next_turn(before: tuple[str, ...], after: tuple[str, ...], turn: int, started: float | None,
              now: float) -> tuple[int, float | None]:
    """The turn number and its start time after the pawns to move went from ``before`` to ``after``."""
    if not after or (before and set(after) <= set(before)):
        return turn, started
    return turn + 1, now


_TURN_COLUMNS = {"reminder_hours": "reminded_turn", "deadline_hours": "overdue_turn"}


async def mark_turn(conn: aiosqlite.Connection, done_column: str, game_id: int, turn: int) -> None:
    """Remember that ``turn`` was dealt with; an older turn never undoes a newer one."""
    assert done_column in _TURN_COLUMNS.values()
    await conn.execute(f"UPDATE games SET {done_column} = MAX(COALESCE({done_column}, 0), ?) WHERE id = ?",
                       (turn, game_id))


async def waiting_turns(conn: aiosqlite.Connection, hours_column: str, done_column: str,
                        now: float) -> list[WaitingTurn]:
    """Running games whose turn has waited ``hours_column`` hours and is past ``done_column``."""
    assert _TURN_COLUMNS.get(hours_column) == done_column  # column names go into the SQL text
    found = await rows(
        conn,
        f"SELECT * FROM games WHERE status = 'running' AND {hours_column} IS NOT NULL "
        f"AND turn_started_at + {hours_column} * 3600 <= ? AND COALESCE({done_column}, 0) < turn ORDER BY id",
        (now,))
    waiting = []
    for game in found:
        pawns = tuple(game["to_move"].split())
        waiting.append(WaitingTurn(
            game_id=game["id"], guild_id=game["guild_id"], channel_id=game["channel_id"], host_id=game["host_id"],
            turn=game["turn"], round=game["round"], pawns=pawns,
            user_ids=await read.controllers(conn, game["id"], pawns), waiting_since=game["turn_started_at"],
        ))
    return waiting
