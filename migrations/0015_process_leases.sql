-- A process holds its gateway shards for a lease (expires_at, the bot's clock, seconds), renewed with its heartbeat:
-- another process on one of them, or with another shard count, waits for the lease to end or is refused. A process
-- that finds another holding its shards gives them up and says so here (gave_up: who holds them), for the owner's
-- `/sy status processes:`. Rows written before this: their lease ends three minutes after they were last seen.
ALTER TABLE processes ADD COLUMN expires_at REAL NOT NULL DEFAULT 0;
ALTER TABLE processes ADD COLUMN gave_up TEXT;
UPDATE processes SET expires_at = seen_at + 180;
