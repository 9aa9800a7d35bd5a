"""Hunting Mister X (Ravensburger 2019), the dice game: its rules engine (:mod:`bot.dice.engine`)
and its pictures (:mod:`bot.dice.pictures`). See ``bot/dice/README.md`` for the map."""
