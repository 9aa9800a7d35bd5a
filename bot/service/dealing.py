"""Hidden draws depend on something no player sees: a game's key (``sy-commit/2``), or before it the installation
secret mixed with the game's seed (``docs/fairness.md``).

A host may choose a game's seed (``/sy new seed:8``), and everybody can read it. What is public from the start (the
detectives' start cards, in the London family) is still dealt from the seed mixed with the installation secret,
``HMAC-SHA256(secret, "deal:" + seed)``, so a table can replay a public deal. Every hidden or future draw (Mr. X's
start card, the dice game's tiles and throws) comes from the game's key, drawn from the secret and the game's own
random nonce, and its start input (the start command's interaction id), by :mod:`bot.fairness.chance`: a chosen or
reused seed predicts none of it, and anyone recomputes it from the key published at the end. Games created before
``sy-commit/2`` (no nonce) keep drawing as they did: from the secret, the seed and the game's number.

The installation secret comes from ``SY_SECRET``, or is generated at the first start and kept in
the database. The offline tools (``simulate``, ``render``) use :data:`bot.fairness.proof.OFFLINE_SECRET` unless
told otherwise, since nothing they deal is hidden from anyone.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from bot.fairness.chance import Draws, deal_seed, hidden_draw
from bot.fairness.commitments import V1, V2, game_key, key_commitment, new_nonce
from bot.store import GameRow

#: the installation table's key for a generated secret
SECRET_KEY = "secret"


def new_secret() -> str:
    return secrets.token_hex(32)


def sealed_anew(secret: str, nonce: str | None = None) -> tuple[str, str]:
    """A new game's nonce (``nonce``, or 128 bits from the operating system) and the commitment to the key it gives."""
    nonce = nonce or new_nonce()
    return nonce, key_commitment(nonce, game_key(secret, nonce, V2))


def scheme_of(game: GameRow) -> str:
    return V2 if game.nonce else V1


def reference_of(game: GameRow) -> str:
    """What the game's commitments name it by: its nonce (sy-commit/2), or its number (sy-commit/1)."""
    return game.nonce or str(game.id)


def key_of(game: GameRow, secret: str) -> str:
    """The game's key: opens its commitments, published when it ends."""
    return game_key(secret, reference_of(game), scheme_of(game))


def hidden_of(game: GameRow) -> int | None:
    """The draw that dealt the game's hidden start (None: dealt from the seed)."""
    return int(game.hidden_draw, 16) if game.hidden_draw else None


def hidden_for(game: GameRow, secret: str, start_input: str) -> int:
    return hidden_draw(key_of(game, secret), start_input)


def chance_of(game: GameRow, secret: str, family: Any, state: Any, applied: int,
              start_input: str | None = None) -> Any:
    """The generator of the chance the game deals next (after ``applied`` actions, in ``state``): the key's draws
    under the family's name for it (sy-commit/2), or (sy-commit/1) a generator from the secret, the seed, the game's
    number and ``applied``."""
    if game.nonce:
        return Draws(key_of(game, secret), start_input or game.start_input or "", family.chance_label(state))
    return random.Random(deal_seed(secret, game.seed, f"chance:{game.id}:{applied}"))
