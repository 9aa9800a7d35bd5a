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


def fairness_block(family, state, *, secret: str, game: str, times: Sequence[float | None] | None = None
                   ) -> dict[str, Any]:
    """The record's ``fairness`` block. ``times``: when each commitment was published (seconds since the
    epoch; the bot's record has them, an offline one does not). The key and salts appear only once the
    game is over: before that, they would open the hidden stations."""
    key = game_key(secret, game)
    entries = []
    for n, value in enumerate(route_commitments(family, state, key, game)):
        entry: dict[str, Any] = {"entry": n, "commitment": value}
        if times is not None and n < len(times) and times[n] is not None:
            entry["at"] = times[n]
        if state.is_over:
            entry["salt"] = salt(key, n)
        entries.append(entry)
    block: dict[str, Any] = {"scheme": SCHEME, "game": game, "entries": entries}
    if state.is_over:
        block["key"] = key
    return block
