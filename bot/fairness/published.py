"""What the channel published of a game's proof, read back from its text: the key commitment, the seals, the key.

The text may be the seals copied one per line, a saved transcript of the channel, or the game's own posts as
``/sy verify`` reads them. Hex is told apart by its length: 64 digits are the key commitment (the key, on a line with
🔑), 16 digits a ``sy-commit/2`` seal, 6 digits in backticks or alone on a line a ``sy-commit/1`` seal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEX = "0-9a-f"
_LONG = re.compile(rf"(?<![{_HEX}])[{_HEX}]{{64}}(?![{_HEX}])")
_SEAL = re.compile(rf"(?<![{_HEX}])[{_HEX}]{{16}}(?![{_HEX}])")
_SHORT = re.compile(rf"`([{_HEX}]{{6}})`|^\s*([{_HEX}]{{6}})\s*$")


@dataclass
class Published:
    key_commitments: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    #: sy-commit/2 seals (16 hex), in the order read
    seals: list[str] = field(default_factory=list)
    #: sy-commit/1 seals (6 hex)
    short_seals: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.key_commitments or self.keys or self.seals or self.short_seals)

    def add_text(self, text: str) -> "Published":
        for line in text.splitlines():
            line = line.strip()
            for value in _LONG.findall(line):
                (self.keys if "🔑" in line else self.key_commitments).append(value)
            rest = _LONG.sub(" ", line)
            self.seals += _SEAL.findall(rest)
            self.short_seals += [a or b for a, b in _SHORT.findall(_SEAL.sub(" ", rest))]
        return self


def read_published(text: str) -> Published:
    return Published().add_text(text)
