"""The London-style games' computer players: the search's game (:mod:`.search_game`), its fast
simulator (:mod:`.sim`, :mod:`.tables`) and judgement (:mod:`.policy`), and the player at each level
(:mod:`.player`). ``bot/ai/README.md`` has the method and its figures."""

from bot.games.london.ai.player import LEVEL_SETTINGS, LEVELS, ComputerPlayer

__all__ = ["LEVEL_SETTINGS", "LEVELS", "ComputerPlayer"]
