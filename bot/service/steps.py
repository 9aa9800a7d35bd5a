"""The steps every command is made of: find the game, check who acts, write what changed,
remember the result under the command's key, and build what the caller gets back.

Each function runs inside the command's transaction (``tx``); none commits. A ``state`` is a family's game
state and an action its engine's (``Any``): the service reads and writes them through the game's family.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import aiosqlite

from bot.games import get_family
from bot.games.errors import InvalidAction, quoted
from bot.games.family import MRX
from bot.games.outcome import Outcome
from bot.store import one

from . import outbox, rebuild
from . import rows as read
from .errors import (
    GameAlreadyStarted,
    GameClosed,
    GameNotStarted,
    KeyReused,
    NoGameHere,
    NotInGame,
    NotYourPawn,
    StaleAction,
)
from .events import event_from_json
from .models import CANCELLED, FINISHED, LOBBY, RUNNING, CommandResult
from .timing import next_turn


async def seen(tx: aiosqlite.Connection, key: str | None, name: str, user_id: int, *,
               game_id: int | None = None, channel_id: int | None = None) -> CommandResult | None:
    """The stored result of a command that already ran with ``key``, or None."""
    if key is None:
        return None
    row = await one(tx, "SELECT c.*, g.channel_id FROM commands c JOIN games g ON g.id = c.game_id "
                        "WHERE c.key = ?", (key,))
    if row is None:
        return None
    if (row["name"], row["user_id"]) != (name, user_id) or game_id not in (None, row["game_id"]) \
            or channel_id not in (None, row["channel_id"]):
        raise KeyReused()
    family = get_family((await read.game_row(tx, row["game_id"]))["family"])
    events = tuple(event_from_json(e, family) for e in json.loads(row["events"]))
    return await result(tx, row["game_id"], events, row["version"], duplicate=True)


async def active(tx: aiosqlite.Connection, channel_id: int) -> sqlite3.Row:
    """The channel's game in the lobby or running."""
    game = await read.active_game_row(tx, channel_id)
    if game is None:
        raise NoGameHere()
    return game


async def lobby(tx: aiosqlite.Connection, channel_id: int) -> sqlite3.Row:
    game = await active(tx, channel_id)
    if game["status"] != LOBBY:
        raise GameAlreadyStarted()
    return game


async def running(tx: aiosqlite.Connection, game_id: int, expected_round: int | None = None) -> sqlite3.Row:
    """The game, if it is being played and (when the caller says) still in ``expected_round``."""
    game = await read.game_row(tx, game_id)
    if game["status"] == LOBBY:
        raise GameNotStarted()
    if game["status"] == FINISHED:
        raise GameClosed("This game is over.")
    if game["status"] == CANCELLED:
        raise GameClosed("This game was cancelled.")
    if expected_round is not None and expected_round != game["round"]:
        raise StaleAction("That choice is from round {then}; the game is in round {now} now.",
                          then=expected_round, now=game["round"])
    return game


async def player(tx: aiosqlite.Connection, game_id: int, user_id: int,
                 error: Exception | None = None) -> sqlite3.Row:
    """The person's row, while they play in the game (not after resigning or being replaced)."""
    row = await one(tx, "SELECT * FROM players WHERE game_id = ? AND user_id = ? AND status = 'playing'",
                    (game_id, user_id))
    if row is None:
        raise error or NotInGame()
    return row


async def require_pawn(tx: aiosqlite.Connection, game_id: int, user_id: int, state: Any,
                       pawn: str) -> None:
    """Refuse unless the person moves ``pawn`` now (their seat's pawns, plus any handed over)."""
    if pawn not in state.pawn:
        raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=quoted(pawn))
    mine = await one(tx, "SELECT 1 FROM pawn_controls WHERE game_id = ? AND pawn = ? AND user_id = ?",
                     (game_id, pawn, user_id))
    if mine is None:
        await player(tx, game_id, user_id)
        if pawn == MRX:
            raise NotYourPawn("Only Mr. X's player can move Mr. X.")
        raise NotYourPawn("You do not move {pawn}.", pawn=state.pawn[pawn].label)


async def add_player(tx: aiosqlite.Connection, game_id: int, user_id: int, name: str,
                     role: str | None, now: float) -> None:
    await tx.execute(
        "INSERT INTO players (game_id, user_id, name, role, join_order, joined_at) VALUES "
        "(?, ?, ?, ?, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM players WHERE game_id = ?), ?)",
        (game_id, user_id, name, role, game_id, now))


async def bump(tx: aiosqlite.Connection, now: float, game: sqlite3.Row) -> int:
    """A change outside the engine (lobby, hand-over, settings): the game's version goes up."""
    version = game["version"] + 1
    await tx.execute("UPDATE games SET version = ?, updated_at = ? WHERE id = ?", (version, now, game["id"]))
    return version


