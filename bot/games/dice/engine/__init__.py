"""The dice game's rules engine: pure Python, no Discord, no database, no pictures, no clock,
no global random (chance comes in as actions: see :mod:`.chance`).

    >>> import random
    >>> from bot.games.dice.engine import DiceState, chance
    >>> game = DiceState.new(players=4, seed=7)
    >>> _ = game.apply(chance.lay_tiles(game, random.Random(7)))
    >>> game.awaiting, game.to_move()
    ('start', ['red'])
"""

from . import chance, codec
from .actions import (
    CHANCE_ACTIONS,
    Action,
    DiceMove,
    LayTiles,
    MrXDouble,
    MrXMove,
    PickStart,
    Reroll,
    Resign,
    Roll,
    Skip,
)
from .board import DiceBoard, DiceStation, Placement, Road, lay_board
from .errors import (
    BadPlayerCount,
    BadRecord,
    GameError,
    GameOver,
    IllegalMove,
    InvalidAction,
    NoSuchDie,
    NoTicket,
    NotYourTurn,
    RollFirst,
    StaleRoll,
    StationOccupied,
    TileError,
)
from .events import (
    DiceRolled,
    Event,
    GameEnded,
    MrXMoved,
    MrXStarted,
    Outcome,
    PawnMoved,
    PawnSkipped,
    RoundEnded,
    StartPicked,
    TilesLaid,
)
from .record import export_record
from .replay import replay
from .rules import BLACK, BUS, HELICOPTER, MRX, PASS, RULES, TAXI, TRANSPORTS, UNDERGROUND, DiceRules, X
from .state import DETECTIVES, LAYOUT, MRX_PHASE, OVER, START, DicePawn, DiceState, LogEntry
from .tiles import Tile, TileSet, TileSide, load_tiles, load_tiles_file, parse_tiles
from .tracker import DiceTracker, replay_possible
from .views import DiceLogEntryView, DiceMrXView, DicePawnView, DicePublicView

__all__ = [name for name in dir() if not name.startswith("_")]
