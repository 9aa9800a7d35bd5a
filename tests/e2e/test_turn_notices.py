"""Turn notices by DM and quiet hours, through the real bot and the fake Discord: a person told by DM when a turn
becomes theirs (a link to the post), with the channel's mention off; quiet hours in their own time zone hold a
reminder and a DM until they end, while the deadline's clock counts on. The clock is the test's."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, pinged

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def berlin(day: int, hour: int, minute: int = 0) -> float:
    return dt.datetime(2027, 1, day, hour, minute, tzinfo=BERLIN).timestamp()


async def open_game(game: Game, **settings) -> None:
    """A classic game: Bob is Mr. X, Alice (the host, Red and Blue) and Carol the detectives."""
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    if settings:
        await game.reply(w.alice, "sy-host settings", settings)
    await game.start()


@pytest.mark.asyncio
async def test_a_turn_notice_by_dm_links_to_the_post_and_the_channel_names_without_a_ping(game: Game) -> None:
    w, fake = game.world, game.fake
    answer = await game.reply(w.alice, "sy-me notices", {"dm": True, "mentions": False})
    assert answer.kind == "ephemeral" and "a DM with a link to the post on, the channel's mention off" in answer.text
    await open_game(game)
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    handed = next(m for m in reversed(fake.channel_messages(w.channel)) if f"<@{w.alice.id}>" in m.content)
    assert pinged(fake, handed) == set()  # named, not pinged
    (notice,) = fake.dm_messages(w.alice)
    link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}/{handed.id}"
    assert notice.text == f"🔔 Your turn in game #{game.game_id} (Classic (Ravensburger 2000)): {link}", notice.text
    # Carol asked for nothing: she is pinged when her turn comes, and gets no DM.
    await game.play(until=lambda s: "green" in s.to_move() or s.is_over, ways=("dm",))
    state = await game.truth()
    assert not state.is_over and await game.owner("green") is w.carol
    handed = fake.channel_messages(w.channel)[-1]
    assert w.carol.id in pinged(fake, handed) and fake.dm_messages(w.carol) == []
    # The same post made again owes no second notice.
    assert await game.bot.notices.send() == 0 and len(fake.dm_messages(w.alice)) == 1


@pytest.mark.asyncio
async def test_quiet_hours_hold_a_reminder_and_a_dm_until_they_end_while_the_deadline_counts_on(game: Game) -> None:
    w, fake = game.world, game.fake
    game.clock.now = berlin(15, 20)
    answer = await game.reply(w.alice, "sy-me quiet", {"from": "22:00", "until": "7:00", "timezone": "europe/berlin"})
    assert answer.text.startswith("🌙 Quiet hours 22:00–07:00 (Europe/Berlin)"), answer.text
    await game.reply(w.alice, "sy-me notices", {"dm": True})
    await open_game(game, reminder_hours=2.0, deadline_hours=6.0)
    game.clock.now = berlin(15, 23)  # Mr. X moves late: Alice's turn begins inside her quiet hours
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    handed = next(m for m in reversed(fake.channel_messages(w.channel)) if f"<@{w.alice.id}>" in m.content)
    assert pinged(fake, handed) == set() and fake.dm_messages(w.alice) == []  # named silently; the DM waits
    posts = len(fake.channel_messages(w.channel))

    game.clock.now = berlin(16, 1, 30)  # the reminder is due, inside the quiet hours: it waits
    assert await game.bot.reminders.tick() == 0
    game.clock.now = berlin(16, 5, 30)  # the deadline's clock counts on: its notice goes, waking nobody quiet
    assert await game.bot.reminders.tick() == 1
    overdue = fake.channel_messages(w.channel)[-1]
    assert "past the deadline" in overdue.text and pinged(fake, overdue) == set()
    game.clock.now = berlin(16, 6, 59)
    assert await game.bot.reminders.tick() == 0
    assert fake.dm_messages(w.alice) == []

    game.clock.now = berlin(16, 7, 1)  # the quiet hours are over: the reminder and the DM go out
    assert await game.bot.reminders.tick() == 2
    reminder = fake.channel_messages(w.channel)[-1]
    assert reminder.text.startswith("⏰") and pinged(fake, reminder) == {w.alice.id}
    assert len(fake.channel_messages(w.channel)) == posts + 2
    (notice,) = fake.dm_messages(w.alice)
    assert notice.text.endswith(f"/{w.channel.id}/{handed.id}")
    assert await game.bot.reminders.tick() == 0  # each once


@pytest.mark.asyncio
async def test_quiet_hours_are_asked_in_the_persons_own_words(game: Game) -> None:
    w, fake = game.world, game.fake
    offered = await fake.autocomplete(w.carol, w.channel, "sy-me", "quiet", {}, focused="timezone", value="berl")
    assert offered[0]["value"] == "Europe/Berlin"
    assert len(await fake.autocomplete(w.carol, "dm", "sy-me", "quiet", {}, focused="timezone", value="")) <= 25
    refused = await game.reply(w.carol, "sy-me quiet", {"from": "25:99", "until": "7", "timezone": "Europe/Berlin"})
    assert "not a time of day I understand" in refused.text
    refused = await game.reply(w.carol, "sy-me quiet", {"from": "22", "until": "7"})
    assert "Say in which time zone" in refused.text
    refused = await game.reply(w.carol, "sy-me quiet", {"from": "22", "until": "7", "timezone": "Mars/Olympus"})
    assert "is not a time zone I know" in refused.text
    assert not (await game.service.person_settings(w.carol.id)).has_quiet_hours
    handle = await fake.slash(w.carol, "dm", "sy-me", "quiet", {"from": "10pm", "until": "6:30 am",
                                                                 "timezone": "America/New_York"}, locale="de")
    answer = await handle.wait_reply()
    assert answer.text.startswith("🌙 Ruhezeiten 22:00–06:30 (America/New_York)"), answer.text
    answer = await game.reply(w.carol, "sy-me quiet", {"off": True})
    assert answer.text == "🌙 No quiet hours."


@pytest.mark.asyncio
async def test_mr_x_s_prompt_inside_his_quiet_hours_comes_without_a_sound(game: Game) -> None:
    w, fake = game.world, game.fake
    game.clock.now = berlin(15, 23)
    await game.reply(w.bob, "sy-me quiet", {"from": "22:00", "until": "07:00", "timezone": "Europe/Berlin"},
                     channel="dm")
    await open_game(game)
    prompt = game.prompt()
    assert prompt.flags & (1 << 12)  # SUPPRESS_NOTIFICATIONS: delivered, no push
    await game.reply(w.bob, "sy-me quiet", {"off": True}, channel="dm")
    game.clock.now = berlin(16, 12)
    await game.mrx_moves((await game.truth()).legal_moves(MRX)[0], "dm")
    await game.play(until=lambda s: s.to_move() == [MRX] or s.is_over, ways=("dm",))
    assert not (await game.truth()).is_over and len(fake.dm_messages(w.bob)) >= 2
    assert not game.prompt().flags & (1 << 12)  # his next turn, outside quiet hours
