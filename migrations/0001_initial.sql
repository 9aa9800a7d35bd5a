-- The tables of a game's life. The action list is a game's truth; a snapshot is a cache of its
-- replay, kept for speed, that can always be rebuilt from the actions.
-- Times are Unix seconds (REAL). Discord ids are INTEGER (snowflakes fit in 64 bits).

CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    default_rules  TEXT NOT NULL DEFAULT 'classic',
    reminder_hours REAL CHECK (reminder_hours IS NULL OR reminder_hours > 0),
    deadline_hours REAL CHECK (deadline_hours IS NULL OR deadline_hours > 0),
    updated_at     REAL NOT NULL
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    rules           TEXT NOT NULL,
    board           TEXT NOT NULL,
    options         TEXT NOT NULL DEFAULT '{}',     -- JSON: option name -> true/false
    seed            INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    players         INTEGER,                        -- people at the table from the start (the engine's count)
    version         INTEGER NOT NULL DEFAULT 0,     -- +1 on every change (lobby, play, hand-over, settings)
    round           INTEGER,                        -- NULL until the start
    to_move         TEXT NOT NULL DEFAULT '',       -- pawns that may act now, space-separated
    turn            INTEGER NOT NULL DEFAULT 0,     -- +1 whenever someone new owes a move
    turn_started_at REAL,
    reminded_turn   INTEGER,                        -- the last turn a reminder went out for
    overdue_turn    INTEGER,                        -- the last turn reported past its deadline
    reminder_hours  REAL CHECK (reminder_hours IS NULL OR reminder_hours > 0),
    deadline_hours  REAL CHECK (deadline_hours IS NULL OR deadline_hours > 0),
    winner          TEXT CHECK (winner IN ('mrx', 'detectives')),
    end_reason      TEXT,
    created_at      REAL NOT NULL,
    started_at      REAL,
    finished_at     REAL,
    updated_at      REAL NOT NULL
);
-- One active game per channel; finished and cancelled games stay.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_running_by_turn ON games (turn_started_at) WHERE status = 'running';

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    user_id   INTEGER NOT NULL,
    name      TEXT NOT NULL,
    role      TEXT CHECK (role IN ('mrx', 'detective')),  -- in the lobby: the role asked for, NULL = either
    seat      INTEGER,                                    -- from the start: 0 Mr. X, 1.. detectives
    status    TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'resigned', 'replaced')),
    join_order INTEGER NOT NULL,                          -- 1, 2, 3, ... per game: detective seats follow it
    joined_at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX players_one_per_seat ON players (game_id, seat) WHERE status = 'playing' AND seat IS NOT NULL;
CREATE INDEX players_by_user ON players (user_id) WHERE status = 'playing';

-- Who moves which pawn now. Starts from the engine's seats, changes when a detective resigns
-- (hand-over) or the host replaces a player. Bobbies have a row for every detective player.
CREATE TABLE pawn_controls (
    game_id INTEGER NOT NULL,
    pawn    TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, pawn, user_id),
    FOREIGN KEY (game_id, user_id) REFERENCES players (game_id, user_id)
);  -- with a rowid: a person's pawns are listed in the order they were given

-- Every command that carried an idempotency key, with what it produced: a retry returns this.
CREATE TABLE commands (
    key     TEXT PRIMARY KEY,                       -- e.g. the Discord interaction id
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    name    TEXT NOT NULL,                          -- act, start, join, ...
    version INTEGER NOT NULL,                       -- the game's version right after it
    events  TEXT NOT NULL,                          -- JSON list of public events
    at      REAL NOT NULL
) WITHOUT ROWID;

-- The append-only truth: every engine action in the order it was applied.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL CHECK (seq > 0),       -- 1, 2, 3, ... per game
    round   INTEGER NOT NULL,
    user_id INTEGER NOT NULL,                       -- who acted (the host, for a skip)
    action  TEXT NOT NULL,                          -- JSON, see bot/service/codec.py
    key     TEXT REFERENCES commands (key),
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER actions_are_never_changed BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;
CREATE TRIGGER actions_are_never_deleted BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- The engine's state after the game's actions. Holds Mr. X's station: never show it.
CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    version INTEGER NOT NULL,                       -- the game's version when it was written
    actions INTEGER NOT NULL,                       -- how many actions it has seen
    state   TEXT NOT NULL                           -- GameState.snapshot() as JSON
);

-- The outbox: messages the bot owes, queued with the change they report. A key is queued once.
CREATE TABLE announcements (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    key          TEXT NOT NULL,                     -- action:17, round:3:summary, game:over, mrx:turn:4, ...
    kind         TEXT NOT NULL,
    recipient_id INTEGER,                           -- a private message to this user (Mr. X); NULL: the channel
    payload      TEXT NOT NULL,                     -- JSON of public facts only
    created_at   REAL NOT NULL,
    posted_at    REAL,
    channel_id   INTEGER,                           -- where it was posted
    message_id   INTEGER,
    UNIQUE (game_id, key)
);
CREATE INDEX announcements_unposted ON announcements (id) WHERE posted_at IS NULL;

-- Messages the bot edits later (the lobby, a board picture).
CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    kind       TEXT NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

-- Finished games, for statistics. Cancelled games have none.
CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id    INTEGER NOT NULL,
    rules       TEXT NOT NULL,
    winner      TEXT NOT NULL CHECK (winner IN ('mrx', 'detectives')),
    reason      TEXT NOT NULL,
    rounds      INTEGER NOT NULL,
    finished_at REAL NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id);

CREATE TABLE result_players (
    game_id INTEGER NOT NULL REFERENCES results (game_id),
    user_id INTEGER NOT NULL,
    role    TEXT NOT NULL CHECK (role IN ('mrx', 'detective')),
    won     INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX result_players_by_user ON result_players (user_id);
