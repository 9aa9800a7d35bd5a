"""The dice engine is a library: no Discord, database, pictures, clock or global random."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp

ENGINE = Path(__file__).resolve().parents[4] / "bot" / "games" / "dice" / "engine"


def test_importing_the_engine_loads_no_discord_database_or_pictures():
    code = ("import sys, bot.games.dice.engine, bot.games.dice.engine.players; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'discord', 'sqlite3', 'aiosqlite', 'PIL'} or m.startswith(('bot.games.london.pictures', 'bot.games.dice.pictures'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_engine_reads_no_clock_and_draws_nothing_from_the_global_random_generator():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
                assert not names & {"time", "datetime"}, f"{path.name}:{node.lineno} imports a clock"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                assert node.attr == "Random", f"{path.name}:{node.lineno} uses random.{node.attr}"
            if isinstance(node, ast.ImportFrom) and node.module in ("random", "time", "datetime"):
                raise AssertionError(f"{path.name}:{node.lineno} imports from {node.module}")


def test_the_engine_s_modules_import_one_another_without_a_cycle():
    # imports inside functions count too: the record once imported the state back from inside a function
    graph = grimp.build_graph("bot", cache_dir=None)
    assert graph.nominate_cycle_breakers("bot.games.dice.engine") == set()
