"""A person's own language for the replies only they see."""

from __future__ import annotations

from .core import ServiceCore


class Languages(ServiceCore):
    async def user_language(self, user_id: int) -> str | None:
        """The language the person chose for their own replies ('de'/'en'), or None: their Discord language."""
        return await self._reads.settings.user_language(user_id)

    async def set_user_language(self, user_id: int, language: str | None) -> str | None:
        """Keep the person's choice; None (automatic) forgets it."""
        if language is not None and language not in ("de", "en"):
            raise ValueError(f"unknown language {language!r}")
        async with self._store.transaction() as tx:
            await tx.settings.set_user_language(user_id, language, self._clock())
        return language
