"""The dice game's computer players: the search's game and the player at each level
(:mod:`.search_game`), its simulator (:mod:`.sim`) and judgement (:mod:`.policy`)."""

from bot.games.dice.ai.search_game import DICE_LEVEL_SETTINGS, DICE_LEVELS, DiceComputerPlayer

__all__ = ["DICE_LEVEL_SETTINGS", "DICE_LEVELS", "DiceComputerPlayer"]
