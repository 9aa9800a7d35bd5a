"""A roll asked for with the number of throws the asker saw (a button's): dealt once, refused once thrown since."""

from __future__ import annotations

import random

import pytest

from bot.games.dice.engine import InvalidAction, Reroll, Roll
from bot.games.dice.family import DICE, roll_request

from tests.games.dice.engine.helpers import roll, started


def test_the_number_of_throws_counts_rolls_and_rerolls_and_survives_a_copy_and_a_snapshot() -> None:
    state = started()
    assert state.rolls == 0 and state.public_view().rolls == 0
    roll(state, "taxi", "taxi", "bus", "x")
    state.apply(DICE.request(state, state.to_move()[0], "reroll", random.Random(1)))
    assert state.rolls == 2 and state.public_view().rolls == 2
    copied = state.copy()
    copied.apply(DICE.request(copied, copied.to_move()[0], "reroll", random.Random(2)))
    assert (state.rolls, copied.rolls) == (2, 3)
    assert type(state).from_snapshot(copied.snapshot()).rolls == 3


def test_a_reroll_naming_the_roll_on_the_table_is_dealt_and_one_naming_an_earlier_roll_is_refused() -> None:
    state = started()
    pawn = state.to_move()[0]
    action = DICE.request(state, pawn, roll_request("roll", state.rolls), random.Random(1))
    assert isinstance(action, Roll)
    state.apply(action)
    seen = state.rolls
    again = DICE.request(state, pawn, roll_request("reroll", seen), random.Random(2))
    assert isinstance(again, Reroll)
    state.apply(again)
    tokens, snapshot = state.tokens, state.snapshot()
    for stale in (roll_request("reroll", seen), roll_request("reroll", seen - 1), roll_request("roll", seen)):
        with pytest.raises(InvalidAction, match="earlier roll"):
            DICE.request(state, pawn, stale, random.Random(3))
    assert state.tokens == tokens and state.snapshot() == snapshot
    assert isinstance(DICE.request(state, pawn, roll_request("reroll", state.rolls), random.Random(4)), Reroll)


@pytest.mark.parametrize("what", ["reroll@", "reroll@x", "reroll@-1", "shuffle@3", "roll@1@2"])
def test_a_malformed_request_is_no_request_of_this_game(what: str) -> None:
    state = started()
    roll(state, "taxi", "taxi", "bus", "x")
    assert DICE.request(state, state.to_move()[0], what, random.Random(1)) is None
