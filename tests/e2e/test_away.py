"""Away and paused, through the real bot and the fake Discord: a player away from their turn gets no reminder and
no deadline, the channel reads one line, the clock goes on when they are back or their time runs out (and the
host's limit brings the deadline back); the host pauses a game and resumes it. The clock is the test's: hours pass
in an instant."""

from __future__ import annotations

import re

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, pinged


async def detective_to_move(game: Game, reminder_hours: float = 2.0, deadline_hours: float = 6.0, **settings):
    """A classic game (Bob Mr. X; Alice, the host, with Red and Blue, and Carol the detectives) where Mr. X has
    moved: Alice's Red is to move. Returns the state and the pawn."""
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.reply(w.alice, "sy-host settings", {"reminder_hours": reminder_hours,
                                                   "deadline_hours": deadline_hours, **settings})
    await game.start()
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    assert pawn == "red" and await game.owner(pawn) is w.alice
    return state, pawn


def posts_since(game: Game, before: int) -> list:
    return game.fake.channel_messages(game.world.channel)[before:]


@pytest.mark.asyncio
async def test_a_detective_away_over_two_reminder_periods_gets_no_reminder_and_no_deadline_then_plays_on(
        game: Game) -> None:
    w, fake = game.world, game.fake
    state, pawn = await detective_to_move(game)
    game.clock.advance(0.5)  # half an hour of the turn has passed
    before = len(fake.channel_messages(w.channel))
    answer = await game.reply(w.alice, "sy-me away", {"days": 1, "reason": "holiday"})
    until = int(game.clock.now + 86_400)
    assert answer.kind == "ephemeral" and answer.text.startswith(f"⏸ You are away until <t:{until}:F> in game #"), \
        answer.text
    (line,) = posts_since(game, before)
    assert line.text == f"⏸ 🔴 Red and 🔵 Blue (<@{w.alice.id}>) are away until <t:{until}:F>. “holiday”", line.text
    assert pinged(fake, line) == set()  # a line to read, nobody woken

    # Two reminder periods and the deadline pass: nothing is posted.
    before = len(fake.channel_messages(w.channel))
    for _ in range(4):
        game.clock.advance(2)
        assert await game.bot.reminders.tick() == 0
    assert posts_since(game, before) == []
    status = await game.reply(w.carol, "status")
    assert f"⏸ Away until <t:{until}:F>: <@{w.alice.id}>." in status.text
    assert "clock stands still" in status.text and "waiting for 30 minutes" in status.text, status.text
    # Without a deadline passed, the seat cannot go to a computer.
    refused = await game.reply(w.alice, "sy-host addbot", {"player": w.alice.id, "level": "easy"})
    assert "deadline for this turn passes in 6 h" in refused.text, refused.text  # 5 h 30 left on its clock

    # Back: the clock goes on where it stood (half an hour waited), the reminder comes 2 h of clock later.
    answer = await game.reply(w.alice, "sy-me back")
    assert answer.kind == "ephemeral" and "the clock runs again in game #" in answer.text
    assert posts_since(game, before)[-1].text == f"▶️ 🔴 Red and 🔵 Blue (<@{w.alice.id}>) are back: the clock runs again."
    game.clock.advance(1.4)
    assert await game.bot.reminders.tick() == 0
    game.clock.advance(0.2)
    assert await game.bot.reminders.tick() == 1
    reminder = fake.channel_messages(w.channel)[-1]
    assert reminder.text.startswith("⏰") and "waiting for 2 h" in reminder.text and pinged(fake, reminder) == {
        w.alice.id}, reminder.text
    # Play resumes: Carol moves.
    await game.detective_moves(next(m for m in state.legal_moves(pawn)))
    assert pawn not in (await game.truth()).to_move()
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_time_away_that_runs_out_starts_the_clock_and_the_hosts_limit_brings_the_deadline_back(
        game: Game) -> None:
    w, fake = game.world, game.fake
    await detective_to_move(game, reminder_hours=2.0, deadline_hours=6.0, away_days=0.25)
    answer = await game.reply(w.alice, "sy-me away", {"days": 3})
    ends = int(game.clock.now + 6 * 3600)  # the host allows a quarter of a day
    assert f"until <t:{ends}:F>" in answer.text and "allows each player 0.25 days away in all" in answer.text
    game.clock.advance(7)
    before = len(fake.channel_messages(w.channel))
    assert await game.bot.reminders.tick() == 0  # the time ran out an hour ago: one hour on the clock
    (line,) = posts_since(game, before)
    assert line.text == f"▶️ 🔴 Red and 🔵 Blue (<@{w.alice.id}>): the time away is over, the clock runs again."
    game.clock.advance(1.1)
    assert await game.bot.reminders.tick() == 1  # 2 h on the clock: the reminder
    game.clock.advance(4)
    assert await game.bot.reminders.tick() == 1  # 6 h: the deadline's offer to skip or hand the seat over
    overdue = fake.channel_messages(w.channel)[-1]
    assert "past the deadline" in overdue.text and any(c.startswith("sy:skip:") for c in overdue.custom_ids)
    # The limit is used up: no more time away in this game.
    refused = await game.reply(w.alice, "sy-me away", {"days": 1})
    assert "used the 0.25 days away it allows" in refused.text, refused.text
    assert await game.service.absences_of(game.game_id) == {}


