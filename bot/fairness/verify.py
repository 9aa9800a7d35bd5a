"""Check a game's record from the record alone: the rules (a replay), the commitments, their order
and time. Every check that fails says so in one line; a sound record gets a short summary."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from bot.fairness.commitments import SCHEME, commitment, salt
from bot.games.errors import GameError
from bot.i18n import N_

_HEX64 = re.compile(r"[0-9a-f]{64}")


class Entry:
    """An entry of the hidden route in a problem's sentence: "the start" or "logbook entry 3", said in kind."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __str__(self) -> str:
        return "the start" if self.number == 0 else f"logbook entry {self.number}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr) -> str:
        return tr._("the start") if self.number == 0 else tr._("logbook entry {n}").format(n=self.number)


class Finding(GameError):
    """One line of a verdict: an English sentence (``message``), or said in a reader's language (``said_in``)."""


@dataclass
class Verdict:
    problems: list[Finding] = field(default_factory=list)
    summary: Finding | None = None

    @property
    def sound(self) -> bool:
        return not self.problems

    def lines(self, tr=None) -> list[str]:
        """One line per problem, or the summary; in ``tr``'s language (English without)."""
        said = [f.said_in(tr) if tr is not None else f.message for f in self.problems or [self.summary]]
        return [line for line in said if line]


def _writers_and_hunters(family, rows: list) -> tuple[dict[int, int], list[int]]:
    """From the record's action rows: the row that wrote each logbook entry (its ``entry``; the start,
    entry 0, is dealt before any row: -1) and the rows where a hunter moved (a ``to``)."""
    writers = {0: -1}
    hunters = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        if row.get("pawn") == family.secret_pawn and isinstance(row.get("entry"), int):
            writers.setdefault(row["entry"], i)
        elif row.get("pawn") != family.secret_pawn and "to" in row:
            hunters.append(i)
    return writers, hunters


def verify_record(record: Any) -> Verdict:
    """Every check of ``docs/fairness.md`` on ``record``."""
    from bot.games import family_for_rules

    verdict = Verdict()

    def problem(template: str, **params) -> None:
        verdict.problems.append(Finding(template, **params))

    if not isinstance(record, dict):
        problem(N_("The file is not a game record (a JSON object)."))
        return verdict
    try:
        family = family_for_rules(str(record.get("rules", "classic")))
    except LookupError as exc:
        problem(N_("{why}"), why=str(exc))
        return verdict
    try:
        state = family.replay(record)
    except GameError as exc:
        problem(N_("The game does not replay by the rules: {why}"), why=exc.message)
        return verdict
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        problem(N_("The record cannot be replayed ({why})."), why=f"{type(exc).__name__}: {exc}")
        return verdict
    outcome = state.outcome.to_json() if state.outcome else None
    if record.get("outcome") != outcome:
        problem(N_("The record says the game ended {said}, the replay says {replayed}."), said=json.dumps(record.get("outcome")),
                replayed=json.dumps(outcome))
    block = record.get("fairness")
    if not isinstance(block, dict):
        problem(N_("The record has no 'fairness' block: nothing was committed."))
        return verdict
    if block.get("scheme") != SCHEME:
        problem(N_("Unknown commitment scheme {scheme} (this verifier knows {known})."), scheme=repr(block.get("scheme")),
                known=SCHEME)
        return verdict
    game = str(block.get("game", ""))
    key = block.get("key")
    entries = block.get("entries")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        problem(N_("The fairness block's 'entries' are not a list of objects."))
        return verdict
    if not state.is_over:
        problem(N_("The game is not over: its key is not published yet, so nothing can be opened."))
        return verdict
    if not isinstance(key, str) or not _HEX64.fullmatch(key):
        problem(N_("The game's key is missing or not 64 hex digits."))
        return verdict
    route = [s for s in family.secret_route(state) if s is not None]
    numbers = [e.get("entry") for e in entries]
    if numbers != list(range(len(numbers))):
        problem(N_("The commitments are not in entry order 0, 1, 2, ...: {numbers}."), numbers=json.dumps(numbers))
    if len(entries) != len(route):
        problem(N_("{count} commitments for a route of {stations} stations (start included)."), count=len(entries),
                stations=len(route))
    times = record.get("times") if isinstance(record.get("times"), list) else None
    writers, hunters = _writers_and_hunters(family, record.get("actions") or [])
    for n, (entry, station) in enumerate(zip(entries, route)):
        label = Entry(n)
        expected_salt = salt(key, n)
        if entry.get("salt") != expected_salt:
            problem(N_("The salt of {what} is not the one the game's key gives."), what=label)
        if entry.get("commitment") != commitment(game, n, station, expected_salt):
            problem(N_("The commitment to {what} does not open to station {station}, where the record puts Mr. X."),
                        what=label, station=station)
        at = entry.get("at")
        if times is not None and isinstance(at, (int, float)) and n in writers:
            later = [times[i] for i in hunters
                     if writers[n] < i < len(times) and isinstance(times[i], (int, float))]
            if later and at > min(later):
                problem(N_("The commitment to {what} was published after the next detective move."), what=label)
    if not verdict.problems:
        verdict.summary = Finding(N_("Sound: game {game} replays by the rules, and its {count} commitments (the start "
                                     "and {entries} logbook entries) open to Mr. X's route."),
                                  game=game, count=len(route), entries=len(route) - 1)
    return verdict
