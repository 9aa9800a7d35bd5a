"""Every refusal the London-style engine gives, said in German, names tickets and rides in German: lists,
names and joining words come from the reader's language, never from the engine's English. And in English,
a ticket is never a "walking ticket ticket"."""

from __future__ import annotations

import functools
import random
import re

import pytest

from bot.games.errors import GameError
from bot.games.london.engine import MRX, DoubleMove, GameState, Move, Surface, Trade
from bot.games.london.engine.board import load_board
from bot.games.london.engine.players import RandomPlayer, view_for
from bot.i18n import speaker

GAMES = [("classic", 4, {}), ("mb1985", 3, {"voluntary_surfacing": True}),
         ("sanssouci", 4, {"trade_tickets": True, "any_order": True}), ("sanssouci", 3, {"stay_put": True})]


def english_words(board_name: str) -> set[str]:
    """What the board calls its tickets and rides in English, where German says it otherwise."""
    board = load_board(board_name)
    found = {"ticket", "tickets", "black", "or"}
    for kind in board.transports.values():
        for names in (kind.names, kind.ticket_names):
            if names.get("en") and names.get("en") != names.get("de"):
                found.add(names["en"])
    return found


@functools.cache
def english_word_patterns(board_name: str) -> list[tuple[str, re.Pattern]]:
    """Each of :func:`english_words` with the pattern that finds it as a word of its own: made once a board, not for
    each of some 17,000 refusals."""
    return [(word, re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")) for word in english_words(board_name)]


def attempts(state: GameState, rng: random.Random):
    """Actions worth refusing now: every ticket, on good, bad and missing stations; trades and
    surfacing with every ticket; double moves with a bad second part."""
    board = state.board
    tickets = [*board.ride_tickets, "black", "double"]
    stations = sorted(board.stations)
    for pawn in state.to_move():
        here = state.positions[pawn]
        legal = state.legal_moves(pawn)
        targets = {m.to for m in legal} | {here, 999, rng.choice(stations), rng.choice(stations)}
        for ticket in tickets:
            for to in targets:
                yield Move(pawn, to, ticket)
        if pawn == MRX:
            for first in legal[:3]:
                for ticket in tickets:
                    yield DoubleMove(first, Move(MRX, rng.choice(stations), ticket))
            for ticket in tickets:
                yield Surface(tuple((d.id, ticket) for d in state.detectives()))
        else:
            for other in state.detectives():
                for ticket in tickets:
                    yield Trade(pawn, other.id, ticket)


def refusals(rules: str, players: int, options: dict, seed: int) -> list[tuple[GameError, str]]:
    rng = random.Random(seed)
    state = GameState.new(rules, players=players, seed=seed, options=options)
    found = []
    player = RandomPlayer(rng, 0.3)
    for _ in range(400):
        if state.is_over:
            break
        for action in attempts(state, rng):
            trial = state.copy()
            try:
                trial.apply(action)
            except GameError as exc:
                found.append((exc, state.board.name))
        pawn = next((p for p in state.to_move() if state.legal_moves(p)), None)
        if pawn is None:
            break
        state.apply(player.choose(view_for(state, pawn), pawn))
    return found


def without_quotes(text: str) -> str:
    """The refusal without what the player typed (quoted) and commands (code)."""
    return re.sub(r"'[^']*'|`[^`]*`", "", text)


@pytest.fixture(scope="module")
def every_refusal() -> list[tuple[GameError, str]]:
    return [r for i, (rules, players, options) in enumerate(GAMES) for r in refusals(rules, players, options, i + 3)]


def test_every_refusal_in_german_names_tickets_in_german(every_refusal) -> None:
    seen = set()
    for exc, board in every_refusal:
        said = without_quotes(exc.said_in(speaker("de", board)))
        for word, pattern in english_word_patterns(board):
            assert not pattern.search(said), (word, exc.template, said)
        seen.add(exc.template)
    # The refusals that list or name tickets were among them: the test cannot pass by finding none.
    for template in ("{pawn} can only ride with these tickets: {rides}.", "{pawn} has no {ticket} left.",
                     "Only these tickets can be handed over: {names}.", "Only these tickets can be taken: {names}.",
                     "{pawn}: Station {station} is not one {transport} ride from {here}.",
                     "{part}Station {here} is not a {transport} stop."):
        assert template in seen, template


def test_a_ticket_is_named_once_in_english(every_refusal) -> None:
    for exc, board in every_refusal:
        said = exc.said_in(speaker("en", board))
        assert said == exc.message
        assert "ticket ticket" not in said and "ticket tickets" not in said, said


def test_potsdam_lists_its_tickets_in_each_language() -> None:
    state = GameState.new("sanssouci", players=3, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    pawn = state.to_move()[0]
    with pytest.raises(GameError) as refused:
        state.apply(Move(pawn, state.legal_moves(pawn)[0].to, "black"))
    assert refused.value.said_in(speaker("en", "potsdam")) == (
        f"{refused.value.params['pawn']} can only ride with these tickets: walking ticket, ViP ticket or Schnellbahn "
        "ticket.")
    assert refused.value.said_in(speaker("de", "potsdam")).endswith(
        "kann nur mit diesen Fahrscheinen fahren: Fußweg-Fahrschein, ViP-Fahrschein oder Schnellbahn-Fahrschein.")


def test_no_german_translation_leaves_an_english_ticket_word() -> None:
    from babel.messages.pofile import read_po

    from bot.i18n import po_path

    with po_path("de").open("rb") as source:
        catalog = read_po(source, locale="de", domain="bot")
    words = english_words("london") | english_words("potsdam")
    words -= {"or", "black"}  # "Black-Ticket" is what the German rulebook calls it
    for message in catalog:
        if not message.id or message.context:  # command and option names are identifiers, not sentences
            continue
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            plain = re.sub(r"\{[^}]*\}|`[^`]*`|'[^']*'", "", text)
            for word in words:
                assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", plain), (word, message.id, text)
