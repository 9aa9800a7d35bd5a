-- sy-commit/2 (docs/fairness.md): what a game's proof of fairness is drawn from.
-- nonce: 32 hex digits from the operating system, drawn when the game is created; with the installation secret it
--   gives the game's key, so that no two games share a key, whatever the database or the numbering.
-- key_commitment: the SHA-256 commitment to that key (64 hex digits), shown in the lobby before anyone joins.
-- start_input: the start command's interaction id, fixed after the commitment; the key's draws (Mr. X's start
--   card, the dice) take it in.
-- hidden_draw: the draw that dealt Mr. X's start card (16 hex digits), kept so that the game replays without the
--   secret; hidden information, never shown while the game runs.
-- All NULL for games created before this migration: they finish under sy-commit/1.
ALTER TABLE games ADD COLUMN nonce TEXT CHECK (nonce IS NULL OR length(nonce) = 32);
ALTER TABLE games ADD COLUMN key_commitment TEXT CHECK (key_commitment IS NULL OR length(key_commitment) = 64);
ALTER TABLE games ADD COLUMN start_input TEXT;
ALTER TABLE games ADD COLUMN hidden_draw TEXT CHECK (hidden_draw IS NULL OR length(hidden_draw) = 16);
-- One key per game within a database too (many games share NULL).
CREATE UNIQUE INDEX games_one_per_nonce ON games (nonce);
