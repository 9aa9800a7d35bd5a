"""Where every family's data files live: ``boards/`` (boards and tile sets, ``boards/README.md``)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path


def _boards_dir() -> Path:
    """``boards/`` at the repository's top level, or the copy shipped inside the package."""
    package = Path(__file__).resolve().parents[1]  # bot/ (this file is bot/games/data.py)
    top = package.parent / "boards"
    if top.is_dir():
        return top
    return package / "boards"


BOARDS_DIR = _boards_dir()

#: the words a board's rulebook may use for the pawns that hunt Mr. X
HUNTERS = ("detectives", "agents")


@lru_cache(maxsize=None)
def hunters_of(board_name: str | None) -> str:
    """The hunters' word of an installed board by name: its file's ``hunters`` ("detectives" for any
    other name, and for a file that names none or cannot be read, such as the dice game's tiles)."""
    if not board_name or not board_name.isidentifier():
        return "detectives"
    try:
        hunters = json.loads((BOARDS_DIR / f"{board_name}.json").read_text(encoding="utf-8")).get("hunters")
    except (OSError, ValueError, AttributeError):
        return "detectives"
    return hunters if hunters in HUNTERS else "detectives"
