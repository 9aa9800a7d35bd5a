"""Provably fair hidden moves: commit in public while the game runs, open at the end, check from the record.

Mr. X writes his station under the ticket in the board game, and at the end the detectives can check his
whole route. Here every station he keeps hidden (his start, then each logbook entry) is published as a
commitment when it is written: a SHA-256 hash of the game, the entry, the station and a salt that only
the bot can compute until the game ends. At the end the bot publishes the game's key, from which anyone
derives every salt, opens every commitment and checks the route, and replays the whole game by the
rules. ``docs/fairness.md`` gives the scheme precisely enough to write another verifier.

- :mod:`.commitments`: the scheme (keys, salts, commitments, their short form); standard library only.
- :mod:`.proof`: the ``fairness`` block of a game's record (what a finished game publishes).
- :mod:`.verify`: the checks of a record, one line per problem.
"""
