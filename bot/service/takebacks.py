"""Take-backs by consent (``docs/takebacks.md``): a player asks to take back their last action while nobody has acted
since, and the other side decides: Mr. X for a detective's move, any detective (or the host) for Mr. X's; a computer
on the other side accepts at once.

The actions stay the truth, append-only: an accepted take-back is an action of its own (``{"takeback": seq}``, written
by the service, never an engine's), and a game is replayed from the actions that stand (:func:`.rebuild.standing`):
the engine plays the game in which the withdrawn action was never made. The commitments a withdrawn move of Mr. X
published move, unchanged, to ``withdrawn_commitments`` and stay in the record, marked withdrawn; his next
commitment to the same entry is salted apart. Asking tells the channel nothing of Mr. X's station: only that he
asks.
"""

from __future__ import annotations

from typing import Any

from bot.fairness.commitments import V2
from bot.games import get_family
from bot.games.errors import InvalidAction
from bot.store import GameRow, Session

from . import outbox, rebuild, steps
from . import rows as read
from .core import ServiceCore, retried
from .errors import GameClosed, NotInGame, NotYourPawn, StaleAction
from .models import LOBBY, RUNNING, CommandResult
from .rebuild import takeback_of
from .dealing import hidden_of, scheme_of
from .timing import clock_after, clock_stands, next_turn

ASKED, ACCEPTED, REFUSED, LAPSED = "asked", "accepted", "refused", "lapsed"
#: seconds a computer waits for the answer to a take-back before it plays on (and the question lapses): a question
#: nobody answers must not stop a game whose next move is a computer's
COMPUTER_WAITS = 600.0


class TakebackRefused(InvalidAction):
    """A take-back that cannot be asked or answered (the sentence says why)."""


async def _deciders(tx: Session, game: GameRow, family: Any, state: Any, pawn: str, asker: int) -> tuple[list[int], bool]:
    """Who answers a take-back of ``pawn``'s action: (the people who may, whether the other side is computers only,
    which accept at once). Mr. X's player for a detective's action; the detectives' players (and the host) for
    Mr. X's."""
    if pawn == family.secret_pawn:
        others = tuple(p.id for p in state.pawns if p.id != family.secret_pawn)
    else:
        others = (family.secret_pawn,)
    users = await tx.seats.controllers(game.id, others)
    people = [u for u in users if u > 0 and u != asker]
    if pawn == family.secret_pawn and game.host_id not in people and game.host_id != asker and game.host_id > 0:
        people.append(game.host_id)
    return people, not any(u > 0 for u in users)


