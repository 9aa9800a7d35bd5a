-- Games in threads of their own: a channel holds one open lobby at a time, and besides the game running in the
-- channel itself (one at most, the service's rule) any number of games running in their own threads.
DROP INDEX games_one_active_per_channel;
CREATE UNIQUE INDEX games_one_lobby_per_channel ON games (channel_id) WHERE status = 'lobby';
-- A post Discord refused: how many times, when last and why, so that nothing owed is retried without a count in
-- the owner's `/sy status processes:`.
ALTER TABLE announcements ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE announcements ADD COLUMN failed_at REAL;
ALTER TABLE announcements ADD COLUMN last_error TEXT;
