"""Every family's presenter offers what the chat layer asks of it (a missing hook would fail in Discord,
at the first post or click that needs it)."""

from __future__ import annotations

import discord
import pytest

from bot.chat.presenters import HOOKS, presenter
from bot.games import families


@pytest.mark.parametrize("family", families(), ids=lambda f: f.name)
def test_every_presenter_offers_every_hook(family) -> None:
    words = presenter(family)
    missing = [name for name in HOOKS if not hasattr(words, name)]
    assert missing == []
    assert all(issubclass(item, discord.ui.DynamicItem) for item in words.DYNAMIC_ITEMS)

