"""Mr. X's DM menu: custom ids short enough for Discord, read back into the same game, round and move."""

from __future__ import annotations

import re

import pytest

from bot.games.london.presenter import mrx_menu as views
from bot.games.london.engine import GameState


def ids(view) -> list[str]:
    return [item.custom_id for item in view.children]


def test_custom_ids_round_trip_and_fit() -> None:
    longest = views.MrXGo(2**40, 24, (199, "underground"), (198, "underground"))
    assert len(longest.custom_id) <= 100 and longest.custom_id.startswith("sy:")
    for cls, item in [(views.MrXGo, longest), (views.MrXDouble, views.MrXDouble(7, 3, (54, "black"))),
                      (views.MrXBack, views.MrXBack(7, 3))]:
        match = re.fullmatch(cls.__discord_ui_compiled_template__, item.custom_id)
        assert match is not None and match["game"] in ("7", str(2**40))


@pytest.mark.parametrize("seed", range(6))
def test_mr_x_menu_offers_at_most_25_destinations_with_their_tickets(seed: int) -> None:
    state = GameState.new("classic", players=4, seed=seed)
    mview = state.mrx_view()
    menu = views.mrx_menu(9, mview)
    (select,) = [c for c in menu.children if isinstance(c, views.MrXDestination)]
    options = select.item.options
    assert 0 < len(options) <= 25
    reach = mview.reachable()
    for option in options:
        tickets = reach[int(option.value)]
        assert option.label == f"{option.value} — " + ", ".join(tickets)


def test_ticket_step_offers_each_ticket_and_the_double_move() -> None:
    view = views.ticket_view(9, 2, 54, ("taxi", "black"), can_double=True)
    assert ids(view) == ["sy:xgo:9:2:54:taxi", "sy:xgo:9:2:54:black", "sy:xdbl:9:2:54:taxi",
                         "sy:xdbl:9:2:54:black", "sy:xback:9:2"]
    second = views.ticket_view(9, 2, 67, ("bus",), can_double=False, first=(54, "taxi"))
    assert ids(second) == ["sy:xgo:9:2:54:taxi:67:bus", "sy:xback:9:2"]
