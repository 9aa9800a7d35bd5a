"""Ratings through the real bot (docs/ratings.md): ``/sy leaderboard`` shows each rating with its range, the new
players marked provisional, and ``/sy stats`` one's own ratings and their history, in both languages."""

from __future__ import annotations

import re

import pytest

from bot.chat.ratings import number
from bot.i18n import speaker

from tests.e2e.helpers import Game
from tests.e2e.test_words import german


async def finish(game: Game, mrx, detectives) -> None:
    """A game that ends at once: Mr. X resigns, the detectives win."""
    await game.open(seed=4, mrx=mrx, detectives=detectives)
    await game.start()
    answer = await game.reply(mrx, "resign")
    await game.click(mrx, answer, f"sy:resign:{game.game_id}")


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_leaderboard_and_stats_show_ratings_with_their_range_and_history(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    tr = speaker(language)
    locale = "de" if language == "de" else "en-US"
    await finish(game, w.bob, (w.carol,))
    first = game.game_id
    await finish(game, w.carol, (w.bob, w.dave))
    second = game.game_id
    board = await (await fake.slash(w.alice, w.channel, "sy", "leaderboard", {}, locale=locale)).wait_reply()
    assert board.kind == "ephemeral"
    ratings = {r.user_id: r.rating for r in await game.service.rating_board(w.guild.id)}
    lines = {int(u): line for line in board.text.splitlines() for u in re.findall(r"<@(\d+)>", line)}
    assert set(lines) == {w.alice.id, w.bob.id, w.carol.id, w.dave.id} == set(ratings)
    provisional = "(vorläufig)" if language == "de" else "(provisional)"
    for user, rating in ratings.items():  # as stored, in the reader's way of writing numbers
        assert f"{number(rating.mu, tr)} ± {number(2 * rating.sigma, tr)} {provisional}" in lines[user]
    order = [int(u) for u in re.findall(r"<@(\d+)>", board.text)]
    assert order == sorted(ratings, key=lambda u: -(ratings[u].mu - 2 * ratings[u].sigma))
    assert ("Computer haben feste Wertungen" if language == "de" else "Computers have fixed ratings") in board.text
    as_x = await (await fake.slash(w.alice, w.channel, "sy", "leaderboard", {"role": "mrx"},
                                   locale=locale)).wait_reply()
    assert set(map(int, re.findall(r"<@(\d+)>", as_x.text))) == {w.bob.id, w.carol.id}
    stats = await (await fake.slash(w.bob, w.channel, "sy", "stats", {}, locale=locale)).wait_reply()
    assert stats.kind == "ephemeral"
    mine = await game.service.ratings_of(w.guild.id, w.bob.id)
    rating_word = "Wertung" if language == "de" else "Rating"
    assert f"📈 {rating_word}: {number(mine.here['all'].mu, tr)} ± " in stats.text
    latest = "Letzte Spiele" if language == "de" else "Latest games"
    history = next(line for line in stats.text.splitlines() if line.startswith(latest))
    assert history.index(f"#{second} ") < history.index(f"#{first} ")  # the latest first
    won, lost = ("gewonnen", "verloren") if language == "de" else ("won", "lost")
    assert f"#{second} {'Detektiv' if language == 'de' else 'detective'}, {won}" in history
    assert f"#{first} {'Mister X' if language == 'de' else 'Mr. X'}, {lost}" in history
