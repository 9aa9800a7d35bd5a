-- Whether a game's round summaries shade the stations where Mr. X may be (the host can switch it
-- off per game; on by default, since the summary's text already counts those stations). Servers
-- keep it as a default for new games too.
ALTER TABLE games ADD COLUMN show_tracker INTEGER NOT NULL DEFAULT 1 CHECK (show_tracker IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN show_tracker INTEGER NOT NULL DEFAULT 1 CHECK (show_tracker IN (0, 1));
