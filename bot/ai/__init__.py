"""Computer players for the London-style games: Monte Carlo tree search over determinizations.

    >>> from bot.ai import ComputerPlayer, LEVELS
    >>> player = ComputerPlayer("hard", seed=7)
    >>> action = player.choose(view, pawn)   # view: the PublicView (detectives) or MrXView (Mr. X)

See ``bot/ai/README.md`` for the method and its figures.
"""

from .player import LEVEL_SETTINGS, LEVELS, ComputerPlayer, Level
from .search import Choice, SearchGame, search

__all__ = ["LEVELS", "LEVEL_SETTINGS", "ComputerPlayer", "Level", "Choice", "SearchGame", "search"]
