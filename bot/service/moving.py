"""Moving an installation from its SQLite file to a PostgreSQL server (``python -m bot migrate --copy-to``).

The store copies the rows (:mod:`bot.store.copying`); the service proves the copy: every game replays from its
actions to its stored snapshot on the new side, as it does in the file.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from bot.store import SqliteStore, open_store
from bot.store.base import is_url
from bot.store.copying import (CopyRefused, CopyReport, copy_to_postgres, require_bot_file, require_empty_target,
                               source_tables)
from bot.store.migrations import MIGRATIONS_DIR
from bot.store.interface import Session
from bot.store.postgres import PostgresStore, shown

from . import rebuild


async def every_game_replays(session: Session) -> list[str]:
    """What is wrong with any stored game (its snapshot against the replay of its actions); empty when nothing."""
    problems: list[str] = []
    for game_id in await session.games.ids():
        problems += await rebuild.check_game(session, game_id)
    return problems


async def copy_installation(source: str | os.PathLike, target: str) -> tuple[str, str, CopyReport]:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``target`` (a ``postgresql://`` URL),
    both brought up to date first (once each is known to be the bot's to write: the file the bot's, the server's
    database empty or the bot's without a row); returns (source, target as a log names them, what was copied).
    Raises :class:`CopyRefused` or :class:`bot.store.DatabaseUnavailable` in one line."""
    if is_url(source):
        raise CopyRefused(f"the copy reads a SQLite file, and {shown(str(source))} is a server: name the file with "
                          "--database")
    if not is_url(target):
        raise CopyRefused(f"--copy-to takes a postgresql:// URL, not {target!r}")
    if not Path(source).is_file():
        raise CopyRefused(f"there is no database file at {source}: name the bot's file with --database "
                          "(or SY_DATABASE)")
    await require_bot_file(Path(source))
    lite = await open_store(source)
    try:
        assert isinstance(lite, SqliteStore)
        tables, version = await source_tables(lite), await lite.schema_version()
        server = await PostgresStore.open(target, MIGRATIONS_DIR / "postgresql", before_migrating=functools.partial(
            require_empty_target, where=shown(target), tables=tables, version=version))
        try:
            report = await copy_to_postgres(lite, server, every_game_replays)
            return lite.where, server.where, report
        finally:
            await server.close()
    finally:
        await lite.close()
