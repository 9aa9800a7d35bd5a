"""The dice game's computer players: legal choices in every table size, standard and expert, secrecy,
determinism, the right views, and small positions with one right answer."""

from __future__ import annotations

import random

import pytest

from bot.games.london.ai import ComputerPlayer
from bot.games.dice.ai import DICE_LEVELS, DiceComputerPlayer
from bot.games.dice.engine import MRX, DiceMove, DiceState, MrXDouble, MrXMove, PickStart, Skip, chance
from bot.games.dice.engine.players import GreedyPlayer, next_action
from tests.games.dice.engine.helpers import detectives_play, put, roll, started

from tests.games.dice.ai.helpers import DICE_GAMES, dice_game, dice_positions, dice_twin

#: few iterations keep the tests quick; the search's code paths are the same
QUICK = {"easy": None, "normal": 30, "hard": 60}


def player(level: str, seed: int = 0) -> DiceComputerPlayer:
    return DiceComputerPlayer(level, seed=seed, iterations=QUICK[level])


def decide(computer: DiceComputerPlayer, state: DiceState):
    """What the computer does where the game waits for a choice (as next_action asks it)."""
    pawn = state.to_move()[0]
    if state.awaiting == "start":
        view = state.mrx_view() if pawn == MRX else state.public_view()
        return computer.pick_start(view, pawn)
    if state.awaiting == "mrx":
        return computer.choose(state.mrx_view(), MRX)
    view = state.public_view()
    if computer.wants_reroll(view, pawn):
        assert view.can_reroll
        return "reroll"
    return computer.choose(view, pawn)


@pytest.mark.parametrize("players,expert", DICE_GAMES)
def test_every_level_chooses_only_legal_actions(players, expert):
    kinds = set()
    for seed in (1, 2):
        for state in dice_positions(players, expert, seed, every=2):
            for level in DICE_LEVELS:
                action = decide(player(level, seed), state)
                if action == "reroll":
                    kinds.add("reroll")
                    continue
                assert action.pawn in state.to_move() or isinstance(action, (MrXMove, MrXDouble))
                assert state.is_legal(action), (level, state.awaiting, action)
                kinds.add(type(action))
    assert {PickStart, DiceMove, MrXMove} <= kinds, kinds


def play(players: int, expert: bool, seed: int, mrx, detectives) -> DiceState:
    state = dice_game(players, expert, seed)
    dealer = random.Random(seed)
    while not state.is_over:
        state.apply(next_action(state, dealer, mrx, detectives))  # raises on an illegal action
    return state


@pytest.mark.parametrize("players,expert", DICE_GAMES)
def test_whole_games_stay_legal_with_computers_on_either_side(players, expert):
    for seed, (mrx, detectives) in enumerate([
        (player("hard", 1), player("normal", 2)),
        (player("normal", 3), GreedyPlayer(random.Random(4))),
        (GreedyPlayer(random.Random(5)), player("hard", 6)),
        (player("easy", 7), player("easy", 8)),
    ]):
        state = play(players, expert, seed + 10 * players, mrx, detectives)
        assert state.outcome.winner in ("mrx", "detectives")


def test_a_computer_mr_x_plays_every_kind_of_ticket():
    """Over a few games against greedy detectives: the dice, black tickets, his double move and the
    helicopter."""
    tickets: set[str] = set()
    doubles = 0
    for seed, (players, expert) in enumerate(DICE_GAMES * 2):
        state = play(players, expert, seed, player("hard", seed), GreedyPlayer(random.Random(seed)))
        tickets.update(e.ticket for e in state.logbook)
        doubles += any(e.double for e in state.logbook)
    assert {"taxi", "bus", "black", "helicopter"} <= tickets
    assert doubles > 0


