import json
import random

from bot.games.london.engine import MRX
from bot.service import GameService
from bot.service.outbox import queue

from tests.service.helpers import CHANNEL, mrx_user, play_out, started, stored_state


async def test_starting_owes_the_start_then_mr_x_a_private_prompt(service):
    start = await started(service)
    owed = await service.pending_announcements()
    assert [(a.key, a.kind, a.recipient_id) for a in owed] == [
        ("game:started", "game_started", None),
        ("mrx:turn:1", "mrx_prompt", mrx_user(start)),
    ]
    assert owed[1].private and owed[1].payload == {"round": 1, "entry": 1}
    assert owed[0].channel_id == CHANNEL and owed[0].payload["next"]["user_ids"] == [mrx_user(start)]
    state = await stored_state(service, start.game.id)
    assert str(state.mrx_station) not in json.dumps(owed[0].payload["start_positions"])


async def test_every_action_round_and_end_is_owed_exactly_once(service):
    start = await started(service)
    game_id = start.game.id
    await play_out(service, game_id, random.Random(8))
    state = await stored_state(service, game_id)
    keys = [a.key for a in await service.pending_announcements(game_id)]
    actions = (await service.database.one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)))[0]
    assert [k for k in keys if k.startswith("action:")] == [f"action:{n}" for n in range(1, actions + 1)]
    ended = state.round if state.outcome.reason in ("escaped", "detectives_stuck") else state.round - 1
    assert [k for k in keys if k.startswith("round:")] == [f"round:{n}:summary" for n in range(1, ended + 1)]
    prompts = [k for k in keys if k.startswith("mrx:turn:")]
    assert prompts == [f"mrx:turn:{n}" for n in range(1, len(prompts) + 1)] and len(prompts) >= state.round - 1
    assert keys[-1] == "game:over" and len(keys) == len(set(keys))


async def test_a_key_is_queued_at_most_once(service):
    start = await started(service)
    async with service.database.transaction() as tx:
        await queue(tx, start.game.id, "round:1:summary", "round_summary", {"round": 1}, 0)
        await queue(tx, start.game.id, "round:1:summary", "round_summary", {"round": 1, "again": True}, 0)
    summaries = [a for a in await service.pending_announcements() if a.key == "round:1:summary"]
    assert [a.payload for a in summaries] == [{"round": 1}]


async def test_posted_announcements_are_no_longer_pending_even_after_a_restart(tmp_path, clock):
    service = await GameService.open(tmp_path / "db.sqlite3", clock=clock)
    await started(service)
    first, second = await service.pending_announcements()
    await service.mark_posted(first.id, CHANNEL, 555)
    await service.close()
    reopened = await GameService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        assert [a.id for a in await reopened.pending_announcements()] == [second.id]
    finally:
        await reopened.close()


async def test_public_announcements_show_mr_x_only_at_reveals(service):
    start = await started(service, people=4)
    game_id = start.game.id
    await play_out(service, game_id, random.Random(12))
    state = await stored_state(service, game_id)
    shown = {e.number: e.station for e in state.logbook if e.shown}
    checked = 0
    for note in await service.pending_announcements(game_id):
        if note.kind == "game_over" or note.payload.get("round") == state.outcome.round:
            continue  # his route is public once the game is over, and the last round ends with it
        if note.private:
            assert set(note.payload) == {"round", "entry"}
        assert MRX not in note.payload.get("start_positions", {})
        for event in note.payload.get("events", []):
            if event["type"] == "MrXMoved":
                assert event["revealed"] == shown.get(event["entry"])
                checked += 1
        for record in note.payload.get("records", []):
            if record["pawn"] == MRX and "ticket" in record:
                assert ("to" in record) == (record["entry"] in shown)
                checked += 1
    assert checked > len(state.logbook)


async def test_the_lobby_message_is_remembered_and_replaced(service):
    start = await started(service)
    assert await service.message_for(start.game.id, "lobby") is None
    await service.record_message(start.game.id, "lobby", CHANNEL, 1)
    await service.record_message(start.game.id, "lobby", CHANNEL, 2)
    ref = await service.message_for(start.game.id, "lobby")
    assert (ref.channel_id, ref.message_id) == (CHANNEL, 2)
