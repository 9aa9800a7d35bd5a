"""The German catalogue covers every marked string and every string of the slash-command tree, keeps the
placeholders, and stays inside Discord's limits."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import GERMAN, po_path, speaker, translations

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402

NAME = re.compile(r"^[-_\w]{1,32}$")


def german():
    with po_path(GERMAN).open("rb") as source:
        return read_po(source, locale=GERMAN, domain="bot")


def fields(text: str) -> set[str]:
    found = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return found | set(re.findall(r"%(?:\(\w+\))?[sdif]", text))


@pytest.fixture(scope="module")
def template():
    return tool.template()


def test_every_marked_string_and_every_command_string_has_a_german_translation(template) -> None:
    catalog = german()
    assert len([m for m in template if m.id]) > 60  # the tree alone has more: the extraction did find them
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found and isinstance(found.string, tuple) else (found.string if found else "",)
        if found is None or found.fuzzy or not all(strings):
            missing.append((message.context, message.id))
    assert missing == []


def test_placeholders_are_the_same_in_the_original_and_the_translation() -> None:
    wrong = []
    for message in german():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(i) for i in ids))
        for text in strings:
            if fields(text) != wanted:
                wrong.append((message.id, text))
    assert wrong == []


def test_german_strings_stay_inside_discords_limits() -> None:
    for message in german():
        if not message.id:
            continue
        text = message.string if isinstance(message.string, str) else max(message.string, key=len)
        if message.context == "command name" or message.context == "option name":
            assert NAME.match(text) and text == text.lower(), (message.id, text)
        elif message.context in ("command description", "option description", "choice name"):
            assert 1 <= len(text) <= 100, (message.id, text)
        else:
            assert len(text) <= 2000, message.id


def test_the_catalogue_compiles_with_german_plural_rules() -> None:
    de = translations(GERMAN)
    assert de.ngettext("a", "b", 1) == "a" and de.ngettext("a", "b", 2) == "b"  # unknown ids fall back
    assert "nplurals=2" in german().plural_forms
    t = speaker(GERMAN)
    assert t._("🌐 I will answer you in German.") == "🌐 Ich antworte dir auf Deutsch."
    assert t.pgettext("command name", "move") == "ziehen"
    assert speaker("en")._("🌐 I will answer you in German.") == "🌐 I will answer you in German."
    assert speaker("en").ngettext("{n} ticket", "{n} tickets", 2) == "{n} tickets"


def test_the_catalogue_detects_a_placeholder_mismatch() -> None:
    assert fields("Game #{game} in round {round}") != fields("Spiel #{game} in Runde {runde}")
    assert fields("{n} Fahrscheine") == fields("{n} tickets")


def test_the_rule_words_still_match_the_engine_and_read_german() -> None:
    from bot.games import all_rules, family_for_rules
    from bot.games.london.presenter.rules_summary import rules_text
    from bot.i18n.reference import OPTION_WORDS, RULE_WORDS, help_text

    for name, (title, summary) in RULE_WORDS.items():
        r = family_for_rules(name).rules_entry(name)
        assert (r.title, r.summary) == (title, summary), name  # else the German summary is stale
    for name, title, description in {o[0]: o for r in all_rules() for o in r.options}.values():
        assert OPTION_WORDS[name] == (title, description), name
    de, en = speaker(GERMAN), speaker("en")
    text = rules_text(de, "classic")
    assert "Mister X" in text and "Fahrscheine der Detektive: 🚕 10 Taxi, 🚌 8 Bus, 🚇 4 U-Bahn" in text
    assert "24 Einträge auf der Fahrtentafel" in text and "Mr." not in text
    assert "Bobbys" in rules_text(de, "master") and "höchstens 22 Runden" in rules_text(de, "master")
    english = rules_text(en, "mb1985", {"voluntary_surfacing": True})
    assert "logbook entries" in english and "Variants in play:\n  – **Voluntary surfacing**: On his turn" in english
    potsdam = rules_text(de, "sanssouci", {"triple_move": True})
    assert "🚶 10 Fußweg" in potsdam and "🚋" in potsdam and "Dreifachzug" in potsdam and "Mr." not in potsdam
    assert "Varianten" in rules_text(de, "sanssouci")
    assert "/sy ziehen" in help_text(de) and "/sy move" in help_text(en)
    assert len(help_text(de)) <= 2000
