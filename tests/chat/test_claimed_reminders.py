"""Reminders and deadline notices are claimed: of two processes ticking at once, one sends each, and one whose
sender died before marking it sent is sent again (under the same nonce) once the claim has expired."""

from __future__ import annotations

import asyncio

from bot.chat.leases import Claimant
from bot.chat.reminders import Reminders
from bot.service.claims import REMINDER

from tests.service.helpers import started

LEASE = 30.0


class Channel:
    def __init__(self, sent: list, channel_id: int, who: str) -> None:
        self.sent, self.channel_id, self.who = sent, channel_id, who

    async def send(self, text, **kwargs):
        await asyncio.sleep(0.001)  # the other process runs meanwhile
        self.sent.append((self.who, self.channel_id, text, kwargs["nonce"]))


class Client:
    """What the reminders use of discord.py's client: a channel to send to."""

    def __init__(self, sent: list, who: str) -> None:
        self.sent, self.who = sent, who

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return Channel(self.sent, channel_id, self.who)


def reminders(service, clock, sent, name) -> Reminders:
    return Reminders(service, Client(sent, name), clock, claimant=Claimant(name, LEASE))


async def test_two_processes_ticking_at_once_send_one_reminder_and_one_deadline_notice(two_processes, clock):
    one, two = two_processes
    for channel in (10, 11, 12):
        await started(one, channel=channel)
    sent: list = []
    first, second = reminders(one, clock, sent, "one"), reminders(two, clock, sent, "two")
    clock.advance(13)  # past the reminder (12 hours), before the deadline (48)
    await asyncio.gather(first.tick(), second.tick())
    assert sorted(channel for _, channel, _, _ in sent) == [10, 11, 12]
    await asyncio.gather(first.tick(), second.tick())
    assert len(sent) == 3
    clock.advance(36)
    await asyncio.gather(first.tick(), second.tick())
    notices = sent[3:]
    assert sorted(channel for _, channel, _, _ in notices) == [10, 11, 12]
    assert all("deadline" in text.lower() or "skip" in text.lower() for _, _, text, _ in notices)


async def test_a_reminder_whose_sender_died_is_sent_again_under_its_nonce_once_the_claim_expires(two_processes,
                                                                                                   clock):
    one, two = two_processes
    start = await started(one)
    clock.advance(13)
    [due] = await one.due_reminders()
    assert await one.claim_reminder(due, "dead", LEASE)  # then it dies: nothing sent, nothing marked
    sent: list = []
    survivor = reminders(two, clock, sent, "survivor")
    assert await survivor.tick() == 0 and sent == []
    assert await one.claim_holder(REMINDER, start.game.id) == "dead"
    clock.now += LEASE
    assert await survivor.tick() == 1
    assert await survivor.tick() == 0
    [(who, channel, _, nonce)] = sent
    assert who == "survivor" and nonce == survivor_nonce(start.game.id)
    assert await one.claim_holder(REMINDER, start.game.id) is None and await one.due_reminders() == []


async def test_a_reminder_sent_and_marked_elsewhere_is_not_sent_again_by_a_process_that_saw_it_due(two_processes,
                                                                                                     clock):
    one, two = two_processes
    await started(one)
    clock.advance(13)
    [seen] = await two.due_reminders()  # read before the other process dealt with it
    sent: list = []
    await reminders(one, clock, sent, "one").tick()
    assert len(sent) == 1
    assert not await two.claim_reminder(seen, "two", LEASE)


def survivor_nonce(game_id: int) -> str:
    import hashlib

    return "sr" + hashlib.sha256(f"reminder:{game_id}:1".encode()).hexdigest()[:23]
