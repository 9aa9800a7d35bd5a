"""Your games, before and after: ``/sy log``, ``/sy board`` and ``/sy export`` for finished games (the
channel's latest, or ``game:``), ``/sy games`` across servers and from DMs, and a latecomer's ``/sy join``."""

from __future__ import annotations

import json
import re

import pytest

from tests.e2e.helpers import Game


async def resign_mrx(game: Game) -> None:
    """Mr. X gives up (a quick way to a finished game)."""
    answer = await game.reply(game.mrx_user, "resign")
    await game.click(game.mrx_user, answer, f"sy:resign:{game.game_id}")
    assert (await game.service.get_game(game.game_id)).status == "finished"


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_log_board_and_export_show_the_channel_s_finished_game(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: len(s.logbook) == 4)
    await resign_mrx(game)
    locale = "de" if language == "de" else "en-US"
    words = {"en": ("Mr. X's logbook", "is over", "record of game"),
             "de": ("Fahrtentafel", "ist vorbei", "Protokoll von Spiel")}[language]
    for where in (w.channel, "dm"):
        options = {} if where is w.channel else {"game": game.game_id}
        log = await fake.slash(w.carol, where, "sy", "log", options, locale=locale)
        answer = await log.wait_reply()
        assert answer.kind == "ephemeral" and words[0] in answer.text and "logbook.png" in answer.files, answer.text
        board = await (await fake.slash(w.carol, where, "sy", "board", options, locale=locale)).wait_reply()
        assert words[1] in board.text and "route.png" in board.files, board.text
        record = await (await fake.slash(w.carol, where, "sy", "export", options, locale=locale)).wait_reply()
        assert words[2] in record.text and json.loads(next(iter(record.files.values())))["game"]["id"] == game.game_id
    # From another channel of the server, by number; a stranger in DMs hears the game does not exist.
    other = await game.reply(w.dave, "log", {"game": game.game_id}, channel=w.other)
    assert "logbook.png" in other.files
    stranger = fake.add_user("stranger")
    refused = await game.reply(stranger, "log", {"game": game.game_id}, channel="dm")
    assert refused.kind == "ephemeral" and "no game with that number that you can see" in refused.text
    # A new lobby in the channel: the looks speak of it, not of the finished game.
    await game.reply(w.alice, "new")
    assert "forming" in (await game.reply(w.carol, "status")).text


@pytest.mark.asyncio
async def test_sy_games_lists_my_games_in_every_server_mine_to_move_first(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()  # Bob (Mr. X) moves first: not Alice's turn here
    running = game.game_id
    await game.reply(w.alice, "new", channel=w.other)  # a lobby in another channel
    lobby = (await game.service.game_in_channel(w.other.id)).id
    elsewhere = fake.add_guild("Scotland Yard Club")
    club = fake.add_channel(elsewhere, "hunt")
    for user in (w.alice, w.bob):
        fake.add_member(elsewhere, user)
    await fake.wait_until(lambda: game.bot.get_guild(elsewhere.id) is not None)
    await game.reply(w.bob, "new", {"rules": "classic", "seed": 2}, channel=club)
    await game.reply(w.alice, "join", {"role": "mrx"}, channel=club)
    await game.slash(w.bob, "start", channel=club)  # Alice is Mr. X there: her move
    mine = (await game.service.game_in_channel(club.id)).id
    for where in (w.channel, "dm"):
        answer = await game.reply(w.alice, "games", channel=where)
        assert answer.kind == "ephemeral"
        text = answer.text
        order = [int(n) for n in re.findall(r"\*\*#(\d+) ·", text)]
        assert order == [mine, running, lobby], text  # my move first, then the running game, then the lobby
        first, second, third = text.split("\n\n")
        assert "your move" in first and "Mr. X" in first and "Scotland Yard Club" in first
        assert f"https://discord.com/channels/{elsewhere.id}/{club.id}" in first
        assert "round 1" in second and "to move" in second and f"<@{w.bob.id}>" in second
        assert "lobby" in third and f"https://discord.com/channels/{w.guild.id}/{w.other.id}/" in third
    nobody = await game.reply(w.dave, "games", channel="dm")
    assert "no game" in nobody.text


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_a_latecomer_s_join_hears_the_game_has_started(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    locale = "de" if language == "de" else "en-US"
    late = await (await fake.slash(w.dave, w.channel, "sy", "join", {}, locale=locale)).wait_reply()
    expected = ("hat schon begonnen", "/sy-leitung ersetzen") if language == "de" else ("already started", "/sy-host replace")
    assert late.kind == "ephemeral" and all(e in late.text for e in expected), late.text
    assert f"<@{w.alice.id}>" in late.text and "omputer" not in late.text
    again = await game.reply(w.carol, "join")
    assert again.kind == "ephemeral" and "already playing" in again.text
    assert len(await game.service.players(game.game_id)) == 3  # nothing changed
