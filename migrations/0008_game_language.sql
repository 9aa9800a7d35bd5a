-- The language of a game's public posts ('en' or 'de'): taken when the game opens from the server's
-- default (set by a server manager) or, without one, the server's preferred locale; the host may
-- change it. NULL in guild_settings: no default, follow the server's preferred locale.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'));
ALTER TABLE guild_settings ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'de'));
