"""Where a family's album of a finished game goes: a folder of pictures and texts (``python -m bot render``)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable


def album_writer(folder: str | Path) -> tuple[Callable[[str, bytes | str], None], list[Path]]:
    """``save(name, data)`` writes a picture (bytes) or a text (UTF-8) into ``folder`` (made if need be)
    and lists its path in ``written``; every family's album uses it."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes | str) -> None:
        path = out / name
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        written.append(path)

    return save, written


def round_name(kind: str, round_: int, over: bool = False) -> str:
    """The file name of an album's picture of ``kind`` ("board", "zoom", "mrx", "mrx-zoom") in round
    ``round_``: numbered by the round its headline names ("board-06.png" says "Round 6", as "mrx-06.png"
    does), and "board-end.png" once the game is over."""
    return f"{kind}-end.png" if over else f"{kind}-{round_:02d}.png"
