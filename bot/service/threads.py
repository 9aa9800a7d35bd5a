"""Games played in a thread of their own: the lobby stays in the channel, the game's posts go to a thread
the bot opens when it starts. Asked for with ``/sy new thread:`` (or by the server's default) and changed
by the host while the lobby is open; a server manager sets the default."""

from __future__ import annotations

from . import rows as read
from .core import ServiceCore
from .errors import GameAlreadyStarted, NotAllowed, NotHost
from .models import LOBBY, GameInfo


class Threads(ServiceCore):
    async def wants_thread(self, game_id: int) -> bool:
        """Whether the game plays in a thread of its own (open or still to be opened)."""
        return (await self.thread_of(game_id))[0]

    async def game_thread(self, game_id: int) -> int | None:
        """The id of the game's thread, once the bot has opened it."""
        return (await self.thread_of(game_id))[1]

    async def thread_of(self, game_id: int) -> tuple[bool, int | None]:
        """:meth:`wants_thread` and :meth:`game_thread` from one read: where each of a game's posts goes asks both."""
        return await self._reads.threads.of_game(game_id)

    async def play_in_thread(self, game_id: int, user_id: int, wanted: bool, can_manage_channel: bool = False) -> None:
        """The host (or a channel manager) asks for a thread of its own, or for the channel, before the start."""
        async with self._store.transaction() as tx:
            game = await read.game_row(tx, game_id)
            if game.host_id != user_id and not can_manage_channel:
                raise NotHost("Only the host, or someone who manages this channel, can change the game's settings.")
            if game.status != LOBBY:
                raise GameAlreadyStarted("The game has started: its posts stay where they are.")
            await tx.threads.want(game_id, wanted, self._clock())

    async def thread_opened(self, game_id: int, thread_id: int) -> None:
        """The bot opened the game's thread (or, when it could not, names the channel: the game plays there)."""
        async with self._store.transaction() as tx:
            await tx.threads.opened(game_id, thread_id, self._clock())

    async def game_of_thread(self, thread_id: int) -> GameInfo | None:
        """The game whose thread this is (running or over), or None."""
        game_id = await self._reads.threads.game_in(thread_id)
        return None if game_id is None else read.game_info(await read.game_row(self._reads, game_id))

    async def guild_threads(self, guild_id: int) -> bool:
        """Whether the server's new games play in threads of their own."""
        return await self._reads.threads.guild_default(guild_id)

    async def set_guild_threads(self, guild_id: int, threads: bool, can_manage_guild: bool) -> None:
        if not can_manage_guild:
            raise NotAllowed("Only someone who manages this server can change its game settings.")
        async with self._store.transaction() as tx:
            await tx.threads.set_guild_default(guild_id, threads, self._clock())
