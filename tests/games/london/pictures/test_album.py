"""``python -m bot render``: every picture of a simulated game, in a folder."""

from __future__ import annotations

import json

import re

from bot.cli import main
from bot.games.london.engine import export_record
from bot.games.london.engine.players import play_game
from bot.games.london.pictures import album
from bot.games.london.pictures.board import mrx_title
from bot.games.london.pictures.panels import status

from tests.games.london.pictures.conftest import decode


#: a classic game of five players that ends in round 7 (caught after the reveal of round 3): an album with every
#: kind of picture, a third as long to draw as seed 4's 22 rounds
SHORT = "12"


def test_render_writes_boards_zooms_mrx_closeups_logbook_route_and_replay(tmp_path, capsys):
    assert main(["render", "--rules", "classic", "--seed", SHORT, "--out", str(tmp_path)]) == 0
    record = json.loads((tmp_path / "record.json").read_text())
    rounds = record["outcome"]["round"]
    boards = sorted(p.name for p in tmp_path.glob("board-*.png"))
    assert boards[0] == "board-01.png" and boards[-1] == "board-end.png" and len(boards) == rounds + 1
    assert len(list(tmp_path.glob("mrx-[0-9]*.png"))) == rounds
    closeups = sorted(p.name for p in tmp_path.glob("mrx-zoom-*.png"))
    assert closeups[0] == "mrx-zoom-01.png" and len(closeups) == rounds
    assert decode((tmp_path / closeups[0]).read_bytes()).width == 900
    assert len(list(tmp_path.glob("zoom-*.png"))) == rounds + 1
    for name in ("logbook.png", "route.png"):
        assert decode((tmp_path / name).read_bytes()).format == "PNG"
    assert decode((tmp_path / "replay.gif").read_bytes()).n_frames == rounds + 1
    assert "**1**" in (tmp_path / "logbook.txt").read_text()
    assert "files" in capsys.readouterr().out


def test_render_draws_an_existing_record(tmp_path, capsys):
    assert main(["simulate", "--seed", SHORT, "--out", str(tmp_path / "game")]) == 0
    assert main(["render", "--record", str(tmp_path / "game" / "record.json"), "--out", str(tmp_path / "pics")]) == 0
    assert (tmp_path / "pics" / "route.png").exists()


def test_render_refuses_an_unreadable_record(tmp_path, capsys):
    (tmp_path / "bad.json").write_text("{not json")
    assert main(["render", "--record", str(tmp_path / "bad.json"), "--out", str(tmp_path / "pics")]) == 2
    assert "bad.json" in capsys.readouterr().err


def test_every_picture_of_the_album_is_numbered_by_the_round_its_headline_names(tmp_path, monkeypatch):
    """board-05.png and mrx-05.png are both of round 5 and say so (the board once said "Round 6")."""
    monkeypatch.setattr(album, "render_board", lambda view, **_: status(view).encode())
    monkeypatch.setattr(album, "render_mrx_board", lambda view, **_: mrx_title(view).encode())
    for name in ("render_zoom", "render_mrx_zoom", "render_logbook", "render_route", "render_replay"):
        monkeypatch.setattr(album, name, lambda *_, **__: b"")
    for rules, seed in (("classic", 7), ("master", 7)):
        folder = tmp_path / rules
        album.save_album(export_record(play_game(rules, players=5, seed=seed)), folder)
        numbered = sorted(folder.glob("board-[0-9]*.png")) + sorted(folder.glob("mrx-[0-9]*.png"))
        assert len(numbered) > 20
        for path in numbered:
            said = re.search(r"Round (\d+)", path.read_text())
            assert said and int(said[1]) == int(path.stem.split("-")[-1]), (path.name, path.read_text())
        assert "Round" not in (folder / "board-end.png").read_text()  # the end: how the game ended
