"""The game service: games, players and transactions over the rules engine and the store.

The bot, the CLI and the tests call :class:`GameService` only; everything it returns is defined
in :mod:`.models`, :mod:`.events` and :mod:`.errors`, and re-exported here.
"""

from types import ModuleType as _ModuleType

from .errors import (
    AlreadyJoined,
    BadSetting,
    DeadlineNotPassed,
    GameAlreadyRunning,
    GameAlreadyStarted,
    GameClosed,
    GameNotFound,
    GameNotOver,
    GameNotStarted,
    GamePaused,
    KeyReused,
    LobbyFull,
    NeedMorePlayers,
    NoGameHere,
    NotAllowed,
    NotAway,
    NotHost,
    NotInGame,
    NotYourPawn,
    RoleTaken,
    ServiceError,
    StaleAction,
)
from .events import (
    GameCancelled,
    GameCreated,
    GameStarted,
    HostChanged,
    PawnsHandedOver,
    PlayerJoined,
    PlayerLeft,
    PlayerReplaced,
    PlayerResigned,
    RoleChosen,
    ServiceEvent,
    event_from_json,
    event_to_json,
)
from .models import (
    ACTIVE,
    CANCELLED,
    DEFAULT_AWAY_DAYS,
    FINISHED,
    LOBBY,
    RUNNING,
    Announcement,
    Away,
    CommandResult,
    ComputerTurn,
    GameInfo,
    GameSettings,
    GuildSettings,
    MessageRef,
    Player,
    PlayerStats,
    UserGame,
    WaitingTurn,
)
from .service import GameService

__all__ = [name for name, value in globals().items() if not name.startswith("_") and not isinstance(value, _ModuleType)]
