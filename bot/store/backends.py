"""Which backend a database setting names: a file path opens SQLite (the embedded default)."""

from __future__ import annotations

import os

from .interface import Store
from .migrations import MIGRATIONS_DIR
from .sqlite import SqliteStore


async def open_store(target: str | os.PathLike | None = None, migrations=MIGRATIONS_DIR) -> Store:
    """Open the database ``target`` names (None: ``$SY_DATABASE``, else ``data/scotland-yard.sqlite3``) and
    bring its schema up to date. Raises :class:`~.base.DatabaseUnavailable` in one line naming what to fix."""
    return await SqliteStore.open(target, migrations)
