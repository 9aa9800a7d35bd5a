"""Words, in both languages, as the channel and each reader see them: the start post says how Mr. X gets
his choices only when it is true, the deadline post names every way on, the leaderboard is private unless
shown, ``/sy help`` names the rules in play, Potsdam walks, and German refusals name tickets in German."""

from __future__ import annotations

import re

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, pinged

CHOICES_SENT = {"en": "He moves first: I've sent him his choices.",
                "de": "Er zieht zuerst: Seine Möglichkeiten habe ich ihm geschickt."}


def german(game: Game, language: str) -> None:
    if language == "de":
        game.world.guild.preferred_locale = "de"


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_start_post_says_his_choices_were_sent_only_when_they_were(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    start = fake.channel_messages(w.channel)[-1]
    assert CHOICES_SENT[language] in start.text and game.prompt() is not None


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_closed_dms_are_told_in_the_start_post_not_as_sent_choices(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    w.bob.refuses_dms = True
    await game.open(seed=4, mrx=w.carol, detectives=(w.dave,))  # Bob joins only as detective...
    await game.reply(w.carol, "leave")
    await game.reply(w.bob, "join", {"role": "mrx"})  # ...then as Mr. X, with his DMs shut
    before = len(fake.channel_messages(w.channel))
    await game.slash(w.alice, "start")
    posts = fake.channel_messages(w.channel)[before:]
    start = next(m for m in posts if "🚦" in m.text)
    assert CHOICES_SENT[language] not in start.text
    closed = "can't send you direct messages" if language == "en" else "Direktnachrichten"
    assert closed in start.text and w.bob.id in pinged(fake, start)
    assert [m for m in posts if closed in m.text] == [start]  # said once, in the start post
    # He plays from the channel, privately.
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket})
    assert answer.kind == "ephemeral" and answer.text.startswith("✅")


@pytest.mark.asyncio
async def test_a_computer_mr_x_is_not_sent_anything(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.reply(w.alice, "new", {"seed": 4})
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    await game.slash(w.alice, "sy-host addbot", {"role": "mrx", "level": "easy"})
    await game.slash(w.carol, "join", {"role": "detective"})
    await game.slash(w.alice, "start")
    start = next(m for m in fake.channel_messages(w.channel) if m.content.startswith("🚦"))
    assert "He moves first." in start.text and "sent him" not in start.text


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_deadline_post_names_skip_replace_and_a_computer_stand_in(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    game.clock.advance(49)
    await game.bot.reminders.tick()
    overdue = fake.channel_messages(w.channel)[-1]
    words = (("/sy-host replace", "/sy-host addbot player:") if language == "en"
             else ("/sy-leitung ersetzen", "/sy-leitung computer-setzen spieler:"))
    assert overdue.text.startswith("⌛") and all(word in overdue.text for word in words), overdue.text
    assert any(c.startswith("sy:skip:") for c in overdue.custom_ids)


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_leaderboard_is_private_unless_shown_and_has_no_empty_mr_x_count(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    answer = await game.reply(w.bob, "resign")
    await game.click(w.bob, answer, f"sy:resign:{game.game_id}")
    locale = "de" if language == "de" else "en-US"
    private = await (await fake.slash(w.carol, w.channel, "sy", "leaderboard", {}, locale=locale)).wait_reply()
    assert private.kind == "ephemeral"
    mrx = "Mr. X" if language == "en" else "Mister X"
    lines = {int(u): line for line in private.text.splitlines() for u in re.findall(r"<@(\d+)>", line)}
    assert f"({mrx} 0/1)" in lines[w.bob.id]
    assert mrx not in lines[w.carol.id] and "0/0" not in private.text
    shown = await (await fake.slash(w.carol, w.channel, "sy", "leaderboard", {"show": True},
                                    locale=locale)).wait_reply()
    assert shown.kind == "channel" and not pinged(fake, shown)
    assert ("Bestenliste" in shown.text) == (language == "de")


@pytest.mark.asyncio
@pytest.mark.parametrize("rules,language,says,never", [
    ("sanssouci", "en", ("Mister X in Sanssouci", "🚶 walking ticket", "Agents:", "boat included"),
     ("taxi", "Detectives")),
    ("sanssouci", "de", ("Mister X in Sanssouci", "🚶 Fußweg-Fahrschein", "Agenten:"), ("Taxi", "Detektive")),
    ("dice", "en", ("Hunting Mister X", "Dice: 🟨 taxi", "🚁 helicopter"), ("ferry",)),
    ("classic", "de", ("Klassisch", "🚇 U-Bahn", "Fähre"), ("Fußweg",)),
])
async def test_help_names_the_rules_in_play(game: Game, rules: str, language: str, says, never) -> None:
    w, fake = game.world, game.fake
    await game.reply(w.alice, "new", {"rules": rules})
    locale = "de" if language == "de" else "en-US"
    helped = await (await fake.slash(w.carol, w.channel, "sy", "help", {}, locale=locale)).wait_reply()
    assert helped.kind == "ephemeral" and len(helped.text) <= 2000
    for word in says:
        assert word in helped.text, (word, helped.text)
    for word in never:
        assert word not in helped.text, (word, helped.text)


@pytest.mark.asyncio
async def test_potsdam_s_agents_walk_and_a_german_refusal_names_german_tickets(game: Game) -> None:
    w, fake = game.world, game.fake
    w.guild.preferred_locale = "de"
    await game.open(rules="sanssouci", seed=6, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: s.round >= 3)
    texts = [m.text for m in fake.channel_messages(w.channel)]
    assert any(" ging zu Fuß von " in t for t in texts)
    assert not any("Fußweg-Fahrschein von" in t for t in texts)
    state = await game.truth()
    await game.play(ways=("dm",), until=lambda s: s.to_move() != [MRX])
    state = await game.truth()
    pawn = state.to_move()[0]
    owner = await game.owner(pawn)
    refused = await (await fake.slash(owner, w.channel, "sy", "move",
                                      {"to": state.legal_moves(pawn)[0].to, "ticket": "black", "pawn": pawn},
                                      locale="de")).wait_reply()
    assert refused.kind == "ephemeral" and "kann nur mit diesen Fahrscheinen fahren" in refused.text
    assert "Fußweg-Fahrschein, ViP-Fahrschein oder Schnellbahn-Fahrschein" in refused.text, refused.text
    for english in ("walking", "ticket", " or "):
        assert english not in refused.text, refused.text


@pytest.mark.asyncio
async def test_german_says_spielleitung_and_auf_a_station(game: Game) -> None:
    w, fake = game.world, game.fake
    w.guild.preferred_locale = "de"
    lobby = await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    placeholders = [c.get("placeholder") or "" for c in lobby.walk_components()]
    assert "🤖 Computerspieler (Spielleitung)" in placeholders and not any("Gastgeber" in p for p in placeholders)
    await game.start()
    status = await (await fake.slash(w.carol, w.channel, "sy", "status", {}, locale="de")).wait_reply()
    assert re.search(r"auf \*\*\d+\*\*", status.text) and not re.search(r"\ban \*\*\d+\*\*", status.text)
