-- A person's chosen language for the replies only they see ('de' or 'en'); no row: follow their Discord language.

CREATE TABLE user_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT NOT NULL CHECK (language IN ('de', 'en')),
    updated_at REAL NOT NULL
);
