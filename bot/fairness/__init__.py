"""Provably fair hidden moves and chance: commit in public while the game runs, open at the end, check from the record.

Mr. X writes his station under the ticket in the board game, and at the end the detectives can check his
whole route. Here each game gets a key, committed in its lobby before anyone joins; every station he keeps hidden
(his start, then each logbook entry) is published as a commitment when it is written, and every chance draw (his start
card, the dice) comes from the key. At the end the bot publishes the key, from which anyone derives every salt, opens
every commitment, draws the chance again and checks the route, and replays the whole game by the rules.
``docs/fairness.md`` gives the schemes precisely enough to write another verifier (``tools/verify_record.py`` is one).

- :mod:`.commitments`: the schemes (nonces, keys, key commitments, salts, commitments, the seal chain); standard
  library only.
- :mod:`.chance`: the draws of a game's key, as the engines' random generator; standard library only.
- :mod:`.proof`: the ``fairness`` block of a game's record (what a finished game publishes), and offline games' keys.
- :mod:`.published`: what the channel showed (key commitment, seals, key), read back from its text.
- :mod:`.verify`: the checks of a record, one line per problem.
"""
