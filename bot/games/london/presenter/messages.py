"""Everything the bot says, by audience: :mod:`.words` (shared small words), :mod:`.channel_posts`
(the channel and anyone's answers: public facts only) and :mod:`.mrx_messages` (Mr. X alone).

Callers import this one module; each part stays a pure function from events and views to text.
"""

from bot.games.london.presenter.channel_posts import *  # noqa: F401,F403
from bot.games.london.presenter.mrx_messages import *  # noqa: F401,F403
from bot.chat.words import *  # noqa: F401,F403
