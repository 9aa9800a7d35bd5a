"""The London-style family: classic, mb1985, master and sanssouci, one engine (:mod:`bot.games.london.engine`)
on boards that are data (London, Potsdam)."""

from __future__ import annotations

import math
import random

from bot.games.london import engine as game
from bot.games.london.ai.player import LEVELS
from bot.games.london.engine.players import PLAYERS, play_game
from bot.games.london.engine import (
    GameEnded, RoundEnded,
    MRX, PRESETS, DoubleMove, GameError, GameState, Move, Pass, Resign, Surface, Trade, TripleMove, in_board_words,
)

from bot.games.family import Family, RulesEntry


def _rules() -> tuple[RulesEntry, ...]:
    return tuple(RulesEntry(r.name, r.title, r.summary, r.playable, r.unavailable_reason or
                            f"the {r.board} board is not installed", r.min_players, r.max_players, r.board,
                            tuple((o.name, o.title, o.description) for o in r.options))
                 for r in PRESETS.values())


def _acting_pawn(action) -> str | None:
    if isinstance(action, (DoubleMove, TripleMove, Surface)):
        return MRX
    if isinstance(action, (Move, Pass, Trade)):
        return action.pawn
    if isinstance(action, Resign):
        return action.pawn
    return None


def _computer(strategy: str, seed: int, time_budget: float | None = None):
    """``random`` and ``greedy`` (bot.games.london.engine.players), or a level of bot.ai's search."""
    if strategy in PLAYERS:
        return PLAYERS[strategy](random.Random(seed))
    from bot.games.london.ai import ComputerPlayer  # the search's tables are built only when a computer plays
    return ComputerPlayer(strategy, seed=seed, time_budget=time_budget)


def _simulated(name: str, seed: int):
    """A baseline by name (play_game builds it), or a computer level (bot.ai) with its own seed. A simulation
    searches its level's iterations whatever the time they take, so a seed plays the same game on any machine."""
    return name if name in PLAYERS else _computer(name, seed, time_budget=math.inf)


def _new_game(rules: str, players: int, seed: int, options: dict[str, bool], hidden: int | None = None) -> GameState:
    return GameState.new(rules, players=players, seed=seed, options=options, hidden=hidden)


def _normalise(state: GameState, action):
    """In the board's words; a surfacing that names no ticket per detective takes the default ones."""
    action = in_board_words(action, state.board)
    if isinstance(action, Surface) and not action.take:
        action = Surface(state.surface_take(action.prefer))
    return action


def _web():
    """The web page's data (imported when a page is served: it draws on the pictures' look)."""
    from bot.games.london import web

    return web


FAMILY = LONDON = Family(
    name="london",
    title="Scotland Yard (London-style boards)",
    rules=_rules,
    new_game=_new_game,
    from_snapshot=GameState.from_snapshot,
    action_to_json=game.action_to_json,
    action_from_json=game.action_from_json,
    event_to_json=game.event_to_json,
    event_from_json=game.event_from_json,
    public_view=lambda state: state.public_view(),
    secret_route=lambda state: (state.start.get(MRX), *(entry.station for entry in state.logbook)),
    secret_view=lambda state: state.mrx_view(),
    export_record=game.export_record,
    replay=game.replay,
    acting_pawn=_acting_pawn,
    timeout_pass=lambda pawn: Pass(pawn, "timeout"),
    resign=Resign,
    is_resign=lambda action: isinstance(action, Resign),
    normalise=_normalise,
    error=GameError,
    strategies=(*PLAYERS, *LEVELS),
    computer=_computer,
    simulate=lambda rules, players, seed, options, mrx, detectives, hidden=None, draws=None: play_game(
        rules, players=players, seed=seed, mrx=_simulated(mrx, seed * 2 + 1), detectives=_simulated(detectives, seed * 2),
        options=options or None, hidden=hidden),
    redraw=game.redraw,
    move=lambda pawn, to, ticket: Move(pawn, int(to), str(ticket)),
    double=lambda first, second: DoubleMove(*(Move(MRX, int(to), str(ticket)) for to, ticket in (first, second))),
    surface=lambda take, prefer: Surface(take, prefer=prefer),
    computer_may_act=lambda state, pawn: bool(state.legal_moves(pawn)),
    ends_round=lambda event: event.round if isinstance(event, RoundEnded) else None,
    ends_game=lambda event: isinstance(event, GameEnded),
    presenter="bot.games.london.presenter.messages",
    renderer="bot.games.london.pictures",
    web_board=lambda view, language: _web().board_data(view, language),
    web_view=lambda view, language: _web().view_data(view, language),
    web_secret=lambda view, language: _web().secret_data(view, language),
)
