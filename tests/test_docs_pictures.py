"""The pictures in docs/ come from the commands the README prints beside them (tools/docs_pictures.py): the README
prints each command and shows each picture, and each command still writes the album file the picture is taken from."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import docs_pictures  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_readme_prints_each_command_and_shows_each_picture():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = readme + (ROOT / "docs" / "pictures.md").read_text(encoding="utf-8")
    for command in docs_pictures.commands():
        assert f"\n{command}\n" in readme, command  # a line of its own in a code block, as typed
    for picture in docs_pictures.PICTURES:
        assert f"docs/{picture.name}" in readme or f"]({picture.name})" in shown, picture.name
        assert (ROOT / "docs" / picture.name).read_bytes().startswith(PNG), picture.name


@pytest.mark.parametrize("command", docs_pictures.commands())
def test_each_command_writes_the_pictures_taken_from_it(command, tmp_path):
    docs_pictures.render(command, tmp_path)
    for picture in (p for p in docs_pictures.PICTURES if p.command == command):
        assert (tmp_path / picture.album_file).read_bytes().startswith(PNG), picture.album_file