@pytest.mark.asyncio
async def test_the_host_pauses_the_game_and_resumes_it(game: Game) -> None:
    w, fake = game.world, game.fake
    state, pawn = await detective_to_move(game)
    refused = await game.reply(w.carol, "sy-host pause")
    assert refused.kind == "ephemeral" and "Only the host" in refused.text
    before = len(fake.channel_messages(w.channel))
    answer = await game.reply(w.alice, "sy-host pause", {"reason": "Christmas"})
    assert answer.kind == "ephemeral" and answer.text.startswith("⏸ Paused")
    (line,) = posts_since(game, before)
    assert line.text == (f"⏸ <@{w.alice.id}> paused the game: nobody moves and no clock runs until "
                         "`/sy-host resume`. “Christmas”")
    # Nobody moves, no clock runs.
    move = next(m for m in state.legal_moves(pawn))
    handle = await fake.slash(w.alice, w.channel, "sy", "move", {"to": move.to, "ticket": move.ticket, "pawn": pawn})
    assert "paused this game" in (await handle.wait_reply()).text
    game.clock.advance(30)
    assert await game.bot.reminders.tick() == 0
    assert "The host paused the game" in (await game.reply(w.carol, "status")).text
    # Resumed: the turn goes on from where it stood.
    answer = await game.reply(w.alice, "sy-host resume")
    assert answer.text.startswith("▶️ Resumed")
    assert fake.channel_messages(w.channel)[-1].text == f"▶️ <@{w.alice.id}> resumed the game: the clock runs again."
    assert "not paused" in (await game.reply(w.alice, "sy-host resume")).text
    game.clock.advance(1.9)
    assert await game.bot.reminders.tick() == 0
    game.clock.advance(0.2)
    assert await game.bot.reminders.tick() == 1
    await game.detective_moves(move)
    assert pawn not in (await game.truth()).to_move()


@pytest.mark.asyncio
async def test_a_player_who_moves_while_away_is_back(game: Game) -> None:
    w, fake = game.world, game.fake
    state, pawn = await detective_to_move(game)
    await game.reply(w.alice, "sy-me away", {"days": 2})
    await game.detective_moves(next(m for m in state.legal_moves(pawn)))
    texts = [m.text for m in fake.channel_messages(w.channel)[-3:]]
    assert f"▶️ 🔴 Red and 🔵 Blue (<@{w.alice.id}>) are back: the clock runs again." in texts, texts
    assert await game.service.absences_of(game.game_id) == {}


@pytest.mark.asyncio
async def test_away_and_pause_in_german(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.reply(w.alice, "sy-host settings", {"language": "de"})
    await game.start()
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    handle = await fake.slash(w.alice, w.channel, "sy-me", "away", {"days": 2}, locale="de")
    answer = await handle.wait_reply()
    await game.settle()
    assert answer.text.startswith("⏸ Du bist abwesend bis <t:"), answer.text
    line = fake.channel_messages(w.channel)[-1].text
    assert re.fullmatch(rf"⏸ 🔴 Rot und 🔵 Blau \(<@{w.alice.id}>\) sind abwesend bis <t:\d+:F>\.", line), line
    handle = await fake.slash(w.alice, w.channel, "sy-host", "pause", {}, locale="de")
    assert (await handle.wait_reply()).text.startswith("⏸ Angehalten")
    await game.settle()
    assert "hat das Spiel angehalten" in fake.channel_messages(w.channel)[-1].text
    # The German names of the new commands.
    synced = {c["name"]: c for c in fake.commands()}
    me = {o["name"]: o for o in synced["sy-me"]["options"]}
    host = {o["name"]: o for o in synced["sy-host"]["options"]}
    assert synced["sy-me"]["name_localizations"]["de"] == "sy-ich"
    assert {name: me[name]["name_localizations"]["de"] for name in ("away", "back", "notices", "quiet")} == {
        "away": "abwesend", "back": "zurück", "notices": "benachrichtigungen", "quiet": "ruhezeiten"}
    assert [o["name_localizations"]["de"] for o in me["quiet"]["options"]] == ["von", "bis", "zeitzone", "aus"]
    assert (host["pause"]["name_localizations"]["de"], host["resume"]["name_localizations"]["de"]) == (
        "pausieren", "fortsetzen")


@pytest.mark.asyncio
async def test_bad_input_to_away_and_pause_changes_nothing(game: Game) -> None:
    w = game.world
    refused = await game.reply(w.dave, "sy-me away", {"days": 1})
    assert "not playing in a running game" in refused.text
    await detective_to_move(game)
    refused = await game.reply(w.carol, "sy-me back")
    assert "not away in any game" in refused.text
    refused = await game.reply(w.alice, "sy-host settings", {"away_days": 400})
    assert "from 0 to 365" in refused.text
    assert (await game.service.settings(game.game_id)).away_days == 14
    refused = await game.reply(w.carol, "sy-me away", {"days": 1, "game": game.game_id + 7})
    assert refused.kind == "ephemeral" and "does not exist" in refused.text
    assert await game.service.absences_of(game.game_id) == {}
