"""Every select the bot registers refuses values its menu never offered (bot.chat.replies.OfferedOnly), so a
select added later cannot forget it (tests/e2e/test_forged_choices.py sends the forged values)."""

from __future__ import annotations

import typing

import discord

from bot.chat import lobby, moves
from bot.chat.presenters import presenter
from bot.chat.replies import OfferedOnly
from bot.games import families


def registered_items() -> list[type]:
    items = [*lobby.DYNAMIC_ITEMS, *moves.DYNAMIC_ITEMS]
    for family in families():
        items += presenter(family).DYNAMIC_ITEMS
    return items


def is_select(cls: type) -> bool:
    return any(typing.get_args(base) == (discord.ui.Select,) for base in getattr(cls, "__orig_bases__", ()))


def test_every_registered_select_refuses_values_it_never_offered() -> None:
    selects = [cls for cls in registered_items() if is_select(cls)]
    assert len(selects) >= 10  # the lobby's two, London's four, the dice game's four: the walk found them
    assert [cls.__name__ for cls in selects if not issubclass(cls, OfferedOnly)] == []
    # the check runs before the callback reads the value: it sits before DynamicItem's own
    assert all(cls.__mro__.index(OfferedOnly) < cls.__mro__.index(discord.ui.DynamicItem) for cls in selects)
