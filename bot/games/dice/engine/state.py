"""The state of one dice game, with everything a caller asks of it and does to it.

``DiceState`` is the only mutable thing in the engine. It is cheap to :meth:`~DiceState.copy`,
serialises to JSON (:meth:`~DiceState.snapshot`) and replays from its record
(:func:`bot.games.dice.engine.replay.replay`). It knows nothing of people: the caller decides which person
may act for which pawn (``DicePawn.seats``) and asks :meth:`~DiceState.to_move` whose turn it is.

A game goes: ``layout`` (a :class:`LayTiles` action), ``start`` (each detective picks a taxi-only
station, then Mr. X picks any free one in secret), then rounds: every detective in turn rolls the
dice not yet used and moves with one of them (``detectives``), then Mr. X reuses one of the dice
they used (``mrx``). After his 13th entry the detectives have one last turn.

Each job has its own module, and this class gathers them: the setup (:mod:`.setup`), the legal actions
(:mod:`.moves`), applying actions (:mod:`.play`: a detective's turn in :mod:`.detective_turn`, Mr. X's in
:mod:`.mrx_turn`, his log in :mod:`.logbook`), the flow of a round (:mod:`.rounds`), snapshots (:mod:`.snapshot`),
records (:mod:`.record`) and what each side may see (:mod:`.views`). The fields and the questions every job
asks are in :class:`~bot.games.dice.engine.pieces.DiceData`.
"""

from __future__ import annotations

from typing import Any

from . import moves
from .actions import Action, DiceMove, MrXDouble, MrXMove
from .errors import GameOver, IllegalMove, InvalidAction, NotYourTurn
from .events import Event
from .pieces import DETECTIVES, LAYOUT, MRX_PHASE, OVER, START, DiceData, DicePawn, LogEntry
from .play import apply
from .record import export_record
from .rules import RULES, DiceRules
from .setup import set_up
from .snapshot import restore, snapshot
from .tiles import TileSet
from .views import DiceMrXView, DicePublicView, mrx_view, public_view

__all__ = ["DETECTIVES", "LAYOUT", "MRX_PHASE", "OVER", "START", "DicePawn", "DiceState", "LogEntry"]


class DiceState(DiceData):
    """One game of Hunting Mister X."""

    @classmethod
    def new(cls, players: int = 4, seed: int = 0, options: dict[str, bool] | None = None,
            tileset: TileSet | None = None, rules: DiceRules = RULES) -> DiceState:
        """A game for ``players`` people (Mr. X included), waiting for its :class:`LayTiles` action."""
        state = cls()
        set_up(state, players, seed, options, tileset, rules)
        return state

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], tileset: TileSet | None = None) -> DiceState:
        state = cls()
        restore(state, data, tileset)
        return state

    # -- legal actions -------------------------------------------------------------------------

    def start_choices(self, pawn: str | None = None) -> list[int]:
        """The stations the pawn picking now may start on."""
        return moves.start_choices(self, pawn)

    def legal_moves(self, pawn: str | None = None) -> list[DiceMove] | list[MrXMove]:
        """Single moves for ``pawn`` (default: every pawn that may act now); see :func:`.moves.legal_moves`."""
        return moves.legal_moves(self, pawn)

    def legal_actions(self, pawn: str | None = None) -> list[Action]:
        """Every action a player may choose now (not chance actions: see :mod:`.chance`; not the
        host's timeouts). Rolling is a chance action: when :attr:`awaiting` is "roll" this is empty."""
        return moves.legal_actions(self, pawn)

    def chance_outcomes(self) -> tuple[int, dict[str, float]]:
        """For the roll the game waits for: how many dice, and each face's probability on a die
        (draw the roll itself with :func:`bot.games.dice.engine.chance.roll`)."""
        return self.dice_to_roll, self.rules.face_chance()

    def can_reroll(self) -> bool:
        return moves.can_reroll(self)

    def can_double(self) -> bool:
        return moves.can_double(self)

    def second_moves(self, first: MrXMove) -> list[MrXMove]:
        """Mr. X's legal second parts of a double move that starts with ``first``."""
        return moves.second_moves(self, first)

    def legal_doubles(self) -> list[MrXDouble]:
        return moves.legal_doubles(self)

    def double_options(self) -> dict[MrXMove, tuple[MrXMove, ...]]:
        """For each of Mr. X's first moves, the legal second parts of a double move (empty when he
        cannot double)."""
        return moves.double_options(self)

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except (IllegalMove, NotYourTurn, InvalidAction, GameOver):
            return False
        return True

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` or raise a :class:`~bot.games.errors.GameError`; returns what happened.
        A refused action changes nothing."""
        return apply(self, action)

    # -- serialisation, records and views ------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included: store it, never show it)."""
        return snapshot(self)

    def record(self) -> dict[str, Any]:
        return export_record(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<DiceState round {self.round} {self.phase} to move {self.to_move()}>"

    def public_view(self) -> DicePublicView:
        return public_view(self)

    def mrx_view(self) -> DiceMrXView:
        return mrx_view(self)
