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
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Callable

import aiosqlite

from bot.games.london.engine import Action, GameState, InvalidAction, MrXView, PublicView, RulesUnavailable
from bot.games.london.engine import Surface, quoted
from bot.games import ChanceRequest, Family, RulesEntry, computer_user_id, family_for_rules, get_family
from bot.store import Database, one, rows
from bot.i18n import LANGUAGES, game_language
from bot.i18n.names import Span

from . import outbox, rebuild, steps
from . import rows as read
from .errors import (
    AlreadyJoined,
    BadSetting,
    DeadlineNotPassed,
    GameAlreadyRunning,
    GameAlreadyStarted,
    GameClosed,
    GameNotFound,
    GameNotOver,
    GameNotStarted,
    LobbyFull,
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
)
from .models import (
    CANCELLED,
    LOBBY,
    RUNNING,
    Announcement,
    CommandResult,
    ComputerTurn,
    GameInfo,
    GameSettings,
    GuildSettings,
    MessageRef,
    Player,
    PlayerStats,
    UserGame,
    WaitingTurn,
)
from .dealing import SECRET_KEY, deal_seed, new_secret
from .seating import choose_seats, hand_over, pawn_owners
from .stats import player_stats
from .timing import mark_turn, waiting_turns

ROLES = (None, "mrx", "detective")


