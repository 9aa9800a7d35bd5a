"""Away and paused: a player away from their games for some days (a reason is optional), the host's pause of a
whole game, and the time away that runs out.

While everyone who owes a turn is away, or the host has paused the game, the turn's clock stands still: no
reminder and no deadline come (:mod:`.timing`). The clock goes on when they are back, when their time runs out, or
when the host resumes. Each player may be away for the days the game allows (``away_days``, 14 unless the host says
otherwise) in all; once they are used up, the time away ends and the deadline's offer to skip or hand the seat to a
computer comes back. A paused game takes no moves. Each change posts one line in the channel (the outbox).
"""

from __future__ import annotations

from bot.store import GameRow, Session

from . import absence, outbox, steps
from . import rows as read
from .claims import AWAY, Claiming
from .core import retried
from .errors import BadSetting, GameClosed, GameNotStarted, GamePaused, NotAway, NotHost, NotInGame
from .models import LOBBY, RUNNING, Away, CommandResult

DAY = 86_400.0
#: the least time away worth marking: less than this left in a game is none
LEAST = 60.0
#: what a reason may hold (it is posted to the channel)
REASON_LENGTH = 100


class Absences(Claiming):
    async def go_away(self, user_id: int, days: float, reason: str | None = None, game_id: int | None = None, *,
                      key: str | None = None) -> list[Away]:
        """Mark the person away for ``days`` from now in ``game_id`` (None: every running game they play in); a
        second call while away changes the end. Each game's limit may shorten it (:attr:`Away.shortened`) or leave
        nothing (:attr:`Away.until` None). ``key`` makes a retry post nothing twice."""
        if isinstance(days, bool) or not isinstance(days, (int, float)) or not 0 < days <= 365:
            raise BadSetting("Say for how many days you are away: a number above 0, at most 365.")
        reason = " ".join((reason or "").split())[:REASON_LENGTH] or None
        games = await self._my_running_games(user_id, game_id)
        until = self._clock() + days * DAY  # one end for every game (unless its limit comes first)
        return [await self._away_in(game, user_id, until, reason, key) for game in games]

    @retried
    async def _away_in(self, game_id: int, user_id: int, until: float, reason: str | None, key: str | None) -> Away:
        async with self._store.transaction() as tx:
            await tx.games.lock(game_id=game_id)
            now = self._clock()
            game = await _running(tx, game_id)
            await steps.player(tx, game_id, user_id)
            limit = game.away_days * DAY
            left = limit - await tx.absences.used(game_id, user_id, now)
            if left < LEAST:
                return Away(game_id, None, game.away_days)
            ends = min(until, now + left)
            open_ = await tx.absences.open(game_id, user_id)
            if open_ is not None and open_.ends_at <= now:  # ran out, not yet dealt with: it ends as it was
                await tx.absences.end(open_.id, open_.ends_at)
                open_ = None
            if open_ is None:
                absence_id = await tx.absences.start(game_id, user_id, now, ends, reason)
            else:
                absence_id = open_.id
                await tx.absences.change(absence_id, ends, reason)
            await absence.settle_clock(tx, game, now, away={**game.away, user_id: ends})
            pawns = await tx.seats.pawns_by_user(game_id)
            await outbox.queue(tx, game_id, f"away:{absence_id}:{key or round(ends)}", outbox.AWAY,
                               {"user_id": user_id, "pawns": list(pawns.get(user_id, ())), "until": ends,
                                "reason": reason}, now)
            return Away(game_id, ends, game.away_days, shortened=ends < until)

    async def come_back(self, user_id: int, game_id: int | None = None) -> list[int]:
        """The person is back in ``game_id`` (None: every game they are away from): the clocks go on. Returns the
        games they were away from; NotAway when there is none."""
        back_in: list[int] = []
        for gid in await self._my_running_games(user_id, game_id):
            async with self._store.transaction() as tx:
                await tx.games.lock(game_id=gid)
                now = self._clock()
                game = await _running(tx, gid)
                if game.away.get(user_id) is not None and await absence.back(tx, game, user_id, min(
                        now, game.away[user_id]), now, early=game.away[user_id] > now):
                    back_in.append(gid)
        if not back_in:
            raise NotAway()
        return back_in

    async def _my_running_games(self, user_id: int, game_id: int | None) -> list[int]:
        """The running games the person plays in (``game_id``: that one, if they play in it)."""
        if game_id is not None:
            game = await read.game_row(self._reads, game_id)
            if game.status == LOBBY:
                raise GameNotStarted()
            if game.status != RUNNING:
                raise GameClosed("This game is over.")
            if await self._reads.seats.player(game_id, user_id, playing=True) is None:
                raise NotInGame()
            return [game_id]
        mine = [game.id for game, _ in await self._reads.games.of_user(user_id) if game.status == RUNNING]
        if not mine:
            raise NotInGame("You are not playing in a running game.")
        return mine

    async def absences_of(self, game_id: int) -> dict[int, float]:
        """The players away from the game now, and when their time away runs out."""
        game = await read.game_row(self._reads, game_id)
        now = self._clock()
        return {user: end for user, end in game.away.items() if end > now}

    # -- the host's pause ------------------------------------------------------------------------

    @retried
    async def pause(self, game_id: int, user_id: int, reason: str | None = None, can_manage_channel: bool = False,
                    *, key: str | None = None) -> CommandResult:
        """The host (or a channel manager) pauses the game: its clock stands still and nobody moves."""
        async with self._command(key, "pause", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await _running(tx, game_id)
            _may_pause(game, user_id, can_manage_channel)
            if game.paused_at is not None:
                raise GamePaused("The game is paused already; `/sy-host resume` lets it go on.")
            await absence.settle_clock(tx, game, now, paused_at=now)
            version = await steps.bump(tx, now, game)
            reason = " ".join((reason or "").split())[:REASON_LENGTH] or None
            await outbox.queue(tx, game_id, f"paused:{version}", outbox.PAUSED, {"user_id": user_id, "reason": reason},
                               now)
            return await steps.done(tx, now, game_id, (), user_id, "pause", key, version)

    @retried
    async def resume(self, game_id: int, user_id: int, can_manage_channel: bool = False, *,
                     key: str | None = None) -> CommandResult:
        """The host (or a channel manager) lets a paused game go on: its clock runs again (unless everyone who owes
        the turn is away)."""
        async with self._command(key, "resume", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await _running(tx, game_id)
            _may_pause(game, user_id, can_manage_channel)
            if game.paused_at is None:
                raise GameClosed("The game is not paused.")
            await absence.settle_clock(tx, game, now, paused_at=None)
            version = await steps.bump(tx, now, game)
            await outbox.queue(tx, game_id, f"resumed:{version}", outbox.RESUMED, {"user_id": user_id}, now)
            return await steps.done(tx, now, game_id, (), user_id, "resume", key, version)

    # -- time away that runs out -----------------------------------------------------------------

    async def games_running_out(self, now: float | None = None) -> list[int]:
        """Running games with a player whose time away has run out and who is not yet back."""
        return await self._reads.absences.games_running_out(self._now(now))

    async def end_absences(self, game_id: int, holder: str, lease: float) -> bool:
        """Claim the game's absences that ran out for ``lease`` seconds (of several processes, one deals with
        them) and end each at the moment it ran out: the clock goes on from then, the channel hears it. Whether
        this process did it (False: another holds the claim, or nothing was left)."""
        if not await self.claim(AWAY, game_id, holder, lease):
            return False
        ended = False
        try:
            async with self._store.transaction() as tx:
                await tx.games.lock(game_id=game_id)
                now = self._clock()
                game = await read.game_row(tx, game_id)
                if game.status == RUNNING:
                    for gone in await tx.absences.of_game(game_id):
                        if gone.ends_at > now:
                            break
                        ended |= await absence.back(tx, await read.game_row(tx, game_id), gone.user_id,
                                                    gone.ends_at, now, early=False)
        finally:
            await self.release_claims(AWAY, [game_id], holder)
        return ended


async def _running(tx: Session, game_id: int) -> GameRow:
    game = await read.game_row(tx, game_id)
    if game.status == LOBBY:
        raise GameNotStarted()
    if game.status != RUNNING:
        raise GameClosed("This game is over.")
    return game


def _may_pause(game: GameRow, user_id: int, can_manage_channel: bool) -> None:
    if game.host_id != user_id and not can_manage_channel:
        raise NotHost("Only the host, or someone who manages this channel, can pause the game or resume it.")
