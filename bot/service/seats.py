"""Who sits where in a running game: the host gives a seat to someone else, and Mr. X's prompts follow his pawn."""

from __future__ import annotations

from bot.games import get_family
from bot.store import GameRow, Session

from . import absence, outbox, rebuild, steps
from . import rows as read
from .core import ServiceCore, retried
from .errors import AlreadyJoined, NotInGame
from .events import PlayerReplaced
from .models import LOBBY, RUNNING, CommandResult
from .validation import require_host


class Seats(ServiceCore):
    @retried
    async def replace(self, channel_id: int, host_id: int, old_user_id: int, new_user_id: int, new_name: str,
                      *, key: str | None = None, game_id: int | None = None) -> CommandResult:
        """Host only: give ``old_user_id``'s seat and pawns to ``new_user_id`` (lobby or running game; ``game_id``,
        else the channel's own game)."""
        async with self._command(key, "replace", host_id, **steps.address(channel_id, game_id)) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.active(tx, channel_id, game_id)
            require_host(game, host_id)
            old = await steps.player(tx, game.id, old_user_id,
                                     NotInGame("That person is not playing in this game."))
            taken = await tx.seats.player(game.id, new_user_id)
            if taken is not None and taken.status == "playing":
                raise AlreadyJoined("That person is already playing in this game.")
            gid = game.id
            await tx.seats.set_status(gid, old_user_id, "replaced")
            await tx.seats.take_over(gid, old, new_user_id, new_name, now)
            if game.status == LOBBY:
                await tx.seats.remove(gid, old_user_id)
            await tx.seats.hand_pawns(gid, old_user_id, new_user_id)
            if game.host_id == old_user_id:
                await tx.games.set_host(gid, new_user_id)
            events = (PlayerReplaced(old_user_id, new_user_id, new_name),)
            version = await steps.bump(tx, now, game)
            if game.status == RUNNING:
                await absence.seats_changed(tx, await read.game_row(tx, gid), old_user_id, now)
                await readdress(tx, now, game, old_user_id, new_user_id, version)
                await outbox.queue(tx, gid, f"players:{version}", outbox.PLAYERS_CHANGED,
                                   {"events": outbox.events_json(events)}, now)
            return await steps.done(tx, now, gid, events, host_id, "replace", key, version)


async def seat_changed(tx: Session, now: float, game: GameRow, event: PlayerReplaced,
                        user_id: int, name: str, key: str | None) -> CommandResult:
    """A running game's seat changed hands: Mr. X's prompts follow it, the channel hears who moves now."""
    version = await steps.bump(tx, now, game)
    await absence.seats_changed(tx, await read.game_row(tx, game.id), event.old_user_id, now)
    await readdress(tx, now, game, event.old_user_id, event.new_user_id, version)
    state, _ = await rebuild.load_state(tx, game.id)
    view = get_family(game.family).public_view(state)
    payload = {"events": outbox.events_json((event,)),
               "next": outbox.next_up(view, await tx.seats.controllers(game.id, view.to_move), ())}
    await outbox.queue(tx, game.id, f"players:{version}", outbox.PLAYERS_CHANGED, payload, now)
    return await steps.done(tx, now, game.id, (event,), user_id, name, key, version, state)


async def readdress(tx: Session, now: float, game: GameRow, old_user_id: int,
                     new_user_id: int, version: int) -> None:
    """Mr. X's private prompts follow his pawn to the new player: the unsent ones change address,
    and for the turn he still owes, one is sent again (it went to the old player, or to nobody
    while a computer held the seat)."""
    await tx.outbox.readdress(game.id, old_user_id, new_user_id)
    family = get_family(game.family)
    if game.to_move == (family.secret_pawn,):
        if not await tx.outbox.owes(game.id, new_user_id, f"mrx:turn:{game.round}"):
            state, _ = await rebuild.load_state(tx, game.id)
            key, kind, payload, _ = outbox.mrx_prompt(family.public_view(state), new_user_id)
            await outbox.queue(tx, game.id, f"{key}:v{version}", kind, payload, now, new_user_id)
