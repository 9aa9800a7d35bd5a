"""A close-up's windows are cut from the map's tiles: the same map (without its stations, which a window sets
on it whole) as drawn for the window alone."""

from __future__ import annotations

from PIL import Image, ImageChops

from bot.games.london.engine import load_board
from bot.games.london.pictures import tiles
from bot.games.london.pictures.basemap import base_palette, draw_map
from bot.games.london.pictures.layout import BOARD_WIDTH, zoomed_layout
from bot.games.london.pictures.windows import label_scale, zoom_levels


def test_a_part_cut_from_tiles_is_the_map_drawn_for_that_part():
    for name in ("london", "potsdam"):
        board = load_board(name)
        scale = label_scale()
        for zoom in zoom_levels(board)[::2]:
            box = (1013, 777, 1013 + 431, 777 + 367)  # across tiles' edges, off any tile's corner
            colour, mapped = tiles.map_part(board, zoom, scale, box)
            lay = zoomed_layout(board, zoom, scale, box[:2], (box[2] - box[0], box[3] - box[1]))
            alone = draw_map(lay, k=tiles.SUPERSAMPLE, names=False, stations=False).quantize(
                palette=base_palette(board, BOARD_WIDTH).palette, dither=Image.Dither.NONE)
            differ = ImageChops.difference(mapped.convert("RGB"), alone.convert("RGB")).convert("L")
            changed = sum(differ.point(lambda v: 255 if v > 24 else 0).histogram()[255:])
            # (thick lines are rasterised a little differently where they start off the picture: edges only)
            assert changed <= 0.01 * colour.width * colour.height, (name, zoom, changed)
            assert colour.tobytes() == mapped.convert("RGB").tobytes()


def test_tiles_are_kept_within_their_memory():
    board = load_board("london")
    zoom = zoom_levels(board)[0]
    box = (0, 0, 5 * tiles.TILE, 5 * tiles.TILE)
    tiles.forget()
    whole = tiles.map_part(board, zoom, label_scale(), box)[1]
    assert len(tiles._tiles) == 25  # kept: the next close-up there draws none of them again
    old = tiles.CACHE_BYTES
    try:
        tiles.forget()
        tiles.CACHE_BYTES = 10 * tiles.TILE * tiles.TILE
        assert tiles.map_part(board, zoom, label_scale(), box)[1].tobytes() == whole.tobytes()
        assert len(tiles._tiles) == 10  # the least recently used dropped
    finally:
        tiles.CACHE_BYTES = old
        tiles.forget()
