"""Hunting Mister X (Ravensburger 2019), the dice game: its rules engine (:mod:`bot.games.dice.engine`)
and its pictures (:mod:`bot.games.dice.pictures`). See ``bot/games/dice/README.md`` for the map."""
