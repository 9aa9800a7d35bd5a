"""Computer seats in the service: levels as strategies, their turns, removing them, and a computer
standing in for an absent player until they take the seat back."""

import random

import pytest

from bot.games import COMPUTER_KINDS, as_kind, computer_kind, computer_user_id, get_family
from bot.games.london.engine import MRX, InvalidAction, MrXView, PublicView
from bot.games.london.engine.players import GreedyPlayer, view_for
from bot.service import DeadlineNotPassed, GameSettings, NotHost, NotInGame, StaleAction

from tests.service.helpers import CHANNEL, GUILD, HOST, new_key, owner, play_turn, started, stored_state


def test_a_computer_user_id_tells_its_kind_and_never_repeats():
    taken: list[int] = [HOST, HOST + 1]
    for kind in ("hard", "easy", "hard", "greedy"):
        user = computer_user_id(taken, kind)
        assert user < 0 and user not in taken and computer_kind(user) == kind
        assert computer_kind(as_kind(user)) == kind and as_kind(as_kind(user)) == as_kind(user)
        taken.append(user)
    assert computer_kind(HOST) is None and as_kind(HOST) == HOST
    assert {as_kind(u) for u in taken if u < 0} == {as_kind(computer_user_id([], k)) for k in ("hard", "easy", "greedy")}


def test_the_london_family_offers_the_baselines_and_the_three_levels():
    london = get_family("london")
    assert london.strategies == COMPUTER_KINDS
    assert type(london.computer("hard", 1)).__name__ == "ComputerPlayer"
    assert type(london.computer("greedy", 1)).__name__ == "GreedyPlayer"


async def test_a_whole_game_with_one_person_and_computers_at_every_level(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=11)
    await service.join(CHANNEL, HOST, "Host", "detective")
    await service.add_computer(CHANNEL, HOST, "mrx", "easy")
    await service.add_computer(CHANNEL, HOST, "detective", "normal")
    start = await service.start(CHANNEL, HOST, key=new_key())
    game_id = start.game.id
    kinds = {p.user_id: computer_kind(p.user_id) for p in start.players}
    assert sorted(k for k in kinds.values() if k) == ["easy", "normal"]
    rng = random.Random(3)
    for _ in range(300):
        played = await service.play_computers(game_id)
        assert all(r.game.version == i + played[0].game.version for i, r in enumerate(played))
        if (await service.get_game(game_id)).status != "running":
            break
        turn = await service.computer_turn(game_id)
        assert turn is None  # a person owes the move: the host's own pawn
        await play_turn(service, game_id, rng)
    assert (await service.get_game(game_id)).status == "finished"
    assert await service.check_game(game_id) == []


