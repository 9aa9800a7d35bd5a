"""The steps every command is made of: find the game, check who acts, write what changed,
remember the result under the command's key, and build what the caller gets back.

Each function runs inside the command's transaction (``tx``); none commits. A ``state`` is a family's game
state and an action its engine's (``Any``): the service reads and writes them through the game's family.
"""

from __future__ import annotations

from typing import Any

from bot.fairness.commitments import V2, Withdrawal, chain_links, commit, seal_chain
from bot.games import get_family
from bot.games.errors import InvalidAction, quoted
from bot.games.family import MRX
from bot.games.outcome import Outcome
from bot.store import GameRow, PlayerRow, Session

from . import absence, outbox, rebuild
from .dealing import key_of, reference_of, scheme_of
from .rating_runs import rate_finished
from . import rows as read
from .errors import (
    GameAlreadyStarted,
    GameClosed,
    GameNotStarted,
    GamePaused,
    KeyReused,
    NoGameHere,
    NotInGame,
    NotYourPawn,
    StaleAction,
)
from .events import event_from_json
from .models import CANCELLED, FINISHED, LOBBY, RUNNING, CommandResult
from .timing import clock_after, clock_stands, next_turn


async def seen(tx: Session, key: str | None, name: str, user_id: int, *,
               game_id: int | None = None, channel_id: int | None = None) -> CommandResult | None:
    """The stored result of a command that already ran with ``key``, or None."""
    if key is None:
        return None
    row = await tx.commands.find(key)
    if row is None:
        return None
    if (row.name, row.user_id) != (name, user_id) or game_id not in (None, row.game_id) \
            or channel_id not in (None, row.channel_id):
        raise KeyReused()
    family = get_family((await read.game_row(tx, row.game_id)).family)
    events = tuple(event_from_json(e, family) for e in row.events)
    return await result(tx, row.game_id, events, row.version, duplicate=True)


def address(channel_id: int, game_id: int | None) -> dict[str, int]:
    """How a command finds its game (and locks it first): by its number when given, else by its channel."""
    return {"game_id": game_id} if game_id is not None else {"channel_id": channel_id}


async def active(tx: Session, channel_id: int, game_id: int | None = None) -> GameRow:
    """The game in the lobby or running that ``game_id`` names, else the one the channel itself holds (its lobby, or
    the game running in the channel rather than in a thread of its own)."""
    game = await (tx.games.get(game_id) if game_id is not None else tx.games.active_in_channel(channel_id))
    if game is None or game.status not in (LOBBY, RUNNING):
        raise NoGameHere()
    return game


async def lobby(tx: Session, channel_id: int) -> GameRow:
    game = await active(tx, channel_id)
    if game.status != LOBBY:
        raise GameAlreadyStarted()
    return game


async def running(tx: Session, game_id: int, expected_round: int | None = None) -> GameRow:
    """The game, if it is being played and (when the caller says) still in ``expected_round``."""
    return check_running(await read.game_row(tx, game_id), expected_round)


def check_running(game: GameRow, expected_round: int | None = None) -> GameRow:
    """:func:`running` for a game's row as read."""
    if game.status == LOBBY:
        raise GameNotStarted()
    if game.status == FINISHED:
        raise GameClosed("This game is over.")
    if game.status == CANCELLED:
        raise GameClosed("This game was cancelled.")
    if expected_round is not None and expected_round != game.round:
        raise StaleAction("That choice is from round {then}; the game is in round {now} now.",
                          then=expected_round, now=game.round)
    return game


async def player(tx: Session, game_id: int, user_id: int, error: Exception | None = None) -> PlayerRow:
    """The person's row, while they play in the game (not after resigning or being replaced)."""
    row = await tx.seats.player(game_id, user_id, playing=True)
    if row is None:
        raise error or NotInGame()
    return row


async def require_pawn(tx: Session, game_id: int, user_id: int, state: Any, pawn: str) -> None:
    """Refuse unless the person moves ``pawn`` now (their seat's pawns, plus any handed over)."""
    if pawn not in state.pawn:
        raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=quoted(pawn))
    if not await tx.seats.moves(game_id, pawn, user_id):
        await player(tx, game_id, user_id)
        if pawn == MRX:
            raise NotYourPawn("Only Mr. X's player can move Mr. X.")
        raise NotYourPawn("You do not move {pawn}.", pawn=state.pawn[pawn].label)


async def bump(tx: Session, now: float, game: GameRow) -> int:
    """A change outside the engine (lobby, hand-over, settings): the game's version goes up."""
    version = game.version + 1
    await tx.games.set_version(game.id, version, now)
    return version


