"""Game service speed: commands per second, latency per command and memory, with many active games.

    python bench/bench_service.py [--games 1000] [--commands 5000] [--concurrency 1 8 32] [--database PATH|URL]
    python bench/bench_service.py --database postgresql://... --processes 1 2 4 [--concurrency 8]

Fills a fresh SQLite file (WAL, synchronous=FULL), or the empty PostgreSQL database a ``postgresql://`` URL
names (then a fresh SQLite file too, for figures side by side), with ``--games`` running games, then plays
moves through the service, keeping every game active (a finished game is replaced by a new one in
its channel). Each command is one transaction: read, validate, apply, append, snapshot, commit.
"N in flight" means N players who each send their next move as soon as the last one is answered (on N
different games), so N commands are always in the service. Choosing a move (a
built-in player's choice on the game as the players follow it, checked against each answer) is not timed, but it
runs in the same process and its time counts in the wall clock.
On PostgreSQL the run with one command in flight also counts the statements each command sends (BEGIN and
COMMIT included): each is a round trip to the server.

``--processes 1 2 4`` (PostgreSQL only): the same games shared by that many bot processes (each its own
service, connection pool and in-flight players, on its own part of the channels, as shards split a bot's
servers), all started together; prints the commands per second of all of them and the p99 over every command.
Prints figures; not a test.
Aim: p99 under 10 ms per move; 1,000 active games under 150 MB resident.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg  # noqa: E402

from bot.games.london.engine import GameState  # noqa: E402
from bot.games.london.engine.players import RandomPlayer, view_for  # noqa: E402
from bot.service import GameService  # noqa: E402

GUILD, HOST = 1, 1000
RULES = ("classic", "mb1985", "master")
_keys = itertools.count(1)
#: idempotency keys of this process (several processes share a database with --processes)
_PREFIX = f"p{os.getpid()}-"


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
    result = await service.start(channel, HOST, key=f"{_PREFIX}start-{next(_keys)}")
    return result.game.id, {pawn: p.user_id for p in result.players for pawn in p.pawns}


async def stored_state(service: GameService, game_id: int) -> GameState:
    row = await service.database.one("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
    return GameState.from_snapshot(json.loads(row["state"]))


class Table:
    """One channel's game and the built-in players who sit at it. Like people at a table, the players keep the
    game in their heads: the state is read from the database when the game opens and then follows each move the
    service confirms (the service's answer is checked against it), so choosing a move costs the database nothing."""

    def __init__(self, service: GameService, channel: int, rng: random.Random) -> None:
        self.service, self.channel, self.rng = service, channel, rng
        self.player = RandomPlayer(rng, double_chance=0.1)
        self.game_id = 0
        self.owners: dict[str, int] = {}
        self.state: GameState | None = None

    async def open(self) -> None:
        self.game_id, self.owners = await new_game(self.service, self.channel, self.rng)
        self.state = await stored_state(self.service, self.game_id)

    async def play(self, latencies: list[float], count: bool = False) -> None:
        state = self.state
        pawn = self.rng.choice([p for p in state.to_move() if state.legal_moves(p)])
        action = self.player.choose(view_for(state, pawn), pawn)
        start = time.perf_counter()
        STATEMENTS.on = count
        result = await self.service.act(self.game_id, self.owners[pawn], action, f"{_PREFIX}k{next(_keys)}",
                                        expected_round=state.round)
        STATEMENTS.on = False
        latencies.append(time.perf_counter() - start)
        if result.game.status != "running":
            await self.open()
            return
        state.apply(action)
        if (result.view.round, tuple(result.view.to_move)) != (state.round, tuple(state.to_move())):
            raise AssertionError(f"game {self.game_id}: the service's game and the players' differ")


async def timed(tables: list[Table], commands: int, concurrency: int, latencies: list[float],
                count: bool = False) -> float:
    """Play ``commands`` moves with ``concurrency`` always in flight, each on a table no other is playing;
    returns the wall-clock seconds."""
    idle: collections.deque[Table] = collections.deque(tables)
    left = itertools.count(commands, -1)

    async def player() -> None:
        while next(left) > 0:
            table = idle.popleft()
            await table.play(latencies, count=count)
            idle.append(table)

    started = time.perf_counter()
    await asyncio.gather(*(player() for _ in range(concurrency)))
    return time.perf_counter() - started


def percentiles(latencies: list[float]) -> tuple[float, float, float]:
    """(p50, p99, max) in ms."""
    ordered = sorted(latencies)
    return (statistics.median(ordered) * 1000, ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1000,
            ordered[-1] * 1000)


async def open_tables(service: GameService, channels: range, rng: random.Random) -> list[Table]:
    tables = [Table(service, channel, rng) for channel in channels]
    for table in tables:
        await table.open()
    return tables


async def run(games: int, commands: int, concurrencies: list[int], path: Path | str) -> None:
    rng = random.Random(1)
    # the same deals every run: the seeds from rng, the keys from nonces drawn from it too (a bot's come from the OS)
    service = await GameService.open(path, rng=rng, secret="bench-secret", nonces=lambda: f"{rng.getrandbits(128):032x}")
    print(f"-- {service.database.where}")
    try:
        started = time.perf_counter()
        tables = await open_tables(service, range(1, games + 1), rng)
        setup = time.perf_counter() - started
        print(f"{games} games opened in {setup:.1f} s ({games / setup:.0f} lobbies created, joined and started per s)")
        for concurrency in concurrencies:
            latencies: list[float] = []
            STATEMENTS.sent = 0
            wall = await timed(tables, commands, concurrency, latencies, count=concurrency == 1)
            p50, p99, worst = percentiles(latencies)
            active = (await service.database.one("SELECT COUNT(*) FROM games WHERE status = 'running'"))[0]
            # With one command in flight the service's own rate is 1 / mean latency; with several, latencies
            # overlap and only the wall-clock rate (move choice included) means anything.
            own = f"{len(latencies) / sum(latencies):,.0f} commands/s in the service, " if concurrency == 1 else ""
            if concurrency == 1 and STATEMENTS.sent:
                own += f"{STATEMENTS.sent / len(latencies):.1f} statements per command, "
            print(f"{concurrency:>2} in flight: {len(latencies)} moves, {own}{len(latencies) / wall:,.0f}/s "
                  f"wall clock with move choice; p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {worst:.1f} "
                  f"ms per command; {active} games running")
        now, peak = memory_mb()
        if isinstance(path, Path):
            size = sum(f.stat().st_size for f in path.parent.glob(path.name + "*")) / 1e6
            print(f"resident memory {now:.0f} MB (peak {peak:.0f} MB); database {size:.0f} MB")
        else:
            print(f"resident memory {now:.0f} MB (peak {peak:.0f} MB)")
    finally:
        await service.close()


async def worker(url: str, first: int, last: int, commands: int, concurrency: int) -> None:
    """One of several bot processes (``--processes``): open the games of channels ``first``..``last``, say
    "ready", play when told "go" on stdin, print the latencies as JSON."""
    rng = random.Random(first)
    service = await GameService.open(url, rng=rng, secret="bench-secret", nonces=lambda: f"{rng.getrandbits(128):032x}")
    try:
        tables = await open_tables(service, range(first, last + 1), rng)
        await timed(tables, min(len(tables), 200), concurrency, [])  # warm up: every process at full speed
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        latencies: list[float] = []
        cpu = time.process_time()
        wall = await timed(tables, commands, concurrency, latencies)
        print(json.dumps({"wall": wall, "latencies": latencies, "cpu": time.process_time() - cpu}), flush=True)
    finally:
        await service.close()


def postmaster(url: str) -> int | None:
    """The process id of the PostgreSQL server behind ``url`` when it runs on this machine (else None)."""

    async def ask() -> int | None:
        connection = await asyncpg.connect(url)
        try:  # the parent of this connection's server process, while it lives
            backend = await connection.fetchval("SELECT pg_backend_pid()")
            return int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:  # not on this machine
            return None
        finally:
            await connection.close()

    return asyncio.run(ask())


def database_server_cpu(server: int | None) -> float:
    """Seconds of CPU the PostgreSQL server ``server`` (its postmaster's id) has used: its live processes' own,
    and the children that ended (connections closed meanwhile). 0 when it runs elsewhere."""
    if server is None:
        return 0.0
    used = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        fields = text.rsplit(")", 1)[1].split()
        pid, parent, times = int(stat.parent.name), int(fields[1]), [int(f) for f in fields[11:15]]
        if pid == server:
            used += sum(times)  # utime, stime, and its children's that ended: cutime, cstime
        elif parent == server:
            used += times[0] + times[1]
    return used / os.sysconf("SC_CLK_TCK")


def processes(url: str, games: int, commands: int, concurrency: int, counts: list[int]) -> None:
    """The same load through 1, 2, 4, ... processes on one PostgreSQL database, each its own share of the games."""
    print(f"-- {concurrency} in flight per process, {games} games in all, on one PostgreSQL database")
    channel = itertools.count(1_000_000, games)  # every run on games of its own
    base = None
    server = postmaster(url)
    for count in counts:
        first = next(channel)
        share = games // count
        children = [subprocess.Popen(
            [sys.executable, __file__, "--worker", url, str(first + n * share), str(first + (n + 1) * share - 1),
             str(commands // count), str(concurrency)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for n in range(count)]
        for child in children:
            assert child.stdout.readline().strip() == "ready"
        server_cpu = database_server_cpu(server)
        for child in children:
            child.stdin.write("go\n")
            child.stdin.flush()
        reports = [json.loads(child.stdout.readline()) for child in children]
        server_cpu = database_server_cpu(server) - server_cpu
        for child in children:
            child.wait()
        latencies = [value for report in reports for value in report["latencies"]]
        rate = len(latencies) / max(report["wall"] for report in reports)
        base = base or rate
        p50, p99, worst = percentiles(latencies)
        bot_cpu = sum(report["cpu"] for report in reports) / len(latencies) * 1000
        where = (f"; CPU per command: {bot_cpu:.2f} ms in the bot processes (move choice included), "
                 f"{server_cpu / len(latencies) * 1000:.2f} ms in the database server") if server_cpu else ""
        print(f"{count} process{'es' if count > 1 else '  '}: {len(latencies)} moves, {rate:,.0f}/s wall clock with "
              f"move choice ({rate / base:.2f}x one process); p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {worst:.1f} ms "
              f"per command{where}")
    print(f"this machine has {os.cpu_count()} cores for the bot processes and the database server together")


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        url, first, last, commands, concurrency = sys.argv[2:]
        asyncio.run(worker(url, int(first), int(last), int(commands), int(concurrency)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=None,
                        help="commands on different games in flight at once (one run per value; default 1 8 32, "
                             "with --processes 8 per process)")
    parser.add_argument("--database", help="SQLite file to fill, or an empty PostgreSQL database's postgresql:// URL "
                                           "(default: a fresh temporary SQLite file)")
    parser.add_argument("--processes", type=int, nargs="+",
                        help="PostgreSQL only: run the games through this many bot processes at once (one run each)")
    args = parser.parse_args()
    on_server = bool(args.database and args.database.startswith(("postgresql://", "postgres://")))
    if args.processes:
        if not on_server:
            parser.error("--processes needs --database postgresql://...: several processes share a database server")
        for concurrency in args.concurrency or [8]:
            processes(args.database, args.games, args.commands, concurrency, args.processes)
        return
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "bench.sqlite3"
        targets: list[Path | str] = [args.database, fresh] if on_server else [
            Path(args.database) if args.database else fresh]
        for target in targets:
            asyncio.run(run(args.games, args.commands, args.concurrency or [1, 8, 32], target))


if __name__ == "__main__":
    main()
