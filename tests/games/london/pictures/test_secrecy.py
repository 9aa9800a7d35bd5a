"""Public pictures are drawn from public information only: Mr. X's hidden station changes nothing."""

from __future__ import annotations

import random

import pytest

from bot.games.london.engine import MRX, GameState, Move
from bot.games.london.pictures import (logbook_text, render_board, render_logbook, render_mrx_board, render_replay, render_route,
                          render_zoom)


def public_pictures(state: GameState) -> list[bytes]:
    """Every public picture of the state, in both languages."""
    view = state.public_view()
    return [picture for language in ("en", "de") for picture in (
        render_board(view, language=language), render_board(view, tracker=True, language=language),
        render_logbook(view, language=language), logbook_text(view, language).encode(),
        render_zoom(view, language=language), render_zoom(view, tracker=False, language=language))]


def hide_elsewhere(state: GameState) -> GameState | None:
    """The same game with Mr. X on another station he may be at (and his last entry rewritten to match)."""
    view = state.public_view()
    others = sorted(view.possible - {state.mrx_station} - state.blockers())
    if view.mrx_shown is not None or not others or not state.logbook:
        return None
    snap = state.snapshot()
    elsewhere = others[len(others) // 2]
    snap["positions"][MRX] = elsewhere
    snap["logbook"][-1]["station"] = elsewhere
    last = next(r for r in reversed(snap["history"]) if r["pawn"] == MRX and "to" in r)
    last["to"] = elsewhere
    return GameState.from_snapshot(snap)


def test_public_pictures_are_byte_identical_wherever_mrx_hides(rounds):
    compared = 0
    for state in rounds:
        twin = hide_elsewhere(state)
        if twin is None:
            continue
        assert twin.mrx_station != state.mrx_station
        assert public_pictures(twin) == public_pictures(state)
        # ...while a picture that does show his station tells the two apart: the test can fail.
        assert render_mrx_board(twin.mrx_view()) != render_mrx_board(state.mrx_view())
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def twin_games(seed: int) -> tuple[GameState, GameState]:
    """Two games with the same deal, tickets and detective moves, in which Mr. X takes different
    stations for his first two moves (before the first reveal)."""
    rng = random.Random(seed)
    a = GameState.new("classic", players=5, seed=seed)
    b = GameState.from_snapshot({**a.snapshot(), "positions": dict(a.positions)})
    while len(a.logbook) < 2:
        if a.phase == "mrx":
            first = rng.choice(a.legal_moves(MRX))
            alternatives = [m for m in b.legal_moves(MRX) if m.ticket == first.ticket and m.to != first.to]
            if not alternatives:
                return a, b
            a.apply(first)
            b.apply(rng.choice(alternatives))
        else:
            pawn = a.to_move()[0]
            safe = [m for m in a.legal_moves(pawn) if m.to not in (a.mrx_station, b.mrx_station)]
            move = rng.choice(safe) if safe else None
            if move is None:
                return a, b
            a.apply(move)
            b.apply(Move(move.pawn, move.to, move.ticket))
    return a, b


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_twin_games_give_identical_public_pictures(seed):
    a, b = twin_games(seed)
    assert a.mrx_station != b.mrx_station
    assert a.public_view().possible == b.public_view().possible
    assert public_pictures(a) == public_pictures(b)


def test_render_functions_refuse_the_game_state(finished):
    for render in (render_board, render_mrx_board, render_logbook, logbook_text, render_route, render_zoom):
        with pytest.raises(TypeError, match="never see the whole game state"):
            render(finished)
    with pytest.raises(TypeError):
        render_replay([finished])


def test_mrx_board_refuses_a_public_view_and_board_refuses_his_view(rounds):
    state = rounds[2]
    with pytest.raises(TypeError):
        render_mrx_board(state.public_view())
    with pytest.raises(TypeError):
        render_board(state.mrx_view())


def test_route_is_refused_while_the_game_runs(rounds):
    with pytest.raises(ValueError, match="once the game is over"):
        render_route(rounds[3].public_view())
