"""Checks and repair: replay a stored game from its actions and compare it with its snapshot."""

from __future__ import annotations

from typing import Any

from . import rebuild
from .core import ServiceCore


class Repair(ServiceCore):
    async def rebuild_state(self, game_id: int) -> Any:
        """Replay the game's stored actions from its setup. Holds hidden information: for checks and tools."""
        return await rebuild.rebuild_state(self._reads, game_id)

    async def check_game(self, game_id: int) -> list[str]:
        """Problems found comparing the game's snapshot with a replay of its actions (empty: sound)."""
        return await rebuild.check_game(self._reads, game_id)
