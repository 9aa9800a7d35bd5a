"""Play: a player's action on the game, as the engine's action or in the chat's words (a ride, a double move,
surfacing, a roll), and the host's skip of an absent player past the deadline."""

from __future__ import annotations

from typing import Any

from bot.games import ChanceRequest, get_family
from bot.games.errors import InvalidAction
from bot.i18n.names import Span

from . import rebuild, rows, steps
from .core import retried
from .errors import DeadlineNotPassed, NotHost, StaleAction
from .models import CommandResult
from .resigning import Resigning
from .timing import turn_waited
from .validation import require_host


class Play(Resigning):
    """Play; an action that gives up goes to :meth:`Resigning.resign`."""

    @retried
    async def act(self, game_id: int, user_id: int, action: Any, key: str,
                  expected_round: int | None = None, *, expected_version: int | None = None,
                  chance_seen: int | None = None) -> CommandResult:
        """Play an engine action for a pawn the user controls. ``key`` (the interaction id) makes a
        retry harmless: a key seen before returns the stored events with ``duplicate=True``.
        ``expected_round`` (from a button) that is not the current round raises StaleAction, and so
        does ``expected_version`` (a computer's, chosen from the game as it was) that is not the game's.
        ``chance_seen`` (from a button: how often chance had been drawn when it was offered, the dice
        game's throws) is checked by the family in the same transaction: a choice from dice thrown again
        since is refused, never applied to dice its player did not see."""
        family = await self._family_of(game_id)
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
            game, snapshot = await rows.game_and_snapshot(tx, game_id)
            steps.check_running(game, expected_round)
            if expected_version is not None and game.version != expected_version:
                raise StaleAction("The game moved on while the computer was thinking.")
            steps.unpaused(game)
            state, applied = await rebuild.state_from(tx, game_id, snapshot)
            await steps.require_pawn(tx, game_id, user_id, state, pawn)
            family.require_chance_seen(state, chance_seen)
            action = family.normalise(state, action)
            events = state.apply(action)
            return await steps.save_play(tx, now, game, state, applied, [action], events, user_id=user_id,
                                         key=key, name="act", secret=self._secret)

    async def move(self, game_id: int, user_id: int, pawn: str, to: int, ticket: str, key: str,
                   expected_round: int | None = None, *, chance_seen: int | None = None) -> CommandResult:
        """One ride: ``ticket`` is a ticket as the board names it, or a word for one ("tube", "U-Bahn");
        in the dice game the die ridden with (while starts are picked: the start station), and
        ``chance_seen`` the throws its menu was offered after (:meth:`act`)."""
        family = await self._family_of(game_id)
        return await self.act(game_id, user_id, family.move(pawn, int(to), str(ticket)), key, expected_round,
                              chance_seen=chance_seen)

    async def double_move(self, game_id: int, user_id: int, first: tuple[int, str],
                          second: tuple[int, str], key: str,
                          expected_round: int | None = None) -> CommandResult:
        """Mr. X's double move: ``first`` and ``second`` are (station, ticket)."""
        family = await self._family_of(game_id)
        action = family.double((int(first[0]), str(first[1])), (int(second[0]), str(second[1])))
        return await self.act(game_id, user_id, action, key, expected_round)

    @retried
    async def request(self, game_id: int, user_id: int, what: str, key: str, expected_round: int | None = None,
                      *, pawn: str | None = None, expected_version: int | None = None) -> CommandResult:
        """A player asks for chance: ``what`` is "roll" or "reroll" (the dice game). The service deals
        it from the game's key (:func:`.dealing.chance_of`: nobody can predict it from the seed, anyone can check it
        once the key is published) and stores it as an action, so the game replays exactly.
        ``pawn`` None: the caller's pawn that is to move now."""
        async with self._command(key, "request", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game, snapshot = await rows.game_and_snapshot(tx, game_id)
            steps.check_running(game, expected_round)
            if expected_version is not None and game.version != expected_version:
                raise StaleAction("The game moved on while the computer was thinking.")
            steps.unpaused(game)
            family = get_family(game.family)
            state, applied = await rebuild.state_from(tx, game_id, snapshot)
            if pawn is None:
                mine = await tx.seats.pawns_by_user(game_id)
                pawn = next((p for p in state.to_move() if p in mine.get(user_id, ())),
                            next(iter(state.to_move()), family.secret_pawn))
            await steps.require_pawn(tx, game_id, user_id, state, pawn)
            action = family.request(state, pawn, what, self._chance(game, state, applied))
            if action is None:
                raise InvalidAction("There is nothing to roll in this game.")
            events = state.apply(action)
            return await steps.save_play(tx, now, game, state, applied, [action], events, user_id=user_id,
                                         key=key, name="request", secret=self._secret)

    async def surface(self, game_id: int, user_id: int, take: dict[str, str] | None, key: str,
                      expected_round: int | None = None, prefer: str | None = None) -> CommandResult:
        """Mr. X shows where he is (voluntary surfacing), taking one ticket from each detective:
        those ``take`` names, or (``take`` None) ``prefer`` where a detective has it, else the kind
        each has most of."""
        family = await self._family_of(game_id)
        action = family.surface(tuple((pawn, str(ticket)) for pawn, ticket in (take or {}).items()), prefer)
        if action is None:
            raise InvalidAction("That is not a move of this game.")
        return await self.act(game_id, user_id, action, key, expected_round)

    @retried
    async def skip(self, game_id: int, host_id: int, pawn: str, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """Host only: pass an absent detective's turn once the game's deadline has passed."""
        async with self._command(key, "skip", host_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id, expected_round)
            require_host(game, host_id)
            steps.unpaused(game)
            if game.deadline_hours is None:
                raise DeadlineNotPassed("This game has no deadline, so nobody can be skipped; set one first.")
            left = game.deadline_hours * 3600 - turn_waited(game.turn_started_at, game.clock_stopped_at, now)
            if left > 0:
                raise DeadlineNotPassed("The deadline for this turn passes in {left}; skip after that.", left=Span(left))
            family = get_family(game.family)
            if pawn == family.secret_pawn:
                raise InvalidAction("Mr. X cannot be skipped: he must move. You can cancel the game instead.")
            state, applied = await rebuild.load_state(tx, game_id)
            action = family.timeout_pass(pawn)
            events = state.apply(action)
            return await steps.save_play(tx, now, game, state, applied, [action], events, user_id=host_id,
                                         key=key, name="skip", secret=self._secret)
