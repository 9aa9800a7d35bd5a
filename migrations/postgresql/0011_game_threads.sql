-- Games played in a thread of their own (`/sy new thread:`): the row is written when the game asks for one
-- (in its lobby), the thread's id when the bot opens it at the start (NULL until then).
CREATE TABLE game_threads (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    thread_id  BIGINT UNIQUE,
    updated_at DOUBLE PRECISION NOT NULL
);
-- A server's default for new games: each in a thread of its own (1) or in the channel (0).
CREATE TABLE guild_threads (
    guild_id   BIGINT PRIMARY KEY,
    threads    BIGINT NOT NULL CHECK (threads IN (0, 1)),
    updated_at DOUBLE PRECISION NOT NULL
);
