"""Refusals of the game service. Each carries a sentence the player can read and act on.

Every class derives from :class:`bot.game.GameError`, so the bot catches one base for the rules
engine and the service alike. No message here may name Mr. X's hidden station.
"""

from __future__ import annotations

from bot.game import GameError


class ServiceError(GameError):
    """Base class for every refusal of the game service."""


class NoGameHere(ServiceError):
    def __init__(self, message: str = "There is no game in this channel; create one first.") -> None:
        super().__init__(message)


class GameNotFound(ServiceError):
    def __init__(self, message: str = "That game does not exist.") -> None:
        super().__init__(message)


class GameAlreadyRunning(ServiceError):
    def __init__(self, message: str = "This channel already has a game; finish or cancel it first.") -> None:
        super().__init__(message)


class GameNotStarted(ServiceError):
    def __init__(self, message: str = "The game has not started yet; wait for the host to start it.") -> None:
        super().__init__(message)


class GameAlreadyStarted(ServiceError):
    def __init__(self, message: str = "The game has already started; the lobby is closed.") -> None:
        super().__init__(message)


class GameClosed(ServiceError):
    """The game is finished or cancelled: nothing more can be played."""


class NotInGame(ServiceError):
    def __init__(self, message: str = "You are not playing in this game.") -> None:
        super().__init__(message)


class NotHost(ServiceError):
    def __init__(self, message: str = "Only the host of this game can do that.") -> None:
        super().__init__(message)


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
    def __init__(self, message: str = "You have already joined this game.") -> None:
        super().__init__(message)


class RoleTaken(ServiceError):
    def __init__(self, message: str = "Someone else has already chosen to be Mr. X; join as a detective.") -> None:
        super().__init__(message)


class DeadlineNotPassed(ServiceError):
    pass


class KeyReused(ServiceError):
    """An idempotency key arrived again with a different command (a bug in the caller, not a retry)."""

    def __init__(self, message: str = "That request was already used for something else; please try again.") -> None:
        super().__init__(message)


class BadSetting(ServiceError):
    pass


class GameNotOver(ServiceError):
    def __init__(self, message: str = "The full record is shown once the game is over.") -> None:
        super().__init__(message)
