-- Facts about this installation of the bot, not about any one game: e.g. the digest of the slash
-- commands last synced to Discord (so a restart syncs only when they changed).
CREATE TABLE installation (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
) WITHOUT ROWID;
