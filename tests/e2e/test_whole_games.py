"""Whole classic games from /sy new to the end, played through slash commands and Mr. X's DM menu."""

from __future__ import annotations

import json
import re

import pytest

from bot.games.london.engine import replay

from tests.e2e.helpers import Game, summary_title


async def finish_checks(game: Game, winner_words: str) -> None:
    fake, w = game.fake, game.world
    public = fake.channel_messages(w.channel)
    over = public[-1]
    assert winner_words in over.text
    assert "Mr. X's route" in over.text
    assert "route.png" in over.files and any(name.startswith("replay.") for name in over.files)
    assert over.files[next(n for n in over.files if n.startswith("replay."))][:4] == b"GIF8"
    # One summary per round, never two.
    titles = [summary_title(m) for m in public if summary_title(m)]
    assert len(titles) == len(set(titles))
    # The record, in the engine's shape, replays to the same end.
    answer = await game.reply(w.alice, "export")
    assert answer.kind == "ephemeral"
    (data,) = answer.files.values()
    record = json.loads(data)
    assert record["format"] == "scotland-yard-record/1"
    assert replay(record).outcome.to_json() == record["outcome"]
    # The result counts on this server.
    board = await game.reply(w.alice, "leaderboard")
    record_people = {p["user_id"]: p for p in record["people"]}
    winners = [u for u, p in record_people.items()
               if (p["role"] == "mrx") == (record["outcome"]["winner"] == "mrx")]
    losers = [u for u in record_people if u not in winners]
    assert winners and losers
    for user in winners:
        assert re.search(rf"<@{user}>: [0-9.]+ ± [0-9.]+ \(provisional\) · 1 game, 1 won", board.text), board.text
    for user in losers:
        assert re.search(rf"<@{user}>: [0-9.]+ ± [0-9.]+ \(provisional\) · 1 game, 0 won", board.text), board.text
    stats = await game.reply(w.carol, "stats", {"user": w.bob})
    assert "1 game, " in stats.text
    await export_only_to_players_and_members(game, record["game"]["id"])


async def export_only_to_players_and_members(game: Game, game_id: int) -> None:
    """From a DM, the record goes to players and to members of the game's server; anyone else hears
    exactly what they would hear for a game that does not exist (a member of the server reads its channel)."""
    fake, w = game.fake, game.world
    stranger = fake.add_user("stranger")  # on no server of the bot's
    elsewhere = fake.add_guild("Another Yard")
    outsider = fake.add_user("outsider")
    fake.add_member(elsewhere, outsider)
    nowhere = await game.reply(stranger, "export", {"game": game_id + 1000}, channel="dm")
    for user in (stranger, outsider):
        refused = await game.reply(user, "export", {"game": game_id}, channel="dm")
        assert refused.kind == "ephemeral" and not refused.files
        assert refused.text == nowhere.text and "no game with that number that you can see" in refused.text
    member = fake.add_user("member")
    fake.add_member(w.guild, member)
    for user in (member, w.bob):  # a member of the server who did not play; a player
        answer = await game.reply(user, "export", {"game": game_id}, channel="dm")
        (data,) = answer.files.values()
        assert json.loads(data)["game"]["id"] == game_id


@pytest.mark.asyncio
async def test_a_whole_classic_game_to_capture(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.play(mrx="random", detectives="greedy")
    assert state.outcome.winner == "detectives" and state.outcome.reason == "captured"
    await finish_checks(game, "The detectives win!")
    assert "Mr. X is caught" in game.fake.channel_messages(w.channel)[-3].text + \
        "".join(m.text for m in game.fake.channel_messages(w.channel)[-4:])
    assert await game.service.game_in_channel(w.channel.id) is None


@pytest.mark.asyncio
async def test_a_whole_classic_game_to_mrx_escaping(game: Game) -> None:
    w = game.world
    await game.open(seed=3, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.play(mrx="greedy", detectives="random")
    assert state.outcome.winner == "mrx"
    await finish_checks(game, "Mr. X wins!")


@pytest.mark.asyncio
async def test_every_round_has_one_summary_with_the_board_and_the_logbook(game: Game) -> None:
    w = game.world
    await game.open(seed=8, mrx=w.dave, detectives=(w.bob, w.carol))
    await game.start()
    state = await game.play(mrx="greedy", detectives="greedy")
    summaries = [m for m in game.fake.channel_messages(w.channel) if summary_title(m)]
    finished_rounds = state.round if state.phase != "mrx" or state.is_over else state.round - 1
    assert len(summaries) >= finished_rounds - 1
    for m in summaries:
        assert "board.png" in m.files and "📒" in m.content
        assert m.embeds[0]["image"]["url"] == "attachment://board.png"
    # The summary hands over to Mr. X, mentioning him, in its last line (but not after the last round).
    for m in summaries[:-1]:
        assert m.content.splitlines()[-1].startswith(f"🎩 Mr. X's turn (<@{w.dave.id}>)")


@pytest.mark.asyncio
async def test_a_whole_master_game_with_bobbies_in_any_order(game: Game) -> None:
    w = game.world
    # seed 8: Mr. X is stuck in round 12, both bobbies having moved; seed 5's game took twice as long
    await game.open(rules="master", seed=8, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    assert any(p.role == "bobby" for p in state.pawns)
    # Every detective player may move a bobby.
    for user in (w.alice, w.carol):
        mine = next(p.pawns for p in await game.service.players(game.game_id) if p.user_id == user.id)
        assert any(p.startswith("b") for p in mine)
    state = await game.play(mrx="greedy", detectives="greedy", ways=("menu", "dm"))
    assert state.is_over
    assert {"b1", "b2"} <= {entry["pawn"] for entry in state.history}  # the bobbies moved
    assert "win" in game.fake.channel_messages(w.channel)[-1].text


@pytest.mark.asyncio
async def test_a_whole_sanssouci_game_on_potsdam_speaks_the_board_s_words(game: Game) -> None:
    import re as _re

    w, fake = game.world, game.fake
    await game.open(rules="sanssouci", seed=6, mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    state = await game.play(mrx="greedy", detectives="greedy")
    assert state.board.name == "potsdam" and state.outcome is not None
    mine = [m for m in fake.messages if m.author is not None and m.author.id == fake.bot_user.id]
    words = " ".join(m.text + " ".join(str(e) for e in m.embeds) for m in mine)
    assert "walking ticket" in words or "🚶" in words
    # Nobody in a Potsdam game reads London's transports.
    for london in ("taxi", "underground", "ferry", "🚕", "🚌", "🚇"):
        assert not _re.search(rf"(?i){london}", words), london
    answer = await game.reply(w.carol, "export")
    (data,) = answer.files.values()
    record = json.loads(data)
    assert record["board"] == "potsdam" and replay(record).outcome.to_json() == record["outcome"]
