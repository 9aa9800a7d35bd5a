"""The rules engine: pure Python, no Discord, no database, no pictures, no clock, no global random.

    >>> from bot.games.london.engine import GameState, Move
    >>> game = GameState.new("classic", players=5, seed=7)
    >>> game.to_move()
    ['mrx']
"""

from .actions import MRX, Action, DoubleMove, Move, Pass, Resign, Surface, Trade, TripleMove, in_board_words
from .board import Board, Landmark, Shape, Station, TransportKind, load_board, load_board_file, parse_board
from .codec import action_from_json, action_to_json, actions_from_history, event_from_json, event_to_json
from bot.games.errors import (
    BadPlayerCount,
    BadRecord,
    BoardError,
    GameError,
    GameOver,
    IllegalMove,
    InvalidAction,
    NoTicket,
    NotYourTurn,
    OptionUnavailable,
    RulesUnavailable,
    StationOccupied,
    quoted,
)
from .events import Event, GameEnded, MrXMoved, MrXSurfaced, Outcome, PawnMoved, PawnPassed, RoundEnded, TicketHandedOver
from .record import export_record, redraw, replay, replay_cuts
from .rules import PRESETS, RuleSet, get_rules
from .state import DETECTIVE_PHASE, MRX_PHASE, OVER, GameState, LogEntry, Pawn
from .tickets import BLACK, DOUBLE
from .tracker import Tracker, replay_possible
from .views import LogbookEntryView, MrXView, PawnView, PublicView

__all__ = [name for name in dir() if not name.startswith("_")]
