"""Look-ups by number (``game:``) answer only what the caller may read: a game whose channel is hidden from the caller,
and a number never used, get the same one sentence from ``/sy status``, ``/sy board``, ``/sy log``, ``/sy export`` and
``/sy verify``, in any channel and in DMs; a player, and a member who can read the channel, get the game."""

from __future__ import annotations

import re

import pytest

from tests.e2e.helpers import Game

VIEW_CHANNEL = 1 << 10
LOOK_UPS = ("status", "board", "log", "export", "verify")


def make_private(game: Game, *readers) -> None:
    """The game's channel is hidden from everyone but the bot and ``readers`` (people or roles)."""
    w, fake = game.world, game.fake
    bot_role = w.guild.role(fake.application_name)
    fake.set_overwrites(w.channel, [
        {"id": w.guild.id, "type": 0, "allow": 0, "deny": VIEW_CHANNEL},
        {"id": bot_role.id, "type": 0, "allow": VIEW_CHANNEL, "deny": 0},
        *({"id": r.id, "type": 0 if hasattr(r, "guild_id") else 1, "allow": VIEW_CHANNEL, "deny": 0}
          for r in readers)])


def without_numbers(text: str) -> str:
    return re.sub(r"\d+", "N", text)


async def answers(game: Game, user, game_id: int, where) -> dict[str, object]:
    found = {}
    for sub in LOOK_UPS:
        answer = await game.reply(user, sub, {"game": game_id}, channel=where)
        assert answer.kind == "ephemeral"
        found[sub] = (without_numbers(answer.text), sorted(answer.files))
    return found


@pytest.mark.asyncio
async def test_a_running_game_hidden_from_the_caller_answers_as_a_number_never_used(game: Game) -> None:
    w = game.world
    make_private(game, w.alice, w.bob, w.carol)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    for where in (w.other, "dm"):
        running = await answers(game, w.dave, game.game_id, where)
        unused = await answers(game, w.dave, game.game_id + 50, where)
        assert running == unused, (running, unused)
        assert all(files == [] and "no game with that number that you can see" in text for text, files in running.values())
    # A player gets the game from elsewhere, and /sy games lists it.
    status = await game.reply(w.carol, "status", {"game": game.game_id}, channel=w.other)
    assert f"Game #{game.game_id}" in status.text and "Round" in status.text, status.text
    mine = await game.reply(w.carol, "games", channel=w.other)
    assert f"#{game.game_id}" in mine.text


@pytest.mark.asyncio
async def test_a_finished_game_s_record_logbook_and_pictures_only_for_players_and_those_who_read_its_channel(
        game: Game) -> None:
    w, fake = game.world, game.fake
    eve = fake.add_user("eve")
    watchers = fake.add_role(w.guild, "Watchers")
    fake.add_member(w.guild, eve, roles=[watchers])
    make_private(game, w.alice, w.bob, w.carol, watchers)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(ways=("dm",), until=lambda s: len(s.logbook) == 2)
    answer = await game.reply(w.bob, "resign")
    await game.click(w.bob, answer, f"sy:resign:{game.game_id}")
    assert (await game.service.get_game(game.game_id)).status == "finished"
    for where in (w.other, "dm"):
        hidden = await answers(game, w.dave, game.game_id, where)
        assert hidden == await answers(game, w.dave, game.game_id + 50, where)
        assert all(files == [] and "no game with that number that you can see" in text for text, files in hidden.values()), hidden
    for reader in (w.carol, eve):  # a player; a member whose role reads the channel
        log = await game.reply(reader, "log", {"game": game.game_id}, channel=w.other)
        assert "logbook.png" in log.files, log.text
        board = await game.reply(reader, "board", {"game": game.game_id}, channel=w.other)
        assert "route.png" in board.files, board.text
        record = await game.reply(reader, "export", {"game": game.game_id}, channel=w.other)
        assert f"scotland-yard-{game.game_id}.json" in record.files, record.text
    verdict = await game.reply(w.carol, "verify", {"game": game.game_id}, channel="dm")
    assert "checks out" in verdict.text, verdict.text
