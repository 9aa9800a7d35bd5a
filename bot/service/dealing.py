"""Hidden draws depend on a secret no player sees, mixed with the game's seed.

A host may choose a game's seed (``/sy new seed:8``), and everybody can read it. If the start cards
were dealt from that number alone, the host would know where Mr. X begins. So every hidden draw
(Mr. X's start card; dice rolls and secret draws of other games) is dealt from
``HMAC-SHA256(installation secret, purpose:seed)``: the same seed and the same secret deal the same
game (tests and replays rely on that), and without the secret the seed predicts nothing.

The installation secret comes from ``SY_SECRET``, or is generated at the first start and kept in
the database. The offline tools (``simulate``, ``render``) use :data:`OFFLINE_SECRET` unless told
otherwise, since nothing they deal is hidden from anyone.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: the public secret of the offline tools (``python -m bot simulate --secret`` overrides it)
OFFLINE_SECRET = "scotland-yard-offline"
#: the installation table's key for a generated secret
SECRET_KEY = "secret"


def deal_seed(secret: str, seed: int, purpose: str = "deal") -> int:
    """The number the engine deals from: 63 bits of HMAC-SHA256(secret, "purpose:seed")."""
    digest = hmac.new(secret.encode(), f"{purpose}:{int(seed)}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # fits SQLite's INTEGER and every int64


def new_secret() -> str:
    return secrets.token_hex(32)
