"""Computer players: seated in the lobby, standing in for an absent person, and the move a computer owes."""

from __future__ import annotations

from bot.games import computer_user_id, get_family
from bot.games.errors import InvalidAction
from bot.i18n.names import Span
from bot.store import one, rows

from . import rebuild, steps
from . import rows as read
from .dealing import deal_seed
from .errors import DeadlineNotPassed, LobbyFull, NotInGame, RoleTaken
from .events import PlayerJoined, PlayerLeft, PlayerReplaced
from .models import RUNNING, CommandResult, ComputerTurn
from .play import Play
from .seats import seat_changed
from .validation import require_host, require_strategy, rules_named


class Computers(Play):
    """Computer seats; a computer's move is played with :meth:`Play.act` like a person's."""

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
            require_host(game, host_id)
            require_strategy(game, strategy)
            people = await rows(tx, "SELECT user_id, role FROM players WHERE game_id = ?", (game["id"],))
            if role == "mrx" and any(p["role"] == "mrx" for p in people):
                raise RoleTaken()
            _, ruleset = rules_named(game["rules"])
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
            require_host(game, host_id)
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
            require_host(game, host_id)
            require_strategy(game, strategy)
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
            return await seat_changed(tx, now, game, PlayerReplaced(user_id, computer, f"Computer ({strategy})"),
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
            return await seat_changed(tx, now, game, PlayerReplaced(stand_in["user_id"], user_id, me["name"]),
                                            user_id, "take_back", key)

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
        state = await rebuild.started_state(self._db.reader, game_id)
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