class GameService:
    """Open with ``service = await GameService.open(path)``; close with ``await service.close()``."""

    def __init__(self, db: Database, clock: Callable[[], float], rng: random.Random, secret: str) -> None:
        self._db = db
        self._clock = clock
        self._rng = rng
        self._secret = secret

    @classmethod
    async def open(
        cls,
        path: str | Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        secret: str | None = None,
    ) -> "GameService":
        """Open (creating as needed) the database at ``path`` (None: ``$SY_DATABASE``, default
        ``data/scotland-yard.sqlite3``) and apply pending migrations. ``clock`` gives the time in
        seconds; ``rng`` draws the seeds of new games; ``secret`` (``SY_SECRET``) is mixed into every
        hidden draw: None uses the one generated at the first start and kept in the database."""
        db = await Database.open(path)
        try:
            secret = secret or await _installation_secret(db, clock)
        except BaseException:
            await db.close()
            raise
        return cls(db, clock, rng or random.Random(), secret)

    async def close(self) -> None:
        await self._db.close()

    @property
    def database(self) -> Database:
        return self._db

    @asynccontextmanager
    async def _command(self, key: str | None, name: str, user_id: int, *, game_id: int | None = None,
                       channel_id: int | None = None) -> AsyncIterator[tuple[aiosqlite.Connection, float,
                                                                             CommandResult | None]]:
        """One command's transaction: (tx, now, the stored result when ``key`` already ran, else None)."""
        async with self._db.transaction() as tx:
            now = self._clock()
            yield tx, now, await steps.seen(tx, key, name, user_id, game_id=game_id, channel_id=channel_id)

    # -- the lobby ----------------------------------------------------------------------------

    async def create_game(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                          rules: str | None = None, seed: int | None = None,
                          options: dict[str, bool] | None = None, *, key: str | None = None,
                          server_locale: object = None) -> CommandResult:
        """Open a lobby in ``channel_id`` with the host as its first player. ``rules`` None: the
        guild's default. The game speaks the server's default language, else ``server_locale``'s
        (Discord's preferred locale of the server). Raises GameAlreadyRunning if the channel has an
        active game."""
        async with self._command(key, "create", host_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            if await read.active_game_row(tx, channel_id):
                raise GameAlreadyRunning()
            guild = await self._guild_settings(tx, guild_id)
            family, ruleset = _rules(rules or guild.default_rules)
            seed = self._rng.randrange(2**31) if seed is None else _check_seed(seed)
            # Deal a throw-away game now, so bad rules or options are refused before anyone joins.
            options = family.new_game(ruleset.name, ruleset.min_players, seed, options or {}).options
            cursor = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, status, rules, board, options, seed, host_id, version, "
                "reminder_hours, deadline_hours, show_tracker, created_at, updated_at, family, language) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, LOBBY, ruleset.name, ruleset.board, json.dumps(options), seed, host_id,
                 guild.reminder_hours, guild.deadline_hours, int(guild.tracker), now, now, family.name,
                 game_language(None, guild.language, server_locale)),
            )
            game_id = cursor.lastrowid
            await steps.add_player(tx, game_id, host_id, host_name, None, now)
            events = (GameCreated(host_id, ruleset.name), PlayerJoined(host_id, host_name, None))
            return await steps.done(tx, now, game_id, events, host_id, "create", key, version=1)

    async def join(self, channel_id: int, user_id: int, name: str, role: str | None = None,
                   *, key: str | None = None) -> CommandResult:
        """Join the lobby, asking for ``role`` ("mrx", "detective" or None for either). Joining again
        with another role switches role. Raises LobbyFull, RoleTaken, AlreadyJoined."""
        if role not in ROLES:
            raise InvalidAction("Join as 'mrx', as 'detective', or leave the role open.")
        async with self._command(key, "join", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
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
                _, ruleset = _rules(game["rules"])
                if len(people) >= ruleset.max_players:
                    raise LobbyFull("The lobby is full: {rules} is for at most {n} players.", rules=ruleset.title,
                                    n=ruleset.max_players)
                await steps.add_player(tx, game["id"], user_id, name, role, now)
                events = (PlayerJoined(user_id, name, role),)
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game["id"], events, user_id, "join", key, version)

    async def set_options(self, channel_id: int, user_id: int, options: dict[str, bool], *,
                          key: str | None = None) -> CommandResult:
        """Host only, in the lobby: the game's variants (the rules' options, by name) from now on.
        Unknown or clashing options are refused by a throw-away deal and change nothing."""
        async with self._command(key, "options", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            _require_host(game, user_id)
            family, ruleset = _rules(game["rules"])
            chosen = family.new_game(ruleset.name, ruleset.min_players, 0, dict(options)).options
            await tx.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(chosen), game["id"]))
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game["id"], (), user_id, "options", key, version)

    async def leave(self, channel_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """Leave the lobby. A leaving host hands the lobby to the next player; the last one out
        cancels it. In a running game use :meth:`resign`."""
        async with self._command(key, "leave", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id)
            if game["status"] != LOBBY:
                raise GameAlreadyStarted("The game has started: to stop playing, resign.")
            await steps.player(tx, game["id"], user_id)
            await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game["id"], user_id))
            events: list = [PlayerLeft(user_id)]
            if game["host_id"] == user_id:
                heir = await one(tx, "SELECT user_id FROM players WHERE game_id = ? AND strategy IS NULL "
                                 "ORDER BY join_order LIMIT 1", (game["id"],))  # a computer hosts nothing
                if heir is None:
                    await tx.execute("DELETE FROM players WHERE game_id = ?", (game["id"],))
                    await steps.end(tx, now, game["id"], CANCELLED)
                    events.append(GameCancelled(user_id))
                else:
                    await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (heir["user_id"], game["id"]))
                    events.append(HostChanged(heir["user_id"]))
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game["id"], tuple(events), user_id, "leave", key, version)

    async def start(self, channel_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Host only: deal the game. Needs Mr. X (drawn at random from those who did not ask to be
        detectives, if nobody asked) and at least one detective player."""
        async with self._command(key, "start", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            _require_host(game, user_id)
            people = await rows(tx, "SELECT user_id, role FROM players WHERE game_id = ? ORDER BY join_order",
                                (game["id"],))
            seats, drawn = choose_seats([(p["user_id"], p["role"]) for p in people], game["seed"])
            family = get_family(game["family"])
            # Dealt from the seed mixed with the installation secret: the seed alone predicts nothing.
            dealt_from = deal_seed(self._secret, game["seed"])
            state = family.new_game(game["rules"], len(seats), dealt_from, json.loads(game["options"]))
            dealt = []  # chance the game waits for before anyone plays (the dice game's tiles)
            while (action := family.deal(state, self._chance(game, len(dealt)))) is not None:
                state.apply(action)
                dealt.append(action)
            for seat in seats:
                await tx.execute("UPDATE players SET seat = ?, role = ? WHERE game_id = ? AND user_id = ?",
                                 (seat.seat, seat.role, game["id"], seat.user_id))
            await tx.executemany("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                                 [(game["id"], pawn, user) for pawn, user in pawn_owners(state, seats)])
            await tx.execute("UPDATE games SET status = ?, players = ?, started_at = ?, deal_seed = ? WHERE id = ?",
                             (RUNNING, len(seats), now, dealt_from, game["id"]))
            game = await read.game_row(tx, game["id"])
            view = family.public_view(state)
            payload = {
                "mrx_user_id": seats[0].user_id, "mrx_drawn": drawn,
                "start_positions": dict(view.start_positions),
                "next": outbox.next_up(view, await read.controllers(tx, game["id"], view.to_move)),
            }
            # Queued first: the bot posts the start before Mr. X's first prompt.
            await outbox.queue(tx, game["id"], "game:started", outbox.GAME_STARTED, payload, now)
            events = (GameStarted(seats[0].user_id, drawn),)
            version = await steps.save_play(tx, now, game, state, 0, dealt, events, user_id=user_id, key=key,
                                            name="start", announce_actions=False)
            return await steps.result(tx, game["id"], events, version, state=state)

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool = False,
                     *, key: str | None = None) -> CommandResult:
        """End the channel's active game without a result: the host, or anyone who manages the channel."""
        async with self._command(key, "cancel", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id)
            if game["host_id"] != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can cancel the game.")
            await steps.end(tx, now, game["id"], CANCELLED)
            events = (GameCancelled(user_id),)
            version = await steps.bump(tx, now, game)
            await outbox.queue(tx, game["id"], "game:cancelled", outbox.GAME_CANCELLED,
                               {"by_user_id": user_id, "started": game["status"] == RUNNING}, now)
            return await steps.done(tx, now, game["id"], events, user_id, "cancel", key, version)

    async def replace(self, channel_id: int, host_id: int, old_user_id: int, new_user_id: int, new_name: str,
                      *, key: str | None = None) -> CommandResult:
        """Host only: give ``old_user_id``'s seat and pawns to ``new_user_id`` (lobby or running game)."""
        async with self._command(key, "replace", host_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id)
            _require_host(game, host_id)
            old = await steps.player(tx, game["id"], old_user_id,
                                     NotInGame("That person is not playing in this game."))
            taken = await one(tx, "SELECT status FROM players WHERE game_id = ? AND user_id = ?",
                              (game["id"], new_user_id))
            if taken is not None and taken["status"] == "playing":
                raise AlreadyJoined("That person is already playing in this game.")
            gid = game["id"]
            await tx.execute("UPDATE players SET status = 'replaced' WHERE game_id = ? AND user_id = ?",
                             (gid, old_user_id))
            await tx.execute(
                "INSERT INTO players (game_id, user_id, name, role, seat, join_order, joined_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, "
                "role = excluded.role, seat = excluded.seat, status = 'playing', join_order = excluded.join_order",
                (gid, new_user_id, new_name, old["role"], old["seat"], old["join_order"], now),
            )
            if game["status"] == LOBBY:
                await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (gid, old_user_id))
            await tx.execute("UPDATE pawn_controls SET user_id = ? WHERE game_id = ? AND user_id = ?",
                             (new_user_id, gid, old_user_id))
            if game["host_id"] == old_user_id:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_user_id, gid))
            events = (PlayerReplaced(old_user_id, new_user_id, new_name),)
            version = await steps.bump(tx, now, game)
            if game["status"] == RUNNING:
                await self._readdress(tx, now, game, old_user_id, new_user_id, version)
                await outbox.queue(tx, gid, f"players:{version}", outbox.PLAYERS_CHANGED,
                                   {"events": outbox.events_json(events)}, now)
            return await steps.done(tx, now, gid, events, host_id, "replace", key, version)

    async def _readdress(self, tx: aiosqlite.Connection, now: float, game: sqlite3.Row, old_user_id: int,
                         new_user_id: int, version: int) -> None:
        """Mr. X's private prompts follow his pawn to the new player: the unsent ones change address,
        and for the turn he still owes, one is sent again (it went to the old player, or to nobody
        while a computer held the seat)."""
        await tx.execute("UPDATE announcements SET recipient_id = ? WHERE game_id = ? AND recipient_id = ? "
                         "AND posted_at IS NULL", (new_user_id, game["id"], old_user_id))
        family = get_family(game["family"])
        if game["to_move"] == family.secret_pawn:
            waiting = await one(tx, "SELECT 1 FROM announcements WHERE game_id = ? AND recipient_id = ? "
                                "AND posted_at IS NULL AND (key = ? OR key LIKE ?)",
                                (game["id"], new_user_id, f"mrx:turn:{game['round']}", f"mrx:turn:{game['round']}:%"))
            if not waiting:
                state, _ = await rebuild.load_state(tx, game["id"])
                key, kind, payload, _ = outbox.mrx_prompt(family.public_view(state), new_user_id)
                await outbox.queue(tx, game["id"], f"{key}:v{version}", kind, payload, now, new_user_id)

    async def add_computer(self, channel_id: int, host_id: int, role: str, strategy: str = "greedy",
                           *, key: str | None = None) -> CommandResult:
        """Host only: seat a computer player (a built-in strategy) in the lobby as Mr. X or a
        detective. It chooses from its side's view only, like a person (:meth:`play_computers`)."""
        if role not in ("mrx", "detective"):
            raise InvalidAction("A computer plays as 'mrx' or as 'detective'.")
        async with self._command(key, "add_computer", host_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            _require_host(game, host_id)
            _require_strategy(game, strategy)
            people = await rows(tx, "SELECT user_id, role FROM players WHERE game_id = ?", (game["id"],))
            if role == "mrx" and any(p["role"] == "mrx" for p in people):
                raise RoleTaken()
            _, ruleset = _rules(game["rules"])
            if len(people) >= ruleset.max_players:
                raise LobbyFull("The lobby is full: {rules} is for at most {n} players.", rules=ruleset.title,
                                n=ruleset.max_players)
            user_id = computer_user_id([p["user_id"] for p in people], strategy)  # negative, telling its kind
            name = f"Computer ({strategy})"
            await steps.add_player(tx, game["id"], user_id, name, role, now)
            await tx.execute("UPDATE players SET strategy = ? WHERE game_id = ? AND user_id = ?",
                             (strategy, game["id"], user_id))
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game["id"], (PlayerJoined(user_id, name, role),), host_id,
                                    "add_computer", key, version)

    async def remove_computer(self, channel_id: int, host_id: int, role: str | None = None, *,
                              key: str | None = None) -> CommandResult:
        """Host only: take the computer player seated last (as ``role``, if given) out of the lobby."""
        if role not in (None, "mrx", "detective"):
            raise InvalidAction("A computer plays as 'mrx' or as 'detective'.")
        async with self._command(key, "remove_computer", host_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            _require_host(game, host_id)
            computer = await one(tx, "SELECT user_id FROM players WHERE game_id = ? AND strategy IS NOT NULL "
                                 "AND (? IS NULL OR role = ?) ORDER BY join_order DESC LIMIT 1",
                                 (game["id"], role, role))
            if computer is None:
                if role == "mrx":
                    raise NotInGame("There is no computer Mr. X in this lobby.")
                if role == "detective":
                    raise NotInGame("There is no computer detective in this lobby.")
                raise NotInGame("There is no computer player in this lobby.")
            await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game["id"], computer["user_id"]))
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game["id"], (PlayerLeft(computer["user_id"]),), host_id,
                                    "remove_computer", key, version)

    async def hand_to_computer(self, game_id: int, host_id: int, user_id: int, strategy: str = "normal", *,
                               key: str | None = None) -> CommandResult:
        """Host only, once the deadline of a turn the player owes has passed: a computer player
        (``strategy``) takes over the player's seat and pawns until they come back (:meth:`take_back`);
        meanwhile the person's seat counts as replaced."""
        async with self._command(key, "hand_to_computer", host_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            _require_host(game, host_id)
            _require_strategy(game, strategy)
            away = await steps.player(tx, game_id, user_id, NotInGame("That person is not playing in this game."))
            if away["strategy"] is not None:
                raise InvalidAction("That seat is a computer's already.")
            if user_id not in await read.controllers(tx, game_id, tuple(game["to_move"].split())):
                raise DeadlineNotPassed("{who} does not owe the move now: a seat goes to the computer only "
                                        "once its player has let a turn's deadline pass.", who=away["name"])
            if game["deadline_hours"] is None:
                raise DeadlineNotPassed("This game has no deadline; set one first.")
            left = game["deadline_hours"] * 3600 - (now - game["turn_started_at"])
            if left > 0:
                raise DeadlineNotPassed("The deadline for this turn passes in {left}; hand the seat over after that.",
                                        left=Span(left))
            people = await rows(tx, "SELECT user_id FROM players WHERE game_id = ?", (game_id,))
            computer = computer_user_id([p["user_id"] for p in people], strategy)
            await tx.execute("UPDATE players SET status = 'replaced' WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            await tx.execute(
                "INSERT INTO players (game_id, user_id, name, role, seat, join_order, joined_at, strategy, stands_in) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, computer, f"Computer ({strategy})", away["role"], away["seat"], away["join_order"], now,
                 strategy, user_id))
            await tx.execute("UPDATE pawn_controls SET user_id = ? WHERE game_id = ? AND user_id = ?",
                             (computer, game_id, user_id))
            return await self._seat_changed(tx, now, game, PlayerReplaced(user_id, computer, f"Computer ({strategy})"),
                                            host_id, "hand_to_computer", key)

    async def take_back(self, game_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """A player whose seat a computer plays takes it back, pawns and all, at once."""
        async with self._command(key, "take_back", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            stand_in = await one(tx, "SELECT user_id FROM players WHERE game_id = ? AND stands_in = ? "
                                 "AND status = 'playing'", (game_id, user_id))
            if stand_in is None:
                raise NotInGame("No computer plays a seat of yours in this game.")
            me = await one(tx, "SELECT name FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            await tx.execute("UPDATE pawn_controls SET user_id = ? WHERE game_id = ? AND user_id = ?",
                             (user_id, game_id, stand_in["user_id"]))
            await tx.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, stand_in["user_id"]))
            await tx.execute("UPDATE players SET status = 'playing' WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            return await self._seat_changed(tx, now, game, PlayerReplaced(stand_in["user_id"], user_id, me["name"]),
                                            user_id, "take_back", key)

    async def _seat_changed(self, tx: aiosqlite.Connection, now: float, game: sqlite3.Row, event: PlayerReplaced,
                            user_id: int, name: str, key: str | None) -> CommandResult:
        """A running game's seat changed hands: Mr. X's prompts follow it, the channel hears who moves now."""
        version = await steps.bump(tx, now, game)
        await self._readdress(tx, now, game, event.old_user_id, event.new_user_id, version)
        state, _ = await rebuild.load_state(tx, game["id"])
        view = get_family(game["family"]).public_view(state)
        payload = {"events": outbox.events_json((event,)),
                   "next": outbox.next_up(view, await read.controllers(tx, game["id"], view.to_move), ())}
        await outbox.queue(tx, game["id"], f"players:{version}", outbox.PLAYERS_CHANGED, payload, now)
        return await steps.done(tx, now, game["id"], (event,), user_id, name, key, version, state)

    async def computer_turn(self, game_id: int) -> ComputerTurn | None:
        """The move a computer owes in this game now, or None (a person owes it, or the game is not
        running). It carries the view of the computer's side only (Mr. X's view for a computer Mr. X,
        the public view otherwise) and a seed dealt from the game's secret, so its choice is
        repeatable and nobody can predict it. Play the answer with :meth:`act` under ``key``: a
        retry (after a crash, say) plays it once."""
        game = await read.game_row(self._db.reader, game_id)
        if game["status"] != RUNNING:
            return None
        family = get_family(game["family"])
        seats = await rows(self._db.reader,
                           "SELECT c.pawn, c.user_id, p.strategy FROM pawn_controls c JOIN players p ON "
                           "p.game_id = c.game_id AND p.user_id = c.user_id WHERE c.game_id = ? "
                           "AND p.strategy IS NOT NULL AND p.status = 'playing' ORDER BY c.pawn", (game_id,))
        owed = game["to_move"].split()
        seats = [s for s in seats if s["pawn"] in owed]
        if not seats:
            return None
        state = await self._state(game_id)
        seat = next((s for s in seats if family.computer_may_act(state, s["pawn"])), None)
        if seat is None:
            return None
        pawn = seat["pawn"]
        view = family.secret_view(state) if pawn == family.secret_pawn else family.public_view(state)
        return ComputerTurn(game_id, family.name, pawn, seat["user_id"], seat["strategy"],
                            deal_seed(self._secret, game["seed"], f"computer:{game['version']}"), view,
                            f"computer:{game_id}:{game['version']}", game["version"])

    async def play_computers(self, game_id: int) -> list[CommandResult]:
        """Let every computer whose pawn is to move play, here and now, until a person owes the next
        move (the CLI and tests; the bot thinks off its event loop, see bot.chat.computers)."""
        played: list[CommandResult] = []
        while (turn := await self.computer_turn(game_id)) is not None:
            action = get_family(turn.family).computer_step(turn.player(), turn.view, turn.pawn)
            played.append(await self.act(game_id, turn.user_id, action, turn.key, expected_version=turn.version))
        return played

    async def games_owing_computers(self) -> list[int]:
        """Running games in which a computer holds a seat (after a restart, each is looked at once)."""
        found = await rows(self._db.reader,
                           "SELECT DISTINCT g.id FROM games g JOIN players p ON p.game_id = g.id "
                           "WHERE g.status = ? AND p.strategy IS NOT NULL AND p.status = 'playing' ORDER BY g.id",
                           (RUNNING,))
        return [r["id"] for r in found]

    # -- play ---------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: Action, key: str,
                  expected_round: int | None = None, *, expected_version: int | None = None) -> CommandResult:
        """Play an engine action for a pawn the user controls. ``key`` (the interaction id) makes a
        retry harmless: a key seen before returns the stored events with ``duplicate=True``.
        ``expected_round`` (from a button) that is not the current round raises StaleAction, and so
        does ``expected_version`` (a computer's, chosen from the game as it was) that is not the game's."""
        family = get_family((await read.game_row(self._db.reader, game_id))["family"])
        if isinstance(action, ChanceRequest):  # a roll asked for (by a computer): the service deals it
            return await self.request(game_id, user_id, action.what, key, expected_round, pawn=action.pawn,
                                      expected_version=expected_version)
        if family.is_resign(action):
            return await self.resign(game_id, user_id, key)
        pawn = family.acting_pawn(action)
        if pawn is None:
            raise InvalidAction("That is not a move of this game.")
        if action == family.timeout_pass(pawn):
            raise NotHost("Only the host can skip a turn, once the deadline has passed.")
        async with self._command(key, "act", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id, expected_round)
            if expected_version is not None and game["version"] != expected_version:
                raise StaleAction("The game moved on while the computer was thinking.")
            state, applied = await rebuild.load_state(tx, game_id)
            await steps.require_pawn(tx, game_id, user_id, state, pawn)
            action = family.normalise(state, action)
            events = state.apply(action)
            version = await steps.save_play(tx, now, game, state, applied, [action], events, user_id=user_id,
                                               key=key, name="act")
            return await steps.result(tx, game_id, tuple(events), version, state=state)

    async def move(self, game_id: int, user_id: int, pawn: str, to: int, ticket: str, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """One ride: ``ticket`` is a ticket as the board names it, or a word for one ("tube", "U-Bahn");
        in the dice game the die ridden with (while starts are picked: the start station)."""
        family = get_family((await read.game_row(self._db.reader, game_id))["family"])
        return await self.act(game_id, user_id, family.move(pawn, int(to), str(ticket)), key, expected_round)

    async def double_move(self, game_id: int, user_id: int, first: tuple[int, str],
                          second: tuple[int, str], key: str,
                          expected_round: int | None = None) -> CommandResult:
        """Mr. X's double move: ``first`` and ``second`` are (station, ticket)."""
        family = get_family((await read.game_row(self._db.reader, game_id))["family"])
        action = family.double((int(first[0]), str(first[1])), (int(second[0]), str(second[1])))
        return await self.act(game_id, user_id, action, key, expected_round)

    async def request(self, game_id: int, user_id: int, what: str, key: str, expected_round: int | None = None,
                      *, pawn: str | None = None, expected_version: int | None = None) -> CommandResult:
        """A player asks for chance: ``what`` is "roll" or "reroll" (the dice game). The service deals
        it from the installation secret, the game's seed and the number of actions so far (so nobody
        can predict it from the seed) and stores it as an action, so the game replays exactly.
        ``pawn`` None: the caller's pawn that is to move now."""
        async with self._command(key, "request", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id, expected_round)
            if expected_version is not None and game["version"] != expected_version:
                raise StaleAction("The game moved on while the computer was thinking.")
            family = get_family(game["family"])
            state, applied = await rebuild.load_state(tx, game_id)
            if pawn is None:
                mine = await read.pawns_by_user(tx, game_id)
                pawn = next((p for p in state.to_move() if p in mine.get(user_id, ())),
                            next(iter(state.to_move()), family.secret_pawn))
            await steps.require_pawn(tx, game_id, user_id, state, pawn)
            action = family.request(state, pawn, what, self._chance(game, applied))
            if action is None:
                raise InvalidAction("There is nothing to roll in this game.")
            events = state.apply(action)
            version = await steps.save_play(tx, now, game, state, applied, [action], events, user_id=user_id,
                                            key=key, name="request")
            return await steps.result(tx, game_id, tuple(events), version, state=state)

    def _chance(self, game: sqlite3.Row, applied: int) -> random.Random:
        """The generator of the chance dealt after ``applied`` actions of ``game``: its own number for
        every action of every game (two games opened with the same seed roll other dice), mixed with
        the installation secret."""
        return random.Random(deal_seed(self._secret, game["seed"], f"chance:{game['id']}:{applied}"))

    async def surface(self, game_id: int, user_id: int, take: dict[str, str] | None, key: str,
                      expected_round: int | None = None, prefer: str | None = None) -> CommandResult:
        """Mr. X shows where he is (voluntary surfacing), taking one ticket from each detective:
        those ``take`` names, or (``take`` None) ``prefer`` where a detective has it, else the kind
        each has most of."""
        action = Surface(tuple((pawn, str(ticket)) for pawn, ticket in (take or {}).items()), prefer=prefer)
        return await self.act(game_id, user_id, action, key, expected_round)

    async def skip(self, game_id: int, host_id: int, pawn: str, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """Host only: pass an absent detective's turn once the game's deadline has passed."""
        async with self._command(key, "skip", host_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id, expected_round)
            _require_host(game, host_id)
            if game["deadline_hours"] is None:
                raise DeadlineNotPassed("This game has no deadline, so nobody can be skipped; set one first.")
            left = game["deadline_hours"] * 3600 - (now - game["turn_started_at"])
            if left > 0:
                raise DeadlineNotPassed("The deadline for this turn passes in {left}; skip after that.", left=Span(left))
            family = get_family(game["family"])
            if pawn == family.secret_pawn:
                raise InvalidAction("Mr. X cannot be skipped: he must move. You can cancel the game instead.")
            state, applied = await rebuild.load_state(tx, game_id)
            action = family.timeout_pass(pawn)
            events = state.apply(action)
            version = await steps.save_play(tx, now, game, state, applied, [action], events, user_id=host_id,
                                               key=key, name="skip")
            return await steps.result(tx, game_id, tuple(events), version, state=state)

    async def resign(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Mr. X resigning ends the game. A detective resigning hands their pawns to the other
        detective players, or ends the game if nobody is left to take them."""
        async with self._command(key, "resign", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            me = await steps.player(tx, game_id, user_id)
            await tx.execute("UPDATE players SET status = 'resigned' WHERE game_id = ? AND user_id = ?",
                             (game_id, user_id))
            resigned = PlayerResigned(user_id, me["role"])
            heirs = await rows(tx, "SELECT user_id FROM players WHERE game_id = ? AND role = 'detective' "
                                   "AND status = 'playing' ORDER BY seat", (game_id,))
            state, applied = await rebuild.load_state(tx, game_id)
            if me["role"] == "mrx" or not heirs:
                action = get_family(game["family"]).resign("mrx" if me["role"] == "mrx" else "detectives")
                events = state.apply(action)
                version = await steps.save_play(tx, now, game, state, applied, [action], events,
                                                   user_id=user_id, key=key, name="resign", service_events=(resigned,))
                return await steps.result(tx, game_id, (resigned, *events), version, state=state)
            events = (resigned, *await self._hand_over(tx, game, user_id, [h["user_id"] for h in heirs]))
            version = await steps.bump(tx, now, game)
            view = get_family(game["family"]).public_view(state)
            payload = {"events": outbox.events_json(events),
                       "next": outbox.next_up(view, await read.controllers(tx, game_id, view.to_move))}
            await outbox.queue(tx, game_id, f"players:{version}", outbox.PLAYERS_CHANGED, payload, now)
            return await steps.done(tx, now, game_id, events, user_id, "resign", key, version, state)

    async def _hand_over(self, tx: aiosqlite.Connection, game: sqlite3.Row, user_id: int,
                         heirs: list[int]) -> list:
        """Give a resigning detective's own pawns to the detective players left (shared bobbies just
        lose one mover); a resigning host hands the hosting on too."""
        game_id = game["id"]
        mine = [row["pawn"] for row in await rows(
            tx, "SELECT pawn FROM pawn_controls WHERE game_id = ? AND user_id = ? ORDER BY rowid", (game_id, user_id))]
        await tx.execute("DELETE FROM pawn_controls WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        load = {user: 0 for user in heirs}
        for row in await rows(tx, "SELECT pawn, user_id FROM pawn_controls WHERE game_id = ?", (game_id,)):
            load[row["user_id"]] = load.get(row["user_id"], 0) + 1
            if row["pawn"] in mine:
                mine.remove(row["pawn"])
        given = hand_over(mine, [(user, load[user]) for user in heirs])
        await tx.executemany("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                             [(game_id, pawn, user) for pawn, user in given])
        events: list = [PawnsHandedOver(user_id, tuple(given))]
        if game["host_id"] == user_id:
            await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (heirs[0], game_id))
            events.append(HostChanged(heirs[0]))
        return events

    # -- reading ------------------------------------------------------------------------------

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The channel's active game (lobby or running), or None."""
        row = await read.active_game_row(self._db.reader, channel_id)
        return read.game_info(row) if row else None

    async def latest_game(self, channel_id: int, *, finished_only: bool = True) -> GameInfo | None:
        """The channel's most recent game (only ended ones by default: finished or cancelled after the start)."""
        row = await read.latest_game_row(self._db.reader, channel_id, finished_only)
        return read.game_info(row) if row else None

    async def get_game(self, game_id: int) -> GameInfo:
        return read.game_info(await read.game_row(self._db.reader, game_id))

    async def public_view(self, game_id: int, *, after_round: int | None = None) -> PublicView:
        """What everyone may see (as it stood when round ``after_round`` ended, when given).
        Raises GameNotStarted in the lobby."""
        if after_round is not None:
            game = await read.game_row(self._db.reader, game_id)
            if game["round"] is not None and after_round < game["round"]:
                state = await rebuild.rebuild_state(self._db.reader, game_id, after_round)
                return get_family(game["family"]).public_view(state)
        game = await read.game_row(self._db.reader, game_id)
        return get_family(game["family"]).public_view(await self._state(game_id))

    async def mrx_view(self, game_id: int, user_id: int, expected_round: int | None = None) -> MrXView:
        """Mr. X's private view, for the person playing Mr. X only (anyone else: NotYourPawn).
        With ``expected_round`` (a menu offered then) it must still be his turn in that round."""
        if expected_round is not None:
            game = await steps.running(self._db.reader, game_id, expected_round)
            if game["to_move"] != get_family(game["family"]).secret_pawn:
                raise StaleAction("You have already moved this round; you will hear from me on your next turn.")
        state = await self._state(game_id)
        family = get_family((await read.game_row(self._db.reader, game_id))["family"])
        mrx = await one(self._db.reader, "SELECT 1 FROM pawn_controls WHERE game_id = ? AND pawn = ? AND user_id = ?",
                        (game_id, family.secret_pawn, user_id))
        if mrx is None:
            raise NotYourPawn("Only Mr. X's player can see where Mr. X is.")
        return family.secret_view(state)

    async def players(self, game_id: int) -> tuple[Player, ...]:
        """Everyone who joined, by seat (lobby: by join order)."""
        await read.game_row(self._db.reader, game_id)
        return await read.players(self._db.reader, game_id)

    async def games_of_user(self, user_id: int) -> list[UserGame]:
        """The person's active games in every channel, with their role and pawns."""
        return await read.user_games(self._db.reader, user_id)

    async def record(self, game_id: int, *, user_id: int | None = None, in_server: bool = False) -> dict:
        """The engine's game record plus ``people`` (names, seats, roles) and ``game``, once the game has ended.

        The ``scotland-yard-record/1`` keys are left as the engine wrote them (``players`` is the
        number of seats), so :func:`bot.games.london.engine.replay` reads the record as it is. With ``user_id``,
        only someone who played in the game or is a member of its server (``in_server``) gets it;
        anyone else hears that the game does not exist, as for a number that was never used.
        """
        game = await read.game_row(self._db.reader, game_id)
        if user_id is not None and not in_server:
            played = await one(self._db.reader, "SELECT 1 FROM players WHERE game_id = ? AND user_id = ?",
                               (game_id, user_id))
            if played is None:
                raise GameNotFound()
        if game["status"] in (LOBBY, RUNNING) or game["started_at"] is None:
            raise GameNotOver()
        state, _ = await rebuild.load_state(self._db.reader, game_id)
        record = get_family(game["family"]).export_record(state)
        record["people"] = [
            {"user_id": p.user_id, "name": p.name, "seat": p.seat, "role": p.role, "status": p.status}
            for p in await read.players(self._db.reader, game_id)
        ]
        # "seed" is the number the game was dealt from; the seed chosen at the table is kept beside it.
        record["table_seed"] = game["seed"]
        record["game"] = {"id": game_id, "guild_id": game["guild_id"], "channel_id": game["channel_id"],
                          "status": game["status"], "started_at": game["started_at"],
                          "finished_at": game["finished_at"]}
        return record

    # -- settings and statistics ---------------------------------------------------------------

    async def settings(self, game_id: int) -> GameSettings:
        game = await read.game_row(self._db.reader, game_id)
        return GameSettings(game["reminder_hours"], game["deadline_hours"], bool(game["show_tracker"]),
                            game["language"])

    async def update_settings(self, game_id: int, user_id: int, settings: GameSettings,
                              can_manage_channel: bool = False) -> GameSettings:
        """The host (or a channel manager) changes reminders, the deadline and the summaries' tracker."""
        _check_hours(settings.reminder_hours, settings.deadline_hours)
        _check_language(settings.language)
        async with self._db.transaction() as tx:
            now = self._clock()
            game = await read.game_row(tx, game_id)
            if game["status"] not in (LOBBY, RUNNING):
                raise GameClosed("This game is over; its settings can no longer change.")
            if game["host_id"] != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can change the game's settings.")
            await tx.execute("UPDATE games SET reminder_hours = ?, deadline_hours = ?, show_tracker = ?, language = ? "
                             "WHERE id = ?", (settings.reminder_hours, settings.deadline_hours,
                                              int(settings.tracker), settings.language, game_id))
            await steps.bump(tx, now, game)
        return settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._guild_settings(self._db.reader, guild_id)

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings,
                                 can_manage_guild: bool) -> GuildSettings:
        if not can_manage_guild:
            raise NotAllowed("Only someone who manages this server can change its game settings.")
        _rules(settings.default_rules)
        _check_hours(settings.reminder_hours, settings.deadline_hours)
        if settings.language is not None:
            _check_language(settings.language)
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, default_rules, reminder_hours, deadline_hours, show_tracker, "
                "language, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "default_rules = excluded.default_rules, reminder_hours = excluded.reminder_hours, "
                "deadline_hours = excluded.deadline_hours, show_tracker = excluded.show_tracker, "
                "language = excluded.language, updated_at = excluded.updated_at",
                (guild_id, settings.default_rules, settings.reminder_hours, settings.deadline_hours,
                 int(settings.tracker), settings.language, self._clock()),
            )
        return settings

    async def user_language(self, user_id: int) -> str | None:
        """The language the person chose for their own replies ('de'/'en'), or None: their Discord language."""
        row = await one(self._db.reader, "SELECT language FROM user_languages WHERE user_id = ?", (user_id,))
        return None if row is None else row["language"]

    async def set_user_language(self, user_id: int, language: str | None) -> str | None:
        """Keep the person's choice; None (automatic) forgets it."""
        if language is not None and language not in ("de", "en"):
            raise ValueError(f"unknown language {language!r}")
        async with self._db.transaction() as tx:
            if language is None:
                await tx.execute("DELETE FROM user_languages WHERE user_id = ?", (user_id,))
            else:
                await tx.execute(
                    "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
                    "updated_at = excluded.updated_at",
                    (user_id, language, self._clock()))
        return language

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """The person's finished games in this guild: played and won, as Mr. X and as a detective."""
        found = await player_stats(self._db.reader, guild_id, user_id)
        return found[0] if found else PlayerStats(user_id, 0, 0, 0, 0, 0, 0)

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """Most wins first (then fewer games), finished games of this guild only."""
        return (await player_stats(self._db.reader, guild_id))[:limit]

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
        """The bot has reminded the players who owe ``turn``."""
        async with self._db.transaction() as tx:
            await mark_turn(tx, "reminded_turn", game_id, turn)

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only) not yet marked with :meth:`mark_overdue`."""
        return await waiting_turns(self._db.reader, "deadline_hours", "overdue_turn", self._now(now))

    async def mark_overdue(self, game_id: int, turn: int) -> None:
        """The bot has told the host that ``turn`` is past its deadline."""
        async with self._db.transaction() as tx:
            await mark_turn(tx, "overdue_turn", game_id, turn)

    # -- the installation ---------------------------------------------------------------------

    async def installation_value(self, key: str) -> str | None:
        """A fact kept about this installation (not a game's): None when never set."""
        row = await one(self._db.reader, "SELECT value FROM installation WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_installation_value(self, key: str, value: str) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) "
                             "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                             (key, value, self._clock()))

    # -- checks and repair --------------------------------------------------------------------

    async def rebuild_state(self, game_id: int) -> GameState:
        """Replay the game's stored actions from its setup. Holds hidden information: for checks and tools."""
        return await rebuild.rebuild_state(self._db.reader, game_id)

    async def check_game(self, game_id: int) -> list[str]:
        """Problems found comparing the game's snapshot with a replay of its actions (empty: sound)."""
        return await rebuild.check_game(self._db.reader, game_id)

    # -- reading helpers -----------------------------------------------------------------------

    def _now(self, now: float | None) -> float:
        return self._clock() if now is None else now

    async def _state(self, game_id: int) -> GameState:
        game = await read.game_row(self._db.reader, game_id)
        if game["started_at"] is None:
            if game["status"] == CANCELLED:
                raise GameClosed("This game was cancelled before it started.")
            raise GameNotStarted()
        state, _ = await rebuild.load_state(self._db.reader, game_id)
        return state

    async def _guild_settings(self, conn: aiosqlite.Connection, guild_id: int) -> GuildSettings:
        row = await one(conn, "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings()
        return GuildSettings(row["default_rules"], row["reminder_hours"], row["deadline_hours"],
                             bool(row["show_tracker"]), row["language"])


def _rules(name: str) -> tuple[Family, RulesEntry]:
    """The family that plays ``name`` and its entry; an unknown or unplayable one is refused."""
    try:
        family = family_for_rules(name)
    except LookupError as exc:
        raise RulesUnavailable(str(exc)) from None
    entry = family.rules_entry(name)
    assert entry is not None
    entry.require_available(RulesUnavailable)
    return family, entry


async def _installation_secret(db: Database, clock: Callable[[], float]) -> str:
    """The secret generated at the first start (kept, so a restart deals nothing differently)."""
    async with db.transaction() as tx:
        row = await one(tx, "SELECT value FROM installation WHERE key = ?", (SECRET_KEY,))
        if row is not None:
            return row["value"]
        secret = new_secret()
        await tx.execute("INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?)",
                         (SECRET_KEY, secret, clock()))
        return secret


#: what SQLite's INTEGER holds
SEED_RANGE = (-(2**63), 2**63 - 1)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise BadSetting("A seed must be a whole number from {seed_range} to {seed_range2}.", seed_range=SEED_RANGE[0], seed_range2=SEED_RANGE[1])
    return seed


def _require_strategy(game: sqlite3.Row, strategy: str) -> None:
    """Refuse a computer player the game's family does not offer."""
    offered = get_family(game["family"]).strategies
    if strategy not in offered:
        raise InvalidAction("There is no computer player {strategy} (known: {names}).",
                            strategy=quoted(strategy), names=", ".join(offered))


def _require_host(game: sqlite3.Row, user_id: int) -> None:
    if game["host_id"] != user_id:
        raise NotHost()


#: reminders and deadlines, in hours: from 6 minutes to 30 days (None: off)
HOURS_RANGE = (0.1, 24 * 30)


def _check_language(language: object) -> None:
    if language not in LANGUAGES:
        raise BadSetting("The language must be one of {names}.", names=', '.join(LANGUAGES))


def _check_hours(reminder: float | None, deadline: float | None) -> None:
    low, high = HOURS_RANGE
    for name, hours in (("reminders", reminder), ("deadline", deadline)):
        if hours is None:
            continue
        # written so that NaN fails too
        if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not low <= hours <= high:
            if name == "reminders":
                raise BadSetting("Reminders must be from {low:g} hours (6 minutes) to {high:g} hours (30 days), "
                                 "or 0 for off.", low=low, high=high)
            raise BadSetting("The deadline must be from {low:g} hours (6 minutes) to {high:g} hours (30 days), "
                             "or 0 for off.", low=low, high=high)
