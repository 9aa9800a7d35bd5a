"""Turn notices by DM and time away that runs out are claimed work: of two processes at once, one sends each DM and
one ends each absence; a DM whose sender died before marking it sent goes again under the same nonce once the
claim has expired."""

from __future__ import annotations

import asyncio
import random

from bot.chat.leases import Claimant, message_nonce
from bot.chat.notices import TurnNotices
from bot.service.claims import NOTICES

from tests.service.helpers import HOST, mrx_user, play_turn, started

LEASE = 30.0


class User:
    def __init__(self, sent: list, user_id: int, who: str) -> None:
        self.sent, self.user_id, self.who = sent, user_id, who

    async def send(self, text, **kwargs):
        await asyncio.sleep(0.001)  # the other process runs meanwhile
        self.sent.append((self.who, self.user_id, text, kwargs["nonce"]))


class Client:
    """What the notices use of discord.py's client: a person to DM."""

    def __init__(self, sent: list, who: str) -> None:
        self.sent, self.who = sent, who

    def get_user(self, user_id: int) -> User:
        return User(self.sent, user_id, self.who)


def notices(service, sent, name) -> TurnNotices:
    return TurnNotices(service, Client(sent, name), Claimant(name, LEASE))


async def test_two_processes_sending_at_once_send_each_notice_once(two_processes, clock):
    one, two = two_processes
    games = await _owed_by_moves(one)
    sent: list = []
    await asyncio.gather(notices(one, sent, "one").send(), notices(two, sent, "two").send())
    assert sorted(text.rsplit("/", 1)[1] for _, _, text, _ in sent) == sorted(str(500 + g) for g in games)
    assert await notices(two, sent, "two").send() == 0 and len(sent) == len(games)


async def test_a_notice_whose_sender_died_goes_again_under_its_nonce_once_the_claim_expires(two_processes, clock):
    one, two = two_processes
    [game_id] = await _owed_by_moves(one, (10,))
    [notice] = await one.claim_notices(game_id, "dead", LEASE)  # then it dies: nothing sent, nothing marked
    sent: list = []
    survivor = notices(two, sent, "survivor")
    assert await survivor.send() == 0 and sent == []
    assert await one.claim_holder(NOTICES, game_id) == "dead"
    clock.now += LEASE
    assert await survivor.send() == 1 and await survivor.send() == 0
    [(who, user, _, nonce)] = sent
    assert (who, user, nonce) == ("survivor", HOST, message_nonce("sn", str(notice.id)))


async def test_time_away_that_ran_out_is_ended_by_one_process(two_processes, clock):
    one, two = two_processes
    start = await started(one)
    await one.go_away(mrx_user(start), 1)
    clock.advance(25)
    [game_id] = await two.games_running_out()
    done = await asyncio.gather(one.end_absences(game_id, "one", LEASE), two.end_absences(game_id, "two", LEASE))
    assert sorted(done) == [False, True]
    assert [a.kind for a in await one.pending_announcements(game_id)].count("back") == 1


async def _owed_by_moves(service, channels=(10, 11, 12)) -> list[int]:
    """Games where Mr. X has moved and the host's Red is to move, each owing the host a notice (as if posted as
    message 500 + the game's id)."""
    await service.set_turn_notices(HOST, dm=True)
    games = []
    for channel in channels:
        start = await started(service, channel=channel)
        await play_turn(service, start.game.id, random.Random(channel))
        game = await service.get_game(start.game.id)
        assert game.to_move == ("red",)
        await service.queue_turn_notices(game.id, "action:1", game.turn, channel, 500 + game.id, [HOST])
        games.append(game.id)
    return games
