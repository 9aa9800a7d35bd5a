"""The lobby: open a game, join and leave it, choose its variants, start it or call it off."""

from __future__ import annotations

import json

from bot.games import get_family
from bot.games.errors import InvalidAction
from bot.i18n import game_language
from bot.store import one, rows

from . import outbox, steps
from . import rows as read
from .core import ServiceCore
from .dealing import deal_seed
from .errors import AlreadyJoined, GameAlreadyRunning, GameAlreadyStarted, LobbyFull, NotHost, RoleTaken
from .events import GameCancelled, GameCreated, GameStarted, HostChanged, PlayerJoined, PlayerLeft, RoleChosen
from .models import CANCELLED, LOBBY, RUNNING, CommandResult
from .seating import choose_seats, pawn_owners
from .settings import guild_defaults
from .validation import ROLES, check_seed, require_host, rules_named


class Lobby(ServiceCore):
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
            guild = await guild_defaults(tx, guild_id)
            family, ruleset = rules_named(rules or guild.default_rules)
            seed = self._rng.randrange(2**31) if seed is None else check_seed(seed)
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
                _, ruleset = rules_named(game["rules"])
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
            require_host(game, user_id)
            family, ruleset = rules_named(game["rules"])
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
            require_host(game, user_id)
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
