"""A German server: the game's public posts speak German, each person's private answers their own
language, and Mr. X's DMs his; nothing in either language gives his station away."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, labels_ever


@pytest.mark.asyncio
async def test_a_whole_classic_game_on_a_german_server_with_an_english_detective(game: Game) -> None:
    w, fake = game.world, game.fake
    w.guild.preferred_locale = "de"
    lobby = await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    assert "Ein neues Spiel beginnt" in lobby.text
    assert "Als Detektiv mitspielen" in [b.get("label") for b in lobby.buttons]
    await game.reply(w.bob, "sy-me language", {"language": "de"}, channel="dm")  # Mr. X reads German
    await game.start()
    public = fake.channel_messages(w.channel)
    assert "Das Spiel beginnt!" in public[-1].text and "Mister X zeigt sich nach seinen Zügen" in public[-1].text
    assert "Dein Zug, Mister X" in game.prompt().text
    assert any(c.get("placeholder") == "Wohin, Mister X?" for c in game.prompt().walk_components())
    # Carol's Discord is English: what only she reads is English, the channel stays German.
    status = await game.reply(w.carol, "status")
    assert status.kind == "ephemeral" and "Game #" in status.text and "Spiel #" not in status.text
    state = await game.play(mrx="greedy", detectives="greedy", ways=("menu", "dm"),
                            detective_ways=("command", "menu"))
    texts = [m.text for m in fake.channel_messages(w.channel)]
    assert any("Mister X, Zug 1:" in t for t in texts) and any(" fuhr mit " in t for t in texts)
    assert any("📋 **Runde 1 ist vorbei**" in t for t in texts)
    assert any("Ziehen" in label for m in fake.channel_messages(w.channel) for label in labels_ever(m))
    over = texts[-1]
    assert ("Die Detektive gewinnen!" in over) if state.outcome.winner == "detectives" else ("Mister X gewinnt!" in over)
    # No English sentence of the game's own reached the German channel after the start.
    for english in ("Mr. X's move", " rode ", " took ", "is over", "Next: ", "He may be", "The game is on"):
        assert not any(english in t for t in texts), english
    # Mr. X's receipts came in German too.
    assert any(m.content.startswith("✅ Erledigt") for m in fake.dm_messages(w.bob))
    assert MRX in {p.id for p in state.pawns}


@pytest.mark.asyncio
async def test_the_pictures_of_a_german_game_speak_german(game: Game) -> None:
    import re

    from bot.chat.picture_jobs import Pictures

    from tests.e2e.helpers import WIDTH

    w = game.world
    w.guild.preferred_locale = "de"
    await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: s.round >= 3 and s.phase == "mrx")
    summary = [m for m in game.fake.channel_messages(w.channel) if "close-up.png" in m.files][-1]
    ended = int(re.search(r"Runde (\d+) ist vorbei", summary.text)[1])
    then = await game.service.public_view(game.game_id, after_round=ended)
    drawn = Pictures(width=WIDTH)
    assert summary.files["board.png"] == await drawn.board(then, tracker=True, language="de")
    assert summary.files["board.png"] != await drawn.board(then, tracker=True, language="en")
    assert summary.files["close-up.png"] == await drawn.zoom(then, tracker=True, language="de")


@pytest.mark.asyncio
async def test_refusals_speak_the_reader_s_language_whatever_the_game_s(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))  # an English server
    await game.start()
    version = (await game.service.get_game(game.game_id)).version
    for locale, says in (("de", "Mister X ist dran"), ("en-GB", "It is Mr. X's turn")):
        handle = await fake.slash(w.carol, w.channel, "sy", "move", {"to": 1}, locale=locale)
        answer = await handle.wait_reply()
        assert answer.kind == "ephemeral" and says in answer.text, answer.text
    handle = await fake.slash(w.dave, w.channel, "sy", "move", {"to": 1}, locale="de")
    assert "Du spielst in diesem Spiel nicht mit." in (await handle.wait_reply()).text
    # Looking up the logbook in German: the embed and its picture speak German, in an English game.
    handle = await fake.slash(w.carol, w.channel, "sy", "log", {}, locale="de")
    log = await handle.wait_reply()
    assert "📒 Fahrtentafel von Mister X, Spiel #" in log.text and "von 24 Zügen" in log.text, log.text
    assert "logbook.png" in log.files
    assert (await game.service.get_game(game.game_id)).version == version


@pytest.mark.asyncio
async def test_a_refusal_with_details_reads_as_one_german_sentence(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    owner = await game.owner(pawn)
    far = next(s for s in range(1, 200) if s not in {m.to for m in state.legal_moves(pawn)})
    handle = await fake.slash(owner, w.channel, "sy", "move", {"to": far, "ticket": "taxi", "pawn": pawn}, locale="de")
    answer = await handle.wait_reply()
    assert answer.kind == "ephemeral" and f"Haltestelle {far} ist keine Fahrt mit Taxi von" in answer.text, answer.text
    # A pawn's colour inside the sentence is German too.
    other = next(u for u in (w.alice, w.carol) if u is not owner)
    mine = next(p.pawns for p in await game.service.players(game.game_id) if p.user_id == other.id)[0]
    handle = await fake.slash(other, w.channel, "sy", "move", {"to": 1, "ticket": "taxi", "pawn": mine}, locale="de")
    text = (await handle.wait_reply()).text
    assert "ist dran, nicht" in text and not any(c in text for c in ("Red", "Blue", "Green", "Yellow")), text


@pytest.mark.asyncio
async def test_the_host_switches_a_lobby_to_german_and_reminders_follow(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    assert "a new game is forming" in lobby.text
    answer = await game.reply(w.alice, "sy-host settings", {"language": "de", "reminder_hours": 1.0})
    assert answer.kind == "channel" and "Nachrichten auf Deutsch" in answer.text, answer.text
    assert "Ein neues Spiel beginnt" in lobby.text and "Als Detektiv mitspielen" in [b.get("label") for b in lobby.buttons]
    refused = await game.reply(w.carol, "sy-host settings", {"language": "en"})
    assert refused.kind == "ephemeral"
    await game.start()
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    game.clock.advance(1.2)
    assert await game.bot.reminders.tick() == 1
    reminder = fake.channel_messages(w.channel)[-1]
    assert reminder.text.startswith("⏰") and "wartet seit 72 Minuten" in reminder.text, reminder.text
