"""The ``fairness`` block of a game's record: the commitments to Mr. X's hidden route, and, once the
game is over, the key and salts that open them; and the key and chance of a game played offline."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from bot.fairness.chance import Draws, hidden_draw
from bot.fairness.commitments import V1, V2, commit, game_key, key_commitment, offline_nonce, salt

#: the public secret of the offline tools (``python -m bot simulate --secret`` overrides it): nothing they deal is
#: hidden from anyone
OFFLINE_SECRET = "scotland-yard-offline"
#: how the offline tools (``simulate``) name a game of sy-commit/1 in its commitments
OFFLINE_GAME = "offline-{seed}"
#: the start input of a game played offline (nobody starts it: its nonce already depends on everything chosen)
OFFLINE_INPUT = "offline"


def route_commitments(family, state, key: str, game: str, scheme: str = V1) -> list[str]:
    """One commitment per station of the hidden route so far (0: the start, then each logbook entry);
    empty before Mr. X has a start. ``game``: the game's number (sy-commit/1) or nonce (sy-commit/2)."""
    route = family.secret_route(state)
    if not route or route[0] is None:
        return []
    return [commit(key, game, n, station, scheme) for n, station in enumerate(route)]


def block(game: str, key: str, commitments: Sequence[str], over: bool,
          times: Sequence[float | None] | None = None, *, scheme: str = V1, nonce: str | None = None,
          start_input: str | None = None) -> dict[str, Any]:
    """The record's ``fairness`` block for ``commitments`` (entry 0 first). ``game`` names the game (its number);
    sy-commit/2 adds its ``nonce``, the ``key_commitment`` and the ``start_input``. ``times``: when each commitment
    was published (seconds since the epoch; the bot's record has them, an offline one does not). The key and salts
    appear only once the game is ``over``: before that, they would open the hidden stations."""
    entries = []
    for n, value in enumerate(commitments):
        entry: dict[str, Any] = {"entry": n, "commitment": value}
        if times is not None and n < len(times) and times[n] is not None:
            entry["at"] = times[n]
        if over:
            entry["salt"] = salt(key, n, scheme)
        entries.append(entry)
    found: dict[str, Any] = {"scheme": scheme, "game": game}
    if scheme == V2:
        assert nonce is not None
        found["nonce"] = nonce
        found["key_commitment"] = key_commitment(nonce, key)
        if start_input is not None:
            found["start_input"] = start_input
    found["entries"] = entries
    if over:
        found["key"] = key
    return found


def published_block(game: str, key: str, published: Sequence[Any], over: bool,
                    withdrawals: Sequence[tuple[int, int]] = (), **sealed: Any) -> dict[str, Any]:
    """The record's ``fairness`` block of a game whose commitments (``published``: each with ``entry``, ``attempt``,
    ``commitment``, ``at`` and ``withdrawn``) may include some a take-back withdrew: every one in the order it was
    published, a withdrawn one marked so, a later attempt at an entry with its number (its salt differs); and
    ``withdrawals``, (first entry withdrawn, commitments published before it) of each take-back that withdrew some,
    the links of the seal chain between them. ``sealed``: :func:`block`'s scheme, nonce and start input."""
    found = block(game, key, [], over, **sealed)
    scheme = found["scheme"]
    for p in published:
        entry: dict[str, Any] = {"entry": p.entry, "commitment": p.commitment, "at": p.at}
        if p.attempt:
            entry["attempt"] = p.attempt
        if p.withdrawn:
            entry["withdrawn"] = True
        if over:
            entry["salt"] = salt(key, p.entry, scheme, p.attempt)
        found["entries"].append(entry)
    found["withdrawals"] = [{"entry": entry, "after": after} for entry, after in withdrawals]
    if over and "key" in found:
        found["key"] = found.pop("key")  # the key last, as in every block
    return found


def fairness_block(family, state, *, secret: str, game: str) -> dict[str, Any]:
    """The sy-commit/1 ``fairness`` block of a game played offline: its commitments computed from the state."""
    key = game_key(secret, game)
    return block(game, key, route_commitments(family, state, key, game), state.is_over)


@dataclass(frozen=True)
class OfflineGame:
    """The key and chance of a sy-commit/2 game played offline (``simulate``), from the secret and what was chosen."""

    label: str
    nonce: str
    key: str

    @classmethod
    def of(cls, secret: str, rules: str, players: int, seed: int) -> "OfflineGame":
        nonce = offline_nonce(secret, rules, players, seed)
        return cls(f"offline-{rules}-{int(players)}-{int(seed)}", nonce, game_key(secret, nonce, V2))

    @property
    def hidden(self) -> int:
        """The draw of the hidden deal (Mr. X's start card)."""
        return hidden_draw(self.key, OFFLINE_INPUT)

    @property
    def draws(self) -> Callable[[str], Draws]:
        """The key's draws, by label (the dice game's tiles and throws)."""
        return lambda label: Draws(self.key, OFFLINE_INPUT, label)

    def block(self, family, state) -> dict[str, Any]:
        """The sy-commit/2 ``fairness`` block of the game as it stands."""
        commitments = route_commitments(family, state, self.key, self.nonce, V2)
        return block(self.label, self.key, commitments, state.is_over, scheme=V2, nonce=self.nonce,
                     start_input=OFFLINE_INPUT)
