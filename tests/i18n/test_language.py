"""Which language a reply speaks."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import ENGLISH, GERMAN, game_language, language_of_locale, personal_language, speaker


@pytest.mark.parametrize("locale, expected", [
    (discord.Locale.german, GERMAN), ("de", GERMAN), ("de-AT", GERMAN), ("de-CH", GERMAN),
    (discord.Locale.american_english, ENGLISH), (discord.Locale.french, ENGLISH), ("dk", ENGLISH), (None, ENGLISH),
])
def test_german_for_any_de_locale_english_otherwise(locale, expected) -> None:
    assert language_of_locale(locale) == expected


def test_a_persons_choice_wins_over_their_discord_language() -> None:
    assert personal_language("en", discord.Locale.german) == ENGLISH
    assert personal_language("de", discord.Locale.british_english) == GERMAN
    assert personal_language(None, discord.Locale.german) == GERMAN  # automatic
    assert personal_language("auto", discord.Locale.french) == ENGLISH
    assert personal_language("xx", discord.Locale.german) == GERMAN  # nonsense stored: fall back


def test_a_games_language_then_the_server_default_then_the_servers_locale() -> None:
    assert game_language("en", "de", discord.Locale.german) == ENGLISH
    assert game_language(None, "de", discord.Locale.american_english) == GERMAN
    assert game_language(None, None, discord.Locale.german) == GERMAN
    assert game_language(None, None, discord.Locale.japanese) == ENGLISH


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        speaker("fr")


def test_a_wait_inside_a_refusal_is_said_in_the_readers_language():
    from bot.i18n.names import Span
    from bot.service import DeadlineNotPassed

    refusal = DeadlineNotPassed("The deadline for this turn passes in {left}; skip after that.", left=Span(3 * 86400))
    assert refusal.message == "The deadline for this turn passes in 3 days; skip after that."
    german = refusal.said_in(speaker("de"))
    assert "3 Tagen" in german or "3 Tage" in german, german


def test_the_dice_games_refusals_read_as_german_sentences():
    from bot.games.dice.engine import DiceMove, NoSuchDie, Roll
    from bot.i18n import speaker
    from tests.games.dice.engine.helpers import started

    state = started()
    red = state.to_move()[0]
    state.apply(Roll(red, ("taxi", "x", "bus", "taxi")))
    with pytest.raises(NoSuchDie) as refused:
        state.apply(DiceMove(red, 2, "underground"))
    assert refused.value.message == "No underground die was rolled; the dice show taxi, x, bus and taxi."
    german = refused.value.said_in(speaker("de"))
    assert german == "Es wurde kein U-Bahn-Würfel geworfen; die Würfel zeigen Taxi, x, Bus und Taxi.", german
