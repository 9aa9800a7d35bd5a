"""Chance, drawn by the host: the layout of the tiles and every roll of the dice.

The engine never rolls by itself. When the game waits for chance (:attr:`DiceState.awaiting` is
"layout" or "roll", or a detective asks to roll again), the host draws the action here from a
``random.Random`` it built from the game's secret-mixed seed, and applies it like any other action;
the action log then replays exactly without any random generator.
"""

from __future__ import annotations

import random

from .actions import LayTiles, Reroll, Roll
from .board import Placement
from .errors import InvalidAction, StaleRoll


def lay_tiles(state, rng: random.Random) -> LayTiles:
    """A random layout by the rules: every tile the same way up; 3x3 with three detectives, else
    3x2 with exactly the rules' number of underground tiles; in the expert game that many tiles,
    chosen at random, expert side up."""
    rules, d = state.rules, state.detective_players
    columns, rows = rules.grid[d]
    count = columns * rows
    letters = list(state.tileset.tiles)
    need = rules.underground_tiles[d]
    if need is None:
        chosen = rng.sample(letters, count)
    else:
        underground = [x for x in letters if state.tileset.tiles[x].has_underground]
        others = [x for x in letters if not state.tileset.tiles[x].has_underground]
        chosen = rng.sample(underground, need) + rng.sample(others, count - need)
        rng.shuffle(chosen)
    experts = set(rng.sample(range(count), rules.expert_tiles[d])) if state.expert else set()
    return LayTiles(tuple(
        Placement(letter, i % columns, i // columns, "expert" if i in experts else "standard")
        for i, letter in enumerate(chosen)
    ))


def require_rolls(state, seen: int | None) -> None:
    """A roll asked for by someone who saw the dice after ``seen`` throws (a button carries the number):
    refused when the dice were thrown since, so that a click acts once and only on the roll it was shown
    with. None: the caller asks for the game as it is (a computer, ``/sy``)."""
    if seen is not None and seen != state.rolls:
        raise StaleRoll("This button is from an earlier roll: the dice have been thrown since. "
                        "Use the buttons under the latest post.")


def require_dice_seen(state, seen: int | None) -> None:
    """A ride or a stay chosen from the dice shown after ``seen`` throws (the ride menu and the Stay
    button carry the number): refused when the dice were thrown since, so that nobody rides with dice
    they never saw. None: the caller names the die for the game as it is (``/sy move``, a computer)."""
    if seen is not None and seen != state.rolls:
        raise StaleRoll("These dice have been thrown again since that choice was offered: pick from the "
                        "dice under the latest post.")


def roll(state, rng: random.Random) -> Roll:
    """The roll of the detective whose turn it is: the dice not yet used this round."""
    if state.awaiting != "roll":
        raise InvalidAction("Nobody is about to roll.")
    faces = state.rules.dice_faces
    return Roll(state.to_move()[0], tuple(rng.choice(faces) for _ in range(state.dice_to_roll)))


def reroll(state, rng: random.Random, pawn: str | None = None) -> Reroll:
    """Rolling the same dice again, with a roll-again token."""
    if not state.can_reroll():
        raise InvalidAction("There is no roll to roll again, or no roll-again token left.")
    faces = state.rules.dice_faces
    return Reroll(pawn or state.to_move()[0], tuple(rng.choice(faces) for _ in state.rolled))


def chance_label(state) -> str:
    """The name the next chance draw of ``state`` is drawn under (a ``sy-commit/2`` game draws its chance from its
    key by name): the layout ("tiles"), else the game's next throw of the dice, rolls and re-rolls counted together
    from 1 ("throw 7")."""
    return "tiles" if state.awaiting == "layout" else f"throw {state.rolls + 1}"


def chance_outcomes(state) -> tuple[int, dict[str, float]]:
    """For the roll the game waits for: how many dice, and each face's probability on one die."""
    return state.chance_outcomes()
