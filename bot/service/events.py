"""Events of the service (people joining, leaving, handing over pawns), beside the engine's own.

Both kinds travel to the bot in :attr:`CommandResult.events` and are stored as JSON with the
command, so a retried command returns the same events. Every event is public.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any, Callable

from bot.game import GameEnded, MrXMoved, MrXSurfaced, Outcome, PawnMoved, PawnPassed, RoundEnded, Ticket


@dataclass(frozen=True, slots=True)
class GameCreated:
    host_id: int
    rules: str


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    user_id: int
    name: str
    role: str | None  # the role asked for; None: either


@dataclass(frozen=True, slots=True)
class RoleChosen:
    user_id: int
    role: str | None


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    user_id: int


@dataclass(frozen=True, slots=True)
class HostChanged:
    user_id: int


@dataclass(frozen=True, slots=True)
class GameStarted:
    mrx_user_id: int
    #: True when nobody asked to be Mr. X and he was drawn at random
    mrx_drawn: bool


@dataclass(frozen=True, slots=True)
class PlayerResigned:
    user_id: int
    role: str


@dataclass(frozen=True, slots=True)
class PawnsHandedOver:
    from_user_id: int
    #: (pawn, user who moves it from now on)
    to: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class PlayerReplaced:
    old_user_id: int
    new_user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class GameCancelled:
    by_user_id: int


ServiceEvent = (
    GameCreated | PlayerJoined | RoleChosen | PlayerLeft | HostChanged | GameStarted | PlayerResigned
    | PawnsHandedOver | PlayerReplaced | GameCancelled
)


# -- JSON -------------------------------------------------------------------------------------


def _taken(value: list) -> tuple[tuple[str, Ticket], ...]:
    return tuple((str(pawn), Ticket(ticket)) for pawn, ticket in value)


def _pairs(value: list) -> tuple[tuple[str, int], ...]:
    return tuple((str(pawn), int(user)) for pawn, user in value)


#: event class -> decoders for the fields that are not plain JSON
_DECODERS: dict[type, dict[str, Callable[[Any], Any]]] = {
    MrXMoved: {"ticket": Ticket},
    MrXSurfaced: {"taken": _taken},
    PawnMoved: {"ticket": Ticket},
    PawnPassed: {},
    RoundEnded: {},
    GameEnded: {"outcome": lambda d: Outcome(**d)},
    GameCreated: {},
    PlayerJoined: {},
    RoleChosen: {},
    PlayerLeft: {},
    HostChanged: {},
    GameStarted: {},
    PlayerResigned: {},
    PawnsHandedOver: {"to": _pairs},
    PlayerReplaced: {},
    GameCancelled: {},
}
_BY_NAME = {cls.__name__: cls for cls in _DECODERS}


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def event_to_json(event: Any) -> dict[str, Any]:
    """``{"type": "PawnMoved", "round": 3, ...}``: plain JSON, readable by the bot and by people."""
    if type(event) not in _DECODERS:
        raise TypeError(f"not an event: {event!r}")
    data = {f.name: getattr(event, f.name) for f in fields(event)}
    if isinstance(event, GameEnded):
        data["outcome"] = asdict(event.outcome)
    return {"type": type(event).__name__, **_plain(data)}


def event_from_json(data: dict[str, Any]) -> Any:
    cls = _BY_NAME[data["type"]]
    decoders = _DECODERS[cls]
    values = {f.name: data[f.name] for f in fields(cls)}
    for name, decode in decoders.items():
        values[name] = decode(values[name])
    return cls(**values)
