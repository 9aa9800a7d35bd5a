"""A game in a thread of its own: the lobby stays in the channel, the game's posts, mentions, reminders
and summaries go to a public thread named after the game, the channel hears the result; asked for with
``/sy new thread:`` or a server's default, refused (or given up) where the bot may not open threads."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, pinged, summary_title

CREATE_PUBLIC_THREADS = 1 << 35


def bot_may_not_open_threads(game: Game) -> None:
    game.world.channel.overwrites.append(
        {"id": game.fake.bot_user.id, "type": 1, "allow": 0, "deny": CREATE_PUBLIC_THREADS})


@pytest.mark.asyncio
async def test_a_game_in_a_thread_of_its_own_from_the_lobby_to_the_result(game: Game) -> None:
    w, fake = game.world, game.fake
    # seed 7: Mr. X is stuck in round 9 (41 actions, each way of moving used); seed 4 went the 22 rounds (7 s -> 3 s)
    lobby = await game.open(seed=7, mrx=w.bob, detectives=(w.carol,), thread=True)
    assert "thread of its own" in lobby.text and fake.threads(w.channel) == []  # opened at the start
    await game.start()
    (thread,) = fake.threads(w.channel)
    assert thread.type == 11 and thread.id == lobby.id  # public, hanging under the lobby's post
    assert thread.name == f"Game #{game.game_id} · Classic (Ravensburger 2000)"
    start = fake.thread_messages(thread)[0]
    assert "The game is on!" in start.text and pinged(fake, start) == {w.bob.id}
    assert f"<#{thread.id}>" in lobby.text  # the closed lobby points to the game
    assert f"<#{thread.id}>" in game.prompt().text  # Mr. X's DM names the thread
    in_channel = len(fake.channel_messages(w.channel))
    # Commands work in the thread (and in the channel): a detective moves and looks from the thread.
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    handle = await fake.slash(await game.owner(pawn), thread, "sy", "move",
                              {"to": move.to, "ticket": move.ticket, "pawn": pawn})
    assert await handle.wait_outcome() is None
    await game.settle()
    assert (await game.truth()).positions[pawn] == move.to
    status = await game.reply(w.carol, "status", channel=thread)
    assert status.kind == "ephemeral" and f"Game #{game.game_id}" in status.text
    # Reminders go to the thread too.
    game.clock.advance(13)
    assert await game.bot.reminders.tick() == 1
    assert fake.thread_messages(thread)[-1].text.startswith("⏰")
    # Play to the end by the Move button in the thread: every post is there, none in the channel...
    state = await game.play(ways=("menu", "dm"), detective_ways=("menu", "command"))
    posts = fake.thread_messages(thread)
    assert [m for m in posts if summary_title(m)]
    assert any(e.get("title", "").startswith("🏆") for e in posts[-1].embeds) and "route.png" in posts[-1].files
    assert all(not m.live_components for m in posts[:-1])  # the final post keeps its Rematch button only
    assert posts[-1].custom_ids == [f"sy:rematch:{game.game_id}"]
    # ... but the result, with a link to the whole game.
    added = fake.channel_messages(w.channel)[in_channel:]
    assert len(added) == 1 and f"<#{thread.id}>" in added[0].text and not pinged(fake, added[0])
    winner = "Mr. X wins!" if state.outcome.winner == "mrx" else "The detectives win!"
    assert winner in added[0].text and f"Game #{game.game_id}" in added[0].text
    # After the game, the thread still answers for it.
    log = await game.reply(w.carol, "log", channel=thread)
    assert log.kind == "ephemeral" and "logbook" in log.text.lower()


@pytest.mark.asyncio
async def test_a_server_plays_every_new_game_in_a_thread_by_default_in_german(game: Game) -> None:
    w, fake = game.world, game.fake
    w.guild.preferred_locale = "de"
    manager = fake.add_user("manager")
    fake.add_member(w.guild, manager, permissions=0x20)  # Manage Server
    answer = await game.reply(manager, "sy-host settings", {"scope": "server", "thread": True}, channel=w.other)
    assert answer.kind == "channel"
    refused = await game.reply(w.carol, "sy-host settings", {"scope": "server", "thread": False}, channel=w.other)
    assert refused.kind == "ephemeral" and refused.text.startswith("⚠️")
    lobby = await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    assert "eigenen Thread" in lobby.text
    await game.start()
    (thread,) = fake.threads(w.channel)
    assert thread.name.startswith(f"Spiel #{game.game_id} · ")
    await game.play(ways=("dm",), detective_ways=("menu",))
    result = fake.channel_messages(w.channel)[-1]
    assert "gewinnt" in result.text or "gewinnen" in result.text, result.text
    assert not [m for m in fake.channel_messages(w.channel) if "📋" in m.text]  # no round summary there


@pytest.mark.asyncio
async def test_the_host_chooses_the_thread_in_the_lobby_and_not_after_the_start(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    assert "thread" not in lobby.text
    refused = await game.reply(w.carol, "sy-host settings", {"thread": True})
    assert refused.kind == "ephemeral" and "host" in refused.text.lower()
    answer = await game.reply(w.alice, "sy-host settings", {"thread": True})
    assert "in a thread of its own" in answer.text and "thread of its own" in lobby.text
    await game.start()
    assert len(fake.threads(w.channel)) == 1
    late = await game.reply(w.alice, "sy-host settings", {"thread": False})
    assert late.kind == "ephemeral" and "has started" in late.text


@pytest.mark.asyncio
async def test_without_the_thread_permissions_thread_is_refused_and_the_default_gives_way(game: Game) -> None:
    w, fake = game.world, game.fake
    bot_may_not_open_threads(game)
    refused = await game.reply(w.alice, "new", {"thread": True})
    assert refused.kind == "ephemeral" and "Create Public Threads" in refused.text
    assert await game.service.game_in_channel(w.channel.id) is None  # nothing was opened
    await game.service.set_guild_threads(w.guild.id, True, can_manage_guild=True)
    lobby = await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    assert "thread" not in lobby.text
    await game.start()
    assert fake.threads(w.channel) == [] and "The game is on!" in fake.channel_messages(w.channel)[-1].text


@pytest.mark.asyncio
async def test_a_thread_that_cannot_be_opened_at_the_start_leaves_the_game_in_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    bot_may_not_open_threads(game)  # a moderator took the permission away meanwhile
    await game.start()
    posts = fake.channel_messages(w.channel)
    assert fake.threads(w.channel) == []
    assert any("couldn't open a thread" in m.text and "Create Public Threads" in m.text for m in posts)
    assert "The game is on!" in posts[-1].text
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "menu")
    assert "Mr. X's move 1" in fake.channel_messages(w.channel)[-1].text
    assert len([m for m in fake.channel_messages(w.channel) if "couldn't open a thread" in m.text]) == 1


@pytest.mark.asyncio
async def test_an_archived_thread_wakes_up_and_a_deleted_one_leaves_the_game_in_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    (thread,) = fake.threads(w.channel)
    thread.archived = True  # a week without a move: Discord archives the thread
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    assert not thread.archived and "Mr. X's move 1" in fake.thread_messages(thread)[-1].text
    fake._threads.delete(thread)  # a moderator deletes the thread
    state = await game.truth()
    pawn = state.to_move()[0]
    await game.detective_moves(state.legal_moves(pawn)[0])
    await game.bot.announcer.flush()  # the post that found no thread is posted again, in the channel
    assert fake.channel_messages(w.channel)[-1].text.startswith(("🔴", "🔵", "🟢", "🟡"))
    assert await game.service.game_thread(game.game_id) == w.channel.id


@pytest.mark.asyncio
async def test_a_new_game_is_refused_inside_a_game_thread_and_the_answer_names_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    (thread,) = fake.threads(w.channel)
    refused = await game.reply(w.dave, "new", {"rules": "classic"}, channel=thread)
    assert refused.kind == "ephemeral" and f"game #{game.game_id}" in refused.text.lower()
    assert f"<#{w.channel.id}>" in refused.text and "/sy new" in refused.text
    assert await game.service.game_in_channel(thread.id) is None  # nothing was opened in the thread
    # The game of the thread still answers there: a detective moves from the thread.
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    handle = await fake.slash(await game.owner(pawn), thread, "sy", "move",
                              {"to": move.to, "ticket": move.ticket, "pawn": pawn})
    assert await handle.wait_outcome() is None
    await game.settle()
    assert (await game.truth()).positions[pawn] == move.to


@pytest.mark.asyncio
@pytest.mark.parametrize("lost", ["deleted", "never opened"])
async def test_a_thread_that_is_gone_does_not_hide_the_later_games_of_its_channel(game: Game, lost: str) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    first = game.game_id
    if lost == "never opened":
        bot_may_not_open_threads(game)
    await game.start()
    if lost == "deleted":
        (thread,) = fake.threads(w.channel)
        fake._threads.delete(thread)
        state = await game.truth()
        await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
        await game.bot.announcer.flush()  # the post that found no thread goes to the channel
    assert "Mr. X" in fake.channel_messages(w.channel)[-1].text or lost == "never opened"
    assert "Cancelled" in (await game.reply(w.alice, "cancel")).text
    # Game #2 in the same channel, without a thread: started, then called off.
    if lost == "never opened":
        game.world.channel.overwrites.clear()
    await game.open(seed=5, mrx=w.bob, detectives=(w.carol,), thread=False)
    second = game.game_id
    assert second != first
    await game.start()
    assert "Cancelled" in (await game.reply(w.alice, "cancel")).text
    log = await game.reply(w.carol, "log")
    assert f"game #{second}" in log.text and f"game #{first}" not in log.text, log.text
    status = await game.reply(w.carol, "status")
    assert f"#{second}" in status.text and f"#{first}" not in status.text, status.text


#: what the README's invite link grants the bot (no Manage Threads)
INVITED = 309237697536
SEND_MESSAGES_IN_THREADS = 1 << 38


@pytest.mark.asyncio
@pytest.mark.parametrize("refusal", ["locked", "locked and closed", "no right to post in threads"])
async def test_a_thread_discord_refuses_for_good_sends_the_game_to_its_channel_once(game: Game, refusal: str) -> None:
    w, fake = game.world, game.fake
    w.guild.role(fake.application_name).permissions = INVITED
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    (thread,) = fake.threads(w.channel)
    assert "The game is on!" in fake.thread_messages(thread)[0].text
    if refusal == "no right to post in threads":
        w.channel.overwrites.append({"id": fake.bot_user.id, "type": 1, "allow": 0, "deny": SEND_MESSAGES_IN_THREADS})
    else:
        fake.moderate_thread(thread, locked=True, archived=refusal == "locked and closed")
    in_thread = len(fake.thread_messages(thread))
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    posts = fake.channel_messages(w.channel)
    told = [m for m in posts if "can no longer post in the thread" in m.text]
    assert len(told) == 1 and f"game #{game.game_id}" in told[0].text and f"<#{thread.id}>" in told[0].text
    assert "Mr. X's move 1" in posts[-1].text  # at once, not on a later try
    assert len(fake.thread_messages(thread)) == in_thread and await game.service.game_thread(game.game_id) == w.channel.id
    # The game goes on in the channel, without a second word about the thread; the prompt names the channel.
    state = await game.truth()
    pawn = state.to_move()[0]
    await game.detective_moves(state.legal_moves(pawn)[0])
    posts = fake.channel_messages(w.channel)
    assert posts[-1].text.startswith(("🔴", "🔵", "🟢", "🟡")) and posts[-1].live_components
    assert len([m for m in posts if "can no longer post in the thread" in m.text]) == 1
    assert not await game.service.pending_announcements(game.game_id)
    game.clock.advance(13)
    assert await game.bot.reminders.tick() == 1 and fake.channel_messages(w.channel)[-1].text.startswith("⏰")


@pytest.mark.asyncio
async def test_a_reminder_refused_in_a_locked_thread_goes_to_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    w.guild.role(fake.application_name).permissions = INVITED
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    (thread,) = fake.threads(w.channel)
    fake.moderate_thread(thread, locked=True)
    game.clock.advance(13)
    assert await game.bot.reminders.tick() == 1
    posts = fake.channel_messages(w.channel)
    assert "can no longer post in the thread" in posts[-2].text and posts[-1].text.startswith("⏰")
    assert await game.service.game_thread(game.game_id) == w.channel.id


SEND_MESSAGES = 1 << 11


@pytest.mark.asyncio
async def test_a_post_refused_in_the_channel_itself_is_logged_and_counted_in_the_owner_s_status(game: Game,
                                                                                              caplog) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    # A moderator takes the bot's right to post in the game's channel: no thread to fall back from.
    w.channel.overwrites.append({"id": fake.bot_user.id, "type": 1, "allow": 0, "deny": SEND_MESSAGES})
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    await game.bot.announcer.flush()
    assert any("could not post announcement" in r.getMessage() for r in caplog.records)
    answer = await (await fake.slash(fake.owner, "dm", "sy", "status", {"processes": True})).wait_reply(timeout=5)
    owed = next(line for line in answer.text.splitlines() if line.startswith("📮"))
    assert "1 post owed" in owed and "1 of them failed" in owed, owed
    assert f"game #{game.game_id}" in owed and "50013" in owed, owed
    # Given the right back, the post goes out and nothing is owed or failing any more.
    w.channel.overwrites.clear()
    await game.bot.announcer.flush()
    assert "Mr. X's move 1" in fake.channel_messages(w.channel)[-1].text
    answer = await (await fake.slash(fake.owner, "dm", "sy", "status", {"processes": True})).wait_reply(timeout=5)
    assert "📮 No posts owed." in answer.text


@pytest.mark.asyncio
async def test_a_channel_plays_several_games_in_threads_of_their_own_and_keeps_one_open_lobby(game: Game) -> None:
    w, fake, service = game.world, game.fake, game.service
    # Game A in a thread of its own: Alice hosts, Bob is Mr. X, Carol a detective.
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    a = game.game_id
    (thread_a,) = fake.threads(w.channel)
    # The channel is only a lobby: game B opens while A runs (Dave is its Mr. X), and only one lobby at a time.
    lobby_b = await game.open(seed=5, mrx=w.dave, detectives=(w.carol,), thread=True)
    b = game.game_id
    assert b != a and "thread of its own" in lobby_b.text
    refused = await game.reply(w.mod, "new", {"thread": True})
    assert refused.kind == "ephemeral" and "already has a game" in refused.text
    await game.start()
    assert [g.id for g in await service.games_in_channel(w.channel.id)] == [a, b]
    thread_b = next(t for t in fake.threads(w.channel) if t is not thread_a)
    assert fake.thread_messages(thread_b)[0].text.count("The game is on!") == 1
    # Each Mr. X moves from his DMs; each game's post goes to its own thread.
    for game_id, mrx, thread in ((a, w.bob, thread_a), (b, w.dave, thread_b)):
        first = (await service.rebuild_state(game_id)).legal_moves(MRX)[0]
        answer = await game.reply(mrx, "move", {"to": first.to, "ticket": first.ticket}, channel="dm")
        assert answer.text.startswith("✅"), answer.text
        assert "Mr. X's move 1" in fake.thread_messages(thread)[-1].text
    # From the parent channel: someone in one game means it; someone in both (or in neither) is asked which.
    bob_status = await game.reply(w.bob, "status", channel=w.channel)
    assert f"Game #{a}" in bob_status.text and f"Game #{b}" not in bob_status.text, bob_status.text
    for asker in (w.carol, w.mod):
        several = await game.reply(asker, "status", channel=w.channel)
        assert "Several games" in several.text and f"#{a} <#{thread_a.id}>" in several.text, several.text
        assert f"#{b} <#{thread_b.id}>" in several.text and "`game`" in several.text
    state = await service.rebuild_state(b)
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    mover = await game.owner(pawn)
    options = {"to": move.to, "ticket": move.ticket, "pawn": pawn}
    several = await game.reply(mover, "move", options, channel=w.channel)
    assert "Several games" in several.text and (await service.rebuild_state(b)).positions[pawn] != move.to
    offered = await fake.autocomplete(mover, w.channel, "sy", "move", options, focused="game")
    assert {c["value"] for c in offered} >= {a, b}
    watched = await fake.autocomplete(w.mod, w.channel, "sy", "status", {}, focused="game")
    assert [c["value"] for c in watched] == [a, b]  # the channel's games, for someone who plays in neither
    handle = await fake.slash(mover, w.channel, "sy", "move", {**options, "game": b})
    assert await handle.wait_outcome() is None
    await game.settle()
    assert (await service.rebuild_state(b)).positions[pawn] == move.to
    assert fake.thread_messages(thread_b)[-1].text.startswith(("🔴", "🔵", "🟢", "🟡"))
    # With both games running, a third lobby opens in the channel.
    third = await game.reply(w.mod, "new", {"thread": True})
    assert third.kind == "channel" and (await service.game_in_channel(w.channel.id)).id not in (a, b)
    # The host calls game A off in its thread: A ends, B and the lobby stay.
    handle = await fake.slash(w.alice, thread_a, "sy-host", "cancel")
    assert "Cancelled" in (await handle.wait_reply(timeout=5)).text
    await game.settle()
    assert [(await service.get_game(g)).status for g in (a, b)] == ["cancelled", "running"]
    assert (await service.game_in_channel(w.channel.id)).status == "lobby"


@pytest.mark.asyncio
async def test_the_host_replaces_a_player_and_cancels_from_the_game_s_thread(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,), thread=True)
    await game.start()
    (thread,) = fake.threads(w.channel)
    handle = await fake.slash(w.alice, thread, "sy-host", "replace", {"old": w.carol, "new": w.dave})
    assert "takes over" in (await handle.wait_reply(timeout=5)).text
    await game.settle()
    seats = {p.user_id: p.status for p in await game.service.players(game.game_id)}
    assert seats[w.dave.id] == "playing" and seats[w.carol.id] == "replaced"
    handle = await fake.slash(w.alice, thread, "sy-host", "cancel")
    assert "Cancelled" in (await handle.wait_reply(timeout=5)).text
    await game.settle()
    assert (await game.service.get_game(game.game_id)).status == "cancelled"
