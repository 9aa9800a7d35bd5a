"""Animated pictures: frames to a looping GIF, with the pace every family's replay keeps."""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image

FRAME_MS = 900
FIRST_MS = 1600
LAST_MS = 5000


def gif(frames: Sequence[Image.Image]) -> bytes:
    """A looping GIF of ``frames`` (indexed images): the first and last shown longer, to read them."""
    durations = [FIRST_MS] + [FRAME_MS] * (len(frames) - 2) + [LAST_MS] if len(frames) > 1 else [LAST_MS]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=list(frames[1:]), duration=durations, loop=0)
    return out.getvalue()
