"""The dice family's renderer: the album of a finished game."""

from __future__ import annotations

import re

from bot.games.dice.engine.players import simulate
from bot.games.dice.engine.record import export_record
from bot.games.dice.pictures import renderer
from bot.games.dice.pictures.board import draw_board, draw_mrx_board


def test_every_picture_of_the_album_is_numbered_by_the_round_its_headline_names(tmp_path, monkeypatch):
    """board-03.png and mrx-03.png are both of round 3 and say so (the board once said "Round 4")."""
    monkeypatch.setattr(renderer, "_board", lambda view, **kw: draw_board(view, **kw).headline[0].encode())
    monkeypatch.setattr(renderer, "_mrx_board", lambda view, **kw: draw_mrx_board(view, **kw).headline[0].encode())
    for name in ("render_zoom", "render_mrx_zoom", "render_route", "render_logbook", "render_record_replay"):
        monkeypatch.setattr(renderer, name, lambda *_, **__: None if "zoom" in name else b"")
    renderer.save_album(export_record(simulate(players=4, seed=7)), tmp_path)
    numbered = sorted(tmp_path.glob("board-[0-9]*.png")) + sorted(tmp_path.glob("mrx-[0-9]*.png"))
    assert len(numbered) > 6
    for path in numbered:
        said = re.search(r"Round (\d+)", path.read_text())
        assert said and int(said[1]) == int(path.stem.split("-")[-1]), (path.name, path.read_text())
    assert "Round" not in (tmp_path / "board-end.png").read_text()
