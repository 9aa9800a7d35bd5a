"""Refusals of the game service. Each carries a sentence the player can read and act on.

Every class derives from :class:`bot.games.errors.GameError`, so the bot catches one base for every
family's rules engine and the service alike. No message here may name Mr. X's hidden station.
"""

from __future__ import annotations

from bot.games.errors import GameError


class ServiceError(GameError):
    """Base class for every refusal of the game service."""


class NoGameHere(ServiceError):
    def __init__(self, message: str = "There is no game in this channel; create one first.", **params: object) -> None:
        super().__init__(message, **params)


class GameNotFound(ServiceError):
    def __init__(self, message: str = "That game does not exist.", **params: object) -> None:
        super().__init__(message, **params)


class GameAlreadyRunning(ServiceError):
    def __init__(self, message: str = "This channel already has a game; finish or cancel it first.", **params: object) -> None:
        super().__init__(message, **params)


class GameNotStarted(ServiceError):
    def __init__(self, message: str = "The game has not started yet; wait for the host to start it.", **params: object) -> None:
        super().__init__(message, **params)


class GameAlreadyStarted(ServiceError):
    def __init__(self, message: str = "The game has already started; the lobby is closed.", **params: object) -> None:
        super().__init__(message, **params)


class GameClosed(ServiceError):
    """The game is finished or cancelled: nothing more can be played."""


class NotInGame(ServiceError):
    def __init__(self, message: str = "You are not playing in this game.", **params: object) -> None:
        super().__init__(message, **params)


class NotHost(ServiceError):
    def __init__(self, message: str = "Only the host of this game can do that.", **params: object) -> None:
        super().__init__(message, **params)


class NotAllowed(ServiceError):
    """The person lacks a permission the command needs (e.g. managing the server)."""


class NotYourPawn(ServiceError):
    """The person does not control the pawn (or Mr. X's private view)."""


class StaleAction(ServiceError):
    """The action was made against an earlier round (an old button, a late retry)."""


class LobbyFull(ServiceError):
    pass


class NeedMorePlayers(ServiceError):
    pass


class AlreadyJoined(ServiceError):
    def __init__(self, message: str = "You have already joined this game.", **params: object) -> None:
        super().__init__(message, **params)


class RoleTaken(ServiceError):
    def __init__(self, message: str = "Someone else has already chosen to be Mr. X; join as a detective.", **params: object) -> None:
        super().__init__(message, **params)


class DeadlineNotPassed(ServiceError):
    pass


class KeyReused(ServiceError):
    """An idempotency key arrived again with a different command (a bug in the caller, not a retry)."""

    def __init__(self, message: str = "That request was already used for something else; please try again.", **params: object) -> None:
        super().__init__(message, **params)


class BadSetting(ServiceError):
    pass


class GameNotOver(ServiceError):
    def __init__(self, message: str = "The full record is shown once the game is over.", **params: object) -> None:
        super().__init__(message, **params)


class GamePaused(ServiceError):
    def __init__(self, message: str = "⏸ The host has paused this game: nobody moves until it goes on "
                                      "(`/sy-host resume`).", **params: object) -> None:
        super().__init__(message, **params)


class NotAway(ServiceError):
    def __init__(self, message: str = "You are not away in any game.", **params: object) -> None:
        super().__init__(message, **params)
