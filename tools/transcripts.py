"""Transcripts of whole games as a channel sees them: the real bot plays against the fake Discord
(``tests/fakediscord``), every public post is written down round by round, with the counts a
reader of a busy channel cares about: posts, files and mentions per round.

``python tools/transcripts.py`` writes ``docs/transcripts/*.md``; ``--out DIR`` writes elsewhere,
``--only NAME`` one of them. ``tests/e2e/test_transcripts.py`` plays the same games and holds the
counts to the channel's rhythm (one post per move, one summary per round).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.service import GameService  # noqa: E402
from tests.e2e.dice_helpers import DiceGame  # noqa: E402
from tests.e2e.helpers import Clock, Game, RecordingPictures, World, pinged  # noqa: E402
from tests.service.helpers import nonces  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeMessage  # noqa: E402


@dataclass(frozen=True)
class Setup:
    """One game to transcribe."""

    name: str
    title: str
    rules: str = "classic"
    seed: int = 3
    language: str = "en"
    variants: tuple[str, ...] = ()
    #: how many detective players besides the host (Alice)
    detectives: int = 1
    #: play in a thread of its own (``/sy new thread: True``)
    thread: bool = False


GAMES = (
    Setup("classic-en", "A whole classic game, in English", seed=3),
    Setup("classic-de", "Eine ganze klassische Partie, auf Deutsch, in einem eigenen Thread", seed=3, language="de",
          thread=True),
    Setup("sanssouci-variants", "Mister X in Sanssouci with variants (ticket trading, any order, stay put)",
          rules="sanssouci", seed=6, variants=("trade_tickets", "any_order", "stay_put")),
    Setup("dice", "Hunting Mister X, the dice game (four players)", rules="dice", seed=3, detectives=2),
)


@dataclass(frozen=True)
class Post:
    """One public post as the channel reads it at the end of the game."""

    text: str
    files: tuple[str, ...]
    #: whom it notified when it went out
    pings: frozenset[int]
    in_thread: bool
    #: the labels of its buttons and menus that still act
    live: tuple[str, ...]
    summary: bool
    started: bool
    #: the text in the order a phone shows it: the content's lines, then each embed's title,
    #: description, fields (name, then value) and footer, each on lines of its own
    shown: tuple[str, ...] = ()


@dataclass
class Round:
    name: str
    posts: list[Post] = field(default_factory=list)

    @property
    def files(self) -> int:
        return sum(len(p.files) for p in self.posts)

    @property
    def mentions(self) -> int:
        return sum(len(p.pings) for p in self.posts)


SUMMARY_NUMBER = re.compile(r"(\d+)")


def shown_lines(message: FakeMessage) -> tuple[str, ...]:
    """A message's text as a phone lays it out: the content, then its embeds part by part."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields", ()):
            parts += [f.get("name") or "", f.get("value") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return tuple(line for part in parts if part for line in part.splitlines())


def post_of(fake: FakeDiscord, message: FakeMessage) -> Post:
    titles = [e.get("title") or "" for e in message.embeds]
    return Post(text=message.text, files=tuple(a.filename for a in message.attachments),
                pings=frozenset(pinged(fake, message)), in_thread=message.in_thread,
                live=tuple(c.get("label") or c.get("placeholder") or "?" for c in message.live_components),
                summary=any(t.startswith("📋") for t in [*titles, *(message.content or "").splitlines()]),
                started="🚦" in (message.content or ""), shown=shown_lines(message))


def rounds_of(posts: list[Post]) -> list[Round]:
    """The posts cut into the lobby and the start, each round (ending with its summary, named after
    it), and the end."""
    rounds = [Round("lobby and start")]
    for p in posts:
        if p.started and rounds[-1].name == "lobby and start":
            rounds[-1].posts.append(p)
            rounds.append(Round("round"))
            continue
        rounds[-1].posts.append(p)
        if p.summary:
            number = SUMMARY_NUMBER.search(p.text[p.text.index("📋"):])
            rounds[-1].name = f"round {number[1]}" if number else "round"
            rounds.append(Round("round"))
    if rounds[-1].posts:
        rounds[-1].name = "end"
    else:
        rounds.pop()
    return rounds


# -- the text as a phone lays it out ---------------------------------------------------------------

#: a phone's width in columns (issue 35's yardstick: a round of a classic game in at most 18 such lines)
PHONE_WIDTH = 38
MARKS = re.compile(r"\*\*|__|`|~~")


def rendered(line: str, people: dict[str, str]) -> str:
    """One source line as Discord shows it: mentions by name, markdown marks gone."""
    return MARKS.sub("", readable(line, people))


def columns(text: str) -> int:
    """How wide ``text`` is on a phone: wide characters (emoji, CJK) two columns, joiners and variation
    selectors none, a narrow character turned into an emoji by U+FE0F two."""
    width = 0
    for i, ch in enumerate(text):
        if ch in "\u200d\ufe0e" or unicodedata.combining(ch):
            continue
        if ch == "\ufe0f":
            if i and unicodedata.east_asian_width(text[i - 1]) not in "WF":
                width += 1
            continue
        width += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return width


def wrapped(line: str, width: int = PHONE_WIDTH) -> list[str]:
    """``line`` wrapped at spaces to ``width`` columns (a word longer than a line is cut)."""
    out: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else word
        if columns(candidate) <= width:
            current = candidate
            continue
        if current:
            out.append(current)
        while columns(word) > width:
            cut = len(word)
            while columns(word[:cut]) > width:
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        current = word
    out.append(current)
    return out


def phone_lines(post: Post, people: dict[str, str], width: int = PHONE_WIDTH) -> list[str]:
    """A post as a phone lays it out, one string a line (``bench/bench_channel_text.py`` counts them)."""
    return [row for line in post.shown for row in wrapped(rendered(line, people), width)]


async def play(setup: Setup, fake: FakeDiscord, service: GameService) -> tuple[Any, World]:
    world = World(fake)
    if setup.language == "de":
        world.guild.preferred_locale = "de"
    table_kind = DiceGame if setup.rules == "dice" else Game
    table = table_kind(fake, world, service, Clock(), RecordingPictures())
    await table.start_bot()
    try:
        detectives = (world.carol, world.dave)[:setup.detectives]
        lobby = await table.open(rules=setup.rules, seed=setup.seed, mrx=world.bob, detectives=detectives,
                                 thread=setup.thread or None)
        if setup.variants:
            await table.select(world.alice, lobby, f"sy:variants:{table.game_id}", list(setup.variants))
        await table.start()
        if setup.rules == "dice":
            await table.play_dice(ways=("buttons",))
        else:
            await table.play(mrx="greedy", detectives="greedy", ways=("menu", "dm"), detective_ways=("menu",))
        await table.settle()
    finally:
        await table.stop_bot()
    return table, world


def public_posts(fake: FakeDiscord, world: World) -> list[Post]:
    """The bot's public posts in the game's channel and its threads, in order."""
    places = {world.channel.id, *(t.id for t in fake.threads(world.channel))}
    return [post_of(fake, m) for m in fake.messages if m.kind == "channel" and m.author is not None
            and m.author.bot and m.channel.id in places and not m.deleted]


def names(fake: FakeDiscord, world: World) -> dict[str, str]:
    """Mentions as a reader sees them: ``<@id>`` -> ``@alice``, ``<#id>`` -> ``#scotland-yard``."""
    found = {f"<@{u.id}>": f"@{u.name}" for u in (world.alice, world.bob, world.carol, world.dave, world.mod)}
    for channel in (world.channel, world.other, *fake.threads(world.channel)):
        found[f"<#{channel.id}>"] = f"#{channel.name}"
    return found


def readable(text: str, people: dict[str, str]) -> str:
    for mention, name in people.items():
        text = text.replace(mention, name)
    return text


def markdown(setup: Setup, posts: list[Post], people: dict[str, str]) -> str:
    rounds = rounds_of(posts)
    lines = [f"# {setup.title}", "",
             f"Rules `{setup.rules}`, seed {setup.seed}, language `{setup.language}`"
             + (f", variants {', '.join(setup.variants)}" if setup.variants else "")
             + (", in a thread of its own" if setup.thread else "") + ".",
             "Alice hosts, Bob is Mr. X (his DMs are not shown: only what everyone reads).", "",
             "Generated by `python tools/transcripts.py` from a run of the real bot against the fake Discord.", "",
             "| part | public posts | files | mentions |", "|---|---:|---:|---:|"]
    lines += [f"| {r.name} | {len(r.posts)} | {r.files} | {r.mentions} |" for r in rounds]
    played = [r for r in rounds if r.name.startswith("round")]
    if played:
        lines.append(f"| **per round (mean of {len(played)})** | {sum(len(r.posts) for r in played) / len(played):.1f}"
                     f" | {sum(r.files for r in played) / len(played):.1f}"
                     f" | {sum(r.mentions for r in played) / len(played):.1f} |")
    for r in rounds:
        lines += ["", f"## {r.name.capitalize()}", ""]
        for p in r.posts:
            where = " (thread)" if p.in_thread else ""
            extra = []
            if p.files:
                extra.append("files: " + ", ".join(p.files))
            if p.pings:
                extra.append("pings: " + ", ".join(people.get(f"<@{u}>", str(u)) for u in sorted(p.pings)))
            if p.live:
                extra.append("buttons: " + ", ".join(p.live))
            body = readable(p.text, people).strip() or "(no text)"
            lines.append(f"- post{where}" + (f" [{'; '.join(extra)}]" if extra else "") + ":")
            lines += [f"  > {line}" if line else "  >" for line in body.splitlines()]
    return "\n".join(lines) + "\n"


async def played(setup: Setup) -> tuple[list[Post], dict[str, str]]:
    """The public posts of a whole game of ``setup``, and the mentions' names as a reader sees them."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            service = await GameService.open(Path(tmp) / "sy.sqlite3", clock=Clock(), rng=random.Random(5),
                                             secret="transcripts", nonces=nonces(5),
                                             start_inputs=lambda key: "transcripts")
            try:
                _, world = await play(setup, fake, service)
            finally:
                await service.close()
            return public_posts(fake, world), names(fake, world)


async def transcribe(setup: Setup) -> tuple[str, list[Round]]:
    posts, people = await played(setup)
    return markdown(setup, posts, people), rounds_of(posts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "transcripts")
    parser.add_argument("--only", choices=[g.name for g in GAMES])
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for setup in GAMES:
        if args.only and setup.name != args.only:
            continue
        text, rounds = asyncio.run(transcribe(setup))
        (args.out / f"{setup.name}.md").write_text(text, encoding="utf-8")
        played = [r for r in rounds if r.name.startswith("round")]
        mean = sum(len(r.posts) for r in played) / max(1, len(played))
        print(f"{setup.name}: {len(played)} rounds, {mean:.1f} public posts a round")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
