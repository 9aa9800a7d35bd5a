"""Computer players' turns are claimed: of two processes poked by one change, one thinks and plays; a process
that died holding the turn leaves it to the other's fallback poll once the lease has ended."""

from __future__ import annotations

import asyncio

from bot.chat.computers import Computers
from bot.chat.leases import Claimant
from bot.games import get_family
from bot.service.claims import COMPUTERS

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key

LEASE = 30.0


class CountingThinker:
    """Decides on the event loop (the real one sends the turn to its worker processes), counting decisions."""

    def __init__(self, decisions: list, who: str) -> None:
        self.decisions, self.who = decisions, who

    async def decide(self, turn):
        self.decisions.append((self.who, turn.game_id, turn.key))
        await asyncio.sleep(0.01)  # thinking takes a while: the other process runs meanwhile
        return get_family(turn.family).computer_step(turn.player(), turn.view, turn.pawn)

    def close(self) -> None:
        pass


def computers(service, name: str, decisions: list, announced: list) -> Computers:
    async def announce(game_id, computers=True) -> None:
        announced.append((name, game_id))

    return Computers(service, announce, CountingThinker(decisions, name), pause=0,
                     claimant=Claimant(name, LEASE))


async def game_with_computer_mrx(service) -> int:
    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=11)
    await service.join(CHANNEL, HOST, "Host", "detective")
    await service.join(CHANNEL, HOST + 1, "Player", "detective")
    await service.add_computer(CHANNEL, HOST, "mrx", "greedy")
    return (await service.start(CHANNEL, HOST, key=new_key())).game.id


async def actions(service, game_id: int) -> int:
    return (await service.database.one("SELECT COUNT(*) AS n FROM actions WHERE game_id = ?", (game_id,)))["n"]


async def test_two_processes_poked_at_once_make_one_decision_and_one_move(two_processes):
    one, two = two_processes
    game_id = await game_with_computer_mrx(one)
    decisions: list = []
    announced: list = []
    first, second = computers(one, "one", decisions, announced), computers(two, "two", decisions, announced)
    first.poke(game_id)
    second.poke(game_id)
    await asyncio.gather(first.idle(), second.idle())
    assert len(decisions) == 1 and await actions(one, game_id) == 1
    assert announced == [(decisions[0][0], game_id)]
    assert await one.computer_turn(game_id) is None  # the detectives (people) owe the next move
    assert await one.claim_holder(COMPUTERS, game_id) is None  # released


async def test_a_turn_claimed_by_a_process_that_died_is_played_by_the_others_poll_after_the_lease(two_processes,
                                                                                                  clock):
    one, two = two_processes
    game_id = await game_with_computer_mrx(one)
    assert await one.claim(COMPUTERS, game_id, "dead", LEASE)  # then it dies mid-thought
    decisions: list = []
    survivor = computers(two, "survivor", decisions, [])
    survivor.poke(game_id)
    await survivor.resume()
    await survivor.idle()
    assert decisions == [] and await actions(one, game_id) == 0
    clock.now += LEASE
    await survivor.resume()  # the fallback poll
    await survivor.idle()
    assert [who for who, _, _ in decisions] == ["survivor"] and await actions(one, game_id) == 1


async def test_the_poll_names_only_games_where_a_computer_is_to_move(two_processes):
    one, _ = two_processes
    game_id = await game_with_computer_mrx(one)
    assert await one.games_owing_computers("me") == [game_id]
    assert await one.claim(COMPUTERS, game_id, "other", LEASE)
    assert await one.games_owing_computers("me") == [] and await one.games_owing_computers("other") == [game_id]
    await one.release_claims(COMPUTERS, [game_id], "other")
    await one.play_computers(game_id)  # Mr. X moves: people owe the next move
    assert await one.games_owing_computers("me") == []
