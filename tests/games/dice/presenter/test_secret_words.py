"""Twin dice games (the same tiles, dice and detective moves; Mr. X on other stations with the same
tickets): every public post, component and picture of the dice presenter is the same in both, in
every language. His own prompt differs, so the check can fail."""

from __future__ import annotations

import pytest

from bot.games.dice.presenter import messages as words
from bot.games.dice.presenter.views import detective_view
from bot.games.dice.engine import MRX
from bot.games.dice.pictures.renderer import logbook_text, render_board, render_logbook, render_mrx_board
from bot.i18n import LANGUAGES, reading, speaker
from bot.service.models import GameInfo, Player
from tests.games.dice.engine.helpers import twins


def info(state) -> GameInfo:
    return GameInfo(id=1, guild_id=1, channel_id=2, status="running", rules="dice", board="dice", options={},
                    seed=0, host_id=10, version=1, round=state.round, to_move=tuple(state.to_move()), turn=1,
                    turn_started_at=0.0, created_at=0.0, started_at=0.0, finished_at=None, updated_at=0.0,
                    outcome=None, family="dice")


def people(state) -> list[Player]:
    seats = sorted({s for p in state.pawns for s in p.seats})
    return [Player(user_id=10 + i, name=f"p{i}", seat=i, role="mrx" if i == 0 else "detective",
                   pawns=tuple(state.seat_pawns(i)), status="playing", joined_at=0.0) for i in seats]


def components(menu) -> list:
    return [] if menu is None else [item.to_component_dict() for item in menu.children]


def public_words(state, events, language: str) -> list:
    tr = speaker(language)
    view = state.public_view()
    owners = words.owners_of(people(state))
    nxt = {"round": view.round, "pawns": list(view.to_move), "user_ids": []}
    with reading(language):
        return [
            words.action_text({"next": nxt}, events, view, owners, tr),
            str(words.status_embed(info(state), view, people(state), (), tr).to_dict()),
            words.round_summary_text(view, max(1, view.round - 1), tr),
            logbook_text(view, language),
            components(detective_view(1, view, tr)),
        ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 8)])
def test_twin_dice_games_read_and_look_the_same(players: int, seed: int, language: str) -> None:
    a, b, events = twins(players, seed)
    assert len(events) > 3, "the twins did not get going"
    assert a.positions[MRX] != b.positions[MRX]
    tr = speaker(language)
    for ea, eb in events:  # every post the channel read on the way
        assert words.action_text({}, ea, a.public_view(), {}, tr) == words.action_text({}, eb, b.public_view(), {}, tr)
    assert public_words(a, events[-1][0], language) == public_words(b, events[-1][1], language)
    assert render_board(a.public_view(), tracker=True, language=language, width=600) == \
        render_board(b.public_view(), tracker=True, language=language, width=600)
    assert render_logbook(a.public_view(), language=language) == render_logbook(b.public_view(), language=language)
    # What Mr. X alone sees does differ: the comparison can fail.
    assert render_mrx_board(a.mrx_view(), language=language, width=600) != \
        render_mrx_board(b.mrx_view(), language=language, width=600)
    assert words.mrx_status_text(a.mrx_view(), tr) != words.mrx_status_text(b.mrx_view(), tr)