def test_detectives_choose_the_same_whatever_mr_x_hides():
    """Two games that differ only in Mr. X's hidden station: every level's detective decides the same,
    rolling again included."""
    checked = 0
    for players, expert in DICE_GAMES[::2] + [DICE_GAMES[5]]:
        for seed in (4, 5):
            for state in dice_positions(players, expert, seed, every=3):
                if state.awaiting != "move":
                    continue
                twin = dice_twin(state)
                if twin is None:
                    continue
                assert twin.mrx_station != state.mrx_station
                assert twin.public_view() == state.public_view()
                pawn = state.to_move()[0]
                for level in DICE_LEVELS:
                    here, there = player(level, seed), player(level, seed)
                    assert here.wants_reroll(state.public_view(), pawn) == there.wants_reroll(twin.public_view(), pawn)
                    assert here.choose(state.public_view(), pawn) == there.choose(twin.public_view(), pawn)
                checked += 1
    assert checked >= 15


def test_detectives_at_full_strength_choose_the_same_whatever_mr_x_hides():
    state = next(s for s in dice_positions(4, False, 6)
                 if s.awaiting == "move" and len(s.tracker.possible) > 2 and len(s.legal_moves()) > 2)
    twin = dice_twin(state)
    pawn = state.to_move()[0]
    # A generous time budget: the iteration count, not the clock, ends both searches.
    here = DiceComputerPlayer("hard", seed=9, time_budget=60)
    there = DiceComputerPlayer("hard", seed=9, time_budget=60)
    assert here.choose(state.public_view(), pawn) == there.choose(twin.public_view(), pawn)
    assert here.last.iterations == there.last.iterations
    assert here.last.ended == there.last.ended != "clock"


@pytest.mark.parametrize("level", DICE_LEVELS)
def test_the_same_seed_and_view_give_the_same_choice(level):
    for state in list(dice_positions(3, True, 8, every=5))[:8]:
        assert decide(player(level, seed=11), state) == decide(player(level, seed=11), state.copy())


def test_another_seed_may_choose_otherwise():
    states = [s for s in dice_positions(4, False, 2, every=2) if s.awaiting == "mrx"]
    choices = {tuple(decide(player("normal", seed), s) for s in states) for seed in range(4)}
    assert len(choices) > 1


def test_each_side_chooses_from_its_own_view_only():
    state = started()
    roll(state, "taxi", "bus", "x", "underground")
    for level in DICE_LEVELS:
        computer = player(level)
        for wrong in (state, state.mrx_view(), state.snapshot(), None):
            with pytest.raises(TypeError):
                computer.choose(wrong, "red")
            with pytest.raises(TypeError):
                computer.wants_reroll(wrong, "red")
        for wrong in (state, state.public_view(), None):
            with pytest.raises(TypeError):
                computer.choose(wrong, MRX)
            with pytest.raises(TypeError):
                computer.pick_start(wrong, MRX)
        assert isinstance(computer.choose(state.public_view(), "red"), DiceMove)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        DiceComputerPlayer("expert", seed=1)


def test_the_london_player_still_refuses_dice_views():
    state = started()
    with pytest.raises(TypeError):
        ComputerPlayer("hard").choose(state.public_view(), "red")


# -- positions with one right answer (the standard layout of tests/dice/helpers.py) ---------------


def test_detectives_pick_starts_apart():
    state = dice_game(4, False, 1)
    state.apply(chance.lay_tiles(state, random.Random(1)))
    dist = state.board.distances
    for pawn in ("red", "blue", "green"):
        state.apply(DiceComputerPlayer("hard").pick_start(state.public_view(), pawn))
    picked = [state.positions[p] for p in ("red", "blue", "green")]
    assert min(dist[a][b] for a in picked for b in picked if a != b) >= 2


