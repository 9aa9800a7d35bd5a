import pytest

from bot.games.london.engine import MRX, BadPlayerCount, GameState, OptionUnavailable, RulesUnavailable, get_rules

T, B, U, X, D = "taxi", "bus", "underground", "black", "double"


def roles(state):
    return [p.role for p in state.pawns]


@pytest.mark.parametrize("players, detectives", [(2, 4), (3, 4), (4, 3), (5, 4), (6, 5)])
def test_classic_detective_count_by_players(players, detectives):
    state = GameState.new("classic", players=players, seed=3)
    assert roles(state).count("detective") == detectives
    assert roles(state).count("bobby") == 0


def test_classic_two_detective_players_control_two_detectives_each():
    state = GameState.new("classic", players=3, seed=1)
    assert state.seat_pawns(1) == ["red", "blue"]
    assert state.seat_pawns(2) == ["green", "yellow"]
    assert state.seat_pawns(0) == [MRX]


def test_classic_tickets():
    state = GameState.new("classic", players=5, seed=1)
    assert state.tickets("red") == {T: 10, B: 8, U: 4}
    assert state.tickets(MRX) == {T: 4, B: 3, U: 3, X: 4, D: 2}


def test_classic_black_tickets_equal_the_number_of_detectives():
    assert GameState.new("classic", players=3, seed=1).tickets(MRX)[X] == 4  # 2 players, 4 detectives
    assert GameState.new("classic", players=4, seed=1).tickets(MRX)[X] == 3
    assert GameState.new("classic", players=6, seed=1).tickets(MRX)[X] == 5


def test_mb1985_always_five_detectives_shared_by_the_table():
    state = GameState.new("mb1985", players=3, seed=1)
    assert state.seat_pawns(1) == ["purple", "yellow", "blue"]
    assert state.seat_pawns(2) == ["red", "green"]
    state = GameState.new("mb1985", players=5, seed=1)
    assert [state.seat_pawns(s) for s in range(1, 5)] == [["purple", "yellow"], ["red"], ["green"], ["blue"]]
    assert state.tickets(MRX)[X] == 5


@pytest.mark.parametrize("players, detectives, bobbies", [(2, 2, 2), (3, 2, 2), (4, 3, 1), (5, 4, 0), (6, 5, 0)])
def test_master_bobbies_fill_small_teams(players, detectives, bobbies):
    state = GameState.new("master", players=players, seed=2)
    assert roles(state).count("detective") == detectives
    assert roles(state).count("bobby") == bobbies


def test_master_bobbies_need_no_tickets_and_any_detective_player_moves_them():
    state = GameState.new("master", players=3, seed=2)
    assert state.tickets("b1") == {}
    assert state.pawn["b1"].seats == (1, 2)


def test_master_single_detective_player_pools_tickets():
    state = GameState.new("master", players=2, seed=2)
    assert state.pawn["red"].wallet == state.pawn["blue"].wallet
    assert state.tickets("red") == {T: 22, B: 16, U: 8}


def test_master_mrx_takes_regular_tickets_from_an_unlimited_supply():
    state = GameState.new("master", players=4, seed=2)
    assert state.tickets(MRX) == {T: None, B: None, U: None, X: 5, D: 2}
    assert state.tickets("red") == {T: 11, B: 8, U: 4}


@pytest.mark.parametrize("seed", range(30))
def test_classic_start_stations_are_distinct_start_cards(seed, london):
    state = GameState.new("classic", players=6, seed=seed)
    starts = list(state.start.values())
    assert len(set(starts)) == len(starts)
    assert set(starts) <= set(london.start_cards["classic"])
    # Mr. X could be on any card no detective drew.
    detective_cards = {s for p, s in state.start.items() if p != MRX}
    assert state.start_candidates == set(london.start_cards["classic"]) - detective_cards


@pytest.mark.parametrize("seed", range(30))
def test_master_start_stations_from_d_and_x_cards(seed, london):
    state = GameState.new("master", players=3, seed=seed)
    assert state.start[MRX] in london.start_cards["X"]
    for pawn in state.detectives():
        assert state.start[pawn.id] in london.start_cards["D"]
    assert state.start_candidates == set(london.start_cards["X"])


def test_same_seed_same_deal_other_seed_other_deal():
    assert GameState.new("classic", 5, seed=11).start == GameState.new("classic", 5, seed=11).start
    deals = {tuple(GameState.new("classic", 5, seed=s).start.values()) for s in range(20)}
    assert len(deals) > 15


@pytest.mark.parametrize("rules", ["classic", "mb1985", "master"])
@pytest.mark.parametrize("players", [0, 1, 7, 12])
def test_impossible_player_count_is_refused_with_the_range(rules, players):
    with pytest.raises(BadPlayerCount, match="needs 2 to 6 players"):
        GameState.new(rules, players=players, seed=1)


def test_sanssouci_plays_on_the_potsdam_board_in_its_words():
    rules = get_rules("sanssouci")
    assert rules.reveal_entries == {3, 8, 12, 18, 24} and rules.playable
    state = GameState.new("sanssouci", players=4, seed=1)
    assert state.board.name == "potsdam"
    assert state.wallets[MRX] == {"walk": 4, "vip": 3, "sbahn": 3, "black": 3, "double": 2}  # 3 agents
    assert {state.start[p] for p in state.start} <= set(state.board.start_cards["start"])


def test_rules_whose_board_is_not_installed_are_refused_with_the_reason():
    from dataclasses import replace

    with pytest.raises(RulesUnavailable, match="atlantis board is not installed"):
        GameState.new(replace(get_rules("classic"), board="atlantis"), players=4, seed=1)


def test_unknown_rules_are_refused():
    with pytest.raises(RulesUnavailable, match="known: classic"):
        GameState.new("monopoly", players=4)


def test_cut_off_is_unavailable_on_london_with_the_reason():
    with pytest.raises(OptionUnavailable, match="does not list them"):
        GameState.new("mb1985", players=4, seed=1, options={"cut_off": True})


def test_options_belong_to_their_rules():
    with pytest.raises(OptionUnavailable, match="no option 'voluntary_surfacing'"):
        GameState.new("classic", players=4, seed=1, options={"voluntary_surfacing": True})
    state = GameState.new("mb1985", players=4, seed=1, options={"voluntary_surfacing": True})
    assert state.options == {"voluntary_surfacing": True, "cut_off": False}


def test_mrx_moves_first():
    state = GameState.new("classic", players=4, seed=1)
    assert state.to_move() == [MRX]
    assert state.round == 1
