"""Restarts, re-delivered interactions and crash healing: nothing lost, nothing twice."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX

from bot.chat.picture_jobs import Pictures

from tests.e2e.helpers import WIDTH, Game, summary_title


def summaries(game: Game) -> list[str]:
    return [summary_title(m) for m in game.fake.public_messages() if summary_title(m)]


@pytest.mark.asyncio
async def test_buttons_work_after_a_restart_and_an_old_round_is_refused_politely(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.restart()
    # The lobby's buttons survived the restart.
    join = await game.click(w.dave, lobby, f"sy:lobby:{game.game_id}:join_d")
    assert join.response_type == 7 and f"<@{w.dave.id}>" in lobby.text
    await game.click(w.dave, lobby, f"sy:lobby:{game.game_id}:leave")
    await game.start()
    old_menu = game.prompt()
    # The bot goes down; meanwhile round 1 is played (as if stored just before a crash).
    await game.stop_bot()
    state = await game.truth()
    while state.round == 1:
        pawn = state.to_move()[0]
        user = await game.owner(pawn)
        move = state.legal_moves(pawn)[0]
        await game.service.move(game.game_id, user.id, pawn, move.to, move.ticket, key=f"offline-{pawn}")
        state = await game.truth()
    await game.start_bot()
    await game.settle()
    # A click on round 1's menu, still on screen: a short private refusal, nothing changes.
    before = (await game.service.get_game(game.game_id)).version
    move = state.legal_moves(MRX)[0]
    old_select = next(c for c in old_menu.walk_components() if c.get("custom_id") == f"sy:xto:{game.game_id}:1")
    handle = await fake.select(w.bob, old_menu, old_select["custom_id"], [old_select["options"][0]["value"]])
    answer = await handle.wait_reply()
    assert answer.kind == "ephemeral" and "from round 1" in answer.text and "round 2" in answer.text
    assert (await game.service.get_game(game.game_id)).version == before
    # The lobby message lost its buttons when the game started: a card pointing to the game.
    assert lobby.custom_ids == [] and "The game is on" in lobby.text
    # The current menu works after the restart.
    await game.mrx_moves(move, "menu")
    assert (await game.truth()).logbook[-1].number == 2


@pytest.mark.asyncio
async def test_the_same_interaction_delivered_twice_counts_once(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    handle = await game.slash(w.bob, "move", {"to": move.to, "ticket": move.ticket}, channel="dm")
    public = len(fake.public_messages())
    again = await fake.redeliver(handle)
    assert again.deliveries == 2
    await again.wait_idle()
    await game.settle()
    assert len(fake.public_messages()) == public
    assert len((await game.truth()).logbook) == 1
    # A detective's move, re-delivered after a restart (the in-memory guard is gone): the
    # service's key refuses to apply it twice, and Discord refuses a second acknowledgement.
    state = await game.truth()
    pawn = state.to_move()[0]
    det = state.legal_moves(pawn)[0]
    owner = await game.owner(pawn)
    handle = await game.fake.slash(owner, w.channel, "sy", "move", {"to": det.to, "ticket": det.ticket, "pawn": pawn})
    assert await handle.wait_outcome() is None
    await game.settle()
    versions = (await game.service.get_game(game.game_id)).version
    public = len(fake.public_messages())
    await game.restart()
    await fake.redeliver(handle)
    # the handle was acknowledged long ago: wait for the restarted bot's answer to the second delivery
    await fake.wait_until(lambda: handle.rejected_callbacks)
    await game.settle()
    assert (await game.service.get_game(game.game_id)).version == versions
    assert len(fake.public_messages()) == public
    assert handle.rejected_callbacks and handle.rejected_callbacks[0].status == 400
    # A double click on a menu button: one move.
    await game.play(until=lambda s: s.phase == "mrx", detectives="random")
    menu = game.prompt()
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    info = await game.service.get_game(game.game_id)
    await game.select(w.bob, menu, f"sy:xto:{game.game_id}:{info.round}", [str(move.to)])
    click = await fake.click(w.bob, menu, f"sy:xgo:{game.game_id}:{info.round}:{move.to}:{move.ticket}")
    await fake.redeliver(click)
    await click.wait_idle()
    await game.settle()
    assert len((await game.truth()).logbook) == 2


@pytest.mark.asyncio
async def test_a_crash_between_storing_and_posting_is_healed_on_start_up(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(until=lambda s: s.phase == "detectives" and len(s.to_move()) == 1
                    and s.to_move()[0] == s.detectives()[-1].id, ways=("dm",), detectives="random")
    # The last detective's move is stored, then the bot dies before posting anything.
    await game.stop_bot()
    state = await game.truth()
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    owner = await game.owner(pawn)
    await game.service.move(game.game_id, owner.id, pawn, move.to, move.ticket, key="crash-1")
    ended = state.round
    # Mr. X moves on (by DM while the bot is down: the service stores it) before the summary is out.
    state = await game.truth()
    first = state.legal_moves(MRX)[0]
    await game.service.move(game.game_id, w.bob.id, MRX, first.to, first.ticket, key="crash-2")
    posted = len(fake.messages)
    rounds_before = summaries(game)
    await game.start_bot()
    await fake.wait_until(lambda: len(summaries(game)) == len(rounds_before) + 1, timeout=5)
    await game.settle()
    # The late summary shows the board as its own round ended, not as it is now.
    summary = next(m for m in fake.public_messages() if summary_title(m) == f"📋 Round {ended} is over")
    then = await game.service.public_view(game.game_id, after_round=ended)
    assert summary.files["board.png"] == await Pictures(width=WIDTH).board(then, tracker=True)
    now = await game.service.public_view(game.game_id)
    assert summary.files["board.png"] != await Pictures(width=WIDTH).board(now)
    new = fake.messages[posted:]
    assert any(" took " in m.text and f"**{move.to}**" in m.text for m in new)
    entry = len(state.logbook) + 1
    assert any(f"Mr. X's move {entry}" in m.text for m in new)  # Mr. X's stored move, announced too
    assert not any("Your move, Mr. X" in m.text for m in fake.messages[posted:] if m.kind == "dm")  # he has moved
    assert await game.service.pending_announcements() == []
    game.check_secrecy(await game.truth())
    # Another restart posts nothing again: no round summary twice.
    count = len(fake.messages)
    await game.restart()
    assert len(fake.messages) == count
    assert len(summaries(game)) == len(set(summaries(game)))


@pytest.mark.asyncio
async def test_rate_limits_are_waited_out_and_a_repeated_new_opens_one_lobby(game: Game) -> None:
    w, fake = game.world, game.fake
    handle = await fake.slash(w.alice, w.channel, "sy", "new", {"rules": "classic"})
    await handle.wait_reply()
    await fake.redeliver(handle)
    await handle.wait_idle()
    lobbies = [m for m in fake.public_messages() if "new game" in m.text]
    assert len(lobbies) == 1
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    await game.click(w.bob, lobbies[0], f"sy:lobby:{game.game_id}:join_x")
    fake.rate_limit_next("POST", r"^/channels/\d+/messages$", retry_after=0.05, times=2)
    await game.start()
    assert [r.status for r in fake.requests_to("POST", r"^/channels/\d+/messages$")][-3:].count(429) >= 1
    assert any("The game is on" in m.text for m in fake.public_messages())
    assert await game.service.pending_announcements() == []


@pytest.mark.asyncio
async def test_slash_commands_are_synced_once_and_again_only_when_they_change(game: Game) -> None:
    fake = game.fake
    assert fake.command_overwrites == [None]  # the first start syncs the global commands
    await game.restart()
    await game.restart()
    assert fake.command_overwrites == [None]  # unchanged: no sync on a restart
    await game.stop_bot()
    bot = game.make_bot()
    original = bot.setup_hook

    async def with_one_more_command() -> None:
        from discord import app_commands

        @app_commands.command(name="ping", description="A command added in a new version")
        async def ping(interaction) -> None:  # pragma: no cover - never called
            pass

        bot.tree.add_command(ping)
        await original()

    bot.setup_hook = with_one_more_command  # type: ignore[method-assign]
    game.bot = bot
    game.runner = await fake.start_bot(bot)
    await game.settle()
    assert fake.command_overwrites == [None, None]  # a changed command tree is synced
    assert "ping" in {c["name"] for c in fake.commands()}


@pytest.mark.asyncio
async def test_a_message_is_posted_once_even_when_the_database_fails_right_after_posting(game: Game) -> None:
    import sqlite3

    w, fake, service = game.world, game.fake, game.service
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.settle()
    real_mark = service.mark_posted
    failing = {"left": 3}

    async def read_only_disk(*args, **kwargs):
        if failing["left"] > 0:
            failing["left"] -= 1
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return await real_mark(*args, **kwargs)

    service.mark_posted = read_only_disk  # type: ignore[method-assign]
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    before = len(fake.public_messages())
    await service.move(game.game_id, w.bob.id, MRX, move.to, move.ticket, key="read-only-1")
    await game.bot.announce(game.game_id)  # posted; the mark fails
    await game.bot.announce(game.game_id)  # the same process knows it posted it: the mark fails again
    assert len(fake.public_messages()) == before + 1
    # A restart forgets what this process knew; the nonce makes Discord return the first message.
    await game.stop_bot()
    failing["left"] = 0
    await game.start_bot()
    await game.settle()
    after = fake.public_messages()[before:]
    moved = [m for m in after if "Mr. X's move" in m.text]
    assert len(moved) == 1, [m.text for m in after]
    assert fake.nonce_hits >= 1
    assert await service.pending_announcements(game.game_id) == []


@pytest.mark.asyncio
async def test_a_clean_stop_waits_for_a_move_still_being_acknowledged(game: Game) -> None:
    import asyncio

    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.settle()
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    fake.callback_delay = 0.6  # the move's acknowledgement is still on its way when the stop comes
    handle = await fake.slash(w.bob, "dm", "sy", "move", {"to": move.to, "ticket": move.ticket})
    await asyncio.sleep(0.2)
    await game.stop_bot()  # SIGTERM's path: bot.close()
    fake.callback_delay = 0.0
    answer = await handle.wait_reply(timeout=5)
    assert answer.kind == "ephemeral"
    assert len((await game.truth()).logbook) == 1  # the acknowledged move was not lost
