"""Computer players for the London-style games and the dice game: Monte Carlo tree search over
determinizations.

    >>> from bot.ai import ComputerPlayer, DiceComputerPlayer, LEVELS
    >>> player = ComputerPlayer("hard", seed=7)
    >>> action = player.choose(view, pawn)   # view: the PublicView (detectives) or MrXView (Mr. X)
    >>> dice = DiceComputerPlayer("hard", seed=7)   # pick_start, wants_reroll, choose: dice views

See ``bot/ai/README.md`` for the method and its figures.
"""

from .dice import DICE_LEVEL_SETTINGS, DICE_LEVELS, DiceComputerPlayer
from .player import LEVEL_SETTINGS, LEVELS, ComputerPlayer, Level
from .search import Choice, SearchGame, search

__all__ = ["LEVELS", "LEVEL_SETTINGS", "ComputerPlayer", "Level", "Choice", "SearchGame", "search",
           "DICE_LEVELS", "DICE_LEVEL_SETTINGS", "DiceComputerPlayer"]
