ALTER TABLE players ADD COLUMN strategy TEXT;
