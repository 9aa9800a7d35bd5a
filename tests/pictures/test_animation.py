"""The replay's GIF: frames in one palette are written as their changes, and show as drawn."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageSequence

from bot.pictures.animation import FIRST_MS, FRAME_MS, LAST_MS, gif


def _frames(count: int) -> list[Image.Image]:
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for i in range(100) for v in (i * 2, 255 - i * 2, (i * 7) % 256)])
    out = []
    for n in range(count):
        img = Image.new("RGB", (120, 90), (0, 255, 0))
        draw = ImageDraw.Draw(img)
        draw.rectangle((0, 0, 119, 12), fill=(n * 20, 255 - n * 20, (n * 140) % 256))  # a header that changes
        draw.ellipse((10 + n * 9, 30, 30 + n * 9, 50), fill=(100, 155, 0))  # a pawn that moves
        out.append(img.quantize(palette=palette, dither=Image.Dither.NONE))
    return out


def test_every_frame_of_the_gif_shows_its_picture_and_the_first_and_last_stay_longer():
    frames = _frames(6)
    shown = Image.open(io.BytesIO(gif(frames)))
    seen = [(f.convert("RGB").tobytes(), f.info["duration"]) for f in ImageSequence.Iterator(shown)]
    assert [s[0] for s in seen] == [f.convert("RGB").tobytes() for f in frames]
    assert [s[1] for s in seen] == [FIRST_MS] + [FRAME_MS] * 4 + [LAST_MS]


def test_frames_in_palettes_of_their_own_are_written_whole():
    frames = [f.convert("RGB").quantize(colors=16) for f in _frames(3)]
    shown = Image.open(io.BytesIO(gif(frames)))
    assert [f.convert("RGB").tobytes() for f in ImageSequence.Iterator(shown)] == \
        [f.convert("RGB").tobytes() for f in frames]
