"""The texts every family's games share: statistics, ratings and the leaderboard."""

from __future__ import annotations

from bot.chat import posts
from bot.chat.ratings import leaderboard_text, ratings_text
from bot.i18n import speaker
from bot.ratings import Rating
from bot.service.models import PlayerStats
from bot.service.ratings import PersonRatings, RatedPlayer, RatingStep


def test_stats_text() -> None:
    assert "no finished games" in posts.stats_text(5, PlayerStats(5, 0, 0, 0, 0, 0, 0))
    text = posts.stats_text(5, PlayerStats(5, 3, 2, 1, 1, 2, 1))
    assert "3 games, 2 won" in text


def test_the_leaderboard_shows_each_rating_with_its_range_and_marks_the_provisional_ones() -> None:
    rows = [RatedPlayer(5, Rating(31.24, 2.5, 20, 14)), RatedPlayer(6, Rating(27.0, 8.0, 1, 1))]
    stats = {5: PlayerStats(5, 20, 14, 4, 3, 16, 11), 6: PlayerStats(6, 1, 1, 0, 0, 1, 1)}
    board = leaderboard_text(rows, stats).splitlines()
    assert board[1] == "🥇 <@5>: 31.2 ± 5.0 · 20 games, 14 won (Mr. X 3/4)"
    assert board[2] == "🥈 <@6>: 27.0 ± 16.0 (provisional) · 1 game, 1 won"
    assert "🤖 Computer (hard)" in board[-1] and board[-1].startswith("-# ")
    assert "No rated games" in leaderboard_text([], {})
    german = leaderboard_text(rows, stats, "mrx", speaker("de")).splitlines()
    assert "Bestenliste" in german[0] and "Mister X" in german[0]
    assert german[1] == "🥇 <@5>: 31,2 ± 5,0 · 20 Spiele, 14 gewonnen (Mister X 3/4)"
    assert "(vorläufig)" in german[2]


def test_a_persons_ratings_name_each_role_and_the_latest_games() -> None:
    assert ratings_text(PersonRatings(5, {}, {}, ())) is None
    found = PersonRatings(5, {"all": Rating(28.0, 5.0, 9, 6), "mrx": Rating(30.0, 7.0, 3, 2)},
                          {"all": Rating(27.5, 4.5, 12, 7)},
                          (RatingStep(12, "mrx", True, Rating(26.0, 5.2), Rating(28.0, 5.0)),))
    text = ratings_text(found)
    assert text.splitlines()[0] == ("📈 Rating: 28.0 ± 10.0 (as Mr. X 30.0 ± 14.0 (provisional)) · "
                                    "over every server 27.5 ± 9.0")
    assert text.splitlines()[1] == "Latest games: #12 Mr. X, won: 26.0 → 28.0"
    german = ratings_text(found, speaker("de"))
    assert "als Mister X" in german and "26,0 → 28,0" in german
