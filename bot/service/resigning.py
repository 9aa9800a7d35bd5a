"""Giving up: Mr. X ends the game; a detective's pawns go to the detective players left."""

from __future__ import annotations

import sqlite3

import aiosqlite

from bot.games import get_family
from bot.store import rows

from . import outbox, rebuild, steps
from . import rows as read
from .core import ServiceCore
from .events import HostChanged, PawnsHandedOver, PlayerResigned
from .models import CommandResult
from .seating import hand_over


class Resigning(ServiceCore):
    async def resign(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Mr. X resigning ends the game. A detective resigning hands their pawns to the other
        detective players, or ends the game if nobody is left to take them."""
        async with self._command(key, "resign", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            me = await steps.player(tx, game_id, user_id)
            await tx.execute("UPDATE players SET status = 'resigned' WHERE game_id = ? AND user_id = ?",
                             (game_id, user_id))
            resigned = PlayerResigned(user_id, me["role"])
            heirs = await rows(tx, "SELECT user_id FROM players WHERE game_id = ? AND role = 'detective' "
                                   "AND status = 'playing' ORDER BY seat", (game_id,))
            state, applied = await rebuild.load_state(tx, game_id)
            if me["role"] == "mrx" or not heirs:
                action = get_family(game["family"]).resign("mrx" if me["role"] == "mrx" else "detectives")
                events = state.apply(action)
                version = await steps.save_play(tx, now, game, state, applied, [action], events,
                                                   user_id=user_id, key=key, name="resign", service_events=(resigned,))
                return await steps.result(tx, game_id, (resigned, *events), version, state=state)
            events = (resigned, *await hand_over_pawns(tx, game, user_id, [h["user_id"] for h in heirs]))
            version = await steps.bump(tx, now, game)
            view = get_family(game["family"]).public_view(state)
            payload = {"events": outbox.events_json(events),
                       "next": outbox.next_up(view, await read.controllers(tx, game_id, view.to_move))}
            await outbox.queue(tx, game_id, f"players:{version}", outbox.PLAYERS_CHANGED, payload, now)
            return await steps.done(tx, now, game_id, events, user_id, "resign", key, version, state)


async def hand_over_pawns(tx: aiosqlite.Connection, game: sqlite3.Row, user_id: int,
                     heirs: list[int]) -> list:
    """Give a resigning detective's own pawns to the detective players left (shared bobbies just
    lose one mover); a resigning host hands the hosting on too."""
    game_id = game["id"]
    mine = [row["pawn"] for row in await rows(
        tx, "SELECT pawn FROM pawn_controls WHERE game_id = ? AND user_id = ? ORDER BY rowid", (game_id, user_id))]
    await tx.execute("DELETE FROM pawn_controls WHERE game_id = ? AND user_id = ?", (game_id, user_id))
    load = {user: 0 for user in heirs}
    for row in await rows(tx, "SELECT pawn, user_id FROM pawn_controls WHERE game_id = ?", (game_id,)):
        load[row["user_id"]] = load.get(row["user_id"], 0) + 1
        if row["pawn"] in mine:
            mine.remove(row["pawn"])
    given = hand_over(mine, [(user, load[user]) for user in heirs])
    await tx.executemany("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                         [(game_id, pawn, user) for pawn, user in given])
    events: list = [PawnsHandedOver(user_id, tuple(given))]
    if game["host_id"] == user_id:
        await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (heirs[0], game_id))
        events.append(HostChanged(heirs[0]))
    return events
