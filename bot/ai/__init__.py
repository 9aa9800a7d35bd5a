"""The game-free half of the computer players: Monte Carlo tree search over determinizations
(:mod:`.search`), the search's settings per level (:mod:`.levels`), station sets as bit masks and
the tables that move them (:mod:`.masks`), the hunt's shared judgement (:mod:`.pursuit`), and the
worker pool that runs decisions away from the bot's event loop (:mod:`.thinker`).

Each family brings its own players on top (``bot/games/<family>/ai/``), reached through the
registry (``Family.computer``):

    >>> from bot.games import family_for_rules
    >>> player = family_for_rules("classic").computer("hard", 7)
    >>> action = player.choose(view, pawn)   # view: the PublicView (detectives) or MrXView (Mr. X)

See ``bot/ai/README.md`` for the method and its figures.
"""

from bot.ai.levels import Level
from bot.ai.search import Choice, SearchGame, search

__all__ = ["Level", "Choice", "SearchGame", "search"]
