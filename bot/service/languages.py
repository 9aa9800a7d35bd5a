"""A person's own language for the replies only they see."""

from __future__ import annotations

from bot.store import one

from .core import ServiceCore


class Languages(ServiceCore):
    async def user_language(self, user_id: int) -> str | None:
        """The language the person chose for their own replies ('de'/'en'), or None: their Discord language."""
        row = await one(self._db.reader, "SELECT language FROM user_languages WHERE user_id = ?", (user_id,))
        return None if row is None else row["language"]

    async def set_user_language(self, user_id: int, language: str | None) -> str | None:
        """Keep the person's choice; None (automatic) forgets it."""
        if language is not None and language not in ("de", "en"):
            raise ValueError(f"unknown language {language!r}")
        async with self._db.transaction() as tx:
            if language is None:
                await tx.execute("DELETE FROM user_languages WHERE user_id = ?", (user_id,))
            else:
                await tx.execute(
                    "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
                    "updated_at = excluded.updated_at",
                    (user_id, language, self._clock()))
        return language
