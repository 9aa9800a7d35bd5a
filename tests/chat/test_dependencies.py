"""The chat layer's imports run one way: handlers are handed the bot's parts, so only the runner that
builds the bot imports it; the shared layer reaches a family's words through the registry only; and
no import (inside functions included) closes a circle in the chat layer or a presenter."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHAT = ROOT / "bot" / "chat"
PRESENTERS = sorted((ROOT / "bot" / "games").glob("*/presenter"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (``from a import b`` counts as ``a.b`` too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def modules() -> dict[str, Path]:
    paths = list(CHAT.glob("*.py")) + [p for folder in PRESENTERS for p in folder.glob("*.py")]
    return {module_name(p): p for p in paths}


def test_only_the_runner_imports_the_bot() -> None:
    importers = sorted(name for name, path in modules().items() if "bot.chat.client" in imported(path))
    assert importers == ["bot.chat.runner"]


def test_the_chat_layer_names_no_family() -> None:
    named = {name: sorted(m for m in imported(path) if m.startswith(("bot.games.london", "bot.games.dice")))
             for name, path in modules().items() if name.startswith("bot.chat")}
    assert {name: found for name, found in named.items() if found} == {}


def test_no_import_circle_in_the_chat_layer_or_a_presenter() -> None:
    known = modules()
    edges = {name: {m for m in imported(path) if m in known and m != name} for name, path in known.items()}
    circles = []

    def visit(name: str, trail: list[str]) -> None:
        for nxt in edges[name]:
            if nxt in trail:
                circles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, trail + [nxt])
        done.add(name)

    done: set[str] = set()
    for start in sorted(known):
        if start not in done:
            visit(start, [start])
    assert circles == []
