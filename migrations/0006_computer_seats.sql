-- A seat can be played by a computer strategy instead of a person: ``strategy`` names it (a built-in
-- player such as 'greedy'); NULL for a person. A computer's user_id is negative (no Discord user has
-- one), so it never collides with a person's and is never mentioned.
ALTER TABLE players ADD COLUMN strategy TEXT;
