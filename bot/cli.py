"""``python -m bot``: run the bot, or one of the tools beside it.

Each subcommand lives in its own ``_cmd_*`` function and imports its module lazily, so that
``--help`` and the light tools start fast and do not need a Discord token.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


DISTRIBUTION = "scotland-yard-bot"
#: the offline tools' table when --players is not given (the rules' maximum if it is smaller)
DEFAULT_PLAYERS = 5


def version() -> str:
    """The installed distribution's version, else the one in ``pyproject.toml`` (a checkout that is not installed)."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        import tomllib

        try:
            pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
            return str(pyproject["project"]["version"])
        except (OSError, ValueError, KeyError):  # TOMLDecodeError is a ValueError
            return "unknown"


def _no_folder(out: str) -> bool:
    """``--out ""`` names no folder (it would write into the current one): said in one line."""
    if str(out).strip():
        return False
    print('error: --out "" names no folder: give one, such as --out out/ (or --out . for this folder)',
          file=sys.stderr)
    return True


def _cmd_simulate(args: argparse.Namespace) -> int:
    from bot.fairness.chance import deal_seed
    from bot.fairness.proof import OfflineGame
    from bot.games import family_for_rules

    if _no_folder(args.out):
        return 2

    try:
        family = family_for_rules(args.rules)
    except LookupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    entry = family.rules_entry(args.rules)
    if args.players is None:  # the most the rules seat, up to five: a full table where the box allows it
        args.players = min(DEFAULT_PLAYERS, entry.max_players)
    options = {"expert": True} if args.expert else {}
    try:
        entry.require_available(family.error)
        # A throw-away deal refuses a bad player count or an option the rules do not know.
        family.new_game(args.rules, args.players, 0, options)
        # sy-commit/2 (docs/fairness.md): the key from the secret, the rules, the players and the seed; Mr. X's start
        # card and the dice from the key, the public deal from the seed mixed with the secret, as the bot does.
        offline = OfflineGame.of(args.secret, args.rules, args.players, args.seed)
        state = family.simulate(args.rules, args.players, deal_seed(args.secret, args.seed), options, args.mrx,
                                args.detectives, hidden=offline.hidden, draws=offline.draws)
    except family.error as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    out = Path(args.out)
    record = family.export_record(state)
    record["table_seed"] = args.seed  # the seed as chosen; "seed" is the number dealt from (mixed with --secret)
    record["fairness"] = offline.block(family, state)
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "record.json").write_text(json.dumps(record, indent=1) + "\n")
    except OSError as exc:
        print(f"error: cannot write {out / 'record.json'}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    outcome = state.outcome
    assert outcome is not None
    print(f"{entry.title}, seed {args.seed}, {args.players} players: {outcome.describe()}")
    print(f"{len(state.history)} actions, {len(state.logbook)} logbook entries -> {out / 'record.json'}")
    return 0


#: what a JSON file holds instead of a record, in JSON's words
_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "true or false",
               type(None): "null"}


