"""The shared canvas: a picture drawn on a cached base is written as a PNG whose unchanged rows come
from the base's own compressed rows, and reads back pixel for pixel as drawn."""

from __future__ import annotations

import io
import random
import zlib

from PIL import Image, ImageDraw

from bot.pictures import style
from bot.pictures.canvas import BAND, PaletteBase, Picture, adler32_combine, encode_png


def _base() -> Image.Image:
    img = Image.new("RGB", (301, 203), (246, 242, 231))
    draw = ImageDraw.Draw(img)
    for i in range(12):
        draw.line([(i * 25, 0), (300 - i * 20, 202)], fill=(40 + i * 15, 120, 200 - i * 10), width=5)
    draw.ellipse((100, 60, 160, 120), fill=(218, 37, 43))
    return img


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_adler32_of_two_pieces_is_the_adler32_of_the_whole():
    rng = random.Random(5)
    for _ in range(50):
        a = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000)))
        b = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 70000)))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_a_picture_on_a_cached_base_reads_back_as_drawn_with_only_its_changed_bands_compressed_again():
    fixed = PaletteBase(_base(), [(196, 30, 58), (255, 255, 255)], own=64)
    untouched = Picture(_base(), fixed)
    assert _decoded(untouched.png()).tobytes() == fixed.indexed.tobytes()
    pic = Picture(_base(), fixed)
    pic.rectangle((10, 20, 60, 35), (196, 30, 58))
    pic.rectangle((200, 150, 290, 200), (255, 255, 255), radius=6)
    data = pic.png()
    img = _decoded(data)
    assert img.mode == "P" and img.size == (301, 203)
    assert img.tobytes() == pic.to_indexed().tobytes()
    assert img.getpalette() == pic.to_indexed().getpalette()
    # the bands the picture did not touch are the base's compressed bands, byte for byte
    changed = {y // BAND for box in pic.dirty for y in range(box[1], box[3])}
    assert changed and len(changed) < len(fixed.bands()) / 2
    for band, (piece, _, _) in enumerate(fixed.bands()):
        if band not in changed:
            assert piece in data


def test_a_picture_without_a_cached_base_is_an_8_bit_png_of_its_own_colours():
    pic = Picture(_base())
    pic.text((5, 5), "Round 3", style.font(20), style.INK)
    img = _decoded(pic.png())
    assert img.mode == "P"
    assert img.convert("RGB").tobytes() == pic.to_indexed().convert("RGB").tobytes()
    rgb = _decoded(encode_png(_base()))
    assert rgb.mode == "RGB" and rgb.tobytes() == _base().tobytes()
