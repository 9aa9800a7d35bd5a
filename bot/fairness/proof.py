"""The ``fairness`` block of a game's record: the commitments to Mr. X's hidden route, and, once the
game is over, the key and salts that open them."""

from __future__ import annotations

from typing import Any, Sequence

from bot.fairness.commitments import SCHEME, commit, game_key, salt

#: how the offline tools (``simulate``) name a game in its commitments
OFFLINE_GAME = "offline-{seed}"


def route_commitments(family, state, key: str, game: str) -> list[str]:
    """One commitment per station of the hidden route so far (0: the start, then each logbook entry);
    empty before Mr. X has a start."""
    route = family.secret_route(state)
    if not route or route[0] is None:
        return []
    return [commit(key, game, n, station) for n, station in enumerate(route)]


def block(game: str, key: str, commitments: Sequence[str], over: bool,
          times: Sequence[float | None] | None = None) -> dict[str, Any]:
    """The record's ``fairness`` block for ``commitments`` (entry 0 first). ``times``: when each was published
    (seconds since the epoch; the bot's record has them, an offline one does not). The key and salts appear
    only once the game is ``over``: before that, they would open the hidden stations."""
    entries = []
    for n, value in enumerate(commitments):
        entry: dict[str, Any] = {"entry": n, "commitment": value}
        if times is not None and n < len(times) and times[n] is not None:
            entry["at"] = times[n]
        if over:
            entry["salt"] = salt(key, n)
        entries.append(entry)
    found: dict[str, Any] = {"scheme": SCHEME, "game": game, "entries": entries}
    if over:
        found["key"] = key
    return found


def fairness_block(family, state, *, secret: str, game: str) -> dict[str, Any]:
    """The ``fairness`` block of a game played offline (``simulate``): its commitments computed from the state."""
    key = game_key(secret, game)
    return block(game, key, route_commitments(family, state, key, game), state.is_over)
