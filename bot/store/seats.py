"""Seats: who sits at a game's table (``players``) and who moves which pawn now (``pawn_controls``)."""

from __future__ import annotations

from typing import Iterable

from .base import Sql
from .records import PlayerRow


class Seats:
    def __init__(self, sql: Sql) -> None:
        self.sql = sql
        #: inside a command's transaction (``Sql.held``), each game's table as read once: (the players, who moves
        #: which pawn); any write here forgets them all
        self._tables: dict[int, tuple[list[PlayerRow], list[tuple[str, int, int | None]]]] | None = \
            {} if sql.held else None

    def _forget(self) -> None:
        if self._tables is not None:
            self._tables.clear()

    async def _table(self, game_id: int) -> tuple[list[PlayerRow], list[tuple[str, int, int | None]]]:
        """The game's players, by seat, then in join order; and (pawn, user, the user's seat) for everyone who may
        move a pawn, in the order the pawns were given. One query reads both."""
        if self._tables is not None and game_id in self._tables:
            return self._tables[game_id]
        found = await self.sql.all(
            "SELECT p.*, c.pawn AS control_pawn, c.rowid AS control_order FROM players p LEFT JOIN pawn_controls c "
            "ON c.game_id = p.game_id AND c.user_id = p.user_id WHERE p.game_id = ?", (game_id,))
        people: dict[int, PlayerRow] = {}
        for row in found:  # a person comes once for each pawn they move: their row is read the first time
            if row["user_id"] not in people:
                people[row["user_id"]] = PlayerRow.of(row)
        players = sorted(people.values(), key=lambda p: (p.seat is None, p.seat or 0, p.join_order, p.user_id))
        controls = [(row["control_pawn"], row["user_id"], row["seat"])
                    for row in sorted((r for r in found if r["control_pawn"] is not None),
                                      key=lambda r: r["control_order"])]
        if self._tables is not None:
            self._tables[game_id] = (players, controls)
        return players, controls

    # -- the people at the table -----------------------------------------------------------------

    async def players(self, game_id: int) -> list[PlayerRow]:
        """Everyone who joined, by seat, then in join order (in the lobby, where nobody has a seat: join order)."""
        return list((await self._table(game_id))[0])

    async def player(self, game_id: int, user_id: int, *, playing: bool = False) -> PlayerRow | None:
        """The person's row (``playing``: only while they play, not after resigning or being replaced)."""
        still = " AND status = 'playing'" if playing else ""
        row = await self.sql.one(f"SELECT * FROM players WHERE game_id = ? AND user_id = ?{still}", (game_id, user_id))
        return PlayerRow.of(row) if row else None

    async def first_person(self, game_id: int) -> int | None:
        """The person who joined first (a computer hosts nothing)."""
        row = await self.sql.one("SELECT user_id FROM players WHERE game_id = ? AND strategy IS NULL "
                                 "ORDER BY join_order LIMIT 1", (game_id,))
        return None if row is None else row["user_id"]

    async def last_computer(self, game_id: int, role: str | None) -> int | None:
        """The computer seated last (as ``role``, when given)."""
        as_role, params = (" AND role = ?", (game_id, role)) if role is not None else ("", (game_id,))
        row = await self.sql.one(f"SELECT user_id FROM players WHERE game_id = ? AND strategy IS NOT NULL{as_role} "
                                 "ORDER BY join_order DESC LIMIT 1", params)
        return None if row is None else row["user_id"]

    async def stand_in_for(self, game_id: int, user_id: int) -> int | None:
        """The computer that plays the person's seat while they are away."""
        row = await self.sql.one("SELECT user_id FROM players WHERE game_id = ? AND stands_in = ? "
                                 "AND status = 'playing'", (game_id, user_id))
        return None if row is None else row["user_id"]

    async def detectives_playing(self, game_id: int) -> list[int]:
        """The detective players still playing, by seat."""
        found = await self.sql.all("SELECT user_id FROM players WHERE game_id = ? AND role = 'detective' "
                                   "AND status = 'playing' ORDER BY seat", (game_id,))
        return [row["user_id"] for row in found]

    async def join(self, game_id: int, user_id: int, name: str, role: str | None, now: float,
                   strategy: str | None = None) -> None:
        """A new player in the lobby, after everyone who joined before."""
        self._forget()
        await self.sql.execute(
            "INSERT INTO players (game_id, user_id, name, role, join_order, joined_at) VALUES "
            "(?, ?, ?, ?, (SELECT COALESCE(MAX(join_order), 0) + 1 FROM players WHERE game_id = ?), ?)",
            (game_id, user_id, name, role, game_id, now))
        if strategy is not None:
            await self.sql.execute("UPDATE players SET strategy = ? WHERE game_id = ? AND user_id = ?",
                                   (strategy, game_id, user_id))

    async def choose_role(self, game_id: int, user_id: int, role: str | None, name: str) -> None:
        self._forget()
        await self.sql.execute("UPDATE players SET role = ?, name = ? WHERE game_id = ? AND user_id = ?",
                               (role, name, game_id, user_id))

    async def seat(self, game_id: int, seats: Iterable[tuple[int, int, str]]) -> None:
        """The seats and roles of the start: (user, seat, role)."""
        self._forget()
        for user_id, seat, role in seats:
            await self.sql.execute("UPDATE players SET seat = ?, role = ? WHERE game_id = ? AND user_id = ?",
                                   (seat, role, game_id, user_id))

    async def set_status(self, game_id: int, user_id: int, status: str) -> None:
        """'playing', 'resigned' or 'replaced'."""
        self._forget()
        await self.sql.execute("UPDATE players SET status = ? WHERE game_id = ? AND user_id = ?",
                               (status, game_id, user_id))

    async def take_over(self, game_id: int, old: PlayerRow, user_id: int, name: str, now: float, *,
                        strategy: str | None = None) -> None:
        """``user_id`` takes ``old``'s role, seat and place in the join order: a person as a new player or one who
        played here before; a computer (``strategy``) as a stand-in for ``old``."""
        self._forget()
        if strategy is None:
            await self.sql.execute(
                "INSERT INTO players (game_id, user_id, name, role, seat, join_order, joined_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, "
                "role = excluded.role, seat = excluded.seat, status = 'playing', join_order = excluded.join_order",
                (game_id, user_id, name, old.role, old.seat, old.join_order, now))
        else:
            await self.sql.execute(
                "INSERT INTO players (game_id, user_id, name, role, seat, join_order, joined_at, strategy, stands_in) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, user_id, name, old.role, old.seat, old.join_order, now, strategy, old.user_id))

    async def remove(self, game_id: int, user_id: int | None = None) -> None:
        """Take the person out of the lobby (None: everyone)."""
        self._forget()
        if user_id is None:
            await self.sql.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
        else:
            await self.sql.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    # -- who moves which pawn --------------------------------------------------------------------

    async def give_pawns(self, game_id: int, given: Iterable[tuple[str, int]]) -> None:
        """(pawn, user): the user moves the pawn from now on, beside whoever moved it before."""
        self._forget()
        await self.sql.execute_many("INSERT INTO pawn_controls (game_id, pawn, user_id) VALUES (?, ?, ?)",
                                    [(game_id, pawn, user) for pawn, user in given])

    async def hand_pawns(self, game_id: int, from_user: int, to_user: int) -> None:
        """Every pawn ``from_user`` moves goes to ``to_user``."""
        self._forget()
        await self.sql.execute("UPDATE pawn_controls SET user_id = ? WHERE game_id = ? AND user_id = ?",
                               (to_user, game_id, from_user))

    async def drop_pawns(self, game_id: int, user_id: int) -> list[str]:
        """The person moves no pawn any more; returns those they moved, in the order they were given."""
        self._forget()
        mine = [row["pawn"] for row in await self.sql.all(
            "SELECT pawn FROM pawn_controls WHERE game_id = ? AND user_id = ? ORDER BY rowid", (game_id, user_id))]
        await self.sql.execute("DELETE FROM pawn_controls WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return mine

    async def pawn_controls(self, game_id: int) -> list[tuple[str, int]]:
        """(pawn, user) for everyone who may move a pawn."""
        found = await self.sql.all("SELECT pawn, user_id FROM pawn_controls WHERE game_id = ?", (game_id,))
        return [(row["pawn"], row["user_id"]) for row in found]

    async def pawns_by_user(self, game_id: int) -> dict[int, tuple[str, ...]]:
        """Each person's pawns, in the order they were given."""
        return _by_user((await self._table(game_id))[1])

    async def players_and_pawns(self, game_id: int) -> tuple[list[PlayerRow], dict[int, tuple[str, ...]]]:
        """:meth:`players` and :meth:`pawns_by_user` from one read (outside a command each would read the table)."""
        players, controls = await self._table(game_id)
        return list(players), _by_user(controls)

    async def pawns_in_running_games(self, user_id: int) -> dict[int, tuple[str, ...]]:
        """The person's pawns in each running game (by game id), in the order they were given."""
        found: dict[int, list[str]] = {}
        for row in await self.sql.all(
                "SELECT c.game_id, c.pawn FROM pawn_controls c JOIN games g ON g.id = c.game_id "
                "WHERE c.user_id = ? AND g.status = 'running' ORDER BY c.rowid", (user_id,)):
            found.setdefault(row["game_id"], []).append(row["pawn"])
        return {game: tuple(pawns) for game, pawns in found.items()}

    async def controllers(self, game_id: int, pawns: tuple[str, ...]) -> tuple[int, ...]:
        """The people who may move any of ``pawns``, in seat order."""
        seats: dict[int, int | None] = {}
        for pawn, user, seat in (await self._table(game_id))[1]:
            if pawn in pawns:
                seats.setdefault(user, seat)
        return tuple(sorted(seats, key=lambda user: (seats[user] is not None, seats[user] or 0)))

    async def moves(self, game_id: int, pawn: str, user_id: int) -> bool:
        """Whether the person may move ``pawn`` now."""
        return any(row[:2] == (pawn, user_id) for row in (await self._table(game_id))[1])

    async def computers(self, game_id: int) -> list[tuple[str, int, str]]:
        """(pawn, user, strategy) of each pawn a computer that still plays moves, by pawn."""
        found = await self.sql.all(
            "SELECT c.pawn, c.user_id, p.strategy FROM pawn_controls c JOIN players p ON "
            "p.game_id = c.game_id AND p.user_id = c.user_id WHERE c.game_id = ? "
            "AND p.strategy IS NOT NULL AND p.status = 'playing' ORDER BY c.pawn", (game_id,))
        return [(row["pawn"], row["user_id"], row["strategy"]) for row in found]


def _by_user(controls: list[tuple[str, int, int | None]]) -> dict[int, tuple[str, ...]]:
    """Each person's pawns, in the order they were given, from a table's (pawn, user, seat)."""
    found: dict[int, list[str]] = {}
    for pawn, user, _ in controls:
        found.setdefault(user, []).append(pawn)
    return {user: tuple(pawns) for user, pawns in found.items()}
