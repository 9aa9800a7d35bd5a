"""Computer players: seated in the lobby, standing in for an absent person, and the move a computer owes."""

from __future__ import annotations

from bot.games import computer_user_id, get_family
from bot.games.errors import InvalidAction
from bot.i18n.names import Span

from . import rebuild, steps
from . import rows as read
from .core import retried
from .dealing import deal_seed
from .errors import DeadlineNotPassed, LobbyFull, NotInGame, RoleTaken
from .events import PlayerJoined, PlayerLeft, PlayerReplaced
from .models import RUNNING, CommandResult, ComputerTurn
from .play import Play
from .seats import seat_changed
from .timing import turn_waited
from .validation import require_host, require_strategy, rules_named


class Computers(Play):
    """Computer seats; a computer's move is played with :meth:`Play.act` like a person's."""

    @retried
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
            people = await tx.seats.players(game.id)
            if role == "mrx" and any(p.role == "mrx" for p in people):
                raise RoleTaken()
            _, ruleset = rules_named(game.rules)
            if len(people) >= ruleset.max_players:
                raise LobbyFull("The lobby is full: {rules} is for at most {n} players.", rules=ruleset.title,
                                n=ruleset.max_players)
            user_id = computer_user_id([p.user_id for p in people], strategy)  # negative, telling its kind
            name = f"Computer ({strategy})"
            await tx.seats.join(game.id, user_id, name, role, now, strategy)
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game.id, (PlayerJoined(user_id, name, role),), host_id,
                                    "add_computer", key, version)

    @retried
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
            computer = await tx.seats.last_computer(game.id, role)
            if computer is None:
                if role == "mrx":
                    raise NotInGame("There is no computer Mr. X in this lobby.")
                if role == "detective":
                    raise NotInGame("There is no computer detective in this lobby.")
                raise NotInGame("There is no computer player in this lobby.")
            await tx.seats.remove(game.id, computer)
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game.id, (PlayerLeft(computer),), host_id,
                                    "remove_computer", key, version)

    @retried
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
            if away.strategy is not None:
                raise InvalidAction("That seat is a computer's already.")
            if user_id not in await tx.seats.controllers(game_id, game.to_move):
                raise DeadlineNotPassed("{who} does not owe the move now: a seat goes to the computer only "
                                        "once its player has let a turn's deadline pass.", who=away.name)
            if game.deadline_hours is None:
                raise DeadlineNotPassed("This game has no deadline; set one first.")
            left = game.deadline_hours * 3600 - turn_waited(game.turn_started_at, game.clock_stopped_at, now)
            if left > 0:
                raise DeadlineNotPassed("The deadline for this turn passes in {left}; hand the seat over after that.",
                                        left=Span(left))
            people = await tx.seats.players(game_id)
            computer = computer_user_id([p.user_id for p in people], strategy)
            await tx.seats.set_status(game_id, user_id, "replaced")
            await tx.seats.take_over(game_id, away, computer, f"Computer ({strategy})", now, strategy=strategy)
            await tx.seats.hand_pawns(game_id, user_id, computer)
            return await seat_changed(tx, now, game, PlayerReplaced(user_id, computer, f"Computer ({strategy})"),
                                      host_id, "hand_to_computer", key)

    @retried
    async def take_back(self, game_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """A player whose seat a computer plays takes it back, pawns and all, at once."""
        async with self._command(key, "take_back", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            stand_in = await tx.seats.stand_in_for(game_id, user_id)
            if stand_in is None:
                raise NotInGame("No computer plays a seat of yours in this game.")
            me = await tx.seats.player(game_id, user_id)
            await tx.seats.hand_pawns(game_id, stand_in, user_id)
            await tx.seats.remove(game_id, stand_in)
            await tx.seats.set_status(game_id, user_id, "playing")
            return await seat_changed(tx, now, game, PlayerReplaced(stand_in, user_id, me.name), user_id, "take_back",
                                      key)

    async def computer_turn(self, game_id: int) -> ComputerTurn | None:
        """The move a computer owes in this game now, or None (a person owes it, or the game is not
        running). It carries the view of the computer's side only (Mr. X's view for a computer Mr. X,
        the public view otherwise) and a seed dealt from the game's secret, so its choice is
        repeatable and nobody can predict it. Play the answer with :meth:`act` under ``key``: a
        retry (after a crash, say) plays it once."""
        seated = await self._reads.seats.computers(game_id)
        if not seated:  # no computer plays here (most games): the game's row is not read
            return None
        game, snapshot = await read.game_and_snapshot(self._reads, game_id)
        if game.status != RUNNING or game.paused_at is not None:
            return None
        family = get_family(game.family)
        seats = [seat for seat in seated if seat[0] in game.to_move]
        if not seats:
            return None
        if await self.takeback_waiting(game_id) is not None:
            return None  # the computers wait for the answer (the answer hands them the turn again)
        state = await rebuild.started_state(self._reads, game, snapshot)
        seat = next((seat for seat in seats if family.computer_may_act(state, seat[0])), None)
        if seat is None:
            return None
        pawn, user_id, strategy = seat
        view = family.secret_view(state) if pawn == family.secret_pawn else family.public_view(state)
        return ComputerTurn(game_id, family.name, pawn, user_id, strategy,
                            deal_seed(self._secret, game.seed, f"computer:{game.version}"), view,
                            f"computer:{game_id}:{game.version}", game.version)

    async def play_computers(self, game_id: int) -> list[CommandResult]:
        """Let every computer whose pawn is to move play, here and now, until a person owes the next
        move (the CLI and tests; the bot thinks off its event loop, see bot.chat.computers)."""
        played: list[CommandResult] = []
        while (turn := await self.computer_turn(game_id)) is not None:
            action = get_family(turn.family).computer_step(turn.player(), turn.view, turn.pawn)
            played.append(await self.act(game_id, turn.user_id, action, turn.key, expected_version=turn.version))
        return played

    async def games_owing_computers(self, holder: str = "") -> list[int]:
        """Running games in which a computer holds a pawn that is to move, and whose computer turns no process
        but ``holder`` has claimed: after a start, and at each fallback poll, each is looked at once."""
        return await self._reads.claims.computer_games_free(holder, self._clock())
