"""The store: where games are kept, behind one interface (:class:`Store`, :class:`Session`) whatever the backend.

The game service speaks to the interface only; each part of a :class:`Session` keeps one concern's tables, and
a backend (:mod:`.sqlite`, :mod:`.postgres`) runs their SQL. Schema migrations are numbered SQL files
(:mod:`.migrations`); :mod:`.copying` moves an installation from SQLite to PostgreSQL.
"""

from .backends import open_store
from .base import Conflict, DatabaseUnavailable, OutcomeUnknown
from .interface import Session, Store
from .migrations import MIGRATIONS_DIR, Migration, MigrationError, find_migrations, migrate, schema_version
from .records import (
    AbsenceRow,
    Announcement,
    CommandRow,
    GameRow,
    GuildSettingsRow,
    MessageRef,
    NoticeRow,
    PersonRow,
    PlayerRow,
    PlayerStats,
    SnapshotRow,
)
from .sqlite import DEFAULT_PATH, SqliteStore, database_path, integrity_check

__all__ = [
    "open_store", "Conflict", "DatabaseUnavailable", "OutcomeUnknown", "Session", "Store",
    "MIGRATIONS_DIR", "Migration", "MigrationError", "find_migrations", "migrate", "schema_version",
    "AbsenceRow", "NoticeRow", "PersonRow", "Announcement", "CommandRow", "GameRow", "GuildSettingsRow", "MessageRef", "PlayerRow", "PlayerStats",
    "SnapshotRow", "DEFAULT_PATH", "SqliteStore", "database_path", "integrity_check",
]
