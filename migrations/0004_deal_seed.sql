-- The number a game was dealt from: its public seed mixed with the installation secret
-- (bot/service/dealing.py). Kept so that a game replays exactly even if the secret changes later;
-- hidden information: never shown while the game runs. NULL for games dealt before this column
-- existed (they were dealt from their seed).
ALTER TABLE games ADD COLUMN deal_seed INTEGER;
