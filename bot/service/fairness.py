"""Provably fair (``docs/fairness.md``): what the service publishes of its commitments to Mr. X's hidden
route, and the fairness block of a finished game's record. The commitments themselves are written by the
command that fixes each station (:func:`.steps.seal`)."""

from __future__ import annotations

from typing import Any

from bot.fairness.commitments import V2
from bot.fairness.proof import block, published_block
from bot.games import get_family
from bot.store import Session

from . import rows as read
from .rebuild import standing_numbers
from .core import ServiceCore
from .dealing import hidden_of, key_of, scheme_of


class Fairness(ServiceCore):
    async def commitments(self, game_id: int) -> tuple[str, ...]:
        """The commitments published so far (entry 0: Mr. X's start, then each logbook entry): public."""
        return tuple(value for _, value, _ in await self._reads.commitments.listed(game_id))


async def fairness_block(session: Session, game_id: int, secret: str, state: Any) -> tuple[dict, list[float]]:
    """A game's ``fairness`` block (the stored commitments with when each was written; once it is over the salts
    and the key) and ``times``: when each row of the record's ``actions`` was stored."""
    game = await read.game_row(session, game_id)
    family = get_family(game.family)
    scheme = scheme_of(game)
    sealed = dict(scheme=scheme, nonce=game.nonce if scheme == V2 else None, start_input=game.start_input)
    if game.taken_back:  # withdrawn commitments stay in the record, marked, and each withdrawal with them
        found = published_block(str(game_id), key_of(game, secret), await session.commitments.published(game_id),
                                state.is_over, await session.commitments.withdrawals(game_id), **sealed)
    else:
        stored = await session.commitments.listed(game_id)
        found = block(str(game_id), key_of(game, secret), [value for _, value, _ in stored], state.is_over,
                      [at for _, _, at in stored], **sealed)
    if scheme == V2 and found["key_commitment"] != game.key_commitment:
        found["key_commitment"] = game.key_commitment  # what the lobby published: a changed secret shows as a problem
    replayed = family.new_game(game.rules, game.players, game.deal_seed if game.deal_seed is not None else game.seed,
                               game.options, hidden=hidden_of(game))
    times: list[float] = []
    timed = await session.actions.timed(game_id)
    stands = standing_numbers([(seq, action) for action, _, seq in timed])
    for action, at, seq in timed:
        if seq not in stands:
            continue  # a take-back, or the action it withdrew: not in the record's actions
        replayed.apply(family.action_from_json(action))
        times += [at] * (len(family.export_record(replayed)["actions"]) - len(times))
    return found, times
