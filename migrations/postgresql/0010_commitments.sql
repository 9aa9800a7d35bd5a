-- Provably fair (docs/fairness.md): the commitment to each station of Mr. X's hidden route (entry 0: his
-- start, then each logbook entry), written in the transaction that fixed the station and published with
-- it. Like the actions, a commitment is never changed or taken back.
CREATE TABLE commitments (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    entry      BIGINT NOT NULL CHECK (entry >= 0),
    commitment TEXT NOT NULL,
    at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, entry)
);
CREATE FUNCTION commitments_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'commitments are append-only';
END;
$$;
CREATE TRIGGER commitments_are_never_changed BEFORE UPDATE ON commitments
    FOR EACH ROW EXECUTE FUNCTION commitments_are_append_only();
CREATE TRIGGER commitments_are_never_deleted BEFORE DELETE ON commitments
    FOR EACH ROW EXECUTE FUNCTION commitments_are_append_only();
