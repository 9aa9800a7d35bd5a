"""Computer seats at the table: after every post, a game whose next move belongs to a computer gets
one task that thinks (off the event loop, :class:`bot.ai.thinker.Thinker`), waits out a short natural
pause, plays and posts, until a person owes the next move.

A computer moves once per turn, also across a restart: its move is played under the turn's key
(``GameService.computer_turn``), so a move that was stored before a crash is not played again, and
the bot looks at every game with a computer seat when it is ready. A move chosen while someone else
changed the game (a detective of an any-order round, the host skipping) is refused as stale and the
computer looks again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from bot.ai.thinker import Thinker
from bot.games.errors import GameError
from bot.service import GameService, ServiceError

log = logging.getLogger(__name__)

#: seconds between the post that hands a computer its turn and its move (thinking time included)
PAUSE = 3.0


class Computers:
    def __init__(self, service: GameService, announce: Callable[..., Awaitable[None]],
                 thinker: Thinker | None = None, pause: float = PAUSE) -> None:
        self.service = service
        #: posts what a move owes (``announce(game_id, computers=False)``: this class plays the next one)
        self.announce = announce
        self.thinker = thinker or Thinker()
        self.pause = pause
        self._tasks: dict[int, asyncio.Task] = {}
        #: games poked while their task was busy: look once more before stopping
        self._again: set[int] = set()

    def poke(self, game_id: int) -> None:
        """A game changed: if a computer owes a move there, it will play it."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._play(game_id), name=f"computers-{game_id}")
        self._tasks[game_id] = task
        task.add_done_callback(lambda t: self._tasks.pop(game_id, None) if self._tasks.get(game_id) is t else None)

    async def resume(self) -> None:
        """After a start: every running game with a computer seat is looked at once."""
        for game_id in await self.service.games_owing_computers():
            self.poke(game_id)

    async def idle(self) -> None:
        """Wait until no computer is thinking or moving (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _play(self, game_id: int) -> None:
        loop = asyncio.get_running_loop()
        refused: str | None = None
        while True:
            self._again.discard(game_id)
            try:
                turn = await self.service.computer_turn(game_id)
            except Exception:
                log.exception("could not read game %s for its computer players", game_id)
                return
            if turn is None:
                if game_id in self._again:
                    continue
                return
            if turn.key == refused:  # refused, and nothing changed since: it would choose the same again
                log.error("game %s: the computer (%s) for %s has no move the game accepts", game_id, turn.strategy,
                          turn.pawn)
                return
            began = loop.time()
            try:
                action = await self.thinker.decide(turn)
            except Exception:
                log.exception("the computer of game %s (%s, %s) could not decide", game_id, turn.pawn, turn.strategy)
                return
            await asyncio.sleep(max(0.0, self.pause - (loop.time() - began)))
            try:
                await self.service.act(game_id, turn.user_id, action, turn.key, expected_version=turn.version)
            except (GameError, ServiceError) as exc:  # the game moved on meanwhile: look again
                # The refusal's words may name Mr. X's station: the log gets its kind only.
                log.info("game %s: the computer's move for %s was not played (%s)", game_id, turn.pawn,
                         type(exc).__name__)
                refused = turn.key
                continue
            await self.announce(game_id, computers=False)

    def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        self.thinker.close()
