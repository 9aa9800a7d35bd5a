"""Which process is which: the shards a process holds, in its logs and in the owner's ``/sy status``."""

from __future__ import annotations

from typing import Iterable

from bot.i18n import N_

RESTARTING = N_("⏳ I'm restarting right now, so that was not done. Please try again in a moment.")


def shards_label(shard_ids: Iterable[int] | None, shard_count: int | None) -> str:
    """``0-3``, ``0,2,5`` or ``0-1,4``: the shards as SY_SHARDS writes them; every shard when ``shard_ids`` is
    None (``0-7`` of 8; ``all`` before the count is known)."""
    if shard_ids is None:
        if not shard_count:
            return "all"
        shard_ids = range(shard_count)
    ids = sorted(set(shard_ids))
    if not ids:
        return "none"
    parts, first, last = [], ids[0], ids[0]
    for shard in ids[1:] + [None]:
        if shard is not None and shard == last + 1:
            last = shard
            continue
        parts.append(str(first) if first == last else f"{first}-{last}")
        if shard is not None:
            first = last = shard
    return ",".join(parts)
