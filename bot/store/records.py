"""What the store hands back: frozen values with the tables' columns, never a driver's row.

Columns stored as text in a format of their own come back decoded: ``options`` and ``payload`` as JSON values,
``to_move`` as a tuple of pawns, flags as booleans. A snapshot's state stays text: reading it may fail, and
then the service rebuilds the game from its actions.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, fields
from typing import Any

from .base import Row


@functools.cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _columns(cls: type, row: Row) -> dict[str, Any]:
    """The row's values of ``cls``'s fields, by name. The row is read in one pass: a SQLite row finds a column by
    name by comparing it with each column in turn, which for a game's forty columns was 40 % of reading its row.
    (A query whose columns repeat a name would keep the last: none of those read here does.)"""
    by_name = dict(zip(row.keys(), row))
    return {name: by_name[name] for name in _names(cls)}


@dataclass(frozen=True)
class GameRow:
    """A game as the ``games`` table keeps it."""

    id: int
    guild_id: int
    channel_id: int
    status: str
    rules: str
    board: str
    options: dict[str, bool]
    seed: int
    host_id: int
    #: people at the table from the start; None in the lobby
    players: int | None
    version: int
    round: int | None
    to_move: tuple[str, ...]
    turn: int
    turn_started_at: float | None
    reminded_turn: int | None
    overdue_turn: int | None
    reminder_hours: float | None
    deadline_hours: float | None
    winner: str | None
    end_reason: str | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    updated_at: float
    family: str
    deal_seed: int | None
    show_tracker: bool
    language: str
    #: sy-commit/2 (docs/fairness.md): the game's nonce (32 hex) and its key's commitment (64 hex), from its creation;
    #: the start input and the hidden draw (16 hex: Mr. X's start card), from its start. None: a sy-commit/1 game
    nonce: str | None
    key_commitment: str | None
    start_input: str | None
    hidden_draw: str | None
    #: the open absences: person -> when their time away runs out (``absences``)
    away: dict[int, float]
    #: when the host paused the game (None: not paused)
    paused_at: float | None
    #: when the turn's clock stopped (None: it runs)
    clock_stopped_at: float | None
    #: the days each player may be away in this game
    away_days: float
    #: whether a player may ask to take an action back (the other side decides)
    takebacks: bool = True
    #: accepted take-backs so far
    taken_back: int = 0

    @classmethod
    def of(cls, row: Row) -> "GameRow":
        values = _columns(cls, row)
        values.update(options=json.loads(values["options"]), to_move=tuple(values["to_move"].split()),
                      show_tracker=bool(values["show_tracker"]),
                      away={int(user): float(end) for user, end in json.loads(values["away"]).items()},
                      takebacks=bool(values["takebacks"]))
        return cls(**values)


@dataclass(frozen=True)
class PlayerRow:
    """A person (or a computer) at a game's table, as the ``players`` table keeps them."""

    game_id: int
    user_id: int
    name: str
    role: str | None
    seat: int | None
    status: str
    join_order: int
    joined_at: float
    #: the computer strategy that plays this seat; None for a person
    strategy: str | None
    #: the person a computer stands in for
    stands_in: int | None

    @classmethod
    def of(cls, row: Row) -> "PlayerRow":
        return cls(**_columns(cls, row))


@dataclass(frozen=True)
class CommandRow:
    """A command that ran under an idempotency key, with what it produced."""

    key: str
    game_id: int
    channel_id: int
    user_id: int
    name: str
    version: int
    #: the events it produced, as JSON
    events: list[Any]


@dataclass(frozen=True)
class SnapshotRow:
    """A game's snapshot: the engine's state after ``actions`` actions, as stored text."""

    game_id: int
    family: str
    version: int
    actions: int
    state: str
    #: how many actions the game's list holds (``actions`` is behind when the snapshot lags)
    listed: int


@dataclass(frozen=True)
class GuildSettingsRow:
    guild_id: int
    default_rules: str
    reminder_hours: float | None
    deadline_hours: float | None
    show_tracker: bool
    language: str | None
    away_days: float = 14.0


@dataclass(frozen=True)
class Announcement:
    """A message the bot owes, queued in the same transaction as the change it reports.

    ``payload`` holds public facts only. A private announcement (``recipient_id`` set) is a prompt
    for Mr. X: the bot reads his private view when it posts it, the payload never holds his station.
    """

    id: int
    game_id: int
    guild_id: int
    channel_id: int
    key: str
    kind: str
    recipient_id: int | None
    payload: dict[str, Any] = field(hash=False)
    created_at: float

    @property
    def private(self) -> bool:
        return self.recipient_id is not None


@dataclass(frozen=True)
class MessageRef:
    channel_id: int
    message_id: int


@dataclass(frozen=True)
class PlayerStats:
    user_id: int
    games: int
    wins: int
    mrx_games: int
    mrx_wins: int
    detective_games: int
    detective_wins: int

    @property
    def losses(self) -> int:
        return self.games - self.wins


@dataclass(frozen=True)
class AbsenceRow:
    """A player's time away from a game, as the ``absences`` table keeps it."""

    id: int
    game_id: int
    user_id: int
    starts_at: float
    ends_at: float
    reason: str | None
    #: when it ended (back early, or the time ran out); None while it lasts
    back_at: float | None


@dataclass(frozen=True)
class PersonRow:
    """A person's own settings, as the ``person_settings`` table keeps them (the defaults when they chose none)."""

    user_id: int
    dm_turns: bool = False
    mentions: bool = True
    #: minutes after midnight, in ``time_zone``; both None: no quiet hours
    quiet_from: int | None = None
    quiet_until: int | None = None
    time_zone: str | None = None


@dataclass(frozen=True)
class NoticeRow:
    """A turn notice owed by DM, as the ``turn_notices`` table keeps it."""

    id: int
    game_id: int
    user_id: int
    key: str
    turn: int
    channel_id: int
    message_id: int
    due_at: float


@dataclass(frozen=True)
class RatingRow:
    """A person's rating in one ladder ('all', 'mrx', 'detective') of a server (guild 0: every server)."""

    guild_id: int
    ladder: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @classmethod
    def of(cls, row: Row) -> "RatingRow":
        return cls(**_columns(cls, row))


@dataclass(frozen=True)
class RatingChangeRow:
    """What one rated game did to a person's rating in one ladder."""

    user_id: int
    guild_id: int
    ladder: str
    game_id: int
    won: bool
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    #: the role played in that game (read with the history)
    role: str = ""

    @classmethod
    def of(cls, row: Row) -> "RatingChangeRow":
        values = {f.name: row[f.name] for f in fields(cls) if f.name != "role"}
        values["won"] = bool(values["won"])
        return cls(**values, role=row["role"] if "role" in row.keys() else "")


@dataclass(frozen=True)
class RatedResult:
    """A finished game as the ratings read it: (user id, role, won) of everyone at the table to the end."""

    game_id: int
    guild_id: int
    winner: str
    seats: tuple[tuple[int, str, bool], ...]


@dataclass(frozen=True)
class TakebackRow:
    """A take-back asked for: of the game's action ``seq``, by ``asked_by``; ``answer`` None while it waits."""

    game_id: int
    seq: int
    asked_by: int
    asked_at: float
    answer: str | None
    answered_by: int | None
    answered_at: float | None

    @classmethod
    def of(cls, row: Row) -> "TakebackRow":
        return cls(**_columns(cls, row))


@dataclass(frozen=True)
class LastAction:
    """A game's last action as stored: its number, round, who played it, its JSON and its command's name."""

    seq: int
    round: int
    user_id: int
    action: Any
    command: str | None