async def test_a_computer_turn_shows_its_side_only_and_is_played_once(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host", seed=4)
    await service.add_computer(CHANNEL, HOST, "mrx", "normal")
    start = await service.start(CHANNEL, HOST, key=new_key())
    turn = await service.computer_turn(start.game.id)
    assert turn.pawn == MRX and isinstance(turn.view, MrXView) and turn.strategy == "normal"
    action = turn.player().choose(turn.view, turn.pawn)
    assert action == turn.player().choose(turn.view, turn.pawn)  # the same seed, the same choice
    first = await service.act(start.game.id, turn.user_id, action, turn.key, expected_version=turn.version)
    again = await service.act(start.game.id, turn.user_id, action, turn.key, expected_version=turn.version)
    assert again.duplicate and again.game.version == first.game.version  # a retry after a crash: once
    assert await service.computer_turn(start.game.id) is None  # the host's detectives owe the moves now
    detective_turn = await service.computer_turn(start.game.id)
    assert detective_turn is None


async def test_a_move_chosen_before_the_game_changed_is_stale(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="master", seed=4)
    await service.join(CHANNEL, HOST, "Host", "mrx")
    await service.add_computer(CHANNEL, HOST, "detective", "greedy")
    await service.join(CHANNEL, HOST + 1, "Ann", "detective")
    start = await service.start(CHANNEL, HOST, key=new_key())
    game_id = start.game.id
    await play_turn(service, game_id, random.Random(1))  # Mr. X; master's detectives move in any order
    turn = await service.computer_turn(game_id)
    assert isinstance(turn.view, PublicView)
    action = turn.player().choose(turn.view, turn.pawn)
    state = await stored_state(service, game_id)
    human = [p for p in state.to_move() if await owner(service, game_id, p) == HOST + 1][0]
    await service.act(game_id, HOST + 1, GreedyPlayer(random.Random(1)).choose(view_for(state, human), human),
                      new_key())
    with pytest.raises(StaleAction):
        await service.act(game_id, turn.user_id, action, turn.key, expected_version=turn.version)


async def test_the_host_removes_the_computer_seated_last(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    with pytest.raises(NotInGame, match="no computer player"):
        await service.remove_computer(CHANNEL, HOST)
    await service.add_computer(CHANNEL, HOST, "detective", "easy")
    await service.add_computer(CHANNEL, HOST, "detective", "hard")
    await service.add_computer(CHANNEL, HOST, "mrx", "normal")
    with pytest.raises(NotHost):
        await service.remove_computer(CHANNEL, HOST + 1)
    with pytest.raises(InvalidAction):
        await service.add_computer(CHANNEL, HOST, "detective", "grandmaster")
    await service.remove_computer(CHANNEL, HOST, "detective")
    game = await service.game_in_channel(CHANNEL)
    left = sorted(computer_kind(p.user_id) or "person" for p in await service.players(game.id))
    assert left == ["easy", "normal", "person"]
    await service.remove_computer(CHANNEL, HOST)
    with pytest.raises(NotInGame, match="no computer Mr. X"):
        await service.remove_computer(CHANNEL, HOST, "mrx")


async def test_a_lobby_left_to_computers_closes(service):
    await service.create_game(GUILD, CHANNEL, HOST, "Host")
    await service.add_computer(CHANNEL, HOST, "mrx", "hard")
    result = await service.leave(CHANNEL, HOST)
    assert result.game.status == "cancelled"


async def test_past_the_deadline_a_computer_plays_the_absent_players_seat_until_they_take_it_back(service, clock):
    start = await started(service, people=3)  # 101 is Mr. X; the host and 102 share the detectives
    game_id = start.game.id
    rng = random.Random(2)
    while await owner(service, game_id, (pawn := (await stored_state(service, game_id)).to_move()[0])) != 102:
        await play_turn(service, game_id, rng)
    mine = next(p.pawns for p in await service.players(game_id) if p.user_id == 102)
    await service.update_settings(game_id, HOST, GameSettings(12, 24))
    with pytest.raises(DeadlineNotPassed, match="passes in 24 h"):
        await service.hand_to_computer(game_id, HOST, 102, "hard")
    clock.advance(25)
    with pytest.raises(NotHost):
        await service.hand_to_computer(game_id, 102, 102, "hard")
    with pytest.raises(DeadlineNotPassed, match="does not owe the move"):
        await service.hand_to_computer(game_id, HOST, 101, "hard")
    result = await service.hand_to_computer(game_id, HOST, 102, "hard")
    computer = result.events[0].new_user_id
    assert computer_kind(computer) == "hard"
    assert [p.pawns for p in result.players if p.user_id == computer] == [mine]
    turn = await service.computer_turn(game_id)
    assert turn.pawn == pawn and turn.user_id == computer and isinstance(turn.view, PublicView)
    await service.act(game_id, computer, turn.player().choose(turn.view, pawn), turn.key,
                      expected_version=turn.version)
    back = await service.take_back(game_id, 102)
    assert [p.pawns for p in back.players if p.user_id == 102] == [mine]
    assert all(p.user_id != computer for p in back.players if p.status == "playing")
    with pytest.raises(NotInGame, match="No computer plays"):
        await service.take_back(game_id, 102)
    assert await service.check_game(game_id) == []


async def test_mr_x_taking_his_seat_back_gets_the_prompt_for_the_turn_he_owes(service, clock):
    start = await started(service, people=3)  # 101 is Mr. X and owes the first move
    game_id = start.game.id
    [prompt] = [a for a in await service.pending_announcements() if a.kind == "mrx_prompt"]
    await service.mark_posted(prompt.id, 1, 1)
    clock.advance(49)
    handed = await service.hand_to_computer(game_id, HOST, 101, "easy")
    assert not [a for a in await service.pending_announcements() if a.kind == "mrx_prompt"]  # a computer: no DM
    turn = await service.computer_turn(game_id)
    assert turn.pawn == MRX and turn.user_id == handed.events[0].new_user_id
    await service.take_back(game_id, 101)
    [again] = [a for a in await service.pending_announcements() if a.kind == "mrx_prompt"]
    assert again.recipient_id == 101 and again.payload["round"] == 1
    assert await service.computer_turn(game_id) is None


async def test_computers_hand_tickets_over_and_mr_x_shows_himself_for_a_black_ticket(service):
    """Sanssouci with ticket trading and the reveal that returns a black ticket: what a computer chooses
    besides a move is played through the service like a person's, and the computer then moves."""
    seen: set[str] = set()
    seed = 7
    await service.create_game(GUILD, CHANNEL, HOST, "Host", rules="sanssouci", seed=seed)
    await service.set_options(CHANNEL, HOST, {"trade_tickets": True, "reveal_returns_black": True})
    await service.join(CHANNEL, HOST, "Host", "detective")
    # Trading is every level's (a rule of thumb, no search); showing himself is a choice of Mr. X's search, which
    # "normal" has too: the cheapest computers that make both choices.
    await service.add_computer(CHANNEL, HOST, "mrx", "normal")
    for _ in range(2):
        await service.add_computer(CHANNEL, HOST, "detective", "easy")
    # The start's key decides the game's chance (sy-commit/2): named, so every run plays this game, where a computer
    # detective hands a ticket over and the computer Mr. X shows himself.
    game_id = (await service.start(CHANNEL, HOST, key=f"trading-{seed}")).game.id
    rng = random.Random(seed)
    while (await service.get_game(game_id)).status == "running":
        for result in await service.play_computers(game_id):
            seen.update(type(e).__name__ for e in result.events)
        if (await service.get_game(game_id)).status == "running":
            await play_turn(service, game_id, rng)
    assert await service.check_game(game_id) == []
    assert {"TicketHandedOver", "MrXSurfaced", "GameEnded"} <= seen, seen
