"""The pictures in ``docs/`` that the README (and ``docs/pictures.md``) show, drawn by the very commands the README
prints beside them: each is a file of an album that ``python -m bot render`` writes.

``python tools/docs_pictures.py`` draws them again (after a change to the pictures); ``tests/test_docs_pictures.py``
checks that the README prints each command and that each command still writes the file taken from it.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.cli import main as bot  # noqa: E402


@dataclass(frozen=True)
class Picture:
    #: its name in docs/
    name: str
    #: the command the README prints for it (``python -m bot ...``; ``out/`` the folder it writes)
    command: str
    #: the album's file it is (the album numbers a picture by the round its headline names: board-06.png is the
    #: board as round 6 begins, after round 5)
    album_file: str


CLASSIC = "python -m bot render --rules classic --seed 7 --tracker --out out/"
POTSDAM = "python -m bot render --rules sanssouci --seed 2 --tracker --out out/"
GERMAN = "python -m bot render --rules classic --seed 7 --tracker --language de --out out/"

PICTURES = (
    Picture("board.png", CLASSIC, "board-06.png"),
    Picture("route.png", CLASSIC, "route.png"),
    Picture("zoom.png", CLASSIC, "zoom-11.png"),
    Picture("mrx-zoom.png", CLASSIC, "mrx-zoom-11.png"),
    Picture("potsdam.png", POTSDAM, "board-06.png"),
    Picture("board-de.png", GERMAN, "board-06.png"),
)


def commands() -> list[str]:
    """The README's commands, each once, in order."""
    return list(dict.fromkeys(p.command for p in PICTURES))


def render(command: str, out: Path) -> None:
    """Run one README command (``python -m bot`` in this process) with its album written to ``out``."""
    args = shlex.split(command)
    assert args[:3] == ["python", "-m", "bot"] and args[-2:] == ["--out", "out/"], command
    status = bot([*args[3:-1], str(out)])
    if status:
        raise SystemExit(f"{command}: exit status {status}")


def draw(target: Path) -> list[Path]:
    """Run every command and copy the pictures taken from its album into ``target``."""
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, command in enumerate(commands()):
            album = Path(tmp) / str(n)
            render(command, album)
            for picture in (p for p in PICTURES if p.command == command):
                written.append(Path(shutil.copyfile(album / picture.album_file, target / picture.name)))
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where the pictures go (default: docs/)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in draw(args.out):
        print(f"{path} ({path.stat().st_size / 1e3:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
