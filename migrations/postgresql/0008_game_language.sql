ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'));
ALTER TABLE guild_settings ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'de'));
