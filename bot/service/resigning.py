"""Giving up: Mr. X ends the game; a detective's pawns go to the detective players left."""

from __future__ import annotations

from bot.games import get_family
from bot.store import GameRow, Session

from . import absence, outbox, rebuild, steps
from . import rows as read
from .core import ServiceCore, retried
from .events import HostChanged, PawnsHandedOver, PlayerResigned
from .models import CommandResult
from .seating import hand_over


class Resigning(ServiceCore):
    @retried
    async def resign(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Mr. X resigning ends the game. A detective resigning hands their pawns to the other
        detective players, or ends the game if nobody is left to take them."""
        async with self._command(key, "resign", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            me = await steps.player(tx, game_id, user_id)
            await tx.seats.set_status(game_id, user_id, "resigned")
            resigned = PlayerResigned(user_id, me.role)
            heirs = await tx.seats.detectives_playing(game_id)
            state, applied = await rebuild.load_state(tx, game_id)
            if me.role == "mrx" or not heirs:
                action = get_family(game.family).resign("mrx" if me.role == "mrx" else "detectives")
                events = state.apply(action)
                return await steps.save_play(tx, now, game, state, applied, [action], events, user_id=user_id,
                                             key=key, name="resign", secret=self._secret, service_events=(resigned,))
            events = (resigned, *await hand_over_pawns(tx, game, user_id, heirs))
            version = await steps.bump(tx, now, game)
            await absence.seats_changed(tx, await read.game_row(tx, game_id), user_id, now)
            view = get_family(game.family).public_view(state)
            payload = {"events": outbox.events_json(events),
                       "next": outbox.next_up(view, await tx.seats.controllers(game_id, view.to_move))}
            await outbox.queue(tx, game_id, f"players:{version}", outbox.PLAYERS_CHANGED, payload, now)
            return await steps.done(tx, now, game_id, events, user_id, "resign", key, version, state)


async def hand_over_pawns(tx: Session, game: GameRow, user_id: int, heirs: list[int]) -> list:
    """Give a resigning detective's own pawns to the detective players left (shared bobbies just
    lose one mover); a resigning host hands the hosting on too."""
    game_id = game.id
    mine = await tx.seats.drop_pawns(game_id, user_id)
    load = {user: 0 for user in heirs}
    for pawn, user in await tx.seats.pawn_controls(game_id):
        load[user] = load.get(user, 0) + 1
        if pawn in mine:
            mine.remove(pawn)
    given = hand_over(mine, [(user, load[user]) for user in heirs])
    await tx.seats.give_pawns(game_id, given)
    events: list = [PawnsHandedOver(user_id, tuple(given))]
    if game.host_id == user_id:
        await tx.games.set_host(game_id, heirs[0])
        events.append(HostChanged(heirs[0]))
    return events
