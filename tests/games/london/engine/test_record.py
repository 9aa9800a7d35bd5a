"""Records, snapshots and replay."""

import json

import pytest

from bot.games.london.engine import BadRecord, GameState, replay
from bot.games.london.engine.players import play_game
from bot.games.london.engine import export_record


@pytest.mark.parametrize("rules", ["classic", "mb1985", "master"])
def test_record_has_the_documented_shape(rules):
    state = play_game(rules, players=3, seed=7)
    record = json.loads(json.dumps(export_record(state)))
    assert record["format"] == "scotland-yard-record/1"
    assert record["rules"] == rules and record["board"] == "london" and record["seed"] == 7
    assert {p["role"] for p in record["pawns"]} <= {"mrx", "detective", "bobby"}
    assert record["pawns"][0] == {"id": "mrx", "role": "mrx", "colour": "black", "seats": [0]}
    assert set(record["start"]) == {p["id"] for p in record["pawns"]}
    assert set(record["tickets"]["mrx"]) == {"taxi", "bus", "underground", "black", "double"}
    assert record["outcome"]["winner"] in ("mrx", "detectives")
    first = record["actions"][0]
    assert set(first) == {"round", "pawn", "from", "to", "ticket", "entry", "double", "revealed"}
    for action in record["actions"]:
        assert "skip" in action or "ticket" in action or "surface" in action or "resign" in action


def test_master_record_marks_unlimited_tickets_as_null():
    record = export_record(play_game("master", players=4, seed=1))
    assert record["tickets"]["mrx"]["taxi"] is None and record["tickets"]["mrx"]["black"] == 5


def test_pooled_tickets_are_recorded():
    record = export_record(play_game("master", players=2, seed=1))
    assert record["pooled_tickets"] == {"blue": "red"}
    assert record["tickets"]["red"]["taxi"] == 22


@pytest.mark.parametrize("seed", range(10))
def test_replay_reaches_the_same_state(seed):
    for rules in ("classic", "mb1985", "master"):
        state = play_game(rules, players=2 + seed % 5, seed=seed, mrx="random", detectives="random")
        assert replay(json.loads(json.dumps(export_record(state)))) == state


def test_snapshot_round_trips_through_json():
    state = play_game("classic", players=4, seed=2)
    again = GameState.from_snapshot(json.loads(json.dumps(state.snapshot())))
    assert again == state and again.snapshot() == state.snapshot()


def test_snapshot_of_a_running_game_can_continue():
    state = GameState.new("classic", players=4, seed=2)
    state.apply(state.legal_moves()[0])
    again = GameState.from_snapshot(json.loads(json.dumps(state.snapshot())))
    move = state.legal_moves()[0]
    state.apply(move)
    again.apply(move)
    assert again == state


def test_tampered_record_is_refused():
    record = export_record(play_game("classic", players=4, seed=2))
    record["actions"][0]["to"] = 1 if record["actions"][0]["to"] != 1 else 2
    with pytest.raises(BadRecord, match="not legal on replay"):
        replay(record)


def test_record_with_wrong_start_is_refused():
    record = export_record(play_game("classic", players=4, seed=2))
    record["start"]["mrx"] = 1
    with pytest.raises(BadRecord, match="start stations"):
        replay(record)


def test_damaged_snapshot_is_refused():
    with pytest.raises(BadRecord):
        GameState.from_snapshot({"format": "scotland-yard-state/1", "rules": "classic"})


@pytest.mark.parametrize("key, value", [("players", ["ann", "bob"]), ("seed", "seven"), ("players", None)])
def test_record_with_malformed_setup_is_refused(key, value):
    record = export_record(play_game("classic", players=4, seed=2))
    record[key] = value
    with pytest.raises(BadRecord, match="whole numbers"):
        replay(record)
