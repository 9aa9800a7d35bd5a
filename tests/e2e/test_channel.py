"""Closed DMs, slow play (reminders, deadline), autocomplete and the look-up commands."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game


@pytest.mark.asyncio
async def test_mr_x_with_closed_dms_is_told_what_to_change_and_plays_from_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    w.dave.refuses_dms = True
    await game.open(seed=4, mrx=w.dave, detectives=(w.carol,))
    note = next(m for m in fake.channel_messages(w.channel) if "direct messages" in m.text)
    assert "can't send you direct messages" in note.text and f"<@{w.dave.id}>" in note.text
    assert "Privacy Settings" in note.text and "/sy move" in note.text
    assert fake.refused_dms and fake.refused_dms[0][0] is w.dave
    await game.start()
    # At the start his prompt could not be sent: the channel hears it again, plainly.
    assert "can't send you direct messages" in fake.channel_messages(w.channel)[-1].text
    # He plays with ephemeral answers in the channel.
    status = await game.reply(w.dave, "status")
    state = await game.truth()
    assert status.kind == "ephemeral" and f"you are at **{state.mrx_station}**" in status.text
    board = await game.reply(w.dave, "board")
    assert board.kind == "ephemeral" and "mrx-board.png" in board.files
    choices = await game.choices(w.dave, w.channel, {}, focused="to")
    assert {c["value"] for c in choices} == {m.to for m in state.legal_moves(MRX)}
    await game.play(until=lambda s: len(s.logbook) == 2 and s.phase == "mrx", ways=("channel",))
    assert len((await game.truth()).logbook) == 2


@pytest.mark.asyncio
async def test_detective_autocomplete_offers_exactly_the_legal_destinations(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    pawn = next(p.id for p in state.pawns if p.role == "detective")
    owner = await game.owner(pawn)
    assert await game.choices(owner, w.channel, {}, focused="to") == []  # Mr. X's turn: nothing
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    owner = await game.owner(pawn)
    choices = await game.choices(owner, w.channel, {}, focused="to")
    legal: dict[int, set[str]] = {}
    for m in state.legal_moves(pawn):
        legal.setdefault(m.to, set()).add(m.ticket)
    assert {c["value"] for c in choices} == set(legal)
    for c in choices:
        assert set(c["name"].split(" — ")[1].split(", ")) == legal[c["value"]]
    typed = str(min(legal))[0]
    narrowed = await game.choices(owner, w.channel, {}, focused="to", value=typed)
    assert narrowed and all(str(c["value"]).startswith(typed) for c in narrowed)
    pawns = await game.choices(owner, w.channel, {}, focused="pawn")
    mine = next(p.pawns for p in await game.service.players(game.game_id) if p.user_id == owner.id)
    assert {c["value"] for c in pawns} == set(mine)
    other = next(u for u in (w.alice, w.carol) if u is not owner)
    assert await game.choices(other, w.channel, {}, focused="to") == []


@pytest.mark.asyncio
async def test_reminders_once_per_turn_and_the_deadline_lets_the_host_skip(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    answer = await game.reply(w.alice, "sy-host settings", {"reminder_hours": 2.0, "deadline_hours": 6.0})
    assert "reminders after 2 h" in answer.text and "deadline 6 h" in answer.text
    await game.start()
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    pawn = (await game.truth()).to_move()[0]
    owner = await game.owner(pawn)
    game.clock.advance(1)
    assert await game.bot.reminders.tick() == 0
    game.clock.advance(1.5)
    assert await game.bot.reminders.tick() == 1
    reminder = fake.channel_messages(w.channel)[-1]
    assert reminder.text.startswith("⏰") and f"<@{owner.id}>" in reminder.text
    assert "waiting for 2 h" in reminder.text and "deadline is in 4 h" in reminder.text, reminder.text
    status = await game.reply(w.carol, "status")
    assert "waiting for 2 h" in status.text and "deadline is in 4 h" in status.text, status.text
    assert await game.bot.reminders.tick() == 0  # once per turn
    game.clock.advance(4)
    assert await game.bot.reminders.tick() == 1
    overdue = fake.channel_messages(w.channel)[-1]
    assert f"<@{w.alice.id}>" in overdue.text and "deadline" in overdue.text
    skip_id = next(c for c in overdue.custom_ids if c.startswith("sy:skip:"))
    refused = await fake.click(w.carol, overdue, skip_id)
    assert "only the host" in (await refused.wait_reply()).text.lower()
    skipped = await fake.click(w.alice, overdue, skip_id)
    await skipped.wait_callback()
    await game.settle()
    state = await game.truth()
    assert pawn not in state.to_move() and state.history[-1].get("reason") == "timeout"
    assert "skipped by the host" in "".join(m.text for m in fake.channel_messages(w.channel)[-3:])
    # The click is acknowledged in place: no "thinking…", no private echo, and its button goes.
    assert skipped.response_type == 6 and not skipped.followups and skip_id not in overdue.custom_ids
    game.check_secrecy(state)
    # The next detective lets the deadline pass too, then moves after all: a round later the host's
    # button is refused politely, and nothing changes.
    game.clock.advance(7)
    assert await game.bot.reminders.tick() >= 1
    overdue = fake.channel_messages(w.channel)[-1]
    skip_id = next(c for c in overdue.custom_ids if c.startswith("sy:skip:"))
    await game.play(until=lambda s: s.round == state.round + 1 and s.phase == "detectives", ways=("dm",))
    version = (await game.service.get_game(game.game_id)).version
    late = await fake.click(w.alice, overdue, skip_id)
    answer = await late.wait_reply()
    assert answer.kind == "ephemeral" and f"from round {state.round}" in answer.text
    assert (await game.service.get_game(game.game_id)).version == version


@pytest.mark.asyncio
async def test_look_up_commands(game: Game) -> None:
    w = game.world
    helped = await game.reply(w.carol, "help", channel="dm")
    assert "/sy move" in helped.text
    rules = await game.reply(w.carol, "rules", {"rules": "master"})
    assert "Master" in rules.text and "any order" in rules.text
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    lobby_status = await game.reply(w.carol, "status")
    assert "forming" in lobby_status.text
    await game.start()
    await game.play(until=lambda s: len(s.logbook) == 3 and s.phase == "mrx", ways=("dm",))
    state = await game.truth()
    status = await game.reply(w.carol, "status")
    assert status.kind == "ephemeral"
    for pawn in state.detectives():
        assert f"**{state.positions[pawn.id]}**" in status.text
    log = await game.reply(w.carol, "log")
    assert f"**{state.logbook[2].station}**" in log.text  # entry 3 is a reveal
    board = await game.reply(w.carol, "board", {"tracker": True})
    assert "board.png" in board.files and board.kind == "ephemeral"
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_commands_are_synced_globally_and_work_in_dms(game: Game) -> None:
    fake = game.fake
    synced = {c["name"]: c for c in fake.commands()}
    sy, host, me = synced["sy"], synced["sy-host"], synced["sy-me"]
    assert 1 in sy.get("contexts", [0, 1]) and 1 in me.get("contexts", [0, 1])
    assert host["contexts"] == [0]  # the host's tools belong to a server's games
    names = {o["name"] for o in sy["options"]}
    assert {"new", "join", "leave", "start", "move", "surface", "resign", "board", "log", "status", "rules",
            "help", "export", "stats", "leaderboard"} <= names
    assert {"settings", "addbot", "removebot", "replace", "cancel"} <= {o["name"] for o in host["options"]}
    assert {"language"} <= {o["name"] for o in me["options"]}
    assert len(sy["options"]) <= 25 and len(host["options"]) <= 25 and len(me["options"]) <= 25
    move = next(o for o in sy["options"] if o["name"] == "move")
    assert [o["name"] for o in move["options"]] == ["to", "ticket", "pawn", "then_to", "then_ticket", "game", "die"]


@pytest.mark.asyncio
async def test_resigning_asks_first_then_hands_over_or_ends_the_game(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    version = (await game.service.get_game(game.game_id)).version
    ask = await game.reply(w.dave, "resign")
    assert ask.kind == "ephemeral" and "Really resign" in ask.text
    assert (await game.service.get_game(game.game_id)).version == version  # asking changes nothing
    await game.click(w.dave, ask, f"sy:resign:{game.game_id}")
    players = {p.user_id: p for p in await game.service.players(game.game_id)}
    assert players[w.dave.id].status == "resigned" and players[w.dave.id].pawns == ()
    assert "resigned" in "".join(m.text for m in fake.channel_messages(w.channel)[-2:])
    ask = await game.reply(w.bob, "resign", channel="dm")
    assert "detectives win" in ask.text
    await game.click(w.bob, ask, f"sy:resign:{game.game_id}")
    assert "The detectives win!" in fake.channel_messages(w.channel)[-1].text
    assert await game.service.game_in_channel(w.channel.id) is None


@pytest.mark.asyncio
async def test_the_host_replaces_mr_x_and_the_new_one_gets_the_menu(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    answer = await game.reply(w.alice, "sy-host replace", {"old": w.bob, "new": w.dave})
    assert answer.kind == "ephemeral"
    assert f"<@{w.dave.id}> takes over" in fake.channel_messages(w.channel)[-1].text
    game.mrx_user = w.dave
    menu = game.prompt()
    assert "Your move, Mr. X" in menu.text
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "menu")
    assert len((await game.truth()).logbook) == 1


@pytest.mark.asyncio
async def test_mr_x_surfaces_in_mb1985_and_takes_tickets(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.reply(w.alice, "new", {"rules": "mb1985", "seed": 3, "surfacing": True})
    game.game_id = (await game.service.game_in_channel(w.channel.id)).id
    await game.click(w.bob, lobby, f"sy:lobby:{game.game_id}:join_x")
    await game.start()
    refused = await game.reply(w.bob, "surface", channel="dm")
    assert "first move" in refused.text
    await game.play(until=lambda s: len(s.logbook) == 1 and s.phase == "mrx", ways=("dm",))
    state = await game.truth()
    offered = await fake.autocomplete(w.bob, fake.dm_channel(w.bob), "sy", "surface", {}, focused="take")
    assert {c["value"] for c in offered} == {"taxi", "bus", "underground"}
    answer = await game.reply(w.bob, "surface", {"take": "taxi"}, channel="dm")
    assert answer.text.startswith("✅ You surfaced")
    after = await game.truth()
    assert after.logbook[-1].surfaced
    assert f"Mr. X surfaces: he is at **{state.mrx_station}**" in fake.channel_messages(w.channel)[-1].text


@pytest.mark.asyncio
async def test_closed_dms_are_explained_once_then_mr_x_is_just_mentioned(game: Game) -> None:
    w, fake = game.world, game.fake
    w.bob.refuses_dms = True
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(until=lambda s: len(s.logbook) == 2 and s.phase == "mrx", ways=("channel",))
    notes = [m.text for m in fake.channel_messages(w.channel) if "DMs can't reach you" in m.text
             or "can't send you direct messages" in m.text]
    assert len(notes) == 4  # at joining, at the start, then a short mention each turn
    assert "Privacy Settings" not in notes[-1] and f"<@{w.bob.id}>" in notes[-1] and "round 3" in notes[-1]
