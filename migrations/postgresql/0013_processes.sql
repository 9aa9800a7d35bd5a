-- The bot's processes (several may share a PostgreSQL database, each holding a block of Discord's gateway shards):
-- each writes its row about once a minute (seen_at, the bot's clock, seconds), for the owner's `/sy status
-- processes:`; a row not written for a few minutes is a process that is gone. name: host and process id.
CREATE TABLE processes (
    name        TEXT PRIMARY KEY,
    shards      TEXT NOT NULL,
    shard_count BIGINT,
    latency     DOUBLE PRECISION,
    started_at  DOUBLE PRECISION NOT NULL,
    seen_at     DOUBLE PRECISION NOT NULL
);