def _read_record(path: Path) -> dict:
    """A game's record from ``path``, checked by replaying it; raises the engine's ``GameError`` (a
    ``BadRecord`` when the file is not a record) with one line that says what is wrong."""
    from bot.games import family_for_rules
    from bot.games.errors import BadRecord

    try:
        record = json.loads(path.read_bytes())
    except OSError as exc:
        raise BadRecord(f"cannot read it ({exc.strerror or exc})") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
        raise BadRecord(f"not JSON ({' '.join(str(exc).split())})") from None
    if not isinstance(record, dict):
        raise BadRecord(f"a game record is a JSON object (format, rules, actions, ...), not {_JSON_KINDS[type(record)]}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, dict) and "round" in a for a in actions):
        raise BadRecord("a game record's 'actions' are a list of objects, each with its 'round'")
    try:
        family = family_for_rules(str(record.get("rules", "classic")))
    except LookupError as exc:
        raise BadRecord(str(exc)) from None
    try:
        family.replay(record)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        # replay() names the fields it expects; one of the wrong kind (a list for 'start', ...) fails deeper
        raise BadRecord(f"not a game record that can be replayed ({type(exc).__name__}: {exc})") from None
    return record


def _cmd_render(args: argparse.Namespace) -> int:
    import importlib

    from bot.games import family_for_rules
    from bot.games.errors import GameError

    if _no_folder(args.out):
        return 2
    out = Path(args.out)
    if not args.record:
        status = _cmd_simulate(args)
        if status:
            return status
    source = Path(args.record) if args.record else out / "record.json"
    try:
        record = _read_record(source)
        save_album = importlib.import_module(family_for_rules(record["rules"]).renderer).save_album
        written = save_album(record, out, tracker=args.tracker, language=args.language, width=args.width)
    except (GameError, ValueError) as exc:  # ValueError: the game is not over yet
        print(f"error: {source}: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    size = sum(p.stat().st_size for p in written)
    print(f"{len(written)} files, {size / 1e6:.1f} MB -> {out} (boards, Mr. X's boards, logbook, route, replay.gif)")
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    """Check a finished game's record: the rules, and every commitment to Mr. X's hidden route; with ``--seals``,
    that it is the game the channel published."""
    from bot.fairness.published import read_published
    from bot.fairness.verify import verify_record

    path = Path(args.record)
    try:
        record = json.loads(path.read_bytes())
    except OSError as exc:
        print(f"error: {path}: cannot read it ({exc.strerror or exc})", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"error: {path}: not JSON ({' '.join(str(exc).split())})", file=sys.stderr)
        return 2
    published = None
    if args.seals:
        try:
            published = read_published(Path(args.seals).read_text(encoding="utf-8", errors="replace"))
        except OSError as exc:
            print(f"error: {args.seals}: cannot read it ({exc.strerror or exc})", file=sys.stderr)
            return 2
    verdict = verify_record(record, published)
    for line in verdict.lines():
        print(line if verdict.sound else f"{path}: {line}")
    return 0 if verdict.sound else 1


def _cmd_migrate(args: argparse.Namespace) -> int:
    import asyncio
    import sqlite3

    from bot.config import ConfigError, database_path, read_dotenv
    from bot.store import DatabaseUnavailable, MigrationError, Store, find_migrations, open_store

    # The same file the bot uses: --database, else SY_DATABASE from the environment or .env.
    try:
        path = args.database or database_path({**read_dotenv(Path(".env")), **os.environ})
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.copy_to:
        return _copy_to(path, args.copy_to)

    async def run() -> tuple[Store, int]:
        db = await open_store(path)
        try:
            return db, await db.schema_version()
        finally:
            await db.close()

    try:
        db, version = asyncio.run(run())
    except DatabaseUnavailable as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except (MigrationError, sqlite3.Error) as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return 2
    for migration in db.applied:
        print(f"applied {migration.name}")
    print(f"{db.where}: schema version {version} of {len(find_migrations())}")
    return 0


def _cmd_ratings(args: argparse.Namespace) -> int:
    """``ratings``: rate the finished games not rated yet (``--recompute``: every one again, from nothing)."""
    import asyncio
    import sqlite3

    from bot.config import database_path, read_dotenv
    from bot.service import GameService
    from bot.store import DatabaseUnavailable, MigrationError

    path = args.database or database_path({**read_dotenv(Path(".env")), **os.environ})

    async def run():
        service = await GameService.open(path)
        try:
            return await service.rate_games(recompute=args.recompute)
        finally:
            await service.close()

    try:
        run_ = asyncio.run(run())
    except DatabaseUnavailable as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except (MigrationError, sqlite3.Error) as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return 2
    how = "from nothing" if run_.recomputed else "after the games rated before"
    print(f"rated {run_.rated} finished {'game' if run_.rated == 1 else 'games'} {how}; "
          f"{run_.total} rated in all")
    return 0


def _copy_to(source, target: str) -> int:
    """``migrate --copy-to URL``: the installation's SQLite file into an empty PostgreSQL database."""
    import asyncio

    from bot.service.moving import copy_installation
    from bot.store import DatabaseUnavailable, MigrationError
    from bot.store.copying import CopyRefused

    try:
        source_name, target_name, report = asyncio.run(copy_installation(source, target))
    except (CopyRefused, DatabaseUnavailable) as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except MigrationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"copied {source_name} into {target_name}, in one transaction:")
    width = max((len(table) for table, _ in report.tables), default=0)
    for table, rows in report.tables:
        print(f"  {table:<{width}}  {rows:>9,} {'row' if rows == 1 else 'rows'}")
    games = dict(report.tables).get("games", 0)
    print(f"each table holds as many rows on the server as in the file; "
          f"{games:,} {'game replays' if games == 1 else 'games replay'} there from the actions to the stored "
          f"{'snapshot' if games == 1 else 'snapshots'}{' (but as noted)' if report.inherited else ''}")
    for problem in report.inherited:
        print(f"note: as in the file, {problem} (the bot rebuilds a snapshot that lags at the game's next move)")
    print(f"next: stop the bot, set SY_DATABASE={target_name} (with its password) and start it")
    return 0


def _cmd_health(args: argparse.Namespace) -> int:
    """``health``: whether the bot's heartbeat (``SY_HEALTH_FILE``, touched once a minute while Discord and the
    database answer) is fresh; one line, exit 0 (healthy) or 1. For Docker's HEALTHCHECK and compose.yaml."""
    import time

    from bot.config import read_dotenv

    name = args.file or {**read_dotenv(Path(".env")), **os.environ}.get("SY_HEALTH_FILE", "").strip()
    if not name:
        print("unhealthy: no health file to read: set SY_HEALTH_FILE (the bot touches it) or give --file")
        return 1
    try:
        age = time.time() - Path(name).stat().st_mtime
    except OSError:
        print(f"unhealthy: no heartbeat yet ({name} does not exist): the bot is starting, or has never reached "
              "Discord and its database")
        return 1
    if age > args.within:
        print(f"unhealthy: the last heartbeat was {age:.0f} s ago (more than {args.within:g} s): the bot has lost "
              "Discord or its database, or hangs")
        return 1
    print(f"healthy: the last heartbeat was {age:.0f} s ago")
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    from bot.chat.runner import run

    overrides = {name: str(value) for name, value in (("SY_SHARDS", getattr(args, "shards", None)),
                                                      ("SY_SHARD_COUNT", getattr(args, "shard_count", None)))
                 if value is not None}
    return run(overrides)


class _Parser(argparse.ArgumentParser):
    """A parser whose ``--rules`` help names every rule system, looked up only when the help is printed: that takes
    importing every game family, which ``run``, ``migrate`` and the rest have no use for as they start."""

    #: the ``--rules`` option of ``simulate`` and ``render`` (None in the other parsers)
    rules_option: argparse.Action | None = None

    def format_help(self) -> str:
        if self.rules_option is not None:
            from bot.games import all_rules

            names = ", ".join(r.name for r in all_rules(available_only=True))
            self.rules_option.help = f"the rule system: {names} (default: %(default)s)"
        return super().format_help()


class _Version(argparse._VersionAction):
    """``--version``: the installed version, looked up only when asked (importlib.metadata's search of the installed
    distributions is a good part of a start's CPU otherwise)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        self.version = f"{DISTRIBUTION} {version()}"
        super().__call__(parser, namespace, values, option_string)


def _whole_number(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number from ``low`` to ``high``; else one line saying ``what`` it must be."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}")
    return value


def _seed(text: str) -> int:
    """A seed SQLite can store (a signed 64-bit whole number)."""
    return _whole_number(text, -(2**63), 2**63 - 1, "a seed")


#: the widths ``render --width`` takes: from a phone's close-up to the boards' own
WIDTHS = (320, 1600)


def _width(text: str) -> int:
    """A board width in pixels that the pictures are drawn at."""
    return _whole_number(text, *WIDTHS, "a width in pixels")


def _game_options(parser: _Parser) -> None:
    """The options that pick a simulated game (shared by ``simulate`` and ``render``)."""
    from bot.fairness.proof import OFFLINE_SECRET
    from bot.games import COMPUTER_KINDS

    # the help names the rule systems once it is printed (_Parser.format_help)
    parser.rules_option = parser.add_argument("--rules", default="classic",
                                              help="the rule system (default: %(default)s)")
    parser.add_argument("--seed", type=_seed, default=0, help="the game's seed (default: %(default)s)")
    parser.add_argument("--secret", default=OFFLINE_SECRET,
                        help="the secret the game's key comes from (with the rules, the players and the seed), as "
                             "SY_SECRET is in the bot (default: the public %(default)r, since nothing an offline tool "
                             "deals is hidden)")
    parser.add_argument("--players", type=int, default=None,
                        help=f"people at the table, Mr. X included (default: {DEFAULT_PLAYERS}, or the most the "
                             "rules seat if fewer)")
    parser.add_argument("--mrx", choices=COMPUTER_KINDS, default="greedy",
                        help="Mr. X's player: a baseline (random, greedy) or a computer level (easy, normal, hard) "
                             "(default: %(default)s)")
    parser.add_argument("--detectives", choices=COMPUTER_KINDS, default="greedy",
                        help="the detectives' player, as --mrx (default: %(default)s)")
    parser.add_argument("--expert", action="store_true",
                        help="dice rules: the expert game, some tiles expert side up (default: off)")


def _environment() -> str:
    """``run --help``'s epilog: the variables the bot reads, one line each."""
    from bot.config import VARIABLES

    width = max(map(len, VARIABLES))
    lines = [f"  {name:<{width}}  {meaning}" for name, meaning in VARIABLES.items()]
    return "environment (a .env file in the working directory is read too):\n" + "\n".join(lines)


def _cmd_web(args: argparse.Namespace) -> int:
    from bot.web.server import run_alone

    return run_alone()


def build_parser() -> argparse.ArgumentParser:
    from bot.i18n import LANGUAGES

    parser = _Parser(prog="python -m bot",
                     description="Run the Scotland Yard Discord bot, or one of the tools beside it.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    bot = sub.add_parser("run", help="run the Discord bot (the default; configured by DISCORD_TOKEN, SY_DATABASE, ...)",
                         description="Run the Discord bot until it is stopped (Ctrl-C, or SIGTERM).",
                         epilog=_environment(), formatter_class=argparse.RawDescriptionHelpFormatter)
    bot.add_argument("--shards", metavar="IDS", default=None,
                     help="the gateway shards this process runs, e.g. 0-3 or 0,2; the other processes run the rest, "
                          "all on one PostgreSQL database (default: $SY_SHARDS, else every shard)")
    bot.add_argument("--shard-count", metavar="N", default=None,
                     help="how many shards the whole bot has (default: $SY_SHARD_COUNT, else the number Discord "
                          "recommends)")
    bot.set_defaults(func=_cmd_run)

    sim = sub.add_parser("simulate", help="play a whole game with built-in players and write its record")
    _game_options(sim)
    sim.add_argument("--out", default="out", help="folder for record.json (default: %(default)s)")
    sim.set_defaults(func=_cmd_simulate)

    ren = sub.add_parser("render", help="simulate a game (or read a record) and draw all its pictures")
    _game_options(ren)
    ren.add_argument("--record", default=None,
                     help="draw this finished game's record.json instead (default: simulate one as above)")
    ren.add_argument("--tracker", action="store_true",
                     help="ring the stations Mr. X may be at on each board (default: off)")
    ren.add_argument("--out", default="out", help="folder for the pictures (default: %(default)s)")
    ren.add_argument("--language", choices=LANGUAGES, default="en",
                     help="the language of the pictures' words: en or de (default: %(default)s)")
    ren.add_argument("--width", type=_width, default=None,
                     help=f"draw the boards, Mr. X's boards, the route and the replay at most this many pixels wide, "
                          f"{WIDTHS[0]} to {WIDTHS[1]} (default: each picture's own width, as the bot posts it)")
    ren.set_defaults(func=_cmd_render)

    ver = sub.add_parser("verify", help="check a finished game's record: the rules and Mr. X's commitments",
                         description="Check a finished game's record (from /sy export or simulate) from the record "
                                     "alone: it replays by the rules, and every commitment the bot published to "
                                     "Mr. X's hidden stations opens to his route, and (sy-commit/2) its key opens "
                                     "the commitment published before the game and its chance comes from the key "
                                     "(docs/fairness.md). Prints one line per problem and exits 1 if there is any "
                                     "(2 when the record cannot be read).")
    ver.add_argument("record", help="the record (JSON)")
    ver.add_argument("--seals", metavar="FILE", default=None,
                     help="what the channel published: the seals copied from its posts, one per line, or a saved "
                          "transcript of the channel; checks that the record is that game and says how many bits the "
                          "seals bound (default: none, the record alone)")
    ver.set_defaults(func=_cmd_verify)

    health = sub.add_parser("health", help="exit 0 if the running bot's heartbeat is fresh, else 1 (a health check)",
                            description="Read the running bot's heartbeat (SY_HEALTH_FILE, touched once a minute "
                                        "while it is connected to Discord and can write to its database) and say in "
                                        "one line whether it is fresh: exit 0 if so, 1 if not. Docker's HEALTHCHECK "
                                        "and compose.yaml run it.")
    health.add_argument("--file", default=None, help="the health file (default: $SY_HEALTH_FILE)")
    health.add_argument("--within", type=float, default=180.0,
                        help="seconds the last heartbeat may be old: three missed beats (default: %(default)g)")
    health.set_defaults(func=_cmd_health)

    pages = sub.add_parser("web", help="serve the games' web pages alone, from the bot's PostgreSQL database",
                           description="Serve the games' web pages (docs/web.md) in a process of their own: stateless, "
                                       "any number of them on the bot's PostgreSQL database (SY_DATABASE) behind a "
                                       "load balancer, on SY_WEB_PORT (SY_WEB_HOST, default 0.0.0.0). On a SQLite "
                                       "file the bot serves them itself (SY_WEB_PORT set for the bot).")
    pages.set_defaults(func=_cmd_web)

    mig = sub.add_parser("migrate", help="bring the database's tables up to date")
    mig.add_argument("--database", default=None,
                     help="the SQLite file or a postgresql:// URL (default: $SY_DATABASE, else "
                          "data/scotland-yard.sqlite3)")
    mig.add_argument("--copy-to", metavar="URL", default=None,
                     help="copy every game, setting and statistic of the SQLite file into this empty PostgreSQL "
                          "database (postgresql://user:password@host/database), check the counts and replay "
                          "every game there, all in one transaction (default: none, only bring the tables up "
                          "to date)")
    mig.set_defaults(func=_cmd_migrate)

    rat = sub.add_parser("ratings", help="rate the finished games (docs/ratings.md)",
                         description="Rate the finished games not rated yet, in the order they ended (the bot does "
                                     "this as each game ends, and at its start). Cancelled games never count.")
    rat.add_argument("--recompute", action="store_true",
                     help="forget every rating and rate every finished game again, from nothing (default: off, only the "
                          "games not rated yet)")
    rat.add_argument("--database", default=None,
                     help="the SQLite file or a postgresql:// URL (default: $SY_DATABASE, else "
                          "data/scotland-yard.sqlite3)")
    rat.set_defaults(func=_cmd_ratings)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        # No subcommand: run the bot; without a token, show what else there is.
        from bot.config import ConfigError, MissingToken, load_config

        try:
            load_config()
        except MissingToken as exc:
            parser.print_help()
            print(f"\nerror: {exc}", file=sys.stderr)
            return 2
        except ConfigError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return _cmd_run(args)
    return args.func(args)
