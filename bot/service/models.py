"""What the game service hands back: small frozen values, no database rows, no Discord objects."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.outcome import Outcome
from bot.store import Announcement, MessageRef, PlayerStats  # noqa: F401  (values the store reads as they are)

LOBBY = "lobby"
RUNNING = "running"
FINISHED = "finished"
CANCELLED = "cancelled"
ACTIVE = (LOBBY, RUNNING)

#: what keeps a week-long game moving unless the host or the server says otherwise
DEFAULT_REMINDER_HOURS = 12.0
DEFAULT_DEADLINE_HOURS = 48.0
#: the days each player may be away in a game, unless its host says otherwise
DEFAULT_AWAY_DAYS = 14.0


@dataclass(frozen=True)
class GameInfo:
    """One game as the channel sees it: who hosts, how far it is, whose turn it is."""

    id: int
    guild_id: int
    channel_id: int
    status: str  # lobby, running, finished, cancelled
    rules: str
    board: str
    options: dict[str, bool]
    seed: int
    host_id: int
    #: +1 on every change to the game (lobby included)
    version: int
    #: None until the game starts
    round: int | None
    #: the pawns that may act now (empty in the lobby and after the end)
    to_move: tuple[str, ...]
    #: counts turns; a turn starts whenever someone new owes a move (reminders are per turn)
    turn: int
    turn_started_at: float | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    updated_at: float
    outcome: Outcome | None
    #: the game family whose engine plays it (a name in bot.games' registry); the default is the column's, for
    #: games stored before there were families
    family: str = "london"
    #: the language of its public posts: "en" or "de"
    language: str = "en"
    #: the commitment to the game's key, published before anyone joins (sy-commit/2, docs/fairness.md); None for a
    #: game of sy-commit/1
    key_commitment: str | None = None
    #: when the host paused it (None: not paused)
    paused_at: float | None = None
    #: when the turn's clock stopped (None: it runs): everyone who owes the turn is away, or the game is paused
    clock_stopped_at: float | None = None
    #: the players away now and when their time away runs out
    away: dict[int, float] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return self.status in ACTIVE


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str
    #: None in the lobby; from the start 0 is Mr. X and 1.. the detective players in join order
    seat: int | None
    #: "mrx" or "detective"; in the lobby the role asked for (None: either)
    role: str | None
    #: the pawns this person moves now (bobbies are shared by every detective player)
    pawns: tuple[str, ...]
    status: str  # playing, resigned, replaced
    joined_at: float


@dataclass(frozen=True)
class CommandResult:
    """What a command did, for the bot to announce."""

    game: GameInfo
    #: the family engine's events (moves, passes, round ends, the end) and the service's (joins, hand-overs, ...:
    #: :data:`bot.service.events.ServiceEvent`)
    events: tuple[Any, ...]
    #: the family's public view after the command; None while the game is in the lobby (or was cancelled there)
    view: Any
    players: tuple[Player, ...]
    #: True when the idempotency key was seen before: nothing was applied, ``events`` are the stored ones
    duplicate: bool = False
    #: the game's version right after the command (for a duplicate: after the original command)
    version: int = 0

    @property
    def round(self) -> int | None:
        return self.game.round


@dataclass(frozen=True)
class UserGame:
    """One of a person's active games, with what they play in it."""

    game: GameInfo
    role: str | None
    pawns: tuple[str, ...]
    #: True when one of the person's pawns may act now
    your_turn: bool


@dataclass(frozen=True)
class WaitingTurn:
    """A turn that has waited long enough for a reminder (or past the deadline)."""

    game_id: int
    guild_id: int
    channel_id: int
    host_id: int
    turn: int
    round: int
    pawns: tuple[str, ...]
    user_ids: tuple[int, ...]
    waiting_since: float


@dataclass(frozen=True)
class GameSettings:
    #: remind the players who owe a move after this many hours (None: never)
    reminder_hours: float | None = DEFAULT_REMINDER_HOURS
    #: after this many hours the host may skip or replace an absent player (None: no deadline)
    deadline_hours: float | None = DEFAULT_DEADLINE_HOURS
    #: round summaries shade the stations where Mr. X may be
    tracker: bool = True
    #: the language of the game's public posts ("en", "de")
    language: str = "en"
    #: the days each player may be away in the game (0: nobody may be away)
    away_days: float = DEFAULT_AWAY_DAYS


@dataclass(frozen=True)
class GuildSettings:
    """A server's defaults for new games (a server manager sets them)."""

    default_rules: str = "classic"
    reminder_hours: float | None = DEFAULT_REMINDER_HOURS
    deadline_hours: float | None = DEFAULT_DEADLINE_HOURS
    tracker: bool = True
    #: the language of new games' public posts (None: the server's preferred locale)
    language: str | None = None
    #: the days each player may be away in a new game
    away_days: float = DEFAULT_AWAY_DAYS


@dataclass(frozen=True)
class Away:
    """A player's time away from one game (``GameService.go_away``)."""

    game_id: int
    #: when it runs out; None: the player has no time away left in this game
    until: float | None
    #: the days the game allows each player
    limit_days: float
    #: the game's limit cut the time asked for short
    shortened: bool = False


@dataclass(frozen=True)
class ComputerTurn:
    """A move a computer seat owes: what it may see and how to play its answer (GameService.computer_turn)."""

    game_id: int
    family: str
    pawn: str
    user_id: int
    strategy: str
    #: the computer's seed for this decision, dealt from the game's secret
    seed: int
    #: its side's view: Mr. X's own for a computer Mr. X, the public view for the detectives
    view: Any
    #: the command key its move is played under: the same turn always has the same key
    key: str
    version: int

    def player(self):
        from bot.games import get_family
        return get_family(self.family).computer(self.strategy, self.seed)
