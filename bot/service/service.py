"""The game service: the one door the bot, the CLI and the tests use to play games.

It knows games, players and transactions; it does not know what a Discord message is. Every
command is one transaction: read the latest state, validate, apply through the engine, append
the action, update the snapshot, queue the announcements it owes, commit.

Commands are serialised: SQLite has one writer, and the service writes through one connection
guarded by one lock, so two commands on a game (two detectives, a double click, a retried
interaction) run one after the other, the second against the state the first left.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Callable

import aiosqlite

from bot.game import MRX, Action, DoubleMove, GameState, InvalidAction, Move, MrXView, Pass, PublicView, Resign
from bot.game import Surface, get_rules
from bot.store import Database, one, rows

from . import outbox
from . import rows as read
from .codec import action_to_json
from .errors import (
    AlreadyJoined,
    BadSetting,
    DeadlineNotPassed,
    GameAlreadyRunning,
    GameAlreadyStarted,
    GameClosed,
    GameNotOver,
    GameNotStarted,
    KeyReused,
    LobbyFull,
    NoGameHere,
    NotAllowed,
    NotHost,
    NotInGame,
    NotYourPawn,
    RoleTaken,
    StaleAction,
)
from .events import (
    GameCancelled,
    GameCreated,
    GameStarted,
    HostChanged,
    PawnsHandedOver,
    PlayerJoined,
    PlayerLeft,
    PlayerReplaced,
    PlayerResigned,
    RoleChosen,
    event_from_json,
)
from .models import (
    CANCELLED,
    FINISHED,
    LOBBY,
    RUNNING,
    Announcement,
    CommandResult,
    GameInfo,
    GameSettings,
    GuildSettings,
    MessageRef,
    Player,
    PlayerStats,
    UserGame,
    WaitingTurn,
)
from .seating import choose_seats, hand_over, pawn_owners
from .timing import next_turn, waiting_turns

ROLES = (None, "mrx", "detective")


class GameService:
    """Open with ``service = await GameService.open(path)``; close with ``await service.close()``."""

    def __init__(self, db: Database, clock: Callable[[], float], rng: random.Random) -> None:
        self._db = db
        self._clock = clock
        self._rng = rng

    @classmethod
    async def open(
        cls,
        path: str | Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> "GameService":
        """Open (creating as needed) the database at ``path`` (None: ``$SY_DATABASE``, default
        ``data/scotland-yard.sqlite3``) and apply pending migrations. ``clock`` gives the time in
        seconds; ``rng`` draws the seeds of new games."""
        return cls(await Database.open(path), clock, rng or random.Random())

    async def close(self) -> None:
        await self._db.close()

    @property
    def database(self) -> Database:
        return self._db

    # -- the lobby ----------------------------------------------------------------------------

    async def create_game(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                          rules: str | None = None, seed: int | None = None,
                          options: dict[str, bool] | None = None, *, key: str | None = None) -> CommandResult:
        """Open a lobby in ``channel_id`` with the host as its first player. ``rules`` None: the
        guild's default. Raises GameAlreadyRunning if the channel has an active game."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "create", host_id, channel_id=channel_id):
                return seen
            if await read.active_game_row(tx, channel_id):
                raise GameAlreadyRunning()
            guild = await self._guild_settings(tx, guild_id)
            ruleset = get_rules(rules or guild.default_rules)
            seed = self._rng.randrange(2**31) if seed is None else int(seed)
            # Deal a throw-away game now, so bad rules or options are refused before anyone joins.
            options = GameState.new(ruleset, players=ruleset.min_players, seed=seed, options=options).options
            now = self._clock()
            cursor = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, status, rules, board, options, seed, host_id, version, "
                "reminder_hours, deadline_hours, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
                (guild_id, channel_id, LOBBY, ruleset.name, ruleset.board, json.dumps(options), seed, host_id,
                 guild.reminder_hours, guild.deadline_hours, now, now),
            )
            game_id = cursor.lastrowid
            await self._add_player(tx, game_id, host_id, host_name, None, now)
            events = (GameCreated(host_id, ruleset.name), PlayerJoined(host_id, host_name, None))
            return await self._done(tx, game_id, events, host_id, "create", key, version=1)

    async def join(self, channel_id: int, user_id: int, name: str, role: str | None = None,
                   *, key: str | None = None) -> CommandResult:
        """Join the lobby, asking for ``role`` ("mrx", "detective" or None for either). Joining again
        with another role switches role. Raises LobbyFull, RoleTaken, AlreadyJoined."""
        if role not in ROLES:
            raise InvalidAction("Join as 'mrx', as 'detective', or leave the role open.")
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "join", user_id, channel_id=channel_id):
                return seen
            game = await self._lobby(tx, channel_id)
            people = await rows(tx, "SELECT user_id, role FROM players WHERE game_id = ?", (game["id"],))
            mine = next((p for p in people if p["user_id"] == user_id), None)
            if mine is not None and mine["role"] == role:
                raise AlreadyJoined()
            if role == "mrx" and any(p["role"] == "mrx" and p["user_id"] != user_id for p in people):
                raise RoleTaken()
            if mine is not None:
                await tx.execute("UPDATE players SET role = ?, name = ? WHERE game_id = ? AND user_id = ?",
                                 (role, name, game["id"], user_id))
                events: tuple = (RoleChosen(user_id, role),)
            else:
                ruleset = get_rules(game["rules"])
                if len(people) >= ruleset.max_players:
                    raise LobbyFull(f"The lobby is full: {ruleset.title} is for at most "
                                    f"{ruleset.max_players} players.")
                await self._add_player(tx, game["id"], user_id, name, role, self._clock())
                events = (PlayerJoined(user_id, name, role),)
            version = await self._bump(tx, game)
            return await self._done(tx, game["id"], events, user_id, "join", key, version)

    async def leave(self, channel_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """Leave the lobby. A leaving host hands the lobby to the next player; the last one out
        cancels it. In a running game use :meth:`resign`."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "leave", user_id, channel_id=channel_id):
                return seen
            game = await self._active(tx, channel_id)
            if game["status"] != LOBBY:
                raise GameAlreadyStarted("The game has started: to stop playing, resign.")
            await self._player(tx, game["id"], user_id)
            await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game["id"], user_id))
            events: list = [PlayerLeft(user_id)]
            if game["host_id"] == user_id:
                heir = await one(tx, "SELECT user_id FROM players WHERE game_id = ? ORDER BY join_order LIMIT 1",
                                 (game["id"],))
                if heir is None:
                    await self._end(tx, game["id"], CANCELLED)
                    events.append(GameCancelled(user_id))
                else:
                    await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (heir["user_id"], game["id"]))
                    events.append(HostChanged(heir["user_id"]))
            version = await self._bump(tx, game)
            return await self._done(tx, game["id"], tuple(events), user_id, "leave", key, version)

    async def start(self, channel_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Host only: deal the game. Needs Mr. X (drawn at random from those who did not ask to be
        detectives, if nobody asked) and at least one detective player."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "start", user_id, channel_id=channel_id):
                return seen
            game = await self._lobby(tx, channel_id)
            _require_host(game, user_id)
            people = await rows(tx, "SELECT user_id, role FROM players WHERE game_id = ? ORDER BY join_order",
                                (game["id"],))
            seats, drawn = choose_seats([(p["user_id"], p["role"]) for p in people], game["seed"])
            state = GameState.new(game["rules"], players=len(seats), seed=game["seed"],
                                  options=json.loads(game["options"]))
            now = self._clock()
            for seat in seats:
                await tx.execute("UPDATE players SET seat = ?, role = ? WHERE game_id = ? AND user_id = ?",
                                 (seat.seat, seat.role, game["id"], seat.user_id))
            await tx.executemany("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                                 [(game["id"], pawn, user) for pawn, user in pawn_owners(state, seats)])
            await tx.execute("UPDATE games SET status = ?, players = ?, started_at = ? WHERE id = ?",
                             (RUNNING, len(seats), now, game["id"]))
            game = await read.game_row(tx, game["id"])
            view = state.public_view()
            payload = {
                "mrx_user_id": seats[0].user_id, "mrx_drawn": drawn,
                "start_positions": dict(view.start_positions),
                "next": outbox.next_up(view, await read.controllers(tx, game["id"], view.to_move)),
            }
            # Queued first: the bot posts the start before Mr. X's first prompt.
            await outbox.queue(tx, game["id"], "game:started", outbox.GAME_STARTED, payload, now)
            events = (GameStarted(seats[0].user_id, drawn),)
            version = await self._save_play(tx, game, state, 0, [], events, user_id, key, "start")
            return await self._done(tx, game["id"], events, user_id, "start", key, version, state)

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool = False,
                     *, key: str | None = None) -> CommandResult:
        """End the channel's active game without a result: the host, or anyone who manages the channel."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "cancel", user_id, channel_id=channel_id):
                return seen
            game = await self._active(tx, channel_id)
            if game["host_id"] != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can cancel the game.")
            await self._end(tx, game["id"], CANCELLED)
            events = (GameCancelled(user_id),)
            version = await self._bump(tx, game)
            await outbox.queue(tx, game["id"], "game:cancelled", outbox.GAME_CANCELLED,
                               {"by_user_id": user_id, "started": game["status"] == RUNNING}, self._clock())
            return await self._done(tx, game["id"], events, user_id, "cancel", key, version)

    async def replace(self, channel_id: int, host_id: int, old_user_id: int, new_user_id: int, new_name: str,
                      *, key: str | None = None) -> CommandResult:
        """Host only: give ``old_user_id``'s seat and pawns to ``new_user_id`` (lobby or running game)."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "replace", host_id, channel_id=channel_id):
                return seen
            game = await self._active(tx, channel_id)
            _require_host(game, host_id)
            old = await self._player(tx, game["id"], old_user_id,
                                     NotInGame("That person is not playing in this game."))
            taken = await one(tx, "SELECT status FROM players WHERE game_id = ? AND user_id = ?",
                              (game["id"], new_user_id))
            if taken is not None and taken["status"] == "playing":
                raise AlreadyJoined("That person is already playing in this game.")
            gid = game["id"]
            await tx.execute("UPDATE players SET status = 'replaced', seat = NULL WHERE game_id = ? AND user_id = ?",
                             (gid, old_user_id))
            await tx.execute(
                "INSERT INTO players (game_id, user_id, name, role, seat, join_order, joined_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, "
                "role = excluded.role, seat = excluded.seat, status = 'playing', join_order = excluded.join_order",
                (gid, new_user_id, new_name, old["role"], old["seat"], old["join_order"], self._clock()),
            )
            if game["status"] == LOBBY:
                await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (gid, old_user_id))
            await tx.execute("UPDATE pawn_controls SET user_id = ? WHERE game_id = ? AND user_id = ?",
                             (new_user_id, gid, old_user_id))
            if game["host_id"] == old_user_id:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_user_id, gid))
            events = (PlayerReplaced(old_user_id, new_user_id, new_name),)
            version = await self._bump(tx, game)
            if game["status"] == RUNNING:
                await self._readdress(tx, game, old_user_id, new_user_id, version)
                await outbox.queue(tx, gid, f"players:{version}", outbox.PLAYERS_CHANGED,
                                   {"events": outbox.events_json(events)}, self._clock())
            return await self._done(tx, gid, events, host_id, "replace", key, version)

    async def _readdress(self, tx: aiosqlite.Connection, game: sqlite3.Row, old_user_id: int, new_user_id: int,
                         version: int) -> None:
        """Mr. X's private prompts follow his pawn to the new player: the unsent ones change address,
        and a sent one for the turn he still owes is sent again."""
        await tx.execute("UPDATE announcements SET recipient_id = ? WHERE game_id = ? AND recipient_id = ? "
                         "AND posted_at IS NULL", (new_user_id, game["id"], old_user_id))
        if game["to_move"] == MRX:
            sent = await one(tx, "SELECT 1 FROM announcements WHERE game_id = ? AND key = ? AND posted_at IS NOT NULL",
                             (game["id"], f"mrx:turn:{game['round']}"))
            if sent:
                state, _ = await read.snapshot(tx, game["id"])
                key, kind, payload, _ = outbox.mrx_prompt(state.public_view(), new_user_id)
                await outbox.queue(tx, game["id"], f"{key}:v{version}", kind, payload, self._clock(), new_user_id)

    # -- play ---------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: Action, key: str,
                  expected_round: int | None = None) -> CommandResult:
        """Play an engine action for a pawn the user controls. ``key`` (the interaction id) makes a
        retry harmless: a key seen before returns the stored events with ``duplicate=True``.
        ``expected_round`` (from a button) that is not the current round raises StaleAction."""
        if isinstance(action, Resign):
            return await self.resign(game_id, user_id, key)
        if isinstance(action, Pass) and action.reason == "timeout":
            raise NotHost("Only the host can skip a turn, once the deadline has passed.")
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "act", user_id, game_id=game_id):
                return seen
            game = await self._running(tx, game_id, expected_round)
            state, applied = await read.snapshot(tx, game_id)
            pawn = MRX if isinstance(action, (DoubleMove, Surface)) else action.pawn
            await self._require_pawn(tx, game_id, user_id, state, pawn)
            events = state.apply(action)
            version = await self._save_play(tx, game, state, applied, [action], events, user_id, key, "act")
            return await self._done(tx, game_id, tuple(events), user_id, "act", key, version, state)

    async def move(self, game_id: int, user_id: int, pawn: str, to: int, ticket, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """One ride: ``ticket`` is a :class:`~bot.game.Ticket` or its name ("taxi", "black", ...)."""
        return await self.act(game_id, user_id, Move(pawn, int(to), _ticket(ticket)), key, expected_round)

    async def double_move(self, game_id: int, user_id: int, first: tuple[int, object], second: tuple[int, object],
                          key: str, expected_round: int | None = None) -> CommandResult:
        """Mr. X's double move: ``first`` and ``second`` are (station, ticket)."""
        action = DoubleMove(Move(MRX, int(first[0]), _ticket(first[1])), Move(MRX, int(second[0]), _ticket(second[1])))
        return await self.act(game_id, user_id, action, key, expected_round)

    async def surface(self, game_id: int, user_id: int, take: dict[str, object], key: str,
                      expected_round: int | None = None) -> CommandResult:
        """Mr. X shows where he is (voluntary surfacing), taking one ticket from each detective."""
        action = Surface(tuple((pawn, _ticket(ticket)) for pawn, ticket in take.items()))
        return await self.act(game_id, user_id, action, key, expected_round)

    async def skip(self, game_id: int, host_id: int, pawn: str, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """Host only: pass an absent detective's turn once the game's deadline has passed."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "skip", host_id, game_id=game_id):
                return seen
            game = await self._running(tx, game_id, expected_round)
            _require_host(game, host_id)
            if game["deadline_hours"] is None:
                raise DeadlineNotPassed("This game has no deadline, so nobody can be skipped; set one first.")
            waited = self._clock() - game["turn_started_at"]
            left = game["deadline_hours"] * 3600 - waited
            if left > 0:
                raise DeadlineNotPassed(f"The deadline for this turn passes in {_duration(left)}; skip after that.")
            if pawn == MRX:
                raise InvalidAction("Mr. X cannot be skipped: he must move. You can cancel the game instead.")
            state, applied = await read.snapshot(tx, game_id)
            action = Pass(pawn, "timeout")
            events = state.apply(action)
            version = await self._save_play(tx, game, state, applied, [action], events, host_id, key, "skip")
            return await self._done(tx, game_id, tuple(events), host_id, "skip", key, version, state)

    async def resign(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Mr. X resigning ends the game. A detective resigning hands their pawns to the other
        detective players, or ends the game if nobody is left to take them."""
        async with self._db.transaction() as tx:
            if seen := await self._seen(tx, key, "resign", user_id, game_id=game_id):
                return seen
            game = await self._running(tx, game_id)
            me = await self._player(tx, game_id, user_id)
            await tx.execute("UPDATE players SET status = 'resigned' WHERE game_id = ? AND user_id = ?",
                             (game_id, user_id))
            resigned = PlayerResigned(user_id, me["role"])
            heirs = await rows(
                tx, "SELECT p.user_id, COUNT(c.pawn) AS pawns FROM players p LEFT JOIN pawn_controls c "
                "USING (game_id, user_id) WHERE p.game_id = ? AND p.role = 'detective' AND p.status = 'playing' "
                "GROUP BY p.user_id ORDER BY p.seat", (game_id,))
            state, applied = await read.snapshot(tx, game_id)
            if me["role"] == "mrx" or not heirs:
                action = Resign("mrx" if me["role"] == "mrx" else "detectives")
                events = state.apply(action)
                version = await self._save_play(tx, game, state, applied, [action], events, user_id, key,
                                                "resign", (resigned,))
                return await self._done(tx, game_id, (resigned, *events), user_id, "resign", key, version, state)
            mine = await rows(tx, "SELECT pawn FROM pawn_controls WHERE game_id = ? AND user_id = ? ORDER BY rowid",
                              (game_id, user_id))
            await tx.execute("DELETE FROM pawn_controls WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            shared = {row["pawn"] for row in await rows(tx, "SELECT pawn FROM pawn_controls WHERE game_id = ?",
                                                        (game_id,))}
            given = hand_over([r["pawn"] for r in mine if r["pawn"] not in shared],
                              [(h["user_id"], h["pawns"]) for h in heirs])
            await tx.executemany("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                                 [(game_id, pawn, user) for pawn, user in given])
            events_: list = [resigned, PawnsHandedOver(user_id, tuple(given))]
            if game["host_id"] == user_id:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (heirs[0]["user_id"], game_id))
                events_.append(HostChanged(heirs[0]["user_id"]))
            version = await self._bump(tx, game)
            view = state.public_view()
            await outbox.queue(tx, game_id, f"players:{version}", outbox.PLAYERS_CHANGED,
                               {"events": outbox.events_json(events_),
                                "next": outbox.next_up(view, await read.controllers(tx, game_id, view.to_move))},
                               self._clock())
            return await self._done(tx, game_id, tuple(events_), user_id, "resign", key, version, state)

    # -- reading ------------------------------------------------------------------------------

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The channel's active game (lobby or running), or None."""
        row = await read.active_game_row(self._db.reader, channel_id)
        return read.game_info(row) if row else None

    async def get_game(self, game_id: int) -> GameInfo:
        return read.game_info(await read.game_row(self._db.reader, game_id))

    async def public_view(self, game_id: int) -> PublicView:
        """What everyone may see. Raises GameNotStarted in the lobby."""
        return (await self._state(game_id)).public_view()

    async def mrx_view(self, game_id: int, user_id: int) -> MrXView:
        """Mr. X's private view, for the person playing Mr. X only (anyone else: NotYourPawn)."""
        state = await self._state(game_id)
        mrx = await one(self._db.reader, "SELECT 1 FROM pawn_controls WHERE game_id = ? AND pawn = ? AND user_id = ?",
                        (game_id, MRX, user_id))
        if mrx is None:
            raise NotYourPawn("Only Mr. X's player can see where Mr. X is.")
        return state.mrx_view()

    async def players(self, game_id: int) -> tuple[Player, ...]:
        """Everyone who joined, by seat (lobby: by join order)."""
        await read.game_row(self._db.reader, game_id)
        return await read.players(self._db.reader, game_id)

    async def games_of_user(self, user_id: int) -> list[UserGame]:
        """The person's active games in every channel, with their role and pawns."""
        found = await self._db.all(
            "SELECT g.*, p.role AS my_role FROM players p JOIN games g ON g.id = p.game_id "
            "WHERE p.user_id = ? AND p.status = 'playing' AND g.status IN ('lobby', 'running') ORDER BY g.id",
            (user_id,))
        pawns: dict[int, list[str]] = {}
        for row in await self._db.all(
            "SELECT c.game_id, c.pawn FROM pawn_controls c JOIN games g ON g.id = c.game_id "
            "WHERE c.user_id = ? AND g.status = 'running' ORDER BY c.rowid", (user_id,)):
            pawns.setdefault(row["game_id"], []).append(row["pawn"])
        games = []
        for row in found:
            game = read.game_info(row)
            mine = tuple(pawns.get(game.id, ()))
            games.append(UserGame(game, row["my_role"], mine, any(p in game.to_move for p in mine)))
        return games

    async def record(self, game_id: int) -> dict:
        """The engine's game record plus ``players`` (names, seats, roles), once the game has ended."""
        game = await read.game_row(self._db.reader, game_id)
        if game["status"] in (LOBBY, RUNNING) or game["started_at"] is None:
            raise GameNotOver()
        state, _ = await read.snapshot(self._db.reader, game_id)
        record = state.record()
        record["players"] = [
            {"user_id": p.user_id, "name": p.name, "seat": p.seat, "role": p.role, "status": p.status}
            for p in await read.players(self._db.reader, game_id)
        ]
        record["game"] = {"id": game_id, "guild_id": game["guild_id"], "channel_id": game["channel_id"],
                          "status": game["status"], "started_at": game["started_at"],
                          "finished_at": game["finished_at"]}
        return record

    # -- settings and statistics ---------------------------------------------------------------

    async def settings(self, game_id: int) -> GameSettings:
        game = await read.game_row(self._db.reader, game_id)
        return GameSettings(game["reminder_hours"], game["deadline_hours"])

    async def update_settings(self, game_id: int, user_id: int, settings: GameSettings,
                              can_manage_channel: bool = False) -> GameSettings:
        """The host (or a channel manager) changes reminders and the deadline."""
        _check_hours(settings.reminder_hours, settings.deadline_hours)
        async with self._db.transaction() as tx:
            game = await read.game_row(tx, game_id)
            if game["status"] not in (LOBBY, RUNNING):
                raise GameClosed("This game is over; its settings can no longer change.")
            if game["host_id"] != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can change the game's settings.")
            await tx.execute("UPDATE games SET reminder_hours = ?, deadline_hours = ? WHERE id = ?",
                             (settings.reminder_hours, settings.deadline_hours, game_id))
            await self._bump(tx, game)
        return settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._guild_settings(self._db.reader, guild_id)

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings,
                                 can_manage_guild: bool) -> GuildSettings:
        if not can_manage_guild:
            raise NotAllowed("Only someone who manages this server can change its game settings.")
        get_rules(settings.default_rules).require_available()
        _check_hours(settings.reminder_hours, settings.deadline_hours)
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, default_rules, reminder_hours, deadline_hours, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET default_rules = excluded.default_rules, "
                "reminder_hours = excluded.reminder_hours, deadline_hours = excluded.deadline_hours, "
                "updated_at = excluded.updated_at",
                (guild_id, settings.default_rules, settings.reminder_hours, settings.deadline_hours, self._clock()),
            )
        return settings

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        found = await self._stats(guild_id, "AND rp.user_id = ?", (user_id,))
        return found[0] if found else PlayerStats(user_id, 0, 0, 0, 0, 0, 0)

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """Most wins first (then fewer games), finished games of this guild only."""
        return (await self._stats(guild_id, "", ()))[:limit]

    async def _stats(self, guild_id: int, where: str, params: tuple) -> list[PlayerStats]:
        found = await self._db.all(
            "SELECT rp.user_id, COUNT(*) AS games, SUM(rp.won) AS wins, "
            "SUM(rp.role = 'mrx') AS mrx_games, SUM(rp.role = 'mrx' AND rp.won) AS mrx_wins, "
            "SUM(rp.role = 'detective') AS detective_games, SUM(rp.role = 'detective' AND rp.won) AS detective_wins "
            f"FROM result_players rp JOIN results r USING (game_id) WHERE r.guild_id = ? {where} "
            "GROUP BY rp.user_id ORDER BY wins DESC, games ASC, rp.user_id",
            (guild_id, *params))
        return [PlayerStats(r["user_id"], r["games"], r["wins"], r["mrx_games"], r["mrx_wins"],
                            r["detective_games"], r["detective_wins"]) for r in found]

    # -- the outbox and timing ----------------------------------------------------------------

    async def pending_announcements(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        where, params = ("AND a.game_id = ?", (game_id,)) if game_id is not None else ("", ())
        found = await self._db.all(
            "SELECT a.*, g.guild_id, g.channel_id AS game_channel_id FROM announcements a "
            f"JOIN games g ON g.id = a.game_id WHERE a.posted_at IS NULL {where} ORDER BY a.id", params)
        return [outbox.announcement(row) for row in found]

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE announcements SET posted_at = ?, channel_id = ?, message_id = ? "
                             "WHERE id = ? AND posted_at IS NULL",
                             (self._clock(), channel_id, message_id, announcement_id))

    async def record_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message the bot edits later (kind "lobby", "board", ...); replaces the previous one."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO messages (game_id, kind, channel_id, message_id, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, updated_at = excluded.updated_at",
                (game_id, kind, channel_id, message_id, self._clock()))

    async def message_for(self, game_id: int, kind: str) -> MessageRef | None:
        row = await self._db.one("SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
                                 (game_id, kind))
        return MessageRef(row["channel_id"], row["message_id"]) if row else None

    async def due_reminders(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns that have waited longer than the game's reminder_hours and were not reminded yet."""
        return await waiting_turns(self._db.reader, "reminder_hours", "reminded_turn", self._now(now))

    async def mark_reminded(self, game_id: int, turn: int) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE games SET reminded_turn = MAX(COALESCE(reminded_turn, 0), ?) WHERE id = ?",
                             (turn, game_id))

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only) not yet marked with :meth:`mark_overdue`."""
        return await waiting_turns(self._db.reader, "deadline_hours", "overdue_turn", self._now(now))

    async def mark_overdue(self, game_id: int, turn: int) -> None:
        """The bot has told the host that ``turn`` is past its deadline."""
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE games SET overdue_turn = MAX(COALESCE(overdue_turn, 0), ?) WHERE id = ?",
                             (turn, game_id))

    # -- checks and repair --------------------------------------------------------------------

    async def rebuild_state(self, game_id: int) -> GameState:
        """Replay the game's stored actions from its setup. Holds hidden information: for checks and tools."""
        from .replay import rebuild_state

        return await rebuild_state(self._db.reader, game_id)

    async def check_game(self, game_id: int) -> list[str]:
        """Problems found comparing the game's snapshot with a replay of its actions (empty: sound)."""
        from .replay import check_game

        return await check_game(self._db.reader, game_id)

    # -- inside a command ---------------------------------------------------------------------

    def _now(self, now: float | None) -> float:
        return self._clock() if now is None else now

    async def _seen(self, tx: aiosqlite.Connection, key: str | None, name: str, user_id: int, *,
                    game_id: int | None = None, channel_id: int | None = None) -> CommandResult | None:
        """The stored result of a command that already ran with ``key``, or None."""
        if key is None:
            return None
        row = await one(tx, "SELECT c.*, g.channel_id FROM commands c JOIN games g ON g.id = c.game_id "
                            "WHERE c.key = ?", (key,))
        if row is None:
            return None
        if (row["name"], row["user_id"]) != (name, user_id) or game_id not in (None, row["game_id"]) \
                or channel_id not in (None, row["channel_id"]):
            raise KeyReused()
        events = tuple(event_from_json(e) for e in json.loads(row["events"]))
        return await self._result(tx, row["game_id"], events, row["version"], duplicate=True)

    async def _active(self, tx: aiosqlite.Connection, channel_id: int) -> sqlite3.Row:
        game = await read.active_game_row(tx, channel_id)
        if game is None:
            raise NoGameHere()
        return game

    async def _lobby(self, tx: aiosqlite.Connection, channel_id: int) -> sqlite3.Row:
        game = await self._active(tx, channel_id)
        if game["status"] != LOBBY:
            raise GameAlreadyStarted()
        return game

    async def _running(self, tx: aiosqlite.Connection, game_id: int,
                       expected_round: int | None = None) -> sqlite3.Row:
        game = await read.game_row(tx, game_id)
        if game["status"] == LOBBY:
            raise GameNotStarted()
        if game["status"] == FINISHED:
            raise GameClosed("This game is over.")
        if game["status"] == CANCELLED:
            raise GameClosed("This game was cancelled.")
        if expected_round is not None and expected_round != game["round"]:
            raise StaleAction(f"That button is from round {expected_round}; the game is in round "
                              f"{game['round']} now.")
        return game

    async def _player(self, tx: aiosqlite.Connection, game_id: int, user_id: int,
                      error: Exception | None = None) -> sqlite3.Row:
        row = await one(tx, "SELECT * FROM players WHERE game_id = ? AND user_id = ? AND status = 'playing'",
                        (game_id, user_id))
        if row is None:
            raise error or NotInGame()
        return row

    async def _require_pawn(self, tx: aiosqlite.Connection, game_id: int, user_id: int, state: GameState,
                            pawn: str) -> None:
        if pawn not in state.pawn:
            raise InvalidAction(f"There is no pawn called {pawn!r} in this game.")
        mine = await one(tx, "SELECT 1 FROM pawn_controls WHERE game_id = ? AND pawn = ? AND user_id = ?",
                         (game_id, pawn, user_id))
        if mine is None:
            await self._player(tx, game_id, user_id)
            if pawn == MRX:
                raise NotYourPawn("Only Mr. X's player can move Mr. X.")
            raise NotYourPawn(f"You do not move {state.pawn[pawn].label}.")

    async def _add_player(self, tx: aiosqlite.Connection, game_id: int, user_id: int, name: str,
                          role: str | None, now: float) -> None:
        await tx.execute(
            "INSERT INTO players (game_id, user_id, name, role, join_order, joined_at) VALUES "
            "(?, ?, ?, ?, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM players WHERE game_id = ?), ?)",
            (game_id, user_id, name, role, game_id, now))

    async def _bump(self, tx: aiosqlite.Connection, game: sqlite3.Row) -> int:
        """A change outside the engine (lobby, hand-over): the game's version goes up, nothing else."""
        version = game["version"] + 1
        await tx.execute("UPDATE games SET version = ?, updated_at = ? WHERE id = ?",
                         (version, self._clock(), game["id"]))
        return version

    async def _end(self, tx: aiosqlite.Connection, game_id: int, status: str) -> None:
        await tx.execute("UPDATE games SET status = ?, to_move = '', finished_at = ? WHERE id = ?",
                         (status, self._clock(), game_id))

    async def _save_play(self, tx: aiosqlite.Connection, game: sqlite3.Row, state: GameState, applied: int,
                         actions: list[Action], events: list, user_id: int, key: str | None, name: str,
                         service_events: tuple = ()) -> int:
        """Write what the engine did: the action rows, the snapshot, the game row, the result and
        the announcements it owes. Returns the new version."""
        now = self._clock()
        gid = game["id"]
        version = game["version"] + 1
        if key is not None:
            await tx.execute(
                "INSERT INTO commands (key, game_id, user_id, name, version, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, gid, user_id, name, version, json.dumps(outbox.events_json((*service_events, *events))), now))
        seq = applied
        for action in actions:
            seq += 1
            await tx.execute(
                "INSERT INTO actions (game_id, seq, round, user_id, action, key, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (gid, seq, game["round"], user_id, json.dumps(action_to_json(action)), key, now))
        await tx.execute(
            "INSERT INTO snapshots (game_id, version, actions, state) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) "
            "DO UPDATE SET version = excluded.version, actions = excluded.actions, state = excluded.state",
            (gid, version, seq, json.dumps(state.snapshot(), separators=(",", ":"))))

        to_move = tuple(state.to_move())
        turn, turn_started_at = next_turn(tuple(game["to_move"].split()), to_move, game["turn"],
                                          game["turn_started_at"], now)
        outcome = state.outcome
        await tx.execute(
            "UPDATE games SET version = ?, round = ?, to_move = ?, turn = ?, turn_started_at = ?, status = ?, "
            "winner = ?, end_reason = ?, finished_at = ?, updated_at = ? WHERE id = ?",
            (version, state.round, " ".join(to_move), turn, turn_started_at, FINISHED if outcome else RUNNING,
             outcome.winner if outcome else None, outcome.reason if outcome else None,
             now if outcome else None, now, gid))
        if outcome:
            await self._save_result(tx, game, outcome, now)

        view = state.public_view()
        mrx_user = (await read.controllers(tx, gid, (MRX,)) or (None,))[0]
        for key_, kind, payload, recipient in outbox.after_play(
                view, events, seq=seq if actions else None, user_id=user_id,
                next_users=await read.controllers(tx, gid, to_move), mrx_user=mrx_user,
                new_turn=turn != game["turn"]):
            await outbox.queue(tx, gid, key_, kind, payload, now, recipient)
        return version

    async def _save_result(self, tx: aiosqlite.Connection, game: sqlite3.Row, outcome, now: float) -> None:
        await tx.execute(
            "INSERT INTO results (game_id, guild_id, rules, winner, reason, rounds, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game["id"], game["guild_id"], game["rules"], outcome.winner, outcome.reason, outcome.round, now))
        # Everyone who held a seat to the end shares the side's result; a resigned player lost.
        await tx.execute(
            "INSERT INTO result_players (game_id, user_id, role, won) SELECT game_id, user_id, role, "
            "status = 'playing' AND (CASE role WHEN 'mrx' THEN 'mrx' ELSE 'detectives' END) = ? "
            "FROM players WHERE game_id = ? AND status IN ('playing', 'resigned') AND role IS NOT NULL",
            (outcome.winner, game["id"]))

    async def _done(self, tx: aiosqlite.Connection, game_id: int, events: tuple, user_id: int, name: str,
                    key: str | None, version: int, state: GameState | None = None) -> CommandResult:
        """Remember a keyed command that did not go through :meth:`_save_play`, and build its result."""
        exists = key is not None and await one(tx, "SELECT 1 FROM commands WHERE key = ?", (key,))
        if key is not None and not exists:
            await tx.execute(
                "INSERT INTO commands (key, game_id, user_id, name, version, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, game_id, user_id, name, version, json.dumps(outbox.events_json(events)), self._clock()))
        return await self._result(tx, game_id, events, version, state=state)

    async def _result(self, tx: aiosqlite.Connection, game_id: int, events: tuple, version: int, *,
                      duplicate: bool = False, state: GameState | None = None) -> CommandResult:
        game = read.game_info(await read.game_row(tx, game_id))
        if state is None and game.started_at is not None:
            state, _ = await read.snapshot(tx, game_id)
        view = state.public_view() if state is not None else None
        return CommandResult(game, events, view, await read.players(tx, game_id), duplicate, version)

    async def _state(self, game_id: int) -> GameState:
        game = await read.game_row(self._db.reader, game_id)
        if game["started_at"] is None:
            raise GameNotStarted()
        state, _ = await read.snapshot(self._db.reader, game_id)
        return state

    async def _guild_settings(self, conn: aiosqlite.Connection, guild_id: int) -> GuildSettings:
        row = await one(conn, "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings()
        return GuildSettings(row["default_rules"], row["reminder_hours"], row["deadline_hours"])


def _require_host(game: sqlite3.Row, user_id: int) -> None:
    if game["host_id"] != user_id:
        raise NotHost()


def _ticket(ticket):
    from bot.game import Ticket

    return ticket if isinstance(ticket, Ticket) else Ticket.parse(str(ticket))


def _check_hours(reminder: float | None, deadline: float | None) -> None:
    for name, hours in (("Reminders", reminder), ("The deadline", deadline)):
        if hours is not None and not 0 < hours <= 24 * 30:
            raise BadSetting(f"{name} must be between a few minutes and 30 days (in hours), or off.")


def _duration(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    return f"{hours} hours"
