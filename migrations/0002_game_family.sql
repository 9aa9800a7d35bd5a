-- Each game records its family (the kind of game whose engine plays it): 'london' for the
-- London-style rule systems (classic, mb1985, master, sanssouci), 'dice' for the dice game.
ALTER TABLE games ADD COLUMN family TEXT NOT NULL DEFAULT 'london';
