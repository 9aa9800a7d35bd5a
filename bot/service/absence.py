"""The steps of a player's time away and of the host's pause, inside a command's transaction: the turn's clock
stands still while everyone who owes the turn is away or the game is paused (:mod:`.timing`), and each change
queues its one line for the channel."""

from __future__ import annotations

from bot.store import GameRow, Session

from . import outbox
from .models import RUNNING
from .timing import clock_after, clock_stands


async def settle_clock(tx: Session, game: GameRow, at: float, *, away: dict[int, float] | None = None,
                       paused_at: float | None | bool = False) -> None:
    """Write the game's open absences (``away``; None: as they are) and pause (``paused_at``; False: as it is),
    and with them the turn's clock as it stands at ``at``: stopped, or going again."""
    away_now = game.away if away is None else away
    paused = game.paused_at if paused_at is False else paused_at
    stands = False
    if game.status == RUNNING and game.to_move:
        stands = clock_stands(paused is not None, await tx.seats.controllers(game.id, game.to_move), away_now, at)
    started, stopped = clock_after(game.turn_started_at, game.clock_stopped_at, stands, at)
    await tx.games.set_clock(game.id, turn_started_at=started, clock_stopped_at=stopped, away=away,
                             paused_at=paused_at)


async def back(tx: Session, game: GameRow, user_id: int, at: float, now: float, *, early: bool) -> bool:
    """The person's time away from the game ends at ``at`` (they are back, ``early``; or it ran out): the clock
    goes on and the channel hears it. False when they were not away."""
    absence = await tx.absences.open(game.id, user_id)
    if absence is None:
        return False
    await tx.absences.end(absence.id, at)
    away = {user: end for user, end in game.away.items() if user != user_id}
    await settle_clock(tx, game, at, away=away)
    pawns = await tx.seats.pawns_by_user(game.id)
    await outbox.queue(tx, game.id, f"back:{absence.id}", outbox.BACK,
                       {"user_id": user_id, "pawns": list(pawns.get(user_id, ())), "early": early}, now)
    return True


async def seats_changed(tx: Session, game: GameRow, left: int, now: float) -> None:
    """Who owes the turn may have changed (a seat changed hands, a detective resigned): the clock stands still only
    while they all are away. The person who ``left`` the seat is away no more (their time away ends unannounced)."""
    away = None
    if left in game.away:
        absence = await tx.absences.open(game.id, left)
        if absence is not None:
            await tx.absences.end(absence.id, min(now, absence.ends_at))
        away = {user: end for user, end in game.away.items() if user != left}
    await settle_clock(tx, game, now, away=away)
