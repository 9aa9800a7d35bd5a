"""Game families: the one object per family that the service, the store and the bot use.

A *family* is a kind of game with its own rules engine: the London-style games (classic, mb1985,
master, sanssouci: one engine in :mod:`bot.games.london.engine`, boards as data) and, beside it, any game that
truly plays differently (the dice game). Each family exports one :class:`Family` and registers it
here, in the manner of OpenSpiel's ``register_game`` or python-chess's ``VARIANTS``. This is the
one place that names the families (:data:`BUILTIN`, each loaded on first use); the layers above ask
the registry, never an engine by name:

    >>> from bot.games import family_for_rules
    >>> family = family_for_rules("classic")
    >>> state = family.new_game("classic", players=5, seed=7, options={})
    >>> family.public_view(state).to_move
    ('mrx',)

The service stores a game's family (``games.family``), deals and replays through it, and writes
its actions and events with the family's codec. Chance (a deal, a dice roll) is either dealt from
the seed the service hands in (mixed with the installation secret) or stored as an action, so every
family replays exactly from its action list.
"""

from __future__ import annotations

import importlib

from bot.games.errors import quoted
from bot.games.family import (  # noqa: F401  (the registry's callers build and read families with these)
    COMPUTER_KINDS, KIND_SPAN, MRX, ChanceRequest, Family, RulesEntry, as_kind, computer_kind, computer_user_id,
)

#: every family the bot plays, by name: the module that defines its ``FAMILY``, in the order the lobby lists them.
#: A third game is its folder under ``bot/games/`` and one line here. A family is imported when first asked for:
#: by name (a computer player's worker process, a stored game) only its own modules, since each costs CPU to import.
BUILTIN = {
    "london": "bot.games.london.family",
    "dice": "bot.games.dice.family",
}

_FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    if family.name in _FAMILIES and _FAMILIES[family.name] is not family:
        raise ValueError(f"a game family called {family.name!r} is already registered")
    _FAMILIES[family.name] = family
    return family


def families() -> tuple[Family, ...]:
    """Every family: the built-in ones in :data:`BUILTIN`'s order, then any other registered."""
    for name in BUILTIN:
        _load(name)
    return (*(_FAMILIES[name] for name in BUILTIN), *(f for name, f in _FAMILIES.items() if name not in BUILTIN))


def get_family(name: str) -> Family:
    _load(name)
    try:
        return _FAMILIES[name]
    except KeyError:
        raise LookupError(f"there is no game family called {name!r}") from None


def family_for_rules(rules: str) -> Family:
    """The family that plays ``rules``; LookupError names the rule systems there are."""
    for family in families():
        if family.rules_entry(rules) is not None:
            return family
    known = ", ".join(r.name for f in families() for r in f.rules())
    raise LookupError(f"There are no rules called {quoted(rules)} (known: {known}).")


def all_rules(available_only: bool = False) -> tuple[RulesEntry, ...]:
    """Every rule system of every family, as the lobby offers them."""
    return tuple(r for f in families() for r in f.rules() if r.available or not available_only)


def _load(name: str) -> None:
    """Register the built-in family ``name`` unless it is registered (or no built-in family has that name)."""
    if name not in _FAMILIES and name in BUILTIN:
        family = register(importlib.import_module(BUILTIN[name]).FAMILY)
        assert family.name == name, f"{BUILTIN[name]} defines the family {family.name!r}, not {name!r}"
