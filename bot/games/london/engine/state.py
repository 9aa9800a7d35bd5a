"""The game state: one London-style game, with everything a caller asks of it and does to it.

``GameState`` is the only mutable thing in the engine. It is cheap to :meth:`~GameState.copy`,
serialises to JSON (:meth:`~GameState.snapshot`) and replays from its action list
(:func:`bot.games.london.engine.record.replay`). It knows nothing of people: the caller decides which person
may move which pawn (``Pawn.seats``) and asks :meth:`~GameState.to_move` whose turn it is.

Each job has its own module, and this class gathers them: the deal (:mod:`.deal`), the legal moves
(:mod:`.moves`), applying actions (:mod:`.play`), Mr. X's logbook (:mod:`.logbook`), the flow of a round
(:mod:`.rounds`), snapshots (:mod:`.snapshot`) and what each side may see (:mod:`.views`). The fields and the
questions every job asks are in :class:`~bot.games.london.engine.pieces.GameData`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.games.errors import GameOver, IllegalMove, InvalidAction, NotYourTurn

from . import moves
from .actions import Action, DoubleMove, Move, Trade
from .board import Board
from .deal import deal
from .events import Event
from .logbook import surface_take
from .pieces import DETECTIVE_PHASE, MRX_PHASE, OVER, GameData, LogEntry, Pawn
from .play import apply
from .rounds import advance
from .rules import RuleSet
from .snapshot import restore, snapshot
from .views import MrXView, PublicView, mrx_view, public_view

__all__ = ["DETECTIVE_PHASE", "MRX_PHASE", "OVER", "GameState", "LogEntry", "Pawn"]


class GameState(GameData):
    """One game of a London-style Scotland Yard."""

    @classmethod
    def new(
        cls,
        rules: RuleSet | str = "classic",
        players: int = 5,
        seed: int = 0,
        options: dict[str, bool] | None = None,
        board: Board | None = None,
        hidden: int | None = None,
    ) -> GameState:
        """Deal a new game for ``players`` people (Mr. X included), drawing start cards with ``seed`` (Mr. X's
        with ``hidden`` when given: a number the seed does not tell)."""
        state = cls()
        deal(state, rules, players, seed, options, board, hidden)
        advance(state, [])
        return state

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], board: Board | None = None) -> GameState:
        state = cls()
        restore(state, data, board)
        return state

    # -- legal moves ---------------------------------------------------------------------------

    def legal_moves(self, pawn: str | None = None) -> list[Move]:
        """Single moves for ``pawn`` (default: every pawn that may act now). Empty when it is not its turn."""
        return moves.legal_moves(self, pawn)

    def _pawn_moves(self, pawn: str) -> Iterator[Move]:
        """Every ride ``pawn`` could take from where it stands, whether or not it is its turn."""
        return moves.pawn_moves(self, pawn)

    def can_double(self) -> bool:
        return moves.can_double(self)

    def can_triple(self) -> bool:
        """A triple move (a variant) spends both double-move tickets at once."""
        return moves.can_triple(self)

    def second_moves(self, first: Move) -> list[Move]:
        """Mr. X's legal second parts of a double move that starts with ``first``."""
        return moves.second_moves(self, first)

    def third_moves(self, first: Move, second: Move) -> list[Move]:
        """Mr. X's legal third parts of a triple move that starts with ``first`` and ``second``."""
        return moves.third_moves(self, first, second)

    def legal_double_moves(self) -> Iterator[DoubleMove]:
        return moves.legal_double_moves(self)

    def can_reveal(self) -> bool:
        """Mr. X may show himself now (voluntary surfacing, or sanssouci's reveal for a black ticket)."""
        return moves.can_reveal(self)

    def legal_trades(self, pawn: str) -> list[Trade]:
        """The tickets ``pawn`` may hand to another detective now (ticket trading, a variant)."""
        return moves.legal_trades(self, pawn)

    def surface_take(self, prefer: str | None = None) -> tuple[tuple[str, str], ...]:
        """The tickets Mr. X takes when he surfaces without naming one per detective (:func:`.logbook.surface_take`)."""
        return surface_take(self, prefer)

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except (IllegalMove, NotYourTurn, InvalidAction, GameOver):
            return False
        return True

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` or raise a :class:`~bot.games.errors.GameError`; returns what happened."""
        return apply(self, action)

    # -- serialisation and views ---------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included: store it, never show it)."""
        return snapshot(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.rules.name} round {self.round} {self.phase} to move {self.to_move()}>"

    def public_view(self) -> PublicView:
        return public_view(self)

    def mrx_view(self) -> MrXView:
        return mrx_view(self)
