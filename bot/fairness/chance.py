"""The chance of a ``sy-commit/2`` game, drawn from its key (``docs/fairness.md``, "Chance"). Standard library only.

Every hidden or future draw (Mr. X's start card, the dice game's tiles and throws) is a number

    D(label, i) = the first 8 bytes, big-endian, of HMAC-SHA256(K, "sy-commit/2 draw " + T + " " + label + " " + i)

with ``K`` the game's key (committed before anyone joined) and ``T`` its start input (the start command's
interaction id, fixed after the commitment). Nobody without the key can predict a draw, not even from a chosen or
reused seed; the key was fixed before ``T`` existed, so it cannot have been picked for a good deal; and once the key
is published, anyone recomputes every draw.

:class:`Draws` hands the engines the draws of one label as the part of ``random.Random`` they use (``randrange``,
``choice``, ``shuffle``, ``sample``), each by a short documented algorithm, so another language can do the same.
:func:`deal_seed` is the number a public deal (and a game older than ``sy-commit/2``) is dealt from: the secret mixed
with the seed.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, MutableSequence, Sequence

from .commitments import V2


def deal_seed(secret: str, seed: int, purpose: str = "deal") -> int:
    """The number the engine deals from: 63 bits of HMAC-SHA256(secret, "purpose:seed"). Here, not in the service
    that deals, so that the offline tools (``simulate``) deal as the bot does without importing the service."""
    digest = hmac.new(secret.encode(), f"{purpose}:{int(seed)}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # fits SQLite's INTEGER and every int64


def draw(key: str, start_input: str, label: str, i: int = 0) -> int:
    """``D(label, i)``: a 64-bit number."""
    text = f"{V2} draw {start_input} {label} {int(i)}"
    return int.from_bytes(hmac.new(bytes.fromhex(key), text.encode(), hashlib.sha256).digest()[:8], "big")


class Draws:
    """The draws ``D(label, 0)``, ``D(label, 1)``, ... in turn, as a stand-in for ``random.Random``."""

    def __init__(self, key: str, start_input: str, label: str) -> None:
        self.key, self.start_input, self.label = key, start_input, label
        self.used = 0

    def below(self, n: int) -> int:
        """The next draw modulo ``n`` (the bias, at most n / 2**64, is far below anything a game could notice)."""
        if n <= 0:
            raise ValueError("nothing to draw from")
        value = draw(self.key, self.start_input, self.label, self.used) % n
        self.used += 1
        return value

    def randrange(self, n: int) -> int:
        return self.below(n)

    def choice(self, items: Sequence[Any]) -> Any:
        """``items[below(len)]``."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates from the end: for j = len-1 down to 1, swap items j and below(j + 1)."""
        for j in range(len(items) - 1, 0, -1):
            k = self.below(j + 1)
            items[j], items[k] = items[k], items[j]

    def sample(self, items: Sequence[Any], count: int) -> list[Any]:
        """``count`` of ``items`` in the order drawn: for j = 0 .. count-1, swap items j and j + below(len - j) of a
        copy, then its first ``count``."""
        pool = list(items)
        if not 0 <= count <= len(pool):
            raise ValueError("sample larger than the population")
        for j in range(count):
            k = j + self.below(len(pool) - j)
            pool[j], pool[k] = pool[k], pool[j]
        return pool[:count]


def hidden_draw(key: str, start_input: str) -> int:
    """The draw that deals what the deal keeps hidden (Mr. X's start card): ``D("mrx-start", 0)``."""
    return draw(key, start_input, HIDDEN_LABEL, 0)


#: the label of the hidden deal's draw
HIDDEN_LABEL = "mrx-start"
