"""The game service: games, players and transactions over the rules engine and the store."""

from .errors import *  # noqa: F401,F403
from .events import *  # noqa: F401,F403
from .models import *  # noqa: F401,F403
from .service import GameService  # noqa: F401
