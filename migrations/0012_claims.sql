-- Work that is not a reply to a command, claimed by one bot process at a time (several processes may share a
-- PostgreSQL database): a game's owed posts ('outbox'), its computer players' turn ('computers'), its reminder
-- ('reminder') and its deadline notice ('deadline'). A claim is a lease: it is the holder's until expires_at (the
-- bot's clock, seconds), and a process that died leaves one that another takes once it has expired. holder '' and
-- expires_at 0: nobody's. A game's 'outbox' row is written with its first owed message.
CREATE TABLE claims (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    work       TEXT NOT NULL,
    holder     TEXT NOT NULL,
    expires_at REAL NOT NULL,
    PRIMARY KEY (game_id, work)
);
INSERT INTO claims (game_id, work, holder, expires_at)
    SELECT DISTINCT game_id, 'outbox', '', 0 FROM announcements;
