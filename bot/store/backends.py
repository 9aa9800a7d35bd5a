"""Which backend a database setting names: a file path opens SQLite (the embedded default), a
``postgresql://`` URL a PostgreSQL server."""

from __future__ import annotations

import os
from pathlib import Path

from .base import is_url, refuse_foreign_url
from .interface import Store
from .migrations import MIGRATIONS_DIR
from .sqlite import SqliteStore


async def open_store(target: str | os.PathLike | None = None, migrations: Path = MIGRATIONS_DIR) -> Store:
    """Open the database ``target`` names (None: ``$SY_DATABASE``, else ``data/scotland-yard.sqlite3``) and
    bring its schema up to date (``migrations``: SQLite's files; PostgreSQL's are in its ``postgresql/``).
    Raises :class:`~.base.DatabaseUnavailable` in one line naming what to fix."""
    if target is None:
        target = os.environ.get("SY_DATABASE") or None
    refuse_foreign_url(target)
    if is_url(target):
        from .postgres import PostgresStore  # asyncpg only for a server: a SQLite process never imports it

        return await PostgresStore.open(str(target), Path(migrations) / "postgresql")
    return await SqliteStore.open(target, migrations)
