"""Facts about this installation of the bot, not about any one game, and its secret."""

from __future__ import annotations

from typing import Callable

from bot.store import Database, one

from .core import ServiceCore
from .dealing import SECRET_KEY, new_secret


class Installation(ServiceCore):
    async def installation_value(self, key: str) -> str | None:
        """A fact kept about this installation (not a game's): None when never set."""
        row = await one(self._db.reader, "SELECT value FROM installation WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_installation_value(self, key: str, value: str) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) "
                             "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                             (key, value, self._clock()))


async def installation_secret(db: Database, clock: Callable[[], float]) -> str:
    """The secret generated at the first start (kept, so a restart deals nothing differently)."""
    async with db.transaction() as tx:
        row = await one(tx, "SELECT value FROM installation WHERE key = ?", (SECRET_KEY,))
        if row is not None:
            return row["value"]
        secret = new_secret()
        await tx.execute("INSERT INTO installation (key, value, updated_at) VALUES (?, ?, ?)",
                         (SECRET_KEY, secret, clock()))
        return secret
