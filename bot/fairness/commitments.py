"""The commitment schemes (``docs/fairness.md``): HMAC-SHA256 for keys and salts, SHA-256 for commitments. Standard
library only, so that a verifier can be written from the page and checked against this module.

``sy-commit/2`` (every game created since): a random nonce ``N`` (128 bits) per game, kept from its creation.

    game key        K    = HMAC-SHA256(secret, "sy-commit/2 game-key " + N)
    key commitment  KC   = SHA-256("sy-commit/2 key|" + N + "|" + hex(K))        (published in the lobby)
    salt            S(n) = HMAC-SHA256(K, "sy-commit/2 salt " + n)
    commitment      C(n) = SHA-256("sy-commit/2|" + N + "|" + n + "|" + station + "|" + hex(S(n)))
    seal chain      L(0) = SHA-256("sy-commit/2 seal|" + KC + "|" + T + "|" + C(0))
                    L(n) = SHA-256("sy-commit/2 seal|" + hex(L(n-1)) + "|" + C(n))
    seal            the first 16 hex digits of L(n): what the channel shows

A take-back of Mr. X's move withdraws the commitments it published (they stay in the record, marked withdrawn). The
entry's next commitment is its attempt ``a`` = 1, 2, ..., salted apart so that a redone move to the same station does
not repeat the withdrawn commitment, and under ``sy-commit/2`` the withdrawal is a link of the seal chain of its own,
shown on the take-back's post:

    salt            S(n, a) = HMAC-SHA256(K, scheme + " salt " + n + "/" + a)        (a > 0; S(n, 0) is S(n))
    withdrawal      W      = SHA-256("sy-commit/2 withdraw|" + hex(previous link) + "|" + n)
                             (withdraws every standing commitment to entry n and later)

``T`` is the game's start input (the start command's interaction id), fixed after ``KC`` was published. Offline
(``simulate``) ``N`` comes from the secret, the rules, the players and the seed (:func:`offline_nonce`).

``sy-commit/1`` (games that were running before): ``K = HMAC(secret, "sy-commit/1 game-key " + G)`` with ``G`` the
game's number, the same salts and commitments with ``G`` for ``N``, no key commitment, 6-hex seals of ``C(n)``.

The secret is used as text: its UTF-8 bytes are the HMAC key. Keys and salts are 32 bytes; everything is written as
lowercase hex.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Sequence

V1 = "sy-commit/1"
V2 = "sy-commit/2"
#: the scheme of every new game
SCHEME = V2
SCHEMES = (V1, V2)
#: hex digits of a seal as the channel shows it, per scheme (sy-commit/1: of the commitment; /2: of the chain)
SEAL_DIGITS = {V1: 6, V2: 16}
#: sy-commit/1's short form, kept for its running games
SHORT = SEAL_DIGITS[V1]
#: bytes of a game's nonce
NONCE_BYTES = 16


def _hmac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def new_nonce() -> str:
    """A new game's nonce: 128 bits from the operating system, as 32 hex digits."""
    return secrets.token_hex(NONCE_BYTES)


def offline_nonce(secret: str, rules: str, players: int, seed: int) -> str:
    """The nonce of a game played offline (``simulate``): the same arguments give the same game and key, and two
    games that differ in their rules, players or seed have different keys."""
    return _hmac(secret.encode(), f"{V2} offline-nonce {rules} {int(players)} {int(seed)}")[:2 * NONCE_BYTES]


def game_key(secret: str, game: str, scheme: str = V1) -> str:
    """The key of one game: from its number (``sy-commit/1``) or its nonce (``sy-commit/2``)."""
    return _hmac(secret.encode(), f"{scheme} game-key {game}")


def key_commitment(nonce: str, key: str) -> str:
    """``KC``: the commitment to a ``sy-commit/2`` game's key, published before anyone joins."""
    return _sha(f"{V2} key|{nonce}|{key}")


def salt(key: str, entry: int, scheme: str = V1, attempt: int = 0) -> str:
    """The salt of entry ``entry`` (0: the start) under a game's key; ``attempt``: of the entry's commitments, the
    one after ``attempt`` withdrawn ones (a take-back's)."""
    return _hmac(bytes.fromhex(key), f"{scheme} salt {int(entry)}" + (f"/{int(attempt)}" if attempt else ""))


def commitment(game: str, entry: int, station: int, salt_hex: str, scheme: str = V1) -> str:
    """The public commitment to ``station`` at ``entry`` of ``game`` (its number, or its nonce in ``sy-commit/2``)."""
    return _sha(f"{scheme}|{game}|{int(entry)}|{int(station)}|{salt_hex}")


def commit(key: str, game: str, entry: int, station: int, scheme: str = V1, attempt: int = 0) -> str:
    """The commitment the bot publishes for ``station`` at ``entry`` (the salt derived from ``key``)."""
    return commitment(game, entry, station, salt(key, entry, scheme, attempt), scheme)


@dataclass(frozen=True)
class Withdrawal:
    """A link of the seal chain that withdraws every standing commitment to entry ``entry`` and later (a take-back
    of Mr. X's move); ``after``: how many commitments were published before it (withdrawn ones included)."""

    entry: int
    after: int = 0


def seal_chain(key_commitment_hex: str, start_input: str, links: Sequence[str | Withdrawal]) -> list[str]:
    """``L(0), L(1), ...`` of a ``sy-commit/2`` game: each binds the key commitment, the start input and every
    link up to its own. A link is a commitment (its hex), or a take-back's :class:`Withdrawal`."""
    chain: list[str] = []
    for n, link in enumerate(links):
        before = f"{key_commitment_hex}|{start_input}" if n == 0 else chain[-1]
        if isinstance(link, Withdrawal):
            chain.append(_sha(f"{V2} withdraw|{before}|{int(link.entry)}"))
        else:
            chain.append(_sha(f"{V2} seal|{before}|{link}"))
    return chain


def chain_links(commitments: Sequence[str], withdrawals: Sequence[Withdrawal] = ()) -> list[str | Withdrawal]:
    """The links of the seal chain in the order they were published: the commitments (withdrawn ones included, in
    the order published), each withdrawal after the ``after`` commitments published before it."""
    links: list[str | Withdrawal] = []
    pending = sorted(withdrawals, key=lambda w: w.after)
    for n, value in enumerate(commitments):
        while pending and pending[0].after <= n:
            links.append(pending.pop(0))
        links.append(value)
    return links + pending


def seals(block_scheme: str, commitments: Sequence[str], key_commitment_hex: str = "", start_input: str = "") -> list[str]:
    """The seal of each entry as the channel shows it: ``sy-commit/2``'s chain, ``sy-commit/1``'s commitments, short."""
    if block_scheme == V2:
        return [short(v, V2) for v in seal_chain(key_commitment_hex, start_input, commitments)]
    return [short(v, V1) for v in commitments]


def short(value: str, scheme: str = V1) -> str:
    """The few characters of a seal a post shows."""
    return value[:SEAL_DIGITS[scheme]]
