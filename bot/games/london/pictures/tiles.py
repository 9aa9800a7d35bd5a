"""The board drawn at a close-up's zoom, in tiles drawn once and kept: a close-up's windows are cut
from them instead of drawing their part of the map each time.

A close-up draws the map at one of a few zooms (``windows.zoom_levels``), so the tiles of a board at a
zoom serve every close-up at that zoom, round after round (the pawns move, the map stays). Each tile
is kept in the board's fixed palette (``basemap.base_palette``, a byte a pixel), so that a close-up
maps only its marks onto the palette. At most :data:`CACHE_BYTES` of tiles are kept, the
least recently used dropped first.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

from PIL import Image

from bot.games.london.engine import Board
from bot.games.london.pictures.basemap import base_palette, draw_map
from bot.games.london.pictures.layout import BOARD_WIDTH, zoomed_layout

#: a tile's side, in close-up pixels
TILE = 256
#: smoothing of the map's shapes on a close-up (drawn this many times larger and shrunk): its shapes
#: are large, so less than the full board's three does
SUPERSAMPLE = 2
#: the most memory the kept tiles take (a byte a pixel): about four zooms of the whole of London
CACHE_BYTES = 32 * 1024 * 1024

_tiles: OrderedDict[tuple, Image.Image] = OrderedDict()
_lock = threading.Lock()  # pictures are drawn in worker threads


def map_part(board: Board, zoom: float, scale: float, box: tuple[int, int, int, int]
             ) -> tuple[Image.Image, Image.Image]:
    """The map of ``board`` at ``zoom`` with marks at ``scale`` inside ``box`` (in pixels of the whole
    board at that zoom, which may reach past its edges), in the board's palette and in full colour;
    without place names and stations (a window writes the names where they fit it, and sets on it the
    stations it shows whole)."""
    x0, y0, x1, y1 = box
    indexed = Image.new("P", (x1 - x0, y1 - y0))
    indexed.putpalette(base_palette(board, BOARD_WIDTH).palette.getpalette())
    for j in range(math.floor(y0 / TILE), math.ceil(y1 / TILE)):
        for i in range(math.floor(x0 / TILE), math.ceil(x1 / TILE)):
            indexed.paste(_tile(board, zoom, scale, i, j), (i * TILE - x0, j * TILE - y0))
    return indexed.convert("RGB"), indexed


def _tile(board: Board, zoom: float, scale: float, i: int, j: int) -> Image.Image:
    key = (board, zoom, scale, i, j)
    with _lock:
        found = _tiles.get(key)
        if found is not None:
            _tiles.move_to_end(key)
            return found
    lay = zoomed_layout(board, zoom, scale, (i * TILE, j * TILE), (TILE, TILE))
    tile = draw_map(lay, k=SUPERSAMPLE, names=False, stations=False).quantize(palette=base_palette(board, BOARD_WIDTH).palette,
                                                              dither=Image.Dither.NONE)
    with _lock:
        _tiles[key] = tile
        while len(_tiles) * TILE * TILE > CACHE_BYTES:
            _tiles.popitem(last=False)
    return tile


def forget() -> None:
    """Drop every kept tile (for benchmarks that measure a cold start)."""
    with _lock:
        _tiles.clear()
