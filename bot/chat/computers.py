"""Computer seats at the table: after every post, a game whose next move belongs to a computer gets
one task that thinks (off the event loop, :class:`bot.ai.thinker.Thinker`), waits out a short natural
pause, plays and posts, until a person owes the next move.

A computer moves once per turn, also across a restart: its move is played under the turn's key
(``GameService.computer_turn``), so a move that was stored before a crash is not played again, and
the bot looks at every game with a computer seat when it is ready. A move chosen while someone else
changed the game (a detective of an any-order round, the host skipping) is refused as stale and the
computer looks again.

Of several bot processes on one database, the one that claims a game's computer turns thinks and plays them;
the others, poked by the same change, find the claim taken and do nothing. A claim lasts a lease and is renewed
while the computer thinks: a process that dies mid-thought leaves the turn to another once the lease ends (its
fallback poll finds it), and should both play it, the turn's key stores one move.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from bot.ai.thinker import Thinker
from bot.games.errors import GameError
from bot.service import GameService, ServiceError
from bot.service.claims import COMPUTERS
from bot.service.models import ComputerTurn

from bot.chat.leases import Claimant, renewing

log = logging.getLogger(__name__)

#: seconds between the post that hands a computer its turn and its move (thinking time included)
PAUSE = 3.0


class Computers:
    def __init__(self, service: GameService, announce: Callable[..., Awaitable[None]],
                 thinker: Thinker | None = None, pause: float = PAUSE, claimant: Claimant | None = None) -> None:
        self.service = service
        #: this process, as its claims on computer turns name it
        self.claimant = claimant or Claimant.of_this_process()
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
        """After a start, and at each fallback poll: every running game in which a computer is to move and that no
        other process has claimed is looked at once."""
        for game_id in await self.service.games_owing_computers(self.claimant.name):
            self.poke(game_id)

    async def idle(self) -> None:
        """Wait until no computer is thinking or moving (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _play(self, game_id: int) -> None:
        """Play the game's computer turns while this process holds its claim on them (another process that
        holds it plays them there; it looks again once it lets go, so a turn handed over meanwhile is not lost)."""
        me = self.claimant
        while True:
            self._again.discard(game_id)
            try:
                # A look first: most pokes find a person to move, and cost no claim.
                turn = await self.service.computer_turn(game_id)
                if turn is None:
                    if game_id in self._again:
                        continue
                    return
                if not await self.service.claim(COMPUTERS, game_id, me.name, me.lease):
                    return  # another process thinks for this game
            except Exception:
                log.exception("could not read game %s for its computer players", game_id)
                return
            try:
                async with renewing(lambda: self._renew(game_id), me.renew_every):
                    finished = await self._play_turns(game_id, turn)
            finally:
                try:
                    await self.service.release_claims(COMPUTERS, [game_id], me.name)
                except Exception:
                    log.exception("could not release the computers' claim on game %s (it expires)", game_id)
            if not finished:
                return

    async def _renew(self, game_id: int) -> None:
        me = self.claimant
        if not await self.service.renew_claims(COMPUTERS, [game_id], me.name, me.lease):
            # Another process took the turn over: its move and this one's share the turn's key, one is played.
            log.warning("the claim on the computers' turn of game %s expired", game_id)

    async def _play_turns(self, game_id: int, turn: ComputerTurn | None) -> bool:
        """Play from ``turn`` (the one just read) until a person owes the move (True), or give up on a move that
        cannot be made (False)."""
        loop = asyncio.get_running_loop()
        refused: str | None = None
        while True:
            if turn is None:
                self._again.discard(game_id)
                try:
                    turn = await self.service.computer_turn(game_id)
                except Exception:
                    log.exception("could not read game %s for its computer players", game_id)
                    return False
                if turn is None:
                    if game_id in self._again:
                        continue
                    return True
            if turn.key == refused:  # refused, and nothing changed since: it would choose the same again
                log.error("game %s: the computer (%s) for %s has no move the game accepts", game_id, turn.strategy,
                          turn.pawn)
                return False
            began = loop.time()
            try:
                action = await self.thinker.decide(turn)
            except Exception:
                log.exception("the computer of game %s (%s, %s) could not decide", game_id, turn.pawn, turn.strategy)
                return False
            await asyncio.sleep(max(0.0, self.pause - (loop.time() - began)))
            try:
                await self.service.act(game_id, turn.user_id, action, turn.key, expected_version=turn.version)
            except (GameError, ServiceError) as exc:  # the game moved on meanwhile: look again
                # The refusal's words may name Mr. X's station: the log gets its kind only.
                log.info("game %s: the computer's move for %s was not played (%s)", game_id, turn.pawn,
                         type(exc).__name__)
                refused, turn = turn.key, None
                continue
            turn = None
            await self.announce(game_id, computers=False)

    def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        self.thinker.close()
