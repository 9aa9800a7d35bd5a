"""The page's own files (script and style), served by the bot: no request leaves for anyone else's server. Each is
named in the pages with a hash of its content, so a browser keeps it until it changes."""

from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "static"
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@lru_cache(maxsize=8)
def load(name: str) -> tuple[bytes, bytes, str] | None:
    """(content, compressed, hash) of a file of the folder, or None when there is no such file."""
    path = FOLDER / name
    if name not in {p.name for p in FOLDER.iterdir()} or path.suffix not in TYPES:
        return None
    body = path.read_bytes()
    return body, gzip.compress(body, 9, mtime=0), hashlib.sha256(body).hexdigest()[:16]


def asset(name: str) -> str:
    found = load(name)
    return f"/static/{name}?v={found[2] if found else 0}"
