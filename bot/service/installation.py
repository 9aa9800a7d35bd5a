"""Facts about this installation of the bot, not about any one game, and its secret."""

from __future__ import annotations

from typing import Callable

from bot.store import Conflict, Store

from .core import ServiceCore
from .dealing import SECRET_KEY, new_secret


class Installation(ServiceCore):
    async def installation_value(self, key: str) -> str | None:
        """A fact kept about this installation (not a game's): None when never set."""
        return await self._reads.settings.installation_value(key)

    async def set_installation_value(self, key: str, value: str) -> None:
        async with self._store.transaction() as tx:
            await tx.settings.set_installation_value(key, value, self._clock())


async def installation_secret(store: Store, clock: Callable[[], float]) -> str:
    """The secret generated at the first start (kept, so a restart deals nothing differently). Two processes
    starting at once on a new database keep the one that was stored first."""
    for attempt in range(2):
        try:
            async with store.transaction() as tx:
                secret = await tx.settings.installation_value(SECRET_KEY)
                if secret is not None:
                    return secret
                secret = new_secret()
                await tx.settings.set_installation_value(SECRET_KEY, secret, clock(), replace=False)
                return secret
        except Conflict:
            if attempt:
                raise
    raise AssertionError("unreachable")
