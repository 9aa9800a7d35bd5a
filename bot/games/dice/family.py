"""The dice family: "Hunting Mister X" (Ravensburger 2019), one engine (:mod:`bot.games.dice.engine`) on
the bot's own tile set.

Chance is the host's: the layout of the tiles is dealt by the service as soon as the game starts
(:func:`_deal`), and a detective's roll or roll-again is his request, which the service turns into a
dealt :class:`Roll` or :class:`Reroll` (:func:`_request`). Both draw from a ``random.Random`` the
service builds from the installation secret, the game's seed and the number of actions so far, so
no player can predict a roll, and each is stored as an action: the game replays exactly.
"""

from __future__ import annotations

import math
import random

from bot.games.dice.engine import (
    MRX,
    RULES,
    DiceMove,
    DiceMrXView,
    DiceState,
    GameError,
    InvalidAction,
    MrXDouble,
    MrXMove,
    PickStart,
    Resign,
    Skip,
    chance,
    codec,
    export_record,
    replay,
)
from bot.games.dice.engine.replay import redraw
from bot.games.dice.engine.events import GameEnded, RoundEnded
from bot.games.dice.ai.search_game import DICE_LEVELS
from bot.games.dice.engine.players import PLAYERS, simulate
from bot.games.dice.engine.errors import RollFirst

from bot.games.family import ChanceRequest, Family, RulesEntry

#: what a player may type for a die or a ticket (English and German), in the engine's words
TICKET_WORDS = {
    "taxi": "taxi", "cab": "taxi",
    "bus": "bus",
    "underground": "underground", "tube": "underground", "subway": "underground", "metro": "underground",
    "u-bahn": "underground", "ubahn": "underground", "u": "underground",
    "black": "black", "black ticket": "black", "black-ticket": "black", "blackticket": "black",
    "schwarz": "black",
    "helicopter": "helicopter", "heli": "helicopter", "hubschrauber": "helicopter",
}
EXPERT = ("expert", "Expert game",
          "Some tiles lie expert side up: one-way streets, dead ends and diagonal taxi lanes")


def _rules() -> tuple[RulesEntry, ...]:
    return (RulesEntry(RULES.name, RULES.title,
                       "The 2019 dice game: the detectives roll, Mr. X reuses their dice on a grid of tiles.",
                       True, min_players=RULES.min_players, max_players=RULES.max_players, board=RULES.tileset,
                       options=(EXPERT,)),)


def _new_game(rules: str, players: int, seed: int, options: dict[str, bool], hidden: int | None = None) -> DiceState:
    """A new game; ``hidden`` is not needed: nothing is dealt in secret (Mr. X picks his start himself)."""
    return DiceState.new(players=players, seed=seed, options=options)


def _acting_pawn(action) -> str | None:
    """Only choices: a roll (or a layout) is dealt by the host, never sent by a player."""
    if isinstance(action, (PickStart, DiceMove, Skip)):
        return action.pawn
    if isinstance(action, (MrXMove, MrXDouble)):
        return MRX
    return None


def ticket_word(text: str) -> str:
    """A die or ticket as the engine names it ("U-Bahn" -> underground); unknown words stay as typed."""
    word = " ".join(str(text).strip().lower().split())
    return TICKET_WORDS.get(word, word)


def _move(pawn: str, to: int, ticket: str):
    if pawn == MRX:
        return MrXMove(int(to), ticket_word(ticket))
    return DiceMove(pawn, int(to), ticket_word(ticket))


def _double(first: tuple[int, str], second: tuple[int, str]) -> MrXDouble:
    return MrXDouble(*(MrXMove(int(to), ticket_word(t)) for to, t in (first, second)))


def _normalise(state: DiceState, action):
    """A ride named while starts are picked is a start pick; a die named in other words is the engine's."""
    if state.awaiting == "start" and isinstance(action, (DiceMove, MrXMove)):
        return PickStart(action.pawn, action.to)
    if isinstance(action, DiceMove):
        return DiceMove(action.pawn, action.to, ticket_word(action.die))
    if isinstance(action, MrXMove):
        return MrXMove(action.to, ticket_word(action.ticket))
    if isinstance(action, MrXDouble):
        return MrXDouble(_normalise(state, action.first), _normalise(state, action.second))
    return action


def _deal(state: DiceState, rng: random.Random):
    """The layout of the tiles, the first action of every game; nothing else comes unasked."""
    return chance.lay_tiles(state, rng) if state.awaiting == "layout" else None


def roll_request(what: str, seen: int | None = None) -> str:
    """A roll (``roll``) or a roll-again (``reroll``) as the service passes it on, with ``seen``: the number
    of throws the asker saw (a button's), so that the click acts on that roll only (:func:`_request`)."""
    return what if seen is None else f"{what}@{seen}"


