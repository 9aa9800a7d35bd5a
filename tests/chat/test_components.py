"""The lobby's and the table's buttons: custom ids read back into the same game, and the lobby's
post offers the four buttons and the computer select."""

from __future__ import annotations

import re

from bot.chat.lobby import ComputerSelect, LobbyButton, lobby_view
from bot.chat.moves import ResignButton, SkipButton


def ids(view) -> list[str]:
    return [item.custom_id for item in view.children]


def test_custom_ids_round_trip_and_fit() -> None:
    for cls, item in [(SkipButton, SkipButton(7, 3, "b1")), (LobbyButton, LobbyButton(7, "join_x")),
                      (ResignButton, ResignButton(7))]:
        match = re.fullmatch(cls.__discord_ui_compiled_template__, item.custom_id)
        assert match is not None and match["game"] in ("7", str(2**40))


def test_lobby_view_has_the_four_buttons_and_the_computer_select() -> None:
    assert ids(lobby_view(5)) == ["sy:lobby:5:join_d", "sy:lobby:5:join_x", "sy:lobby:5:leave",
                                  "sy:lobby:5:start", "sy:bots:5"]
    (select,) = [c for c in lobby_view(5).children if isinstance(c, ComputerSelect)]
    values = [o.value for o in select.item.options]
    assert values[-1] == "remove" and {"mrx:hard", "detective:easy"} <= set(values)
