"""The ``games`` table: a game's row from its lobby to its end, found by id, by channel or by what it waits for."""

from __future__ import annotations

import json

from .actions import SNAPSHOT_COLUMNS, read_snapshot, snapshot_of
from .base import Sql
from .records import GameRow, SnapshotRow

#: a game in the lobby or running. A channel holds one open lobby at a time (the index games_one_lobby_per_channel) and
#: one game running in the channel itself (the service's rule), besides any number running in threads of their own
ACTIVE = "status IN ('lobby', 'running')"
#: a running game that plays in its channel: it has no thread of its own (none asked for, or it lost the one it had,
#: which names the channel as its place); a game whose thread is asked for but not opened yet counts as in its thread
IN_ITS_CHANNEL = ("NOT EXISTS (SELECT 1 FROM game_threads t WHERE t.game_id = games.id "
                  "AND (t.thread_id IS NULL OR t.thread_id <> games.channel_id))")
#: the columns a reminder or a deadline reads, and the column that remembers the last turn dealt with
_TURN_COLUMNS = {"reminder_hours": "reminded_turn", "deadline_hours": "overdue_turn"}


class Games:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql
        #: inside a command's transaction, the games it has read as they stand now (``Sql.held``): read once, then
        #: kept up to date by this part's own writes (which return the row they leave)
        self._kept: dict[int, GameRow] | None = {} if sql.held else None

    async def lock(self, *, game_id: int | None = None, channel_id: int | None = None) -> None:
        """Take the lock of the game (or of the channel's active game) first thing in a command, so that a command
        on the same game waits for this one before it reads anything, even its idempotency key. Nothing to do
        where a transaction holds the whole database. The row it reads is kept for the command's later reads."""
        if not self.sql.lock:
            return
        if game_id is not None:
            await self.get(game_id)
        elif channel_id is not None:
            await self.active_in_channel(channel_id)

    async def get(self, game_id: int) -> GameRow | None:
        """The game (inside a transaction: locked until it ends)."""
        if self._kept is not None and game_id in self._kept:
            return self._kept[game_id]
        row = await self.sql.one("SELECT * FROM games WHERE id = ?" + self.sql.lock, (game_id,))
        return self._keep(row)

    async def get_with_snapshot(self, game_id: int) -> tuple[GameRow, SnapshotRow | None] | None:
        """The game (inside a transaction: locked until it ends) and its snapshot (None before the start), in one
        read: what a look at a game's state, or a move, begins with. None: there is no such game."""
        if self._kept is not None and game_id in self._kept:  # (read under its lock already: the snapshot alone)
            return self._kept[game_id], await read_snapshot(self.sql, game_id)
        row = await self.sql.one(f"SELECT g.*, {SNAPSHOT_COLUMNS} FROM games g LEFT JOIN snapshots s "
                                 "ON s.game_id = g.id WHERE g.id = ?" + (self.sql.lock and self.sql.lock + " OF g"),
                                 (game_id,))
        game = self._keep(row)
        return None if game is None else (game, snapshot_of(game_id, row))

    async def active_in_channel(self, channel_id: int) -> GameRow | None:
        """The game the channel itself holds (inside a transaction: locked until it ends): its open lobby, else the
        game running in the channel rather than in a thread of its own."""
        for game in (self._kept or {}).values():  # a channel has one lobby at most: a held one is it
            if game.channel_id == channel_id and game.status == "lobby":
                return game
        row = await self.sql.one(
            f"SELECT * FROM games WHERE channel_id = ? AND (status = 'lobby' OR (status = 'running' AND {IN_ITS_CHANNEL})) "
            "ORDER BY CASE WHEN status = 'lobby' THEN 0 ELSE 1 END, id LIMIT 1" + self.sql.lock, (channel_id,))
        return self._keep(row)

    async def in_channel(self, channel_id: int) -> list[GameRow]:
        """Every game of the channel in the lobby or running (in the channel or in threads of their own), oldest first."""
        found = await self.sql.all(f"SELECT * FROM games WHERE channel_id = ? AND {ACTIVE} ORDER BY id", (channel_id,))
        return [GameRow.of(row) for row in found]

    def _keep(self, row) -> GameRow | None:
        game = GameRow.of(row) if row else None
        if game is not None and self._kept is not None:
            self._kept[game.id] = game
        return game

    async def _update(self, assignments: str, params: tuple, game_id: int, condition: str = "",
                      condition_params: tuple = ()) -> None:
        """``UPDATE games SET assignments WHERE id = game_id [AND condition]``; inside a command, the row it leaves
        is kept (an update that changes nothing leaves the kept row as it is)."""
        sql = f"UPDATE games SET {assignments} WHERE id = ?{condition}"
        if self._kept is None:
            await self.sql.execute(sql, (*params, game_id, *condition_params))
        else:
            self._keep(await self.sql.one(sql + " RETURNING *", (*params, game_id, *condition_params)))

    async def latest_in_channel(self, channel_id: int, finished_only: bool) -> GameRow | None:
        """The channel's most recent game (``finished_only``: ended after its start, finished or cancelled)."""
        ended = "AND status NOT IN ('lobby', 'running') AND started_at IS NOT NULL" if finished_only else ""
        row = await self.sql.one(f"SELECT * FROM games WHERE channel_id = ? {ended} ORDER BY id DESC LIMIT 1",
                                 (channel_id,))
        return GameRow.of(row) if row else None

    async def of_user(self, user_id: int) -> list[tuple[GameRow, str | None]]:
        """The person's games in the lobby or running, in which they still play, with the role they hold."""
        found = await self.sql.all(
            "SELECT g.*, p.role AS my_role FROM players p JOIN games g ON g.id = p.game_id "
            f"WHERE p.user_id = ? AND p.status = 'playing' AND g.{ACTIVE} ORDER BY g.id", (user_id,))
        return [(GameRow.of(row), row["my_role"]) for row in found]

    async def by_nonce(self, nonce: str) -> GameRow | None:
        """The game created with ``nonce`` (sy-commit/2's 32 hex digits; unique), or None."""
        row = await self.sql.one("SELECT * FROM games WHERE nonce = ?", (nonce,))
        return GameRow.of(row) if row else None

    async def ids(self) -> list[int]:
        """Every game's id, oldest first (whatever its status)."""
        return [row["id"] for row in await self.sql.all("SELECT id FROM games ORDER BY id")]

    async def waiting(self, hours_column: str, now: float) -> list[GameRow]:
        """Running games whose turn has waited ``hours_column`` hours (reminder_hours, deadline_hours) and
        was not dealt with yet (:meth:`mark_turn`); a turn whose clock stands still (its players away, the game
        paused) waits on."""
        done_column = _TURN_COLUMNS[hours_column]  # column names go into the SQL text: only these two
        found = await self.sql.all(
            f"SELECT * FROM games WHERE status = 'running' AND {hours_column} IS NOT NULL "
            f"AND clock_stopped_at IS NULL "
            f"AND turn_started_at + {hours_column} * 3600 <= ? AND COALESCE({done_column}, 0) < turn ORDER BY id",
            (now,))
        return [GameRow.of(row) for row in found]

    async def mark_turn(self, hours_column: str, game_id: int, turn: int) -> None:
        """Remember that ``turn`` was dealt with (reminded, reported overdue); an older turn never undoes a newer one."""
        done_column = _TURN_COLUMNS[hours_column]
        await self._update(f"{done_column} = ?", (turn,), game_id, f" AND COALESCE({done_column}, 0) < ?", (turn,))

    async def create(self, *, guild_id: int, channel_id: int, status: str, rules: str, board: str,
                     options: dict[str, bool], seed: int, host_id: int, reminder_hours: float | None,
                     deadline_hours: float | None, tracker: bool, now: float, family: str, language: str,
                     nonce: str | None = None, key_commitment: str | None = None, away_days: float = 14.0,
                     takebacks: bool = True) -> int:
        """A new game at version 1; returns its id. ``nonce`` and ``key_commitment``: its sy-commit/2 key (None: a game
        of sy-commit/1, whose row is written as before that scheme); ``takebacks``: whether its players may ask to
        take a move back."""
        sealed = (nonce, key_commitment) if nonce is not None else ()
        row = await self.sql.one(
            "INSERT INTO games (guild_id, channel_id, status, rules, board, options, seed, host_id, version, "
            "reminder_hours, deadline_hours, show_tracker, created_at, updated_at, family, language, away_days"
            + (", nonce, key_commitment" if sealed else "") + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?"
            + (", ?, ?" if sealed else "") + ") RETURNING id",
            (guild_id, channel_id, status, rules, board, json.dumps(options), seed, host_id, reminder_hours,
             deadline_hours, int(tracker), now, now, family, language, away_days, *sealed))
        assert row is not None
        if not takebacks:  # (on by default: the column's)
            await self._update("takebacks = 0", (), row["id"])
        return row["id"]

    async def set_version(self, game_id: int, version: int, now: float) -> None:
        await self._update("version = ?, updated_at = ?", (version, now), game_id)

    async def set_options(self, game_id: int, options: dict[str, bool]) -> None:
        await self._update("options = ?", (json.dumps(options),), game_id)

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self._update("host_id = ?", (user_id,), game_id)

    async def set_settings(self, game_id: int, reminder_hours: float | None, deadline_hours: float | None,
                           tracker: bool, language: str, away_days: float = 14.0) -> None:
        await self._update("reminder_hours = ?, deadline_hours = ?, show_tracker = ?, language = ?, away_days = ?",
                           (reminder_hours, deadline_hours, int(tracker), language, away_days), game_id)

    async def set_clock(self, game_id: int, *, turn_started_at: float | None, clock_stopped_at: float | None,
                        away: dict[int, float] | None = None, paused_at: float | None | bool = False) -> None:
        """The turn's clock (when it started, when it stopped: None, it runs), and with it the game's open
        absences (``away``, None: as they are) and the host's pause (``paused_at``, False: as it is)."""
        assignments, params = ["turn_started_at = ?", "clock_stopped_at = ?"], [turn_started_at, clock_stopped_at]
        if away is not None:
            assignments.append("away = ?")
            params.append(json.dumps({str(user): end for user, end in sorted(away.items())}))
        if paused_at is not False:
            assignments.append("paused_at = ?")
            params.append(paused_at)
        await self._update(", ".join(assignments), tuple(params), game_id)

    async def start(self, game_id: int, status: str, players: int, now: float, deal_seed: int,
                    start_input: str | None = None, hidden_draw: str | None = None) -> None:
        await self._update("status = ?, players = ?, started_at = ?, deal_seed = ?, start_input = ?, hidden_draw = ?",
                           (status, players, now, deal_seed, start_input, hidden_draw), game_id)

    async def seal_with(self, game_id: int, nonce: str, key_commitment: str) -> None:
        """A lobby opened before sy-commit/2 gets its nonce when it starts (its games before stay sy-commit/1)."""
        await self._update("nonce = ?, key_commitment = ?", (nonce, key_commitment), game_id)

    async def end(self, game_id: int, status: str, now: float) -> None:
        """End a game outside the engine (a cancelled game, an emptied lobby): nobody owes a move."""
        await self._update("status = ?, to_move = '', finished_at = ?", (status, now), game_id)

    async def played(self, game_id: int, *, version: int, round: int, to_move: tuple[str, ...], turn: int,
                     turn_started_at: float | None, status: str, winner: str | None, end_reason: str | None,
                     finished_at: float | None, now: float, clock_stopped_at: float | None = None) -> None:
        """The game row after the engine played: its round, who owes a move, the turn's clock, and its end."""
        await self._update(
            "version = ?, round = ?, to_move = ?, turn = ?, turn_started_at = ?, status = ?, winner = ?, "
            "end_reason = ?, finished_at = ?, updated_at = ?, clock_stopped_at = ?",
            (version, round, " ".join(to_move), turn, turn_started_at, status, winner, end_reason, finished_at, now,
             clock_stopped_at), game_id)
