"""``pip install .`` (not editable) gives a working bot: the wheel carries the boards, the migrations and
the translations, and the tools run from a folder far from the checkout."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: what a build needs (and what the Dockerfile copies)
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "bot", "boards", "migrations")


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the wheel, the bin folder of a fresh venv that has it installed); the dependencies come from this
    venv's site-packages through a .pth file, so nothing is downloaded."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a copy, so the build leaves nothing in the checkout
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp / "dist", source,
         cwd=tmp)
    (wheel,) = (tmp / "dist").glob("*.whl")

    venv = tmp / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    python = venv / "bin" / "python"
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).stdout.strip())
    # Only a path, so the .pth files there (this checkout's editable install) are not run.
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp)
    return wheel, venv / "bin"


def _env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DISCORD_", "SY_", "PYTHON", "VIRTUAL_ENV"))}
    return {**env, **values}


def test_the_wheel_carries_the_boards_migrations_translations_and_the_page_s_files(installed) -> None:
    wheel, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"bot/boards/{p.name}" for p in (ROOT / "boards").glob("*.json")}
    wanted |= {f"bot/migrations/{p.name}" for p in (ROOT / "migrations").glob("*.sql")}
    wanted |= {str(p.relative_to(ROOT)) for p in (ROOT / "bot" / "locales").glob("*/LC_MESSAGES/*.po")}
    wanted |= {str(p.relative_to(ROOT)) for p in (ROOT / "bot" / "web" / "static").iterdir()}  # the web page's own
    assert "bot/locales/de/LC_MESSAGES/bot.po" in wanted and "bot/boards/london.json" in wanted
    assert "bot/web/static/page.js" in wanted
    assert wanted <= names, sorted(wanted - names)


def test_the_installed_bot_simulates_a_game_away_from_the_checkout(installed, tmp_path) -> None:
    _, bin_dir = installed
    where = _run(bin_dir / "python", "-c", "import bot; print(bot.__file__)", cwd=tmp_path, env=_env()).stdout
    assert Path(where.strip()).is_relative_to(bin_dir.parent) and not Path(where.strip()).is_relative_to(ROOT)
    done = _run(bin_dir / "scotland-yard-bot", "simulate", "--seed", "1", "--out", "out", cwd=tmp_path, env=_env())
    assert "seed 1" in done.stdout and (tmp_path / "out" / "record.json").is_file()


def test_the_installed_bot_migrates_a_database(installed, tmp_path) -> None:
    _, bin_dir = installed
    database = tmp_path / "data" / "games.sqlite3"
    done = _run(bin_dir / "scotland-yard-bot", "migrate", cwd=tmp_path, env=_env(SY_DATABASE=str(database)))
    migrations = sorted((ROOT / "migrations").glob("*.sql"))
    assert f"applied {migrations[-1].name}" in done.stdout
    with sqlite3.connect(database) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    assert {"games", "installation"} <= tables and version == len(migrations)
