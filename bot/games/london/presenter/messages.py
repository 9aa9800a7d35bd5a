"""The London-style games' presenter (``Family.presenter`` of :mod:`bot.games.london.family`): what the
chat layer asks of a family, in one module.

Its parts, by audience: :mod:`.channel_posts` (the channel, and answers anyone may read: public facts
only), :mod:`.mrx_messages` (Mr. X alone), :mod:`.board_words` (tickets, rounds, the logbook);
the components: :mod:`.detective_menu` (the **Move** button under a turn post and the menu it
opens) and :mod:`.mrx_menu` (Mr. X's DM menu); :mod:`.slash_options` (what ``/sy move`` offers
and what its options mean). Each part is a plain function of events and views; the chat layer's
shared words (:mod:`bot.chat.words`) come along.
"""

from bot.chat.posts import cancelled_text  # noqa: F401  (a cancelled game reads the same in every family)
from bot.chat.words import *  # noqa: F401,F403
from bot.games.london.presenter.board_words import *  # noqa: F401,F403
from bot.games.london.presenter.channel_posts import *  # noqa: F401,F403
from bot.games.london.presenter.detective_menu import DYNAMIC_ITEMS as _DETECTIVE_ITEMS
from bot.games.london.presenter.detective_menu import turn_buttons  # noqa: F401
from bot.games.london.presenter.mrx_menu import DYNAMIC_ITEMS as _MRX_ITEMS
from bot.games.london.presenter.mrx_menu import mrx_menu  # noqa: F401
from bot.games.london.presenter.mrx_messages import *  # noqa: F401,F403
from bot.games.london.presenter.slash_options import choices, move_parts, trade_action  # noqa: F401

#: the round summary and Mr. X's prompt carry no picture of the log (the embed lists it)
LOG_PICTURES = False


def rewrites_turn_post(events) -> bool:
    """Every move of a London-style game is a post of its own."""
    return False
#: the family's buttons and menus, registered in ``setup_hook``
DYNAMIC_ITEMS = _DETECTIVE_ITEMS + _MRX_ITEMS
