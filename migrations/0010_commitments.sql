-- Provably fair (docs/fairness.md): the commitment to each station of Mr. X's hidden route (entry 0: his
-- start, then each logbook entry), written in the transaction that fixed the station and published with
-- it. Like the actions, a commitment is never changed or taken back.
CREATE TABLE commitments (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    entry      INTEGER NOT NULL CHECK (entry >= 0),
    commitment TEXT NOT NULL,
    at         REAL NOT NULL,
    PRIMARY KEY (game_id, entry)
) WITHOUT ROWID;
CREATE TRIGGER commitments_are_never_changed BEFORE UPDATE ON commitments
BEGIN
    SELECT RAISE(ABORT, 'commitments are append-only');
END;
CREATE TRIGGER commitments_are_never_deleted BEFORE DELETE ON commitments
BEGIN
    SELECT RAISE(ABORT, 'commitments are append-only');
END;
