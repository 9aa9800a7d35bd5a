"""The texts every family's games share: statistics and the leaderboard."""

from __future__ import annotations

from bot.chat import posts
from bot.i18n import speaker
from bot.service.models import PlayerStats


def test_stats_and_leaderboard_texts() -> None:
    assert "no finished games" in posts.stats_text(5, PlayerStats(5, 0, 0, 0, 0, 0, 0))
    text = posts.stats_text(5, PlayerStats(5, 3, 2, 1, 1, 2, 1))
    assert "3 games, 2 won" in text
    board = posts.leaderboard_text([PlayerStats(5, 3, 2, 1, 1, 2, 1), PlayerStats(-5, 1, 0, 0, 0, 1, 0)])
    assert board.splitlines()[1].startswith("🥇 <@5>")
    assert board.splitlines()[2].startswith("🥈 🤖 Computer (hard): 1 game, 0 won")  # a computer counts by kind
    assert "No finished games" in posts.leaderboard_text([])
    german = posts.leaderboard_text([PlayerStats(-5, 2, 1, 2, 1, 0, 0)], speaker("de"))
    assert "🤖 Computer (schwer): 2 Spiele, 1 gewonnen" in german and "Bestenliste" in german
