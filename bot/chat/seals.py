"""Mr. X's sealed stations as the channel sees them (``docs/fairness.md``): the commitment each post publishes,
in short, and the game's key at the end. A line added under any family's post; it says nothing of a station."""

from __future__ import annotations

from typing import Iterable, Sequence

from bot.fairness.commitments import short
from bot.i18n import Speaker


def _sealed(entries: Iterable[tuple[int, str]], tr: Speaker) -> str:
    start = tr.pgettext("seal", "start")
    return " · ".join(f"{start if n == 0 else n} `{short(value)}`" for n, value in entries)


def sealed_line(sealed: Sequence[Sequence], tr: Speaker) -> str | None:
    """The commitments a post publishes ([entry, commitment] each), or None when it publishes none."""
    if not sealed:
        return None
    if [n for n, _ in sealed] == [0]:
        return tr._("🔒 Mr. X's start is sealed: {seal} (opened when the game ends)").format(
            seal=f"`{short(sealed[0][1])}`")
    return tr._("🔒 Sealed: {seals}").format(seals=_sealed(((int(n), str(v)) for n, v in sealed), tr))


def seals_so_far(commitments: Sequence[str], tr: Speaker) -> str | None:
    """Every commitment of the game so far, for the round's summary."""
    if not commitments:
        return None
    return tr._("🔒 Seals so far: {seals}").format(seals=_sealed(enumerate(commitments), tr))


def key_line(key: str | None, tr: Speaker) -> str | None:
    """The game's key, published with the final post: it opens every seal."""
    if not key:
        return None
    return tr._("🔑 This game's key opens every seal: `{key}`. `/sy verify` checks the whole game.").format(key=key)


def with_line(content: str | None, line: str | None, *, under_mrx: bool = False) -> str | None:
    """``content`` with ``line`` under it (either may be missing). ``under_mrx``: under the last line about Mr. X
    (🎩), else above the call to act (➡️), so the seal sits with his move and the call to act stays last."""
    if not (content and line and under_mrx):
        return "\n".join(part for part in (content, line) if part) or None
    lines = content.split("\n")
    about = [i for i, text in enumerate(lines) if text.startswith("🎩")]
    calls = [i for i, text in enumerate(lines) if text.startswith("➡️")]
    at = about[-1] + 1 if about else calls[0] if calls else len(lines)
    return "\n".join([*lines[:at], line, *lines[at:]])