def _request(state: DiceState, pawn: str, what: str, rng: random.Random):
    """A detective's roll (``roll``) or roll-again (``reroll``), dealt from ``rng``; ``what`` may carry
    the number of throws the asker saw (``reroll@7``: from :func:`roll_request`), and then a roll thrown
    since makes the request stale (refused, nothing dealt)."""
    what, at, seen_text = what.partition("@")
    if what not in ("roll", "reroll") or (at and not (seen_text.isascii() and seen_text.isdigit())):
        return None
    seen = int(seen_text) if at else None
    if pawn not in state.to_move() or pawn == MRX:
        if state.awaiting == "start":
            raise InvalidAction("The dice come out once everyone has picked a start.")
        if state.awaiting == "mrx":
            raise InvalidAction("It is Mr. X's turn; the detectives roll again next round.")
        raise InvalidAction("It is not your turn to roll.")
    chance.require_rolls(state, seen)
    if what == "roll":
        if state.awaiting == "move":
            raise InvalidAction("You have rolled already: take a die, roll again with a token, or stay.")
        return chance.roll(state, rng)
    if state.awaiting == "roll":
        raise RollFirst("Roll the dice first; a roll-again token re-rolls dice you have rolled.")
    if state.tokens <= 0:
        raise InvalidAction("The detectives have no roll-again tokens left.")
    return chance.reroll(state, rng, pawn)


#: the baselines, then the search's levels
STRATEGIES = (*PLAYERS, *DICE_LEVELS)


def _computer(strategy: str, seed: int, time_budget: float | None = None):
    """``random`` and ``greedy`` (:mod:`bot.games.dice.engine.players`), or a level of the search (:mod:`bot.games.dice.ai.search_game`)."""
    if strategy in PLAYERS:
        return PLAYERS[strategy](random.Random(seed))
    from bot.games.dice.ai.search_game import DiceComputerPlayer  # the search loads only when a computer plays
    return DiceComputerPlayer(strategy, seed=seed, time_budget=time_budget)


def _computer_step(player, view, pawn: str):
    """A computer's choice from its side's view; a roll or a roll-again it asks the host for."""
    if isinstance(view, DiceMrXView):
        if view.public.awaiting == "start":
            return player.pick_start(view, pawn)
        return player.choose(view, pawn)
    if view.awaiting == "start":
        return player.pick_start(view, pawn)
    if view.awaiting == "roll":
        return ChanceRequest(pawn, "roll")
    if player.wants_reroll(view, pawn):
        return ChanceRequest(pawn, "reroll")
    return player.choose(view, pawn)


def _simulate(rules: str, players: int, seed: int, options: dict[str, bool], mrx: str, detectives: str,
              hidden: int | None = None, draws=None):
    for name in (mrx, detectives):
        if name not in STRATEGIES:
            raise InvalidAction("The dice game has no computer player {name} (known: {names}).", name=name,
                                names=", ".join(STRATEGIES))
    # A simulation searches its level's iterations whatever the time they take: a seed plays one game on any machine.
    return simulate(players, seed, bool(options.get("expert")),
                    mrx if mrx in PLAYERS else _computer(mrx, seed * 2 + 1, math.inf),
                    detectives if detectives in PLAYERS else _computer(detectives, seed * 2, math.inf), draws=draws)


def _web():
    """The web page's data (imported when a page is served: it draws on the pictures' look)."""
    from bot.games.dice import web

    return web


FAMILY = DICE = Family(
    name="dice",
    title="Scotland Yard: Hunting Mister X (the dice game)",
    rules=_rules,
    new_game=_new_game,
    from_snapshot=DiceState.from_snapshot,
    action_to_json=codec.action_to_json,
    action_from_json=codec.action_from_json,
    event_to_json=codec.event_to_json,
    event_from_json=codec.event_from_json,
    public_view=lambda state: state.public_view(),
    secret_route=lambda state: (state.start.get(MRX), *(entry.station for entry in state.logbook)),
    secret_view=lambda state: state.mrx_view(),
    export_record=export_record,
    replay=replay,
    acting_pawn=_acting_pawn,
    timeout_pass=lambda pawn: Skip(pawn, "timeout"),
    resign=Resign,
    is_resign=lambda action: isinstance(action, Resign),
    normalise=_normalise,
    error=GameError,
    strategies=STRATEGIES,
    computer=_computer,
    move=_move,
    double=_double,
    deal=_deal,
    request=_request,
    require_chance_seen=chance.require_dice_seen,
    chance_label=chance.chance_label,
    redraw=redraw,
    computer_may_act=lambda state, pawn: pawn in state.to_move(),
    computer_step=_computer_step,
    simulate=_simulate,
    ends_round=lambda event: event.round if isinstance(event, RoundEnded) else None,
    ends_game=lambda event: isinstance(event, GameEnded),
    presenter="bot.games.dice.presenter.messages",
    renderer="bot.games.dice.pictures.renderer",
    web_board=lambda view, language: _web().board_data(view, language),
    web_view=lambda view, language: _web().view_data(view, language),
    web_secret=lambda view, language: _web().secret_data(view, language),
)
