"""Twin games in both languages: what the channel reads (and what any detective's private answer
reads) is the same text wherever Mr. X hides; his own prompt is not, so the check can fail."""

from __future__ import annotations

import pytest

from bot.games.london.presenter import messages
from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.i18n import LANGUAGES, speaker
from bot.games.london.pictures import round_states
from bot.service.models import GameInfo, Player
from tests.games.london.pictures.test_secrecy import hide_elsewhere, twin_games


def info(state) -> GameInfo:
    return GameInfo(id=1, guild_id=1, channel_id=2, status="running", rules=state.rules.name, board="london",
                    options={}, seed=0, host_id=10, version=1, round=state.round, to_move=tuple(state.to_move()),
                    turn=1, turn_started_at=0.0, created_at=0.0, started_at=0.0, finished_at=None, updated_at=0.0,
                    outcome=None)


def people(state) -> list[Player]:
    return [Player(user_id=10 + i, name=f"p{i}", seat=i, role="mrx" if i == 0 else "detective",
                   pawns=tuple(state.seat_pawns(i)), status="playing", joined_at=0.0)
            for i in range(len({s for p in state.pawns for s in p.seats}))]


def channel_words(state, language: str) -> list[str]:
    tr = speaker(language)
    view = state.public_view()
    owners = messages.owners_of(people(state))
    texts = [messages.logbook_cells(view, tr), messages.next_up_line({"pawns": list(view.to_move)}, view, owners, tr),
              messages.round_summary_text(view, max(1, view.round - 1), tr),
              str(messages.status_embed(info(state), view, people(state), (), tr).to_dict())]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_twin_games_read_the_same_in_every_language(seed: int, language: str) -> None:
    a, b = twin_games(seed)
    assert a.mrx_station != b.mrx_station
    assert channel_words(a, language) == channel_words(b, language)
    prompt = lambda s: messages.mrx_prompt_text(info(s), s.mrx_view(), "#yard", speaker(language))  # noqa: E731
    assert prompt(a) != prompt(b)


@pytest.mark.parametrize("language", LANGUAGES)
def test_hiding_him_elsewhere_changes_no_public_word(language: str) -> None:
    compared = 0
    for state in round_states(export_record(play_game("classic", players=5, seed=3))):
        twin = hide_elsewhere(state)
        if twin is None:
            continue
        assert channel_words(twin, language) == channel_words(state, language)
        compared += 1
    assert compared >= 3
