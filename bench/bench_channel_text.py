"""What a channel reads over a whole game: how much of it is the fairness proof (seals and keys), and what a round
costs a reader on a phone (phone lines per round).

    python bench/bench_channel_text.py [--game classic-en] [--rounds] [--show N]

Plays the games of ``tools/transcripts.py`` (the real bot against the fake Discord) and reads every line of every
public post (content, embed titles, descriptions, fields and footers: what a reader reads).

- **Kinds of line.** Each line goes to the first kind of :data:`KINDS` it matches; prints each kind's share of the
  characters over the whole game, and with ``--rounds`` per round. Aim: the seals and keys under 5 % of the
  channel's text over a whole classic game. To measure another kind of line, add a ``Kind`` to :data:`KINDS`.
- **Phone lines.** A phone line is ``WIDTH`` (38) columns of the text as Discord renders it (``**bold**`` and
  ``code`` marks gone, mentions as ``@name``), wrapped at spaces, an emoji two columns wide; a post's content comes
  first, then each embed's title, description, fields (name, then value) and footer on lines of their own. A round
  is the posts from one summary to the next, the summary included (the move posts and the summary together), as
  the channel shows them once the game is over. Prints the mean, median and largest phone lines per round, and
  with ``--rounds`` every round's; ``--show N`` prints round N as a phone lays it out. Aim: at most 18 a round
  on average over a whole classic game.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
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


# -- phone lines (their layout: tools/transcripts.py) ---------------------------------------------

WIDTH, columns, phone_lines = transcripts.PHONE_WIDTH, transcripts.columns, transcripts.phone_lines


@dataclass(frozen=True)
class PhoneFigures:
    game: str
    #: phone lines of each played round, in order
    per_round: tuple[int, ...]
    posts_per_round: float
    #: phone lines of the lobby and start, and of the end
    start: int
    end: int

    @property
    def mean(self) -> float:
        return statistics.fmean(self.per_round)


def phone_figures(name: str, rounds: list[transcripts.Round], people: dict[str, str]) -> PhoneFigures:
    played = [r for r in rounds if r.name.startswith("round")]

    def lines(parts) -> int:
        return sum(len(phone_lines(p, people)) for r in parts for p in r.posts)

    return PhoneFigures(name, tuple(lines([r]) for r in played), statistics.fmean(len(r.posts) for r in played),
                        lines(r for r in rounds if r.name == "lobby and start"), lines(r for r in rounds
                                                                                       if r.name == "end"))


def show_round(rounds: list[transcripts.Round], people: dict[str, str], number: int) -> str:
    chosen = next((r for r in rounds if r.name == f"round {number}"), None)
    if chosen is None:
        return f"(no round {number})"
    out = [f"--- {chosen.name}, {WIDTH} columns ---"]
    for post in chosen.posts:
        out += [f"|{row}" + " " * max(0, WIDTH - columns(row)) + "|" for row in phone_lines(post, people)]
        out.append("+" + "-" * WIDTH + "+")
    return "\n".join(out)


async def measure(name: str) -> tuple[dict[str, int], list[tuple[str, dict[str, int]]], PhoneFigures,
                                      list[transcripts.Round], dict[str, str]]:
    setup = next(s for s in transcripts.GAMES if s.name == name)
    posts, people = await transcripts.played(setup)
    rounds = transcripts.rounds_of(posts)
    whole = shares([p for r in rounds for p in r.posts])
    return whole, [(r.name, shares(r.posts)) for r in rounds], phone_figures(name, rounds, people), rounds, people


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=[g.name for g in transcripts.GAMES],
                        help="the game to play (again for more; default classic-en)")
    parser.add_argument("--rounds", action="store_true", help="the shares and phone lines of each round too")
    parser.add_argument("--show", type=int, metavar="N", help="print round N as a phone lays it out")
    args = parser.parse_args()
    for game in args.game or ["classic-en"]:
        whole, rounds, phone, played, people = asyncio.run(measure(game))
        print(table(f"{game}, whole game", whole))
        if args.rounds:
            for name, counted in rounds:
                print(table(f"  {name}", counted))
        print(f"{game}, phone lines ({WIDTH} columns) a round over {len(phone.per_round)} rounds: "
              f"mean {phone.mean:.1f}, median {statistics.median(phone.per_round):g}, largest {max(phone.per_round)}"
              f" ({phone.posts_per_round:.1f} posts a round; lobby and start {phone.start}, end {phone.end})")
        if args.rounds:
            print("  per round: " + " ".join(str(n) for n in phone.per_round))
        if args.show is not None:
            print(show_round(played, people, args.show))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
