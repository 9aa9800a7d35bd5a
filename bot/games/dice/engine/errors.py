"""The dice game's refusals: the London engine's error family, so a host catches one base class.

Each error carries a sentence a player can read. A message never names Mr. X's hidden station:
refusals of a detective's action are built from what detectives know; refusals of Mr. X's own move
may name his own station (show those only to him).
"""

from __future__ import annotations

from bot.games.errors import (
    BadPlayerCount,
    BadRecord,
    BoardError,
    GameError,
    GameOver,
    IllegalMove,
    InvalidAction,
    Listed,
    NoTicket,
    NotYourTurn,
    OptionUnavailable,
    StationOccupied,
)


class TileError(BoardError):
    """The tile set is broken; the message names the tile and the station at fault."""


class NoSuchDie(IllegalMove):
    """The die asked for is not among those the pawn may use now."""


class RollFirst(InvalidAction):
    """The detective must roll (or may re-roll) before that."""


class StaleRoll(InvalidAction):
    """A choice made from dice that have been thrown since (a button or menu of an earlier roll)."""


__all__ = [
    "BadPlayerCount",
    "BadRecord",
    "BoardError",
    "GameError",
    "GameOver",
    "IllegalMove",
    "InvalidAction",
    "Listed",
    "NoSuchDie",
    "NoTicket",
    "NotYourTurn",
    "OptionUnavailable",
    "RollFirst",
    "StaleRoll",
    "StationOccupied",
    "TileError",
]
