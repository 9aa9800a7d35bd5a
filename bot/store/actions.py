"""A game's truth and its cache: the append-only ``actions`` list and the ``snapshots`` of the state after it."""

from __future__ import annotations

import json
from typing import Any

from .base import Row, Sql, to_compact_json, to_json
from .records import SnapshotRow

#: a snapshot's columns (``s``: the snapshots table, ``g``: its game), with the number of actions the game's list holds
SNAPSHOT_COLUMNS = ("s.version AS snapshot_version, s.actions AS snapshot_actions, s.state AS snapshot_state, "
                    "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) AS snapshot_listed")


def snapshot_of(game_id: int, row: Row) -> SnapshotRow | None:
    """The snapshot in a row read with :data:`SNAPSHOT_COLUMNS` (and the game's family); None: the game has none."""
    if row["snapshot_version"] is None:
        return None
    return SnapshotRow(game_id, row["family"], row["snapshot_version"], row["snapshot_actions"],
                       row["snapshot_state"], int(row["snapshot_listed"]))


async def read_snapshot(sql: Sql, game_id: int) -> SnapshotRow | None:
    """The game's snapshot, with the number of actions its list holds."""
    row = await sql.one(f"SELECT g.family, {SNAPSHOT_COLUMNS} FROM snapshots s JOIN games g ON g.id = s.game_id "
                        "WHERE s.game_id = ?", (game_id,))
    return snapshot_of(game_id, row) if row is not None else None


class Actions:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def append(self, game_id: int, seq: int, round: int, user_id: int, action: dict[str, Any], key: str | None,
                     now: float) -> None:
        """Action number ``seq`` of the game (1, 2, 3, ...), as its family's codec wrote it."""
        await self.sql.execute(
            "INSERT INTO actions (game_id, seq, round, user_id, action, key, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seq, round, user_id, to_json(action), key, now))

    async def listed(self, game_id: int, until_round: int | None = None) -> list[Any]:
        """The game's actions in order (only those of rounds up to ``until_round``, when given and not negative),
        as stored JSON."""
        if until_round is None or until_round < 0:
            found = await self.sql.all("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        else:
            found = await self.sql.all("SELECT action FROM actions WHERE game_id = ? AND round <= ? ORDER BY seq",
                                       (game_id, until_round))
        return [json.loads(row["action"]) for row in found]

    async def numbered(self, game_id: int, until_round: int | None = None) -> list[tuple[int, Any]]:
        """(number, stored JSON) of the game's actions in order (only those of rounds up to ``until_round``, when
        given and not negative)."""
        if until_round is None or until_round < 0:
            found = await self.sql.all("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        else:
            found = await self.sql.all("SELECT seq, action FROM actions WHERE game_id = ? AND round <= ? ORDER BY seq",
                                       (game_id, until_round))
        return [(int(row["seq"]), json.loads(row["action"])) for row in found]

    async def timed(self, game_id: int) -> list[tuple[Any, float]]:
        """(stored JSON, when it was stored, its number) of each of the game's actions, in order."""
        found = await self.sql.all("SELECT seq, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(json.loads(row["action"]), float(row["at"]), int(row["seq"])) for row in found]

    async def count(self, game_id: int) -> int:
        row = await self.sql.one("SELECT COUNT(*) AS n FROM actions WHERE game_id = ?", (game_id,))
        return int(row["n"]) if row else 0

    async def numbers(self, game_id: int) -> list[int]:
        """The actions' numbers in order (a sound game has 1..n)."""
        return [row["seq"] for row in await self.sql.all("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq",
                                                          (game_id,))]

    async def save_snapshot(self, game_id: int, version: int, actions: int, state: dict[str, Any]) -> None:
        """The state after the game's first ``actions`` actions, replacing the one before."""
        await self.sql.execute(
            "INSERT INTO snapshots (game_id, version, actions, state) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) "
            "DO UPDATE SET version = excluded.version, actions = excluded.actions, state = excluded.state",
            (game_id, version, actions, to_compact_json(state)))

    async def snapshot(self, game_id: int) -> SnapshotRow | None:
        """The game's snapshot, with the number of actions its list holds (read together: a command checks one
        against the other before it trusts the snapshot)."""
        return await read_snapshot(self.sql, game_id)
