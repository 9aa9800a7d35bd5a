"""Looking at games: a channel's game, the views, the players, a person's games, and the record of a game."""

from __future__ import annotations

from typing import Any

from bot.games import get_family

from . import rebuild, steps
from .fairness import fairness_block
from .takebacks import record_takebacks
from . import rows as read
from .core import ServiceCore
from .errors import GameNotFound, GameNotOver, NotYourPawn, StaleAction
from .models import LOBBY, RUNNING, GameInfo, Player, UserGame


class Looks(ServiceCore):
    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The game the channel itself holds: its open lobby, else the game running in the channel (not in a thread
        of its own); None when there is neither."""
        row = await self._reads.games.active_in_channel(channel_id)
        return read.game_info(row) if row else None

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        """Every game of the channel in the lobby or running, in the channel or in threads of their own, oldest first."""
        return [read.game_info(row) for row in await self._reads.games.in_channel(channel_id)]

    async def latest_game(self, channel_id: int, *, finished_only: bool = True) -> GameInfo | None:
        """The channel's most recent game (only ended ones by default: finished or cancelled after the start)."""
        row = await self._reads.games.latest_in_channel(channel_id, finished_only)
        return read.game_info(row) if row else None

    async def get_game(self, game_id: int) -> GameInfo:
        return read.game_info(await read.game_row(self._reads, game_id))

    async def public_view(self, game_id: int, *, after_round: int | None = None) -> Any:
        """What everyone may see, the family's public view (as it stood when round ``after_round`` ended, when given).
        Raises GameNotStarted in the lobby."""
        game, snapshot = await read.game_and_snapshot(self._reads, game_id)
        if after_round is not None and game.round is not None and after_round < game.round:
            state = await rebuild.rebuild_state(self._reads, game_id, after_round, game=game)
        else:
            state = await rebuild.started_state(self._reads, game, snapshot)
        return get_family(game.family).public_view(state)

    async def game_and_view(self, game_id: int) -> tuple[GameInfo, Any]:
        """:meth:`get_game` and :meth:`public_view` (as the game stands) from one read of the game's row and its
        snapshot: what each of a game's posts begins with. Raises GameNotStarted in the lobby."""
        game, snapshot = await read.game_and_snapshot(self._reads, game_id)
        state = await rebuild.started_state(self._reads, game, snapshot)
        return read.game_info(game), get_family(game.family).public_view(state)

    async def mrx_view(self, game_id: int, user_id: int, expected_round: int | None = None) -> Any:
        """Mr. X's private view (the family's secret view), for the person playing Mr. X only (anyone else: NotYourPawn).
        With ``expected_round`` (a menu offered then) it must still be his turn in that round."""
        game, snapshot = await read.game_and_snapshot(self._reads, game_id)
        if expected_round is not None:
            steps.check_running(game, expected_round)
            if game.to_move != (get_family(game.family).secret_pawn,):
                raise StaleAction("You have already moved this round; you will hear from me on your next turn.")
        state = await rebuild.started_state(self._reads, game, snapshot)
        family = get_family(game.family)
        if not await self._reads.seats.moves(game_id, family.secret_pawn, user_id):
            raise NotYourPawn("Only Mr. X's player can see where Mr. X is.")
        return family.secret_view(state)

    async def players(self, game_id: int) -> tuple[Player, ...]:
        """Everyone who joined, by seat (lobby: by join order). GameNotFound when there is no such game (a game's
        row is read only when it has nobody: a player's row names a game that is there)."""
        found = await read.players(self._reads, game_id)
        if not found:
            await read.game_row(self._reads, game_id)
        return found

    async def games_of_user(self, user_id: int) -> list[UserGame]:
        """The person's active games in every channel, with their role and pawns."""
        return await read.user_games(self._reads, user_id)

    async def record(self, game_id: int, *, user_id: int | None = None, in_server: bool = False) -> dict:
        """The engine's game record plus ``people`` (names, seats, roles) and ``game``, once the game has ended.

        The ``scotland-yard-record/1`` keys are left as the engine wrote them (``players`` is the
        number of seats), so its family's ``replay`` reads the record as it is. With ``user_id``,
        only someone who played in the game or is a member of its server (``in_server``) gets it;
        anyone else hears that the game does not exist, as for a number that was never used.
        """
        game = await read.game_row(self._reads, game_id)
        if user_id is not None and not in_server:
            if await self._reads.seats.player(game_id, user_id) is None:
                raise GameNotFound()
        if game.status in (LOBBY, RUNNING) or game.started_at is None:
            raise GameNotOver()
        state, _ = await rebuild.load_state(self._reads, game_id)
        record = get_family(game.family).export_record(state)
        record["people"] = [
            {"user_id": p.user_id, "name": p.name, "seat": p.seat, "role": p.role, "status": p.status}
            for p in await read.players(self._reads, game_id)
        ]
        # "seed" is the number the game was dealt from; the seed chosen at the table is kept beside it.
        record["table_seed"] = game.seed
        record["game"] = {"id": game_id, "guild_id": game.guild_id, "channel_id": game.channel_id,
                          "status": game.status, "started_at": game.started_at,
                          "finished_at": game.finished_at}
        record["fairness"], record["times"] = await fairness_block(self._reads, game_id, self._secret, state)
        if game.taken_back:
            record["takebacks"] = await record_takebacks(self._reads, game)
        return record