async def end(tx: aiosqlite.Connection, now: float, game_id: int, status: str) -> None:
    """End a game outside the engine (a cancelled game, an emptied lobby)."""
    await tx.execute("UPDATE games SET status = ?, to_move = '', finished_at = ? WHERE id = ?", (status, now, game_id))


async def save_play(tx: aiosqlite.Connection, now: float, game: sqlite3.Row, state: Any, applied: int,
                    actions: list[Any], events: list, *, user_id: int, key: str | None, name: str,
                    service_events: tuple = (), announce_actions: bool = True) -> int:
    """Write what the engine did: the action rows, the snapshot, the game row, the result and
    the announcements it owes (``announce_actions`` False: the actions get no post of their own, as
    the tiles dealt at the start). Returns the new version."""
    gid = game["id"]
    family = get_family(game["family"])
    version = game["version"] + 1
    await remember(tx, now, key, gid, user_id, name, version, (*service_events, *events), family)
    seq = applied
    for action in actions:
        seq += 1
        await tx.execute(
            "INSERT INTO actions (game_id, seq, round, user_id, action, key, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (gid, seq, game["round"] or 0, user_id, json.dumps(family.action_to_json(action)), key, now))
    await tx.execute(
        "INSERT INTO snapshots (game_id, version, actions, state) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) "
        "DO UPDATE SET version = excluded.version, actions = excluded.actions, state = excluded.state",
        (gid, version, seq, json.dumps(state.snapshot(), separators=(",", ":"))))

    to_move = tuple(state.to_move())
    turn, turn_started_at = next_turn(tuple(game["to_move"].split()), to_move, game["turn"],
                                      game["turn_started_at"], now)
    outcome = state.outcome
    await tx.execute(
        "UPDATE games SET version = ?, round = ?, to_move = ?, turn = ?, turn_started_at = ?, status = ?, "
        "winner = ?, end_reason = ?, finished_at = ?, updated_at = ? WHERE id = ?",
        (version, state.round, " ".join(to_move), turn, turn_started_at, FINISHED if outcome else RUNNING,
         outcome.winner if outcome else None, outcome.reason if outcome else None,
         now if outcome else None, now, gid))
    if outcome:
        await save_result(tx, game, outcome, now)

    view = family.public_view(state)
    mrx_user = (await read.controllers(tx, gid, (family.secret_pawn,)) or (None,))[0]
    for key_, kind, payload, recipient in outbox.after_play(
            view, events, seq=seq if actions and announce_actions else None, user_id=user_id,
            next_users=await read.controllers(tx, gid, to_move), mrx_user=mrx_user,
            owed_before=await read.controllers(tx, gid, tuple(game["to_move"].split())),
            new_turn=turn != game["turn"], family=family):
        await outbox.queue(tx, gid, key_, kind, payload, now, recipient)
    return version


async def save_result(tx: aiosqlite.Connection, game: sqlite3.Row, outcome: Outcome, now: float) -> None:
    await tx.execute(
        "INSERT INTO results (game_id, guild_id, rules, winner, reason, rounds, finished_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game["id"], game["guild_id"], game["rules"], outcome.winner, outcome.reason, outcome.round, now))
    # Everyone who held a seat to the end shares the side's result; a resigned player lost.
    await tx.execute(
        "INSERT INTO result_players (game_id, user_id, role, won) SELECT game_id, user_id, role, "
        "status = 'playing' AND (CASE role WHEN 'mrx' THEN 'mrx' ELSE 'detectives' END) = ? "
        "FROM players WHERE game_id = ? AND status IN ('playing', 'resigned') AND role IS NOT NULL",
        (outcome.winner, game["id"]))


async def remember(tx: aiosqlite.Connection, now: float, key: str | None, game_id: int, user_id: int, name: str,
                   version: int, events: tuple, family=None) -> None:
    """Store a keyed command's outcome: a retry with the same key gets it back instead of running again."""
    if key is not None:
        await tx.execute(
            "INSERT INTO commands (key, game_id, user_id, name, version, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, game_id, user_id, name, version, json.dumps(outbox.events_json(events, family)), now))


async def done(tx: aiosqlite.Connection, now: float, game_id: int, events: tuple, user_id: int, name: str,
               key: str | None, version: int, state: Any = None) -> CommandResult:
    """Finish a command that changed no engine state: remember it under its key, build its result."""
    await remember(tx, now, key, game_id, user_id, name, version, events)
    return await result(tx, game_id, events, version, state=state)


async def result(tx: aiosqlite.Connection, game_id: int, events: tuple, version: int, *,
                 duplicate: bool = False, state: Any = None) -> CommandResult:
    """What the caller gets back: the game now, the events, the public view, the players."""
    game = read.game_info(await read.game_row(tx, game_id))
    if state is None and game.started_at is not None:
        state, _ = await rebuild.load_state(tx, game_id)
    view = get_family(game.family).public_view(state) if state is not None else None
    return CommandResult(game, events, view, await read.players(tx, game_id), duplicate, version)
