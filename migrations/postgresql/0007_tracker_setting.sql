ALTER TABLE games ADD COLUMN show_tracker BIGINT NOT NULL DEFAULT 1 CHECK (show_tracker IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN show_tracker BIGINT NOT NULL DEFAULT 1 CHECK (show_tracker IN (0, 1));