def test_mr_x_starts_out_of_the_detectives_reach():
    state = dice_game(4, False, 1)
    state.apply(chance.lay_tiles(state, random.Random(3)))
    greedy = GreedyPlayer(random.Random(3))
    for pawn in ("red", "blue", "green"):
        state.apply(greedy.pick_start(state.public_view(), pawn))
    for level in DICE_LEVELS:
        pick = player(level, seed=2).pick_start(state.mrx_view(), MRX)
        assert state.is_legal(pick)
        dist = state.board.distances
        assert min(dist[h].get(pick.station, 9) for h in state.detective_stations()) >= 2, level


def plain_sight(mrx: int, **detectives: int) -> DiceState:
    """Round 1, Mr. X on ``mrx`` and the detectives know it (test setup: his station made public)."""
    state = started(detectives=(1, 10, 27), mrx=mrx)
    put(state, **detectives)
    state.tracker.revealed(mrx)
    return state


@pytest.mark.parametrize("level", DICE_LEVELS)
def test_a_detective_captures_mr_x_in_plain_sight(level):
    state = plain_sight(36, red=34)
    roll(state, "taxi", "bus", "x", "underground")
    assert not player(level).wants_reroll(state.public_view(), "red")
    assert player(level).choose(state.public_view(), "red") == DiceMove("red", 36, "taxi")


def test_a_hard_detective_rolls_again_for_the_die_that_captures():
    # Red on 32 (taxi, bus, underground) next to Mr. X on 35 by taxi; the roll has no taxi.
    state = plain_sight(35, red=32)
    roll(state, "bus", "underground", "x", "x")
    assert state.legal_moves("red")
    computer = DiceComputerPlayer("hard", seed=3)
    assert computer.wants_reroll(state.public_view(), "red")
    # A host that asks for a move anyway gets a legal one.
    assert state.is_legal(computer.choose(state.public_view(), "red"))


def test_a_detective_whom_nothing_fits_rolls_again_or_stays():
    state = plain_sight(36, red=34)
    roll(state, "bus", "bus", "x", "underground")
    view = state.public_view()
    assert view.can_skip and view.can_reroll
    for level in DICE_LEVELS:
        assert player(level).wants_reroll(view, "red")
        assert player(level).choose(view, "red") == Skip("red", "declined")


def cornered() -> DiceState:
    """Mr. X on 36: the detectives rode by taxi to 2, 15 and 33, so his taxi rides to 34 and 35 both end
    next to 33; he has no black ticket and no helicopter, but a double move gets him clear."""
    state = started(detectives=(1, 13, 23), mrx=36)
    state.tickets.update(black=0, helicopter=0)
    detectives_play(state, [(("taxi", "x", "x", "x"), 2, "taxi"), (("taxi", "x", "x"), 15, "taxi"),
                            (("taxi", "x"), 33, "taxi")])
    assert state.awaiting == "mrx"
    return state


def next_to_a_detective(state: DiceState, station: int) -> bool:
    dist = state.board.distances
    return any(dist[h].get(station, 9) <= 1 for h in state.detective_stations())


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_mr_x_runs_with_his_double_move_when_every_single_move_is_caught(level):
    state = cornered()
    assert all(next_to_a_detective(state, m.to) for m in state.legal_moves(MRX))
    choice = DiceComputerPlayer(level, seed=1).choose(state.mrx_view(), MRX)
    assert isinstance(choice, MrXDouble)
    assert not next_to_a_detective(state, choice.second.to)


def test_hard_mr_x_keeps_clear_of_the_detectives():
    state = started(detectives=(1, 13, 23), mrx=36)
    detectives_play(state, [(("taxi", "x", "x", "x"), 2, "taxi"), (("taxi", "x", "x"), 15, "taxi"),
                            (("taxi", "x"), 24, "taxi")])
    assert any(next_to_a_detective(state, m.to) for m in state.legal_moves(MRX))
    for seed in range(3):
        choice = DiceComputerPlayer("hard", seed=seed, iterations=400).choose(state.mrx_view(), MRX)
        landing = choice.second.to if isinstance(choice, MrXDouble) else choice.to
        assert not next_to_a_detective(state, landing), choice
