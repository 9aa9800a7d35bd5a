-- The week of play (issue 36): a player away for some days, the host's pause, a person's turn notices and quiet
-- hours.
--
-- A player away from a game (`/sy-me away`): while every person who owes the turn is away (or the host has paused
-- the game), the turn's clock stands still, so no reminder and no deadline come. back_at: when the absence ended
-- (back early, or its time ran out and the bot dealt with it); NULL while it lasts.
CREATE TABLE absences (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    user_id   INTEGER NOT NULL,
    starts_at REAL NOT NULL,
    ends_at   REAL NOT NULL CHECK (ends_at > starts_at),
    reason    TEXT,
    back_at   REAL
);
CREATE INDEX absences_by_game ON absences (game_id, user_id);
CREATE INDEX absences_running_out ON absences (ends_at) WHERE back_at IS NULL;
-- The game's open absences as JSON {user id: ends_at}, kept beside the turn so that a move needs no other read;
-- the host's pause (paused_at, NULL: not paused); when the turn's clock stopped (NULL: it runs; when it starts
-- again, turn_started_at moves on by the time it stood); the days each player may be away in the game.
ALTER TABLE games ADD COLUMN away TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN paused_at REAL;
ALTER TABLE games ADD COLUMN clock_stopped_at REAL;
ALTER TABLE games ADD COLUMN away_days REAL NOT NULL DEFAULT 14 CHECK (away_days >= 0);
ALTER TABLE guild_settings ADD COLUMN away_days REAL NOT NULL DEFAULT 14 CHECK (away_days >= 0);

-- A person's own settings, in every game: a DM when a turn becomes theirs (dm_turns), the channel's mention of it
-- (mentions), and quiet hours (minutes after midnight in their own time zone, an IANA name) during which reminders
-- and DMs to them wait. No row: the defaults (no DM, mentions, no quiet hours).
CREATE TABLE person_settings (
    user_id     INTEGER PRIMARY KEY,
    dm_turns    INTEGER NOT NULL DEFAULT 0 CHECK (dm_turns IN (0, 1)),
    mentions    INTEGER NOT NULL DEFAULT 1 CHECK (mentions IN (0, 1)),
    quiet_from  INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),
    quiet_until INTEGER CHECK (quiet_until BETWEEN 0 AND 1439),
    time_zone   TEXT,
    updated_at  REAL NOT NULL
);

-- Turn notices owed by DM: one per person and post that handed them the turn (key: the announcement's), linking
-- to that post; due_at: now, or when the person's quiet hours end. sent_at: sent (or no longer due: the turn
-- passed, the DMs are shut).
CREATE TABLE turn_notices (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    user_id    INTEGER NOT NULL,
    key        TEXT NOT NULL,
    turn       INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    due_at     REAL NOT NULL,
    created_at REAL NOT NULL,
    sent_at    REAL,
    UNIQUE (game_id, user_id, key)
);
CREATE INDEX turn_notices_owed ON turn_notices (due_at) WHERE sent_at IS NULL;
