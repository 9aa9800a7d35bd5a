"""Sanssouci's Potsdam calls the hunters agents (Agenten): every message a game on that board posts
says so, declined right in German, while quoted values a player types stay as they are."""

import re

import pytest
from babel.messages.pofile import read_po

from bot.games.london.engine import load_board
from bot.i18n import po_path, speaker
from bot.i18n.hunters import as_agents


@pytest.mark.parametrize("text,wanted", [
    ("The detectives win.", "The agents win."),
    ("Which detective?", "Which agent?"),
    ("a detective and a taxi", "an agent and a taxi"),
    ("A detective moved.", "An agent moved."),
    ("Detectives to move: Red.", "Agents to move: Red."),
    ("Join as 'mrx', as 'detective', or leave the role open.", "Join as 'mrx', as 'detective', or leave the role open."),
    ("Computer detective: easy", "Computer agent: easy"),
])
def test_english_agents(text, wanted):
    assert as_agents(text, "en") == wanted


@pytest.mark.parametrize("text,wanted", [
    ("Die Detektive gewinnen.", "Die Agenten gewinnen."),
    ("Welcher Detektiv?", "Welcher Agent?"),
    ("Mister X schlüpft einem Detektiv durch.", "Mister X schlüpft einem Agenten durch."),
    ("die Tickets des Detektivs", "die Tickets des Agenten"),
    ("mit den Detektiven", "mit den Agenten"),
    ("Sie fangen einen blauen Detektiv.", "Sie fangen einen blauen Agenten."),
    ("Computer-Detektiv: leicht", "Computer-Agent: leicht"),
    ("Tritt als 'mrx' oder 'detective' bei.", "Tritt als 'mrx' oder 'detective' bei."),
])
def test_german_agenten(text, wanted):
    assert as_agents(text, "de") == wanted


def test_the_potsdam_board_says_agents_and_london_detectives():
    assert load_board("potsdam").hunters == "agents" and load_board("london").hunters == "detectives"
    assert speaker("de", "potsdam")._("detective") == "Agent"
    assert speaker("de", "london")._("detective") == "Detektiv"
    assert speaker("en", load_board("potsdam")).ngettext("{n} detective", "{n} detectives", 2) == "{n} agents"


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_catalogued_message_calls_potsdams_hunters_detectives(language):
    with open(po_path("de"), "rb") as f:
        catalogue = read_po(f)
    tr = speaker(language, "potsdam")
    unquoted = re.compile(r"(?<![`'\w])(detective|detektiv)", re.IGNORECASE)
    said = 0
    for message in catalogue:
        if not message.id or message.context in ("command name", "option name", "choice name"):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for mid in ids:
            text = tr.pgettext(message.context, mid) if message.context else tr._(mid)
            assert not unquoted.search(text.replace("'detective'", "").replace("`detective`", "")), text
            said += "gent" in text
    assert said > 20


def test_private_replies_about_a_potsdam_game_say_agents_for_the_rest_of_that_answer_only():
    import contextvars

    from bot.i18n import reader, reading, reading_about

    def answering():
        with reading("de"):
            before = reader()._("detective")
            reading_about("potsdam")
            return before, reader()._("detective")

    assert contextvars.copy_context().run(answering) == ("Detektiv", "Agent")
    assert reader()._("detective") == "detective"  # another answer (task) is not about that game

