"""Events of the service (people joining, leaving, handing over pawns), beside the engine's own.

Both kinds travel to the bot in :attr:`CommandResult.events` and are stored as JSON with the
command, so a retried command returns the same events. Every event is public.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


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

SERVICE_EVENTS: dict[str, type] = {
    cls.__name__: cls for cls in (
        GameCreated, PlayerJoined, RoleChosen, PlayerLeft, HostChanged, GameStarted, PlayerResigned,
        PawnsHandedOver, PlayerReplaced, GameCancelled,
    )
}


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def event_to_json(event: Any, family: Any = None) -> dict[str, Any]:
    """An event as plain JSON: the service's own as ``{"type": "PlayerJoined", "user_id": 7, ...}``, an
    engine's through its ``family``'s codec."""
    if type(event).__name__ in SERVICE_EVENTS:
        return {"type": type(event).__name__, **{f.name: _plain(getattr(event, f.name)) for f in fields(event)}}
    if family is None:
        raise TypeError(f"not a service event, and no family to read it: {event!r}")
    return family.event_to_json(event)


def event_from_json(data: dict[str, Any], family: Any = None) -> Any:
    """A stored event: the service's own, or the engine's of ``family``."""
    if data["type"] not in SERVICE_EVENTS:
        if family is None:
            raise TypeError(f"not a service event, and no family to read it: {data['type']!r}")
        return family.event_from_json(data)
    cls = SERVICE_EVENTS[data["type"]]
    event = cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})  # fields added later have defaults
    if isinstance(event, PawnsHandedOver):
        event = PawnsHandedOver(event.from_user_id, tuple((str(p), int(u)) for p, u in event.to))
    return event
