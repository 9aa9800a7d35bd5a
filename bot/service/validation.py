"""Refusals of bad input before anything changes: unknown rules, seeds and hours out of range, a language the
bot does not speak, a computer player the family does not offer, someone who is not the host."""

from __future__ import annotations

from bot.games import Family, RulesEntry, family_for_rules, get_family
from bot.games.errors import InvalidAction, RulesUnavailable, quoted
from bot.i18n import LANGUAGES
from bot.store import GameRow

from .errors import BadSetting, NotHost

#: the roles a person may ask for in the lobby (None: either)
ROLES = (None, "mrx", "detective")


def rules_named(name: str) -> tuple[Family, RulesEntry]:
    """The family that plays ``name`` and its entry; an unknown or unplayable one is refused."""
    try:
        family = family_for_rules(name)
    except LookupError as exc:
        raise RulesUnavailable(str(exc)) from None
    entry = family.rules_entry(name)
    assert entry is not None
    entry.require_available(RulesUnavailable)
    return family, entry


#: what SQLite's INTEGER holds
SEED_RANGE = (-(2**63), 2**63 - 1)


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise BadSetting("A seed must be a whole number from {seed_range} to {seed_range2}.", seed_range=SEED_RANGE[0], seed_range2=SEED_RANGE[1])
    return seed


def require_strategy(game: GameRow, strategy: str) -> None:
    """Refuse a computer player the game's family does not offer."""
    offered = get_family(game.family).strategies
    if strategy not in offered:
        raise InvalidAction("There is no computer player {strategy} (known: {names}).",
                            strategy=quoted(strategy), names=", ".join(offered))


def require_host(game: GameRow, user_id: int) -> None:
    if game.host_id != user_id:
        raise NotHost()


#: reminders and deadlines, in hours: from 6 minutes to 30 days (None: off)
HOURS_RANGE = (0.1, 24 * 30)


def check_language(language: object) -> None:
    if language not in LANGUAGES:
        raise BadSetting("The language must be one of {names}.", names=', '.join(LANGUAGES))


def check_hours(reminder: float | None, deadline: float | None) -> None:
    low, high = HOURS_RANGE
    for name, hours in (("reminders", reminder), ("deadline", deadline)):
        if hours is None:
            continue
        # written so that NaN fails too
        if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not low <= hours <= high:
            if name == "reminders":
                raise BadSetting("Reminders must be from {low:g} hours (6 minutes) to {high:g} hours (30 days), "
                                 "or 0 for off.", low=low, high=high)
            raise BadSetting("The deadline must be from {low:g} hours (6 minutes) to {high:g} hours (30 days), "
                             "or 0 for off.", low=low, high=high)


#: the days a host may allow each player away in a game (0: nobody may be away)
AWAY_DAYS_RANGE = (0, 365)


def check_away_days(days: object) -> None:
    if isinstance(days, bool) or not isinstance(days, (int, float)) or not (
            AWAY_DAYS_RANGE[0] <= days <= AWAY_DAYS_RANGE[1]):
        raise BadSetting("The days away must be a number from {low} to {high} (0: nobody may be away).",
                         low=AWAY_DAYS_RANGE[0], high=AWAY_DAYS_RANGE[1])
