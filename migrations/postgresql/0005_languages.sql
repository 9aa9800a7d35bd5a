CREATE TABLE user_languages (
    user_id    BIGINT PRIMARY KEY,
    language   TEXT NOT NULL CHECK (language IN ('de', 'en')),
    updated_at DOUBLE PRECISION NOT NULL
);
