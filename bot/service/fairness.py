"""Provably fair (``docs/fairness.md``): what the service publishes of its commitments to Mr. X's hidden
route, and the fairness block of a finished game's record. The commitments themselves are written by the
command that fixes each station (:func:`.steps.seal`)."""

from __future__ import annotations

from typing import Any

from bot.fairness.commitments import game_key
from bot.fairness.proof import block
from bot.games import get_family
from bot.store import Session

from . import rows as read
from .core import ServiceCore


class Fairness(ServiceCore):
    async def commitments(self, game_id: int) -> tuple[str, ...]:
        """The commitments published so far (entry 0: Mr. X's start, then each logbook entry): public."""
        return tuple(value for _, value, _ in await self._reads.commitments.listed(game_id))


async def fairness_block(session: Session, game_id: int, secret: str, state: Any) -> tuple[dict, list[float]]:
    """A game's ``fairness`` block (the stored commitments with when each was written; once it is over the salts
    and the key) and ``times``: when each row of the record's ``actions`` was stored."""
    game = await read.game_row(session, game_id)
    family = get_family(game.family)
    stored = await session.commitments.listed(game_id)
    found = block(str(game_id), game_key(secret, str(game_id)), [value for _, value, _ in stored], state.is_over,
                  [at for _, _, at in stored])
    replayed = family.new_game(game.rules, game.players, game.deal_seed if game.deal_seed is not None else game.seed,
                               game.options)
    times: list[float] = []
    for action, at in await session.actions.timed(game_id):
        replayed.apply(family.action_from_json(action))
        times += [at] * (len(family.export_record(replayed)["actions"]) - len(times))
    return found, times
