"""The SQLite layer: the database file, its connections and transactions, and schema migrations."""

from .sqlite import DEFAULT_PATH, Database, DatabaseUnavailable, database_path, integrity_check, one, rows
from .migrations import MIGRATIONS_DIR, Migration, MigrationError, find_migrations, migrate, schema_version

__all__ = [
    "DEFAULT_PATH", "Database", "DatabaseUnavailable", "database_path", "integrity_check", "one", "rows",
    "MIGRATIONS_DIR", "Migration", "MigrationError", "find_migrations", "migrate", "schema_version",
]
