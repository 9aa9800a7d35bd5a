"""What a channel reads over a whole game, by kind of line: how much of it is the fairness proof (seals and keys).

    python bench/bench_channel_text.py [--game classic-en] [--rounds]

Plays the game of ``tools/transcripts.py`` (the real bot against the fake Discord) and sorts every line of every
public post (content, embed titles, descriptions, fields and footers: what a reader reads) into the kinds of
:data:`KINDS`, first match wins. Prints each kind's share of the characters over the whole game, and with
``--rounds`` per round. Aim: the seals and keys under 5 % of the channel's text over a whole classic game.

To measure another kind of line (say the phone lines of a round summary), add a ``Kind`` to :data:`KINDS`.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import transcripts  # noqa: E402


@dataclass(frozen=True)
class Kind:
    name: str
    #: does a line (as the reader reads it) belong to this kind
    matches: Callable[[str], bool]


#: a line that publishes a seal, a key or its commitment: the lock and key lines, and a footer or field naming them
PROOF = re.compile(r"^\s*(🔒|🔑)|\b(Seals so far|Sealed|key commitment|Schlüssel)\b", re.IGNORECASE)

KINDS: tuple[Kind, ...] = (
    Kind("seals and keys", lambda line: bool(PROOF.search(line))),
    Kind("everything else", lambda line: True),
)


def kind_of(line: str) -> str:
    return next(k.name for k in KINDS if k.matches(line))


def shares(posts) -> dict[str, int]:
    """Characters of each kind in ``posts`` (line breaks not counted)."""
    found = {k.name: 0 for k in KINDS}
    for post in posts:
        for line in post.text.splitlines():
            found[kind_of(line)] += len(line)
    return found


def table(title: str, counted: dict[str, int]) -> str:
    total = sum(counted.values()) or 1
    return f"{title}: " + ", ".join(f"{name} {n} chars ({100 * n / total:.1f} %)" for name, n in counted.items())


async def measure(name: str) -> tuple[dict[str, int], list[tuple[str, dict[str, int]]]]:
    setup = next(s for s in transcripts.GAMES if s.name == name)
    _, rounds = await transcripts.transcribe(setup)
    whole = shares([p for r in rounds for p in r.posts])
    return whole, [(r.name, shares(r.posts)) for r in rounds]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="classic-en", choices=[g.name for g in transcripts.GAMES])
    parser.add_argument("--rounds", action="store_true", help="the shares of each round too")
    args = parser.parse_args()
    whole, rounds = asyncio.run(measure(args.game))
    print(table(f"{args.game}, whole game", whole))
    if args.rounds:
        for name, counted in rounds:
            print(table(f"  {name}", counted))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
