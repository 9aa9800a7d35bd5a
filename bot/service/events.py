"""Events of the service (people joining, leaving, handing over pawns), beside the engine's own.

Both kinds travel to the bot in :attr:`CommandResult.events` and are stored as JSON with the
command, so a retried command returns the same events. Every event is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.london.engine import event_from_json as game_event_from_json
from bot.games.london.engine import event_to_json as game_event_to_json
from bot.games.london.engine.codec import ENGINE_EVENTS


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


def event_to_json(event: Any, family: Any = None) -> dict[str, Any]:
    """An engine or service event as plain JSON (the London engine's codec serves both; another
    ``family``'s engine events go through its own codec)."""
    if family is not None and type(event).__name__ not in SERVICE_EVENTS:
        return family.event_to_json(event)
    if type(event).__name__ not in SERVICE_EVENTS and type(event).__name__ not in ENGINE_EVENTS:
        raise TypeError(f"not an event: {event!r}")
    return game_event_to_json(event)


def event_from_json(data: dict[str, Any], family: Any = None) -> Any:
    """A stored event: the service's own, or the engine's of ``family`` (default: London-style)."""
    if data["type"] in SERVICE_EVENTS:
        event = game_event_from_json(data, SERVICE_EVENTS)
    elif family is not None:
        return family.event_from_json(data)
    else:
        event = game_event_from_json(data)
    if isinstance(event, PawnsHandedOver):
        event = PawnsHandedOver(event.from_user_id, tuple((str(p), int(u)) for p, u in event.to))
    return event
