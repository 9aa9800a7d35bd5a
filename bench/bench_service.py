"""Game service speed: commands per second, latency per command and memory, with many active games.

    python bench/bench_service.py [--games 1000] [--commands 5000] [--concurrency 1 8 32] [--database PATH|URL]

Fills a fresh SQLite file (WAL, synchronous=FULL), or the empty PostgreSQL database a ``postgresql://`` URL
names (then a fresh SQLite file too, for figures side by side), with ``--games`` running games, then plays
moves through the service, keeping every game active (a finished game is replaced by a new one in
its channel). Each command is one transaction: read, validate, apply, append, snapshot, commit.
Choosing a move (built-in player on the stored state) is not timed. On PostgreSQL the run with one command in
flight also counts the statements each command sends (BEGIN and COMMIT included): each is a round trip to the
server. Prints figures; not a test.
Aim: p99 under 10 ms per move; 1,000 active games under 150 MB resident.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.london.engine import GameState  # noqa: E402
from bot.games.london.engine.players import RandomPlayer, view_for  # noqa: E402
from bot.service import GameService  # noqa: E402

GUILD, HOST = 1, 1000
RULES = ("classic", "mb1985", "master")
_keys = itertools.count(1)


def memory_mb() -> tuple[float, float]:
    """(resident now, resident peak) in MB, from /proc."""
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["VmHWM"]


class Statements:
    """Counts the statements sent to a PostgreSQL server (BEGIN, COMMIT and a pool's reset included) while on."""

    def __init__(self) -> None:
        self.on = False
        self.sent = 0
        import asyncpg.connection

        connection = asyncpg.connection.Connection
        for name in ("_execute", "_executemany", "execute"):
            original = getattr(connection, name)

            def counted(*args, __original=original, __name=name, **kwargs):
                # execute() with arguments runs through _execute: count it there only
                if self.on and (__name != "execute" or len(args) == 2):
                    self.sent += 1
                return __original(*args, **kwargs)

            setattr(connection, name, counted)


STATEMENTS = Statements()


async def new_game(service: GameService, channel: int, rng: random.Random) -> tuple[int, dict[str, int]]:
    """Start a game in ``channel``; returns its id and who moves each pawn."""
    await service.create_game(GUILD, channel, HOST, "Host", rules=RULES[channel % 3], seed=rng.randrange(10**6))
    for user in range(HOST + 1, HOST + 2 + channel % 5):
        await service.join(channel, user, f"Player {user}")
    result = await service.start(channel, HOST, key=f"start-{next(_keys)}")
    return result.game.id, {pawn: p.user_id for p in result.players for pawn in p.pawns}


async def stored_state(service: GameService, game_id: int) -> GameState:
    row = await service.database.one("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
    return GameState.from_snapshot(json.loads(row["state"]))


class Table:
    """One channel's game and the built-in players who sit at it."""

    def __init__(self, service: GameService, channel: int, rng: random.Random) -> None:
        self.service, self.channel, self.rng = service, channel, rng
        self.player = RandomPlayer(rng, double_chance=0.1)
        self.game_id = 0
        self.owners: dict[str, int] = {}

    async def open(self) -> None:
        self.game_id, self.owners = await new_game(self.service, self.channel, self.rng)

    async def play(self, latencies: list[float], count: bool = False) -> None:
        state = await stored_state(self.service, self.game_id)
        pawn = self.rng.choice([p for p in state.to_move() if state.legal_moves(p)])
        action = self.player.choose(view_for(state, pawn), pawn)
        start = time.perf_counter()
        STATEMENTS.on = count
        result = await self.service.act(self.game_id, self.owners[pawn], action, f"k{next(_keys)}",
                                        expected_round=state.round)
        STATEMENTS.on = False
        latencies.append(time.perf_counter() - start)
        if result.game.status != "running":
            await self.open()


async def run(games: int, commands: int, concurrencies: list[int], path: Path | str) -> None:
    rng = random.Random(1)
    service = await GameService.open(path, rng=rng, secret="bench-secret")  # the same deals every run
    print(f"-- {service.database.where}")
    try:
        started = time.perf_counter()
        tables = [Table(service, channel, rng) for channel in range(1, games + 1)]
        for table in tables:
            await table.open()
        setup = time.perf_counter() - started
        print(f"{games} games opened in {setup:.1f} s ({games / setup:.0f} lobbies created, joined and started per s)")
        for concurrency in concurrencies:
            latencies: list[float] = []
            started = time.perf_counter()
            order = itertools.cycle(tables)
            STATEMENTS.sent = 0
            while len(latencies) < commands:
                batch = [next(order) for _ in range(concurrency)]
                await asyncio.gather(*(table.play(latencies, count=concurrency == 1) for table in batch))
            wall = time.perf_counter() - started
            latencies.sort()
            p50 = statistics.median(latencies) * 1000
            p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
            active = (await service.database.one("SELECT COUNT(*) FROM games WHERE status = 'running'"))[0]
            # With one command in flight the service's own rate is 1 / mean latency; with several, latencies
            # overlap and only the wall-clock rate (move choice included) means anything.
            own = f"{len(latencies) / sum(latencies):,.0f} commands/s in the service, " if concurrency == 1 else ""
            if concurrency == 1 and STATEMENTS.sent:
                own += f"{STATEMENTS.sent / len(latencies):.1f} statements per command, "
            print(f"concurrency {concurrency:>2}: {len(latencies)} moves, {own}{len(latencies) / wall:,.0f}/s "
                  f"wall clock with move choice; p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {latencies[-1] * 1000:.1f} "
                  f"ms per command; {active} games running")
        now, peak = memory_mb()
        if isinstance(path, Path):
            size = sum(f.stat().st_size for f in path.parent.glob(path.name + "*")) / 1e6
            print(f"resident memory {now:.0f} MB (peak {peak:.0f} MB); database {size:.0f} MB")
        else:
            print(f"resident memory {now:.0f} MB (peak {peak:.0f} MB)")
    finally:
        await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32],
                        help="commands on different games in flight at once (one run per value)")
    parser.add_argument("--database", help="SQLite file to fill, or an empty PostgreSQL database's postgresql:// URL "
                                           "(default: a fresh temporary SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "bench.sqlite3"
        if args.database and args.database.startswith(("postgresql://", "postgres://")):
            targets: list[Path | str] = [args.database, fresh]
        else:
            targets = [Path(args.database) if args.database else fresh]
        for target in targets:
            asyncio.run(run(args.games, args.commands, args.concurrency, target))


if __name__ == "__main__":
    main()
