-- A computer can stand in for a person who let a turn's deadline pass: its players row names that
-- person in ``stands_in`` (the person's own row is 'replaced' meanwhile), so the person can take the
-- seat back with one command. NULL for everyone else.
ALTER TABLE players ADD COLUMN stands_in INTEGER;
