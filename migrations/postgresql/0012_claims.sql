-- Work that is not a reply to a command, claimed by one bot process at a time (several processes may share a
-- PostgreSQL database): a game's owed posts ('outbox'), its computer players' turn ('computers'), its reminder
-- ('reminder') and its deadline notice ('deadline'). A claim is a lease: it is the holder's until expires_at (the
-- bot's clock, seconds), and a process that died leaves one that another takes once it has expired. holder '' and
-- expires_at 0: nobody's. A game's 'outbox' row is written with its first owed message.
CREATE TABLE claims (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    work       TEXT NOT NULL,
    holder     TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, work)
);
INSERT INTO claims (game_id, work, holder, expires_at)
    SELECT DISTINCT game_id, 'outbox', '', 0 FROM announcements;

-- Wakes the other bot processes (LISTEN sy_owed) when a command owes messages: the game's id and the sending
-- process's tag (its connections' setting sy.process, so it passes over its own), sent when the command's
-- transaction commits (never for one rolled back), once per game and transaction.
CREATE FUNCTION sy_notify_owed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    owed BIGINT;
BEGIN
    FOR owed IN SELECT DISTINCT game_id FROM fresh LOOP
        PERFORM pg_notify('sy_owed', owed::text || ' ' || COALESCE(current_setting('sy.process', true), ''));
    END LOOP;
    RETURN NULL;
END $$;
CREATE TRIGGER announcements_wake AFTER INSERT ON announcements
    REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION sy_notify_owed();
