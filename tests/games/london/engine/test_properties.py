"""Properties that hold in every game: many seeded games played to the end, checked after each action."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.london.engine import MRX, DoubleMove, GameError, GameState, Move, export_record, replay
from bot.games.london.engine.players import GreedyPlayer, RandomPlayer, view_for


games = st.tuples(
    st.sampled_from(["classic", "mb1985", "master", "sanssouci"]),
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(["random", "greedy"]),
)


def regular_total(state: GameState) -> int:
    """Every ride ticket in play (taxi, bus, underground; walk, ViP, Schnellbahn), Mr. X's included."""
    ride = state.board.ride_tickets
    return sum(n for wallet in state.wallets.values() for t, n in wallet.items() if t in ride and n is not None)


def play_checked(rules: str, players: int, seed: int, kind: str) -> GameState:
    state = GameState.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    player = (RandomPlayer if kind == "random" else GreedyPlayer)(rng)
    supply_rules = state.rules.spent_tickets_to == "supply"
    while not state.is_over:
        pawn = rng.choice([p for p in state.to_move() if state.legal_moves(p)])
        action = player.choose(view_for(state, pawn), pawn)
        before = state.copy()
        state.apply(action)
        # no two pawns on one station (a capture ends the game with detective and Mr. X together)
        stations = [s for p, s in state.positions.items() if s is not None and (p != MRX or not state.is_over)]
        assert len(stations) == len(set(stations))
        # ticket flow: detectives' spent tickets go to Mr. X, or to the supply
        if isinstance(action, Move) and action.pawn != MRX and state.pawn[action.pawn].wallet:
            if supply_rules:
                assert regular_total(state) == regular_total(before) - 1
            else:
                assert regular_total(state) == regular_total(before)
        if isinstance(action, (Move, DoubleMove)) and action.pawn == MRX and not supply_rules:
            spent = [action] if isinstance(action, Move) else [action.first, action.second]
            assert regular_total(state) == regular_total(before) - sum(m.ticket in state.board.ride_tickets
                                                                       for m in spent)
        # the tracker never loses Mr. X
        assert state.mrx_station in state.public_view().possible or state.is_over
        # Mr. X's hidden station is never among the public fields
        view = state.public_view()
        if not state.is_over:
            assert view.pawn(MRX).station is None and view.route is None
    return state


#: whole games a run plays for the first whole-game property below (150 before; the second plays 30, 60 before:
#: 13 s together, 6 now): each game checks each of about a hundred actions (the second: every generated move and
#: a dozen made-up ones a pawn a turn, thousands a game); a run still draws every rule system several times
#: (four of them) and hypothesis draws new games each run, so the runs together cover ever more games
WHOLE_GAMES = 75


@settings(max_examples=WHOLE_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_game_obeys_the_rules_and_replays_to_the_same_state(game):
    state = play_checked(*game)
    assert state.outcome is not None
    assert replay(export_record(state)) == state


@settings(max_examples=30, deadline=None)
@given(games)
def test_copy_is_independent(game):
    rules, players, seed, _ = game
    state = GameState.new(rules, players=players, seed=seed)
    twin = state.copy()
    state.apply(state.legal_moves()[0])
    assert twin.to_move() == ["mrx"] and not twin.logbook and twin != state


@settings(max_examples=40, deadline=None)
@given(games, st.integers(min_value=0, max_value=2**16))
def test_refusals_of_detective_actions_never_depend_on_mrx_hidden_station(game, salt):
    """Twin games differing only in Mr. X's hidden station refuse the same detective actions alike."""
    from bot.games.london.engine import GameError, Pass

    rules, players, seed, _ = game
    rng = random.Random(seed ^ salt)
    state = GameState.new(rules, players=players, seed=seed)
    checked = 0
    while not state.is_over and checked < 40:
        if state.phase == "detectives":
            others = sorted(state.tracker.possible - {state.mrx_station} - state.blockers())
            if others:
                twin = state.copy()
                twin.positions[MRX] = rng.choice(others)
                mover = state.to_move()[0]
                aimed = [Move(mover, s, t) for s in (state.mrx_station, twin.mrx_station)
                         for t in state.board.ride_tickets]
                for i in range(8 + len(aimed)):
                    pawn = rng.choice([p.id for p in state.detectives()] + ["mrx"])
                    action = aimed[i - 8] if i >= 8 else rng.choice([
                        Move(pawn, rng.randint(0, 200), rng.choice([*state.board.ride_tickets, "black", "double"])),
                        Pass(pawn, rng.choice(["stuck", "timeout", "nap"])),
                    ])
                    pawn = action.pawn
                    outcomes = []
                    for game_state in (state.copy(), twin.copy()):
                        try:
                            game_state.apply(action)
                            outcomes.append(None)
                        except GameError as exc:
                            outcomes.append((type(exc), exc.message))
                    if pawn != MRX:
                        assert outcomes[0] == outcomes[1], action
                    checked += 1
        pawns = [p for p in state.to_move() if state.legal_moves(p)]
        state.apply(rng.choice(state.legal_moves(rng.choice(pawns))))


def _accepts(state: GameState, action) -> bool:
    try:
        state.copy().apply(action)
    except GameError:
        return False
    return True


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_the_engine_accepts_a_move_exactly_when_it_generates_it(game):
    """Both directions, over whole games: every generated move (and double move) applies, and
    well-formed moves the engine did not generate are refused."""
    rules, players, seed, kind = game
    state = GameState.new(rules, players=players, seed=seed)
    rng = random.Random(seed + 1)
    player = (RandomPlayer if kind == "random" else GreedyPlayer)(rng)
    tickets = [*state.board.ride_tickets, "black", "double"]
    while not state.is_over:
        for pawn in state.to_move():
            generated = set(state.legal_moves(pawn))
            for move in generated:
                assert _accepts(state, move), move
            here = state.positions[pawn]
            near = sorted({n for by in state.board.neighbours[here].values() for n in by})
            for _ in range(12):
                move = Move(pawn, rng.choice([*near, rng.randint(1, 199)]), rng.choice(tickets))
                assert _accepts(state, move) == (move in generated), move
            if pawn == MRX and state.can_double():
                doubles = list(state.legal_double_moves())
                for double in rng.sample(doubles, min(10, len(doubles))):
                    assert _accepts(state, double), double
                first = rng.choice(sorted(generated, key=str))
                seconds = set(state.second_moves(first))
                for _ in range(6):
                    second = Move(MRX, rng.choice(near + [first.to]), rng.choice(tickets))
                    assert _accepts(state, DoubleMove(first, second)) == (second in seconds), (first, second)
        movable = [p for p in state.to_move() if state.legal_moves(p)]
        pawn = rng.choice(movable)
        state.apply(player.choose(view_for(state, pawn), pawn))


def test_a_detective_strategy_cannot_reach_mr_x_hidden_station():
    """Players receive views: the public one has no field that holds Mr. X's station, and a whole
    game state is refused outright."""
    import dataclasses

    import pytest

    from bot.games.london.engine import PublicView

    state = GameState.new("classic", players=5, seed=3)
    state.apply(state.legal_moves(MRX)[0])
    view = view_for(state, state.to_move()[0])
    assert isinstance(view, PublicView)
    assert view.pawn(MRX).station is None and view.route is None and view.mrx_shown is None
    hidden = state.mrx_station
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    assert all(value != hidden for name, value in fields.items() if name != "round"), "a field holds the station"
    for player in (RandomPlayer(random.Random(1)), GreedyPlayer(random.Random(1))):
        with pytest.raises(TypeError, match="PublicView or MrXView"):
            player.choose(state, "red")
