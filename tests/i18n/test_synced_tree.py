"""The command tree the bot syncs carries German for every command, option and choice; /sy language is kept."""

from __future__ import annotations

import pytest

from bot.i18n import translations
from tests.e2e.helpers import Game


def _every_option(command: dict):
    for option in command.get("options") or []:
        yield option
        yield from _every_option(option)


@pytest.mark.asyncio
async def test_every_command_option_and_choice_is_synced_with_german(game: Game) -> None:
    synced = {c["name"]: c for c in game.fake.commands()}
    assert sorted(synced) == ["sy", "sy-host", "sy-me"]
    assert {name: c["name_localizations"]["de"] for name, c in synced.items()} == {
        "sy": "sy", "sy-host": "sy-leitung", "sy-me": "sy-ich"}
    sy = synced["sy"]
    assert sy["description_localizations"]["de"] == "Scotland Yard: Jagd auf Mister X durch London"
    assert len(sy["options"]) >= 19
    for top in synced.values():
        assert top["description_localizations"]["de"], top["name"]
        commands = top["options"]
        seen_names = set()
        for command in commands:
            assert command["name_localizations"]["de"], command["name"]
            assert command["description_localizations"]["de"], command["name"]
            seen_names.add(command["name_localizations"]["de"])
            for option in _every_option(command):
                assert option["name_localizations"]["de"], (command["name"], option["name"])
                assert option["description_localizations"]["de"], (command["name"], option["name"])
                for choice in option.get("choices") or []:
                    assert choice["name_localizations"]["de"], choice["name"]
        assert len(seen_names) == len(commands)  # no two German commands collide
    commands = sy["options"]
    move = next(c for c in commands if c["name"] == "move")
    assert move["name_localizations"]["de"] == "ziehen"
    assert [o["name_localizations"]["de"] for o in move["options"]] == [
        "nach", "fahrschein", "figur", "dann_nach", "dann_fahrschein", "spiel", "würfel"]
    ticket = next(o for o in move["options"] if o["name"] == "ticket")
    assert ticket.get("autocomplete") is True  # the tickets that reach the station, in the board's words
    # other languages are left to Discord's English
    assert "fr" not in move["name_localizations"]


@pytest.mark.asyncio
async def test_sy_language_keeps_a_persons_choice_and_answers_in_it(game: Game) -> None:
    w, fake = game.world, game.fake
    handle = await fake.slash(w.alice, w.channel, "sy", "language", {"language": "de"}, locale="en-US")
    answer = await handle.wait_reply(timeout=5)
    assert answer.kind == "ephemeral" and answer.text == "🌐 Ich antworte dir auf Deutsch."
    assert await game.service.user_language(w.alice.id) == "de"
    handle = await fake.slash(w.alice, w.channel, "sy", "language", {"language": "auto"}, locale="de")
    answer = await handle.wait_reply(timeout=5)
    assert answer.text == "🌐 Ich antworte dir in deiner Discord-Sprache."
    assert await game.service.user_language(w.alice.id) is None
    handle = await fake.slash(w.bob, w.channel, "sy", "language", {"language": "en"}, locale="de")
    assert (await handle.wait_reply(timeout=5)).text == "🌐 I will answer you in English."
    assert await game.service.user_language(w.bob.id) == "en"
    assert translations("de").pgettext("command name", "language") == "sprache"


@pytest.mark.asyncio
async def test_a_nonsense_language_is_refused_and_changes_nothing(game: Game) -> None:
    w = game.world
    await game.service.set_user_language(w.carol.id, "de")
    with pytest.raises(ValueError):
        await game.service.set_user_language(w.carol.id, "fr")
    assert await game.service.user_language(w.carol.id) == "de"


@pytest.mark.parametrize("thing, bad", [
    ({"name_localizations": {"de": "zwei wörter"}}, "name"),
    ({"name_localizations": {"de": "Gross"}}, "name"),
    ({"name_localizations": {"de": "x" * 33}}, "name"),
    ({"description_localizations": {"de": "x" * 101}}, "description"),
])
def test_the_fake_refuses_localisations_past_discords_limits(thing: dict, bad: str) -> None:
    from tests.fakediscord import FakeDiscord
    from tests.fakediscord.server import FakeHTTPError

    fake = FakeDiscord()
    command = {"name": "sy", "description": "d", "type": 1, "options": [
        {"type": 1, "name": "move", "description": "d", **thing}]}
    fake._validate_command({"name": "sy", "description": "d", "type": 1})  # the plain one passes
    with pytest.raises(FakeHTTPError, match=bad):
        fake._validate_command(command)
    with pytest.raises(FakeHTTPError, match=bad):
        fake._validate_command({"name": "sy", "description": "d", "type": 1, **thing})
