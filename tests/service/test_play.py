import json
import random

import pytest

from bot.games.london.engine import MRX, GameState, IllegalMove, Move, MrXMoved, NotYourTurn, Pass, action_from_json
from bot.service import KeyReused, NotHost, NotInGame, NotYourPawn, StaleAction
from bot.service.dealing import deal_seed

from tests.service.helpers import HOST, SECRET, mrx_user, new_key, owner, play_out, play_turn, started, stored_state


async def action_rows(service, game_id):
    return await service.database.all("SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))


async def test_a_move_returns_public_events_and_the_new_view(service):
    start = await started(service)
    game = start.game
    state = await stored_state(service, game.id)
    move = state.legal_moves(MRX)[0]
    result = await service.act(game.id, mrx_user(start), move, new_key(), expected_round=1)
    assert not result.duplicate and result.version == game.version + 1
    assert result.events == (MrXMoved(1, 1, move.ticket, False, None),)
    assert result.view.to_move == ("red",) and result.game.to_move == ("red",)
    assert result.view.pawn(MRX).station is None  # the public view keeps him hidden
    rows = await action_rows(service, game.id)
    assert [(r["seq"], r["round"], r["user_id"]) for r in rows] == [(1, 1, mrx_user(start))]


async def test_only_the_person_who_controls_a_pawn_may_move_it(service):
    start = await started(service, people=3)  # host: red, blue; 102: green, yellow
    game = start.game
    state = await stored_state(service, game.id)
    with pytest.raises(NotYourPawn, match="Only Mr. X's player"):
        await service.act(game.id, HOST, state.legal_moves(MRX)[0], new_key())
    await service.act(game.id, mrx_user(start), state.legal_moves(MRX)[0], new_key())
    state = await stored_state(service, game.id)
    red = state.legal_moves("red")[0]
    with pytest.raises(NotYourPawn, match="You do not move Red"):
        await service.act(game.id, 102, red, new_key())
    with pytest.raises(NotInGame):
        await service.act(game.id, 999, red, new_key())
    await service.act(game.id, HOST, red, new_key())


async def test_a_refused_action_changes_nothing(service):
    start = await started(service)
    game = start.game
    state = await stored_state(service, game.id)
    far = next(s for s in state.board.stations if s not in {m.to for m in state.legal_moves(MRX)})
    with pytest.raises(IllegalMove):
        await service.act(game.id, mrx_user(start), Move(MRX, far, "taxi"), new_key())
    with pytest.raises(NotYourTurn):
        await service.act(game.id, HOST, Move("red", 1, "taxi"), new_key())
    assert (await service.get_game(game.id)).version == game.version
    assert await action_rows(service, game.id) == []
    assert await stored_state(service, game.id) == state


async def test_a_button_from_an_earlier_round_is_stale(service):
    start = await started(service)
    game_id = start.game.id
    rng = random.Random(2)
    while (await service.get_game(game_id)).round < 3:
        await play_turn(service, game_id, rng)
    state = await stored_state(service, game_id)
    pawn = state.to_move()[0]
    with pytest.raises(StaleAction, match="That choice is from round 1; the game is in round 3 now."):
        await service.act(game_id, await owner(service, game_id, pawn), state.legal_moves(pawn)[0], new_key(),
                          expected_round=1)


async def test_the_same_key_twice_applies_once_and_returns_the_stored_outcome(service):
    start = await started(service)
    game = start.game
    move = (await stored_state(service, game.id)).legal_moves(MRX)[0]
    first = await service.act(game.id, mrx_user(start), move, "same-key-twice", expected_round=1)
    again = await service.act(game.id, mrx_user(start), move, "same-key-twice", expected_round=1)
    assert again.duplicate and not first.duplicate
    assert again.events == first.events and again.version == first.version
    assert len(await action_rows(service, game.id)) == 1
    assert (await service.get_game(game.id)).version == first.version


async def test_a_retry_after_the_game_moved_on_is_a_duplicate_not_a_stale_action(service):
    start = await started(service)
    game_id = start.game.id
    move = (await stored_state(service, game_id)).legal_moves(MRX)[0]
    first = await service.act(game_id, mrx_user(start), move, "late-retry", expected_round=1)
    rng = random.Random(4)
    while (await service.get_game(game_id)).round < 2:
        await play_turn(service, game_id, rng)
    retry = await service.act(game_id, mrx_user(start), move, "late-retry", expected_round=1)
    assert retry.duplicate and retry.events == first.events


async def test_a_key_used_for_another_command_is_refused(service):
    start = await started(service)
    game = start.game
    move = (await stored_state(service, game.id)).legal_moves(MRX)[0]
    await service.act(game.id, mrx_user(start), move, "shared")
    with pytest.raises(KeyReused):
        await service.resign(game.id, HOST, key="shared")


async def test_a_double_move_fills_two_logbook_entries_with_one_action(service):
    start = await started(service)
    game = start.game
    state = await stored_state(service, game.id)
    double = next(state.legal_double_moves())
    result = await service.double_move(game.id, mrx_user(start), (double.first.to, double.first.ticket),
                                       (double.second.to, double.second.ticket), new_key())
    assert [type(e) for e in result.events] == [MrXMoved, MrXMoved]
    rows = await action_rows(service, game.id)
    assert len(rows) == 1 and json.loads(rows[0]["action"])["type"] == "double"
    assert len(result.view.logbook) == 2


async def test_surfacing_takes_a_ticket_from_each_detective(service):
    start = await started(service, rules="mb1985", options={"voluntary_surfacing": True})
    game_id = start.game.id
    rng = random.Random(1)
    while (await service.get_game(game_id)).round < 2:
        await play_turn(service, game_id, rng)
    state = await stored_state(service, game_id)
    take = {p.id: "taxi" for p in state.pawns if p.role == "detective"}
    result = await service.surface(game_id, mrx_user(start), take, new_key(), expected_round=2)
    assert result.view.mrx_shown == state.mrx_station


async def test_in_sanssouci_mr_x_shows_himself_for_a_black_ticket_without_naming_tickets(service):
    start = await started(service, people=3, rules="sanssouci", options={"reveal_returns_black": True})
    game_id = start.game.id
    state = await stored_state(service, game_id)
    black = next(m for m in state.legal_moves(MRX) if m.ticket == "black")
    await service.act(game_id, mrx_user(start), black, new_key())
    rng = random.Random(2)
    while (await stored_state(service, game_id)).phase != "mrx":
        await play_turn(service, game_id, rng)
    before = (await stored_state(service, game_id)).wallets[MRX]["black"]
    result = await service.surface(game_id, mrx_user(start), None, new_key())  # `/sy surface` with no ticket
    after = await stored_state(service, game_id)
    assert result.view.mrx_shown == after.mrx_station and after.wallets[MRX]["black"] == before + 1


async def test_a_player_cannot_pass_on_a_deadline_by_themselves(service):
    start = await started(service)
    with pytest.raises(NotHost):
        await service.act(start.game.id, HOST, Pass("red", "timeout"), new_key())


async def test_the_move_helper_reads_ticket_names(service):
    start = await started(service)
    move = (await stored_state(service, start.game.id)).legal_moves(MRX)[0]
    result = await service.move(start.game.id, mrx_user(start), MRX, move.to, move.ticket, new_key())
    assert result.view.logbook[0].ticket == move.ticket


@pytest.mark.parametrize("rules", ["classic", "mb1985", "master"])
async def test_the_snapshot_is_always_a_replay_of_the_action_list(service, rules):
    rng = random.Random(rules)
    for n in range(6):
        people = 2 + n % 5
        start = await started(service, people=people, rules=rules, seed=n, channel=1000 + n)
        game_id = start.game.id
        while (await service.get_game(game_id)).status == "running":
            await play_turn(service, game_id, rng, greedy=n % 2 == 0)
            if rng.random() < 0.2:
                hidden = int((await service.database.reads.games.get(game_id)).hidden_draw, 16)
                replayed = GameState.new(rules, players=people, seed=deal_seed(SECRET, n), hidden=hidden)
                for row in await action_rows(service, game_id):
                    replayed.apply(action_from_json(json.loads(row["action"])))
                assert replayed == await stored_state(service, game_id)
        assert await service.rebuild_state(game_id) == await stored_state(service, game_id)
        assert await service.check_game(game_id) == []


async def edit_snapshot(service, game_id: int, change) -> None:
    """Change the stored snapshot past the service, as a bug or an older engine would have written it."""
    row = await service.database.one("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
    async with service.database.transaction() as tx:
        await tx.sql.execute("UPDATE snapshots SET state = ? WHERE game_id = ?",
                             (json.dumps(change(json.loads(row["state"]))), game_id))


async def test_check_game_finds_a_snapshot_that_is_not_its_replay(service):
    start = await started(service)
    await play_out(service, start.game.id, random.Random(3))
    await edit_snapshot(service, start.game.id, lambda state: {**state, "round": 99})
    assert any("differs from the replay" in p for p in await service.check_game(start.game.id))


async def test_an_unreadable_snapshot_is_rebuilt_from_the_actions(service):
    start = await started(service)
    game_id = start.game.id
    rng = random.Random(6)
    for _ in range(7):
        await play_turn(service, game_id, rng)
    truth = await stored_state(service, game_id)
    # as if an older engine had written it
    await edit_snapshot(service, game_id, lambda state: {k: v for k, v in state.items() if k != "pending"})
    assert any("replay" in p or "snapshot" in p for p in await service.check_game(game_id))
    assert (await service.public_view(game_id)).to_move == tuple(truth.to_move())
    pawn = truth.to_move()[0]
    move = truth.legal_moves(pawn)[0]
    await service.act(game_id, await owner(service, game_id, pawn), move, new_key())
    assert await service.check_game(game_id) == []  # the command wrote a fresh snapshot


async def played(service, turns: int, seed: int) -> tuple[int, random.Random]:
    """A started game with ``turns`` turns played, and the rng that played them."""
    game_id = (await started(service)).game.id
    rng = random.Random(seed)
    for _ in range(turns):
        await play_turn(service, game_id, rng)
    return game_id, rng


@pytest.mark.parametrize("broken", ["'not json {'", "''", "'null'", "'[]'", "'42'", "'\"text\"'"])
async def test_any_unreadable_snapshot_is_rebuilt_from_the_actions(service, broken):
    game_id, _ = await played(service, 5, seed=7)
    truth = await stored_state(service, game_id)
    async with service.database.transaction() as tx:
        await tx.sql.execute(f"UPDATE snapshots SET state = {broken} WHERE game_id = ?", (game_id,))
    assert (await service.public_view(game_id)).to_move == tuple(truth.to_move())
    pawn = truth.to_move()[0]
    await service.act(game_id, await owner(service, game_id, pawn), truth.legal_moves(pawn)[0], new_key())
    assert await service.check_game(game_id) == []  # the command wrote a fresh snapshot


@pytest.mark.parametrize("stale_by", [-2, 1])
async def test_a_snapshot_that_has_seen_fewer_or_more_actions_is_noticed_on_read(service, stale_by):
    game_id, rng = await played(service, 3, seed=8)
    old = await service.database.one("SELECT actions, state FROM snapshots WHERE game_id = ?", (game_id,))
    for _ in range(2):
        await play_turn(service, game_id, rng)
    truth = await stored_state(service, game_id)
    count = (await service.database.one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)))[0]
    async with service.database.transaction() as tx:
        if stale_by < 0:  # an old snapshot left behind: it has seen fewer actions than the list holds
            await tx.sql.execute("UPDATE snapshots SET actions = ?, state = ? WHERE game_id = ?",
                             (old["actions"], old["state"], game_id))
        else:  # one that claims more than the list holds
            await tx.sql.execute("UPDATE snapshots SET actions = ? WHERE game_id = ?", (count + stale_by, game_id))
    view = await service.public_view(game_id)
    assert view.to_move == tuple(truth.to_move()) and view.round == truth.round
    assert len(view.history) == len(truth.history)
    pawn = truth.to_move()[0]
    await service.act(game_id, await owner(service, game_id, pawn), truth.legal_moves(pawn)[0], new_key())
    assert await service.check_game(game_id) == []
