"""Every word a picture's name tags and badges show comes from the reader's language: a German game's
route says "Start", "Rot", "Mister X" from the German catalogue, never a hard-coded English word."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import round_states
from bot.games.london.pictures.board import draw_mrx_board, draw_route
from bot.games.london.pictures.zoom import draw_mrx_zoom, draw_zoom
from bot.i18n import Speaker, speaker

NUMBERS = re.compile(r"[\d, ]+")


@dataclass(frozen=True)
class Marked(Speaker):
    """A speaker that marks every text it gives out «like this»: a tag without the marks was not translated."""

    def _said(self, text: str) -> str:
        return "«" + super()._said(text) + "»"


def untranslated(texts) -> list[str]:
    return [t for t in texts if not NUMBERS.fullmatch(t) and "«" not in t]


@pytest.mark.parametrize("rules", ["classic", "sanssouci"])
def test_every_tag_of_a_german_game_s_pictures_comes_from_the_catalogue(rules):
    game = play_game(rules, players=5, seed=3)
    states = round_states(export_record(game))
    tr = Marked("de", speaker("de", game.board).hunters)
    route = draw_route(game.public_view(), tr=tr).tags
    assert untranslated(route.texts) == [] and len(route.texts) > 5
    assert any(t.startswith("«Start»") for t in route.texts)  # the route's first station
    for state in states[2:8]:
        view = state.mrx_view()
        for tags in (draw_mrx_board(view, tr=tr).tags, draw_mrx_zoom(view, tr=tr).windows[0].tags,
                     draw_zoom(state.public_view(), tr=tr).windows[0].tags):
            assert untranslated(tags.texts) == [], tags.texts


def test_the_route_badge_reads_german_in_a_german_game_and_english_in_an_english_one():
    game = play_game("classic", players=5, seed=3)
    de = draw_route(game.public_view(), tr=speaker("de")).tags.texts
    en = draw_route(game.public_view(), tr=speaker("en")).tags.texts
    german_start = speaker("de").pgettext("route badge", "Start")
    assert any(t.startswith(german_start) for t in de) and any(t.startswith("Start") for t in en)
    assert any(t.startswith("Mister X") for t in de) and not any("Mr. X" in t for t in de)
    assert any(t.startswith("Mr. X") for t in en)
    assert {"Rot", "Blau", "Grün"} & set(de) and not {"Red", "Blue", "Green"} & set(de)
    # the badge has its own context: the lobby's Start button says something else in German
    assert speaker("de").pgettext("button", "Start") != german_start
