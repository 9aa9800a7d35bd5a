"""Animated pictures: frames to a looping GIF, with the pace every family's replay keeps."""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image, ImageChops

FRAME_MS = 900
FIRST_MS = 1600
LAST_MS = 5000


def gif(frames: Sequence[Image.Image]) -> bytes:
    """A looping GIF of ``frames`` (indexed images): the first and last shown longer, to read them.

    Frames in one palette (a board's replay: the same base, other marks) are written as their changes:
    every pixel a frame shares with the one before is left transparent (an index no frame uses), so the
    GIF stays small without the encoder's own search for them, which takes most of its time."""
    durations = [FIRST_MS] + [FRAME_MS] * (len(frames) - 2) + [LAST_MS] if len(frames) > 1 else [LAST_MS]
    out = io.BytesIO()
    clear = _unused_index(frames)
    if clear is None:
        frames[0].save(out, format="GIF", save_all=True, append_images=list(frames[1:]), duration=durations, loop=0)
        return out.getvalue()
    changes = [frames[0]] + [_changes(before, after, clear) for before, after in zip(frames, frames[1:])]
    changes[0].save(out, format="GIF", save_all=True, append_images=changes[1:], duration=durations, loop=0,
                    optimize=False, transparency=clear, disposal=1)
    return out.getvalue()


def _unused_index(frames: Sequence[Image.Image]) -> int | None:
    """A palette entry no frame uses, where every frame is in the same palette (else None)."""
    if len(frames) < 2 or any(f.mode != "P" for f in frames):
        return None
    palette = frames[0].getpalette()
    if any(f.getpalette() != palette or f.size != frames[0].size for f in frames[1:]):
        return None
    used = [0] * 256
    for frame in frames:
        used = [a + b for a, b in zip(used, frame.histogram())]
    table = 1 << max(1, (len(palette or ()) // 3 - 1).bit_length())  # the GIF's colour table: a power of two
    return next((i for i in range(min(table, 256) - 1, -1, -1) if not used[i]), None)


def _changes(before: Image.Image, after: Image.Image, clear: int) -> Image.Image:
    """``after`` where it differs from ``before``, the entry ``clear`` elsewhere."""
    differ = Image.frombytes("L", after.size, ImageChops.subtract_modulo(after, before).tobytes())
    out = Image.new("P", after.size, clear)
    out.putpalette(after.getpalette())
    out.paste(after, mask=differ.point(lambda v: 255 if v else 0))
    return out
