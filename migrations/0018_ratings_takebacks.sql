-- Ratings (docs/ratings.md): OpenSkill's Weng-Lin ratings of each person, per ladder ('all' their games, 'mrx' as
-- Mr. X, 'detective' as a detective), per server and over every server together (guild_id 0). Computers have fixed
-- ratings (bot/ratings) and no rows. Everything here is computed from the finished games (results) and can be
-- computed again at any time (python -m bot ratings --recompute); a cancelled game has no result, so it never counts.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    ladder   TEXT NOT NULL CHECK (ladder IN ('all', 'mrx', 'detective')),
    user_id  INTEGER NOT NULL,
    mu       REAL NOT NULL,
    sigma    REAL NOT NULL,
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, ladder, user_id)
) WITHOUT ROWID;
-- Each rated game's change to each of its people's ratings: a rating's history.
CREATE TABLE rating_changes (
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    ladder       TEXT NOT NULL,
    game_id      INTEGER NOT NULL REFERENCES results (game_id),
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    PRIMARY KEY (user_id, guild_id, ladder, game_id)
) WITHOUT ROWID;
-- The finished games rated so far, in the order they were rated (a game is rated once).
CREATE TABLE rated_games (
    game_id  INTEGER PRIMARY KEY REFERENCES results (game_id),
    position INTEGER NOT NULL UNIQUE
);
-- The one row that whoever rates holds (locked) while it rates, written by the first rating (so a new database stays
-- empty for a copy): what computed the table (bot.ratings.VERSION), so a bot whose computation differs rates every
-- game again at its start.
CREATE TABLE rating_runs (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    version    TEXT NOT NULL,
    updated_at REAL NOT NULL
);

-- Take-backs by consent (docs/takebacks.md): whether a game allows them (the host decides; on by default).
ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1 CHECK (takebacks IN (0, 1));
-- A take-back asked for: the game's action seq (the asker's last), and the other side's answer (NULL: waiting;
-- 'lapsed': the next pawn moved first). One per action, so a refusal stands. An accepted one is also an action of
-- its own in the actions table.
CREATE TABLE takebacks (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    asked_by    INTEGER NOT NULL,
    asked_at    REAL NOT NULL,
    answer      TEXT CHECK (answer IN ('accepted', 'refused', 'lapsed')),
    answered_by INTEGER,
    answered_at REAL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
-- Accepted take-backs so far: the posts a game owes after one are told apart from those before it (a round summed
-- up again, Mr. X prompted again).
ALTER TABLE games ADD COLUMN taken_back INTEGER NOT NULL DEFAULT 0;
-- A take-back of Mr. X's move withdraws the commitments that move published: they move, unchanged, from commitments
-- to withdrawn_commitments (and stay in the record, marked withdrawn). attempt: 0 for the first commitment to an
-- entry, 1 for the one after the first was withdrawn, ... (each attempt has a salt of its own, so a redone move
-- to the same station does not repeat its commitment). position: the commitment's place among all the game's
-- commitments in the order they were published (NULL for those before this migration: entry order).
ALTER TABLE commitments ADD COLUMN position INTEGER;
CREATE TABLE withdrawn_commitments (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    entry        INTEGER NOT NULL,
    attempt      INTEGER NOT NULL,
    commitment   TEXT NOT NULL,
    at           REAL NOT NULL,
    position     INTEGER,
    withdrawn_at REAL NOT NULL,
    takeback     INTEGER NOT NULL,
    PRIMARY KEY (game_id, entry, attempt)
) WITHOUT ROWID;
DROP TRIGGER commitments_are_never_deleted;
CREATE TRIGGER commitments_are_never_deleted BEFORE DELETE ON commitments
WHEN NOT EXISTS (SELECT 1 FROM withdrawn_commitments w WHERE w.game_id = OLD.game_id AND w.entry = OLD.entry
                 AND w.commitment = OLD.commitment)
BEGIN
    SELECT RAISE(ABORT, 'commitments are append-only: a withdrawn one is kept in withdrawn_commitments first');
END;
CREATE TRIGGER withdrawn_commitments_are_never_changed BEFORE UPDATE ON withdrawn_commitments
BEGIN
    SELECT RAISE(ABORT, 'withdrawn commitments are append-only');
END;
CREATE TRIGGER withdrawn_commitments_are_never_deleted BEFORE DELETE ON withdrawn_commitments
BEGIN
    SELECT RAISE(ABORT, 'withdrawn commitments are append-only');
END;
