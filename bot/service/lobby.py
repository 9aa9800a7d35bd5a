"""The lobby: open a game, join and leave it, choose its variants, start it or call it off."""

from __future__ import annotations

from bot.games import get_family
from bot.games.errors import InvalidAction
from bot.i18n import game_language

from . import outbox, steps
from . import rows as read
from .core import ServiceCore, retried
from .dealing import deal_seed, hidden_for, sealed_anew
from .errors import AlreadyJoined, GameAlreadyRunning, GameAlreadyStarted, LobbyFull, NotHost, RoleTaken
from .events import GameCancelled, GameCreated, GameStarted, HostChanged, PlayerJoined, PlayerLeft, RoleChosen
from .models import CANCELLED, LOBBY, RUNNING, CommandResult
from .seating import choose_seats, pawn_owners
from .settings import guild_defaults
from .validation import ROLES, check_seed, require_host, rules_named


class Lobby(ServiceCore):
    @retried
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
            thread_of = await tx.threads.game_in(channel_id)
            if thread_of is not None:  # a game's own thread holds that game only
                owner = await read.game_row(tx, thread_of)
                raise GameAlreadyRunning("This thread belongs to game #{id}: open a new game in {channel} with "
                                         "`/sy new`.", id=owner.id, channel=f"<#{owner.channel_id}>")
            if await tx.games.active_in_channel(channel_id):
                raise GameAlreadyRunning()
            guild = await guild_defaults(tx, guild_id)
            family, ruleset = rules_named(rules or guild.default_rules)
            seed = self._rng.randrange(2**31) if seed is None else check_seed(seed)
            # Deal a throw-away game now, so bad rules or options are refused before anyone joins.
            options = family.new_game(ruleset.name, ruleset.min_players, seed, options or {}).options
            # sy-commit/2: the game's key is fixed now, and its commitment goes out with the lobby (docs/fairness.md).
            nonce, committed = sealed_anew(self._secret, self._nonces())
            game_id = await tx.games.create(
                guild_id=guild_id, channel_id=channel_id, status=LOBBY, rules=ruleset.name, board=ruleset.board,
                options=options, seed=seed, host_id=host_id, reminder_hours=guild.reminder_hours,
                deadline_hours=guild.deadline_hours, tracker=guild.tracker, now=now, family=family.name,
                language=game_language(None, guild.language, server_locale), nonce=nonce,
                key_commitment=committed, away_days=guild.away_days)
            await tx.seats.join(game_id, host_id, host_name, None, now)
            events = (GameCreated(host_id, ruleset.name), PlayerJoined(host_id, host_name, None))
            return await steps.done(tx, now, game_id, events, host_id, "create", key, version=1)

    @retried
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
            people = await tx.seats.players(game.id)
            mine = next((p for p in people if p.user_id == user_id), None)
            if mine is not None and mine.role == role:
                raise AlreadyJoined()
            if role == "mrx" and any(p.role == "mrx" and p.user_id != user_id for p in people):
                raise RoleTaken()
            if mine is not None:
                await tx.seats.choose_role(game.id, user_id, role, name)
                events: tuple = (RoleChosen(user_id, role),)
            else:
                _, ruleset = rules_named(game.rules)
                if len(people) >= ruleset.max_players:
                    raise LobbyFull("The lobby is full: {rules} is for at most {n} players.", rules=ruleset.title,
                                    n=ruleset.max_players)
                await tx.seats.join(game.id, user_id, name, role, now)
                events = (PlayerJoined(user_id, name, role),)
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game.id, events, user_id, "join", key, version)

    @retried
    async def set_options(self, channel_id: int, user_id: int, options: dict[str, bool], *,
                          key: str | None = None) -> CommandResult:
        """Host only, in the lobby: the game's variants (the rules' options, by name) from now on.
        Unknown or clashing options are refused by a throw-away deal and change nothing."""
        async with self._command(key, "options", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            require_host(game, user_id)
            family, ruleset = rules_named(game.rules)
            chosen = family.new_game(ruleset.name, ruleset.min_players, 0, dict(options)).options
            await tx.games.set_options(game.id, chosen)
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game.id, (), user_id, "options", key, version)

    @retried
    async def leave(self, channel_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """Leave the lobby. A leaving host hands the lobby to the next player; the last one out
        cancels it. In a running game use :meth:`resign`."""
        async with self._command(key, "leave", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id)
            if game.status != LOBBY:
                raise GameAlreadyStarted("The game has started: to stop playing, resign.")
            await steps.player(tx, game.id, user_id)
            await tx.seats.remove(game.id, user_id)
            events: list = [PlayerLeft(user_id)]
            if game.host_id == user_id:
                heir = await tx.seats.first_person(game.id)  # a computer hosts nothing
                if heir is None:
                    await tx.seats.remove(game.id)
                    await tx.games.end(game.id, CANCELLED, now)
                    events.append(GameCancelled(user_id))
                else:
                    await tx.games.set_host(game.id, heir)
                    events.append(HostChanged(heir))
            version = await steps.bump(tx, now, game)
            return await steps.done(tx, now, game.id, tuple(events), user_id, "leave", key, version)

    @retried
    async def start(self, channel_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Host only: deal the game. Needs Mr. X (drawn at random from those who did not ask to be
        detectives, if nobody asked) and at least one detective player."""
        async with self._command(key, "start", user_id, channel_id=channel_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.lobby(tx, channel_id)
            require_host(game, user_id)
            people = await tx.seats.players(game.id)  # nobody has a seat yet: in join order
            seats, drawn = choose_seats([(p.user_id, p.role) for p in people], game.seed)
            family = get_family(game.family)
            if game.nonce is None:  # a lobby opened before sy-commit/2: its key is fixed now, before any draw
                nonce, committed = sealed_anew(self._secret, self._nonces())
                if nonce is not None:
                    await tx.games.seal_with(game.id, nonce, committed)
                    game = await read.game_row(tx, game.id)
            # What is public from the start follows the seed mixed with the installation secret; what stays hidden
            # (Mr. X's start card) and every later chance come from the game's key and this command's id, which
            # nobody knew when the key was committed (docs/fairness.md). (A game without a nonce is one of
            # sy-commit/1, dealt wholly from the seed mixed with the secret: none is started any more.)
            dealt_from = deal_seed(self._secret, game.seed)
            start_input = self._start_input(key) if game.nonce else None
            hidden = hidden_for(game, self._secret, start_input) if start_input else None
            state = family.new_game(game.rules, len(seats), dealt_from, game.options, hidden=hidden)
            dealt = []  # chance the game waits for before anyone plays (the dice game's tiles)
            while (action := family.deal(state, self._chance(game, state, len(dealt), start_input))) is not None:
                state.apply(action)
                dealt.append(action)
            await tx.seats.seat(game.id, [(seat.user_id, seat.seat, seat.role) for seat in seats])
            await tx.seats.give_pawns(game.id, pawn_owners(state, seats))
            await tx.games.start(game.id, RUNNING, len(seats), now, dealt_from, start_input,
                                 None if hidden is None else f"{hidden:016x}")
            game = await read.game_row(tx, game.id)
            view = family.public_view(state)
            payload = {
                "mrx_user_id": seats[0].user_id, "mrx_drawn": drawn,
                "start_positions": dict(view.start_positions),
                "next": outbox.next_up(view, await tx.seats.controllers(game.id, view.to_move)),
            }
            # The deal's commitment goes out with the start post (docs/fairness.md).
            payload.update(await steps.seal(tx, family, state, self._secret, game, now))
            # Queued first: the bot posts the start before Mr. X's first prompt.
            await outbox.queue(tx, game.id, "game:started", outbox.GAME_STARTED, payload, now)
            events = (GameStarted(seats[0].user_id, drawn),)
            return await steps.save_play(tx, now, game, state, 0, dealt, events, user_id=user_id, key=key,
                                         name="start", secret=self._secret, announce_actions=False)

    @retried
    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool = False,
                     *, key: str | None = None, game_id: int | None = None) -> CommandResult:
        """End a game without a result (``game_id``, else the channel's own: its lobby, or the game running in it):
        the host, or anyone who manages the channel."""
        async with self._command(key, "cancel", user_id, **steps.address(channel_id, game_id)) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id, game_id)
            if game.host_id != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can cancel the game.")
            await tx.games.end(game.id, CANCELLED, now)
            events = (GameCancelled(user_id),)
            version = await steps.bump(tx, now, game)
            await outbox.queue(tx, game.id, "game:cancelled", outbox.GAME_CANCELLED,
                               {"by_user_id": user_id, "started": game.status == RUNNING}, now)
            return await steps.done(tx, now, game.id, events, user_id, "cancel", key, version)
