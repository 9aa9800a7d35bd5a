"""Schema migrations: numbered SQL files applied in order, each in one transaction.

``migrations/0001_initial.sql``, ``0002_....sql``, ... The database's ``PRAGMA user_version`` is
the number of the last file applied. A file is applied together with the new version number in
one transaction, so a failing file leaves the database exactly as it was. The files must not
contain transaction statements of their own (``BEGIN``/``COMMIT``); the runner adds them.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite


def _migrations_dir() -> Path:
    """The copy shipped inside the package (an installed wheel, see setup.py), else ``migrations/`` at the
    repository's top level. The package's own copy comes first: beside an installed package, a top-level
    ``migrations`` folder would belong to some other distribution."""
    shipped = Path(__file__).resolve().parents[1] / "migrations"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[2] / "migrations"


MIGRATIONS_DIR = _migrations_dir()
_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


class MigrationError(Exception):
    """The migration files or the database's version cannot be reconciled; nothing was changed."""


@dataclass(frozen=True)
class Migration:
    version: int
    path: Path

    @property
    def name(self) -> str:
        return self.path.name


def find_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in order; refuses gaps, duplicates and badly named ``.sql`` files."""
    found: dict[int, Migration] = {}
    for path in sorted(Path(directory).glob("*.sql")):
        match = _NAME.fullmatch(path.name)
        if not match:
            raise MigrationError(f"{path.name}: a migration is named like 0002_what_it_does.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"two migrations have number {version}: {found[version].name}, {path.name}")
        found[version] = Migration(version, path)
    expected = list(range(1, len(found) + 1))
    if sorted(found) != expected:
        missing = sorted(set(range(1, max(found, default=0) + 1)) - set(found))
        raise MigrationError(f"migration {missing[0]:04d} is missing: the files must be numbered 1, 2, 3, ...")
    return [found[v] for v in expected]


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0])


async def migrate(
    conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR, target: int | None = None
) -> list[Migration]:
    """Apply the migrations after the database's version, up to ``target`` (default: all).

    Returns the migrations applied. Raises :class:`MigrationError` when the database is newer
    than the files; a failing file raises its ``sqlite3.Error`` after rolling its transaction back.
    """
    migrations = find_migrations(directory)
    latest = len(migrations) if target is None else target
    if not 0 <= latest <= len(migrations):
        raise MigrationError(f"there is no migration {latest}; the latest is {len(migrations)}")
    current = await schema_version(conn)
    if current > len(migrations):
        raise MigrationError(
            f"the database is at version {current}, newer than this code ({len(migrations)}): "
            "run a newer version of the bot"
        )
    applied = []
    for migration in migrations[current:latest]:
        script = migration.path.read_text(encoding="utf-8")
        try:
            # executescript() commits any open transaction first, so the script opens its own;
            # the version is set inside it and rolls back with it.
            await conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\n;PRAGMA user_version = {migration.version};\nCOMMIT;"
            )
        except sqlite3.Error:
            if conn.in_transaction:
                await conn.rollback()
            raise
        applied.append(migration)
    return applied