class Takebacks(ServiceCore):
    @retried
    async def ask_takeback(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Ask to take back one's last action (while it is the game's last). When the other side is computers only,
        it is taken back at once; otherwise the channel is asked, and the result's ``game.version`` is unchanged."""
        async with self._command(key, "takeback", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            await steps.player(tx, game_id, user_id)
            steps.unpaused(game)  # a paused game stands still: no question, no answer (docs/takebacks.md)
            if not game.takebacks:
                raise TakebackRefused("The host has switched take-backs off for this game.")
            family = get_family(game.family)
            last = await tx.takebacks.last_action(game_id)
            if last is not None and last.user_id == user_id and last.command == "request":
                # a throw of the dice (a request the service deals): chance is no slip of the finger, and the
                # rides it offered stay, so nobody throws again for a better one (docs/takebacks.md)
                raise TakebackRefused("A throw of the dice cannot be taken back: choose your move from it.")
            if (last is None or last.user_id != user_id or last.command != "act" or takeback_of(last.action) is not None
                    or family.acting_pawn(family.action_from_json(last.action)) is None):
                raise TakebackRefused("You can take back only your own last move, while nobody has moved since.")
            earlier = await tx.takebacks.get(game_id, last.seq)
            if earlier is not None:
                if earlier.answer is None:
                    raise TakebackRefused("You have asked already: the other side decides.")
                raise TakebackRefused("That move's take-back was refused: it stands.")
            pawn = family.acting_pawn(family.action_from_json(last.action))
            state, _ = await rebuild.load_state(tx, game_id)
            people, computers = await _deciders(tx, game, family, state, pawn, user_id)
            await tx.takebacks.ask(game_id, last.seq, user_id, now)
            if computers:  # a computer on the other side accepts
                return await self._withdraw(tx, now, game, last.seq, user_id, None, key, "takeback")
            await outbox.queue(tx, game_id, f"takeback:{last.seq}:{ASKED}", outbox.TAKEBACK,
                               {"state": ASKED, "seq": last.seq, "pawn": pawn, "asker": user_id, "deciders": people},
                               now)
            return await steps.done(tx, now, game_id, (), user_id, "takeback", key, game.version)

    @retried
    async def answer_takeback(self, game_id: int, user_id: int, seq: int, accept: bool,
                              key: str | None = None) -> CommandResult:
        """The other side's answer to the take-back of action ``seq``. Too late once another action was played
        (the take-back lapses); refused to anyone who may not answer it."""
        async with self._command(key, "takeback_answer", user_id, game_id=game_id) as (tx, now, seen):
            if seen:
                return seen
            game = await steps.running(tx, game_id)
            steps.unpaused(game)
            request = await tx.takebacks.get(game_id, seq)
            if request is None:
                raise TakebackRefused("Nobody asked to take that move back.")
            if request.answer is not None:
                raise TakebackRefused("That take-back is settled already.")
            family = get_family(game.family)
            last = await tx.takebacks.last_action(game_id)
            if last is None or last.seq != seq:
                await tx.takebacks.answer(game_id, seq, LAPSED, None, now)
                raise StaleAction("Too late: the game has moved on since that take-back was asked.")
            pawn = family.acting_pawn(family.action_from_json(last.action))
            state, _ = await rebuild.load_state(tx, game_id)
            people, _ = await _deciders(tx, game, family, state, pawn, request.asked_by)
            if user_id not in people:
                if user_id == request.asked_by:
                    raise NotYourPawn("The other side decides on your take-back.")
                if pawn == family.secret_pawn:
                    raise NotInGame("Only a detective's player (or the host) can answer Mr. X's take-back.")
                raise NotInGame("Only Mr. X's player can answer a detective's take-back.")
            if accept:
                return await self._withdraw(tx, now, game, seq, request.asked_by, user_id, key, "takeback_answer")
            await tx.takebacks.answer(game_id, seq, REFUSED, user_id, now)
            await outbox.queue(tx, game_id, f"takeback:{seq}:{REFUSED}", outbox.TAKEBACK,
                               {"state": REFUSED, "seq": seq, "pawn": pawn, "asker": request.asked_by, "by": user_id},
                               now)
            return await steps.done(tx, now, game_id, (), user_id, "takeback_answer", key, game.version)

    async def takeback_waiting(self, game_id: int) -> int | None:
        """The action whose take-back waits for an answer while it is still the game's last (None: none): the
        computers wait for the answer before they act, for :data:`COMPUTER_WAITS` seconds at most."""
        request = await self._reads.takebacks.waiting(game_id)
        if request is None or self._clock() - request.asked_at > COMPUTER_WAITS:
            return None
        last = await self._reads.takebacks.last_action(game_id)
        return request.seq if last is not None and last.seq == request.seq else None

    async def _withdraw(self, tx: Session, now: float, game: GameRow, seq: int, asker: int, by: int | None,
                        key: str | None, name: str) -> CommandResult:
        """Take action ``seq`` back: the take-back is stored as an action, the game is the replay of the actions that
        stand, Mr. X's withdrawn commitments move aside, and the channel hears who moves now."""
        family = get_family(game.family)
        last = await tx.takebacks.last_action(game.id)
        assert last is not None and last.seq == seq
        pawn = family.acting_pawn(family.action_from_json(last.action))
        version = game.version + 1
        await steps.remember(tx, now, key, game.id, by or asker, name, version, ())
        # the take-back counts in the round of the action it withdrew, so a replay up to that round leaves both out
        await tx.actions.append(game.id, seq + 1, last.round, asker, {"takeback": seq}, key, now)
        state = await rebuild.rebuild_state(tx, game.id)
        await tx.actions.save_snapshot(game.id, version, seq + 1, state.snapshot())
        route = family.secret_route(state)
        withdrew = await tx.commitments.withdraw(game.id, len(route) if route and route[0] is not None else 0, seq + 1,
                                                 now)
        await tx.takebacks.answer(game.id, seq, ACCEPTED, by, now)
        again = game.taken_back + 1
        await tx.takebacks.taken_back(game.id, again)
        to_move = tuple(state.to_move())
        turn, turn_started_at = next_turn((), to_move, game.turn, game.turn_started_at, now)
        next_users = await tx.seats.controllers(game.id, to_move)
        turn_started_at, clock_stopped_at = clock_after(turn_started_at, None, clock_stands(
            game.paused_at is not None, next_users, game.away, now), now)
        view = family.public_view(state)
        taken = {"state": ACCEPTED, "seq": seq, "pawn": pawn, "asker": asker, "by": by,
                 "next": outbox.next_up(view, next_users)}
        if withdrew and scheme_of(game) == V2:  # the withdrawal is a link of the seal chain: its post shows it
            taken["seal"] = await steps.chain_end(tx, game)
        owed = [(f"takeback:{seq}:{ACCEPTED}", outbox.TAKEBACK, taken, None)]
        if to_move == (family.secret_pawn,):
            mrx_user = (await tx.seats.controllers(game.id, (family.secret_pawn,)) or (None,))[0]
            owed.append(outbox.mrx_prompt(view, mrx_user, again))
        await outbox.queue_all(tx, game.id, owed, now)
        await tx.games.played(game.id, version=version, round=state.round, to_move=to_move, turn=turn,
                              turn_started_at=turn_started_at, status=RUNNING, winner=None, end_reason=None,
                              finished_at=None, now=now, clock_stopped_at=clock_stopped_at)
        return await steps.result(tx, game.id, (), version, state=state, view=view)

    async def takebacks_allowed(self, game_id: int) -> bool:
        return (await read.game_row(self._reads, game_id)).takebacks

    async def allow_takebacks(self, game_id: int, user_id: int, allowed: bool, can_manage_channel: bool = False) -> bool:
        """The host (or a channel manager) allows take-backs in the game, or not."""
        async with self._store.transaction() as tx:
            game = await read.game_row(tx, game_id)
            if game.status not in (LOBBY, RUNNING):
                raise GameClosed("This game is over; its settings can no longer change.")
            if game.host_id != user_id and not can_manage_channel:
                raise NotInGame("Only the host, or someone who manages this channel, can change that.")
            await tx.takebacks.allow(game_id, allowed)
            await steps.bump(tx, self._clock(), game)
        return allowed



async def record_takebacks(session: Session, game: GameRow) -> list[dict[str, Any]]:
    """The record's ``takebacks``: each accepted take-back in order, with the action it withdrew (as the engine
    writes it), whose it was, when it was taken back, and for Mr. X's the [entry, station] pairs of his route that
    it withdrew (the withdrawn commitments open to these: ``docs/fairness.md``)."""
    family = get_family(game.family)
    numbered = await session.actions.numbered(game.id)
    stored = dict(numbered)
    times = {seq: at for _, at, seq in await session.actions.timed(game.id)}
    found = []
    for seq, action in numbered:
        withdrawn = takeback_of(action)
        if withdrawn is None:
            continue
        state = family.new_game(game.rules, game.players, game.deal_seed if game.deal_seed is not None else game.seed,
                                game.options, hidden=hidden_of(game))
        for earlier in rebuild.standing([(s, a) for s, a in numbered if s < withdrawn]):
            state.apply(family.action_from_json(earlier))
        before = family.secret_route(state)
        pawn = family.acting_pawn(family.action_from_json(stored[withdrawn]))
        state.apply(family.action_from_json(stored[withdrawn]))
        after = family.secret_route(state)
        start = len(before) if before and before[0] is not None else 0
        request = await session.takebacks.get(game.id, withdrawn)
        item: dict[str, Any] = {"pawn": pawn, "action": stored[withdrawn], "at": times.get(seq),
                                "asked_by": request.asked_by if request else None,
                                "accepted_by": request.answered_by if request else None}
        if pawn == family.secret_pawn:
            item["entries"] = [[n, after[n]] for n in range(start, len(after)) if after[n] is not None]
        found.append(item)
    return found