async def save_play(tx: Session, now: float, game: GameRow, state: Any, applied: int,
                    actions: list[Any], events: list, *, user_id: int, key: str | None, name: str, secret: str,
                    service_events: tuple = (), announce_actions: bool = True) -> CommandResult:
    """Write what the engine did: the action rows, the snapshot, the game row, the result and
    the announcements it owes (``announce_actions`` False: the actions get no post of their own, as
    the tiles dealt at the start). Returns the command's result (its events: ``service_events`` then the
    engine's), with the public view the announcements were made from."""
    gid = game.id
    family = get_family(game.family)
    if game.away.get(user_id, 0.0) > now:  # a player who plays while away is back
        await absence.back(tx, game, user_id, now, now, early=True)
        game = await read.game_row(tx, gid)
    version = game.version + 1
    # the engine's events as JSON once: the command's record (under its key) and its post both carry them
    played_json = outbox.events_json(events, family)
    await remember(tx, now, key, gid, user_id, name, version, (*service_events, *events), family,
                   as_json=outbox.events_json(service_events, family) + played_json)
    seq = applied
    for action in actions:
        seq += 1
        await tx.actions.append(gid, seq, game.round or 0, user_id, family.action_to_json(action), key, now)
    await tx.actions.save_snapshot(gid, version, seq, state.snapshot())

    to_move = tuple(state.to_move())
    turn, turn_started_at = next_turn(game.to_move, to_move, game.turn, game.turn_started_at, now)
    next_users = await tx.seats.controllers(gid, to_move)
    # The new turn's clock stands still from its start if everyone who owes it is away.
    turn_started_at, clock_stopped_at = clock_after(
        turn_started_at, game.clock_stopped_at if turn == game.turn else None,
        clock_stands(game.paused_at is not None, next_users, game.away, now), now)
    outcome = state.outcome
    if outcome:
        await save_result(tx, game, outcome, now)
    # Mostly the secret pawn's own actions (a move, his start pick) fix a hidden station, but not only: in the dice
    # game a hunter's move can leave him without a ride, and his pass is a logbook entry of its own. So every command
    # seals what its state fixed (nothing, most of the time).
    sealed = await seal(tx, family, state, secret, game, now) if actions else {}

    view = family.public_view(state)
    mrx_user = (await tx.seats.controllers(gid, (family.secret_pawn,)) or (None,))[0]
    await outbox.queue_all(tx, gid, outbox.after_play(
        view, events, seq=seq if actions and announce_actions else None, user_id=user_id,
        events_as_json=played_json, next_users=next_users, mrx_user=mrx_user,
        owed_before=await tx.seats.controllers(gid, game.to_move),
        new_turn=turn != game.turn, family=family, sealed=sealed,
        key=key_of(game, secret) if outcome else None, again=game.taken_back), now)
    # the game row last: on a server, the writes above travel with it (bot/store/postgres.py)
    await tx.games.played(gid, version=version, round=state.round, to_move=to_move, turn=turn,
                          turn_started_at=turn_started_at, status=FINISHED if outcome else RUNNING,
                          winner=outcome.winner if outcome else None, end_reason=outcome.reason if outcome else None,
                          finished_at=now if outcome else None, now=now,
                          clock_stopped_at=None if outcome else clock_stopped_at)
    return await result(tx, gid, (*service_events, *events), version, state=state, view=view)


def unpaused(game: GameRow) -> None:
    """Refuse a move while the host has paused the game."""
    if game.paused_at is not None:
        raise GamePaused()


async def seal(tx: Session, family: Any, state: Any, secret: str, game: GameRow, now: float) -> dict[str, Any]:
    """Commit to every station of the hidden route fixed since the last command (``docs/fairness.md``), in
    the transaction that fixed it. Returns what the post that publishes them carries: ``sealed``, [entry,
    commitment] of each new one, and (sy-commit/2) ``seal``, the seal chain after them; empty when none is new. In a
    game with take-backs, an entry whose commitment a take-back withdrew gets its next attempt's salt."""
    route = family.secret_route(state)
    if not route or route[0] is None:
        return {}
    have = await tx.commitments.count(game.id)
    if len(route) <= have:
        return {}
    scheme, key, reference = scheme_of(game), key_of(game, secret), reference_of(game)
    withdrawn = await tx.commitments.withdrawn(game.id) if game.taken_back else {}
    sealed = []
    for entry in range(have, len(route)):
        value = commit(key, reference, entry, route[entry], scheme, withdrawn.get(entry, 0))
        await tx.commitments.add(game.id, entry, value, now, entry + sum(withdrawn.values()))
        sealed.append([entry, value])
    if scheme != V2:
        return {"sealed": sealed}
    return {"sealed": sealed, "seal": await chain_end(tx, game)}


async def chain_end(tx: Session, game: GameRow) -> str:
    """The last link of a sy-commit/2 game's seal chain as published so far: every commitment (withdrawn ones
    included) and every take-back's withdrawal, in the order they were published."""
    published = [p.commitment for p in await tx.commitments.published(game.id)]
    withdrawals = [Withdrawal(entry, after) for entry, after in await tx.commitments.withdrawals(game.id)]
    return seal_chain(game.key_commitment or "", game.start_input or "", chain_links(published, withdrawals))[-1]


async def save_result(tx: Session, game: GameRow, outcome: Outcome, now: float) -> None:
    await tx.stats.save_result(game.id, game.guild_id, game.rules, outcome.winner, outcome.reason, outcome.round, now)
    await rate_finished(tx, now)


async def remember(tx: Session, now: float, key: str | None, game_id: int, user_id: int, name: str,
                   version: int, events: tuple, family=None, *, as_json: list | None = None) -> None:
    """Store a keyed command's outcome: a retry with the same key gets it back instead of running again.
    ``as_json``: the events as JSON, when the caller has made it already."""
    if key is not None:
        await tx.commands.remember(key, game_id, user_id, name, version,
                                   outbox.events_json(events, family) if as_json is None else as_json, now)


async def done(tx: Session, now: float, game_id: int, events: tuple, user_id: int, name: str,
               key: str | None, version: int, state: Any = None) -> CommandResult:
    """Finish a command that changed no engine state: remember it under its key, build its result."""
    await remember(tx, now, key, game_id, user_id, name, version, events)
    return await result(tx, game_id, events, version, state=state)


async def result(tx: Session, game_id: int, events: tuple, version: int, *,
                 duplicate: bool = False, state: Any = None, view: Any = None) -> CommandResult:
    """What the caller gets back: the game now, the events, the public view (``view``: already made from
    ``state``), the players."""
    game = read.game_info(await read.game_row(tx, game_id))
    if state is None and game.started_at is not None:
        state, _ = await rebuild.load_state(tx, game_id)
    if view is None and state is not None:
        view = get_family(game.family).public_view(state)
    return CommandResult(game, events, view, await read.players(tx, game_id), duplicate, version)
