"""Where every family's data files live: ``boards/`` (boards and tile sets, ``boards/README.md``)."""

from __future__ import annotations

from pathlib import Path


def _boards_dir() -> Path:
    """``boards/`` at the repository's top level, or the copy shipped inside the package."""
    package = Path(__file__).resolve().parents[1]  # bot/ (this file is bot/games/data.py)
    top = package.parent / "boards"
    if top.is_dir():
        return top
    return package / "boards"


BOARDS_DIR = _boards_dir()
