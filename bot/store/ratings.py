"""Ratings (``ratings``, ``rating_changes``, ``rated_games``, ``rating_runs``): each person's rating per server and
ladder, its history, which finished games are rated, and what rated them. All of it is computed from ``results``
(``bot.service.ratings``) and may be computed again at any time."""

from __future__ import annotations

from typing import Iterable, Sequence

from .base import Sql, listed
from .records import RatedResult, RatingChangeRow, RatingRow


class Ratings:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def hold(self, now: float) -> str:
        """Lock the ratings until the transaction ends (whoever rates holds them: several processes starting at
        once rate one after the other, and a game that ends meanwhile waits); returns what computed them ('':
        nothing yet)."""
        await self.sql.execute("INSERT INTO rating_runs (id, version, updated_at) VALUES (1, '', ?) "
                               "ON CONFLICT (id) DO NOTHING", (now,))
        row = await self.sql.one(f"SELECT version FROM rating_runs WHERE id = 1{self.sql.lock}")
        return str(row["version"])

    async def computed_by(self, version: str, now: float) -> None:
        await self.sql.execute("UPDATE rating_runs SET version = ?, updated_at = ? WHERE id = 1", (version, now))

    async def version(self) -> str:
        row = await self.sql.one("SELECT version FROM rating_runs WHERE id = 1")
        return "" if row is None else str(row["version"])

    async def clear(self) -> None:
        """Forget every rating, before all the games are rated again."""
        for table in ("rating_changes", "ratings", "rated_games"):
            await self.sql.execute(f"DELETE FROM {table}")

    async def unrated(self) -> list[RatedResult]:
        """The finished games not rated yet, in the order they ended, with everyone who sat at them to the end
        (``result_players``: people and computers, with the role they played and whether they won)."""
        games = await self.sql.all(
            "SELECT r.game_id, r.guild_id, r.winner FROM results r "
            "WHERE NOT EXISTS (SELECT 1 FROM rated_games g WHERE g.game_id = r.game_id) "
            "ORDER BY r.finished_at, r.game_id")
        if not games:
            return []
        ids = [int(g["game_id"]) for g in games]
        seats: dict[int, list[tuple[int, str, bool]]] = {gid: [] for gid in ids}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for row in await self.sql.all(
                    f"SELECT game_id, user_id, role, won FROM result_players WHERE game_id IN ({listed(len(chunk))}) "
                    "ORDER BY game_id, user_id", chunk):
                seats[int(row["game_id"])].append((int(row["user_id"]), str(row["role"]), bool(row["won"])))
        return [RatedResult(int(g["game_id"]), int(g["guild_id"]), str(g["winner"]), tuple(seats[int(g["game_id"])]))
                for g in games]

    async def rated(self) -> int:
        row = await self.sql.one("SELECT COUNT(*) AS n FROM rated_games")
        return int(row["n"]) if row else 0

    async def of(self, keys: Iterable[tuple[int, str, int]]) -> dict[tuple[int, str, int], RatingRow]:
        """The ratings of these (guild, ladder, person) keys that exist."""
        wanted = set(keys)
        if not wanted:
            return {}
        guilds, users = sorted({k[0] for k in wanted}), sorted({k[2] for k in wanted})
        rows = await self.sql.all(f"SELECT * FROM ratings WHERE guild_id IN ({listed(len(guilds))}) "
                                  f"AND user_id IN ({listed(len(users))}){self.sql.lock}", (*guilds, *users))
        found = (RatingRow.of(row) for row in rows)
        return {key: row for row in found if (key := (row.guild_id, row.ladder, row.user_id)) in wanted}

    async def save(self, rows: Sequence[RatingRow], changes: Sequence[RatingChangeRow], games: Sequence[int],
                   first_position: int) -> None:
        """Store new ratings (replacing the old ones), their changes, and the games rated (``games``, in the order
        they were rated, numbered from ``first_position``)."""
        if rows:
            await self.sql.execute_many(
                "INSERT INTO ratings (guild_id, ladder, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, ladder, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                "games = excluded.games, wins = excluded.wins",
                [(r.guild_id, r.ladder, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in rows])
        if changes:
            await self.sql.execute_many(
                "INSERT INTO rating_changes (user_id, guild_id, ladder, game_id, won, mu_before, sigma_before, mu, "
                "sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(c.user_id, c.guild_id, c.ladder, c.game_id, int(c.won), c.mu_before, c.sigma_before, c.mu, c.sigma)
                 for c in changes])
        if games:
            await self.sql.execute_many("INSERT INTO rated_games (game_id, position) VALUES (?, ?)",
                                        [(gid, first_position + n) for n, gid in enumerate(games)])

    async def board(self, guild_id: int, ladder: str, limit: int) -> list[RatingRow]:
        """The ladder's people, best first: by the low end of the range shown (mu - 2 sigma)."""
        rows = await self.sql.all("SELECT * FROM ratings WHERE guild_id = ? AND ladder = ? "
                                  "ORDER BY mu - 2 * sigma DESC, games DESC, user_id LIMIT ?", (guild_id, ladder, limit))
        return [RatingRow.of(row) for row in rows]

    async def person(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """The person's ratings in the server (or over every server: guild 0), one per ladder they have."""
        rows = await self.sql.all("SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        return [RatingRow.of(row) for row in rows]

    async def history(self, guild_id: int, ladder: str, user_id: int, limit: int) -> list[RatingChangeRow]:
        """The person's latest changes in a ladder, the latest first."""
        rows = await self.sql.all(
            "SELECT c.*, p.role FROM rating_changes c JOIN rated_games g ON g.game_id = c.game_id "
            "JOIN result_players p ON p.game_id = c.game_id AND p.user_id = c.user_id "
            "WHERE c.user_id = ? AND c.guild_id = ? AND c.ladder = ? ORDER BY g.position DESC LIMIT ?",
            (user_id, guild_id, ladder, limit))
        return [RatingChangeRow.of(row) for row in rows]
