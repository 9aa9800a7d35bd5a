"""Check a game's record from the record alone: the rules (a replay), the commitments, their order
and time. Every check that fails says so in one line; a sound record gets a short summary."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.fairness.commitments import SCHEME, commitment, salt

_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    summary: str = ""

    @property
    def sound(self) -> bool:
        return not self.problems


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
    from bot.games.errors import GameError

    verdict = Verdict()
    problems = verdict.problems
    if not isinstance(record, dict):
        problems.append("The file is not a game record (a JSON object).")
        return verdict
    try:
        family = family_for_rules(str(record.get("rules", "classic")))
    except LookupError as exc:
        problems.append(str(exc))
        return verdict
    try:
        state = family.replay(record)
    except GameError as exc:
        problems.append(f"The game does not replay by the rules: {exc.message}")
        return verdict
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"The record cannot be replayed ({type(exc).__name__}: {exc}).")
        return verdict
    outcome = state.outcome.to_json() if state.outcome else None
    if record.get("outcome") != outcome:
        problems.append(f"The record says the game ended {record.get('outcome')}, the replay says {outcome}.")
    block = record.get("fairness")
    if not isinstance(block, dict):
        problems.append("The record has no 'fairness' block: nothing was committed.")
        return verdict
    if block.get("scheme") != SCHEME:
        problems.append(f"Unknown commitment scheme {block.get('scheme')!r} (this verifier knows {SCHEME}).")
        return verdict
    game = str(block.get("game", ""))
    key = block.get("key")
    entries = block.get("entries")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        problems.append("The fairness block's 'entries' are not a list of objects.")
        return verdict
    if not state.is_over:
        problems.append("The game is not over: its key is not published yet, so nothing can be opened.")
        return verdict
    if not isinstance(key, str) or not _HEX64.fullmatch(key):
        problems.append("The game's key is missing or not 64 hex digits.")
        return verdict
    route = [s for s in family.secret_route(state) if s is not None]
    numbers = [e.get("entry") for e in entries]
    if numbers != list(range(len(numbers))):
        problems.append(f"The commitments are not in entry order 0, 1, 2, ...: {numbers}.")
    if len(entries) != len(route):
        problems.append(f"{len(entries)} commitments for a route of {len(route)} stations (start included).")
    times = record.get("times") if isinstance(record.get("times"), list) else None
    writers, hunters = _writers_and_hunters(family, record.get("actions") or [])
    for n, (entry, station) in enumerate(zip(entries, route)):
        label = "the start" if n == 0 else f"logbook entry {n}"
        expected_salt = salt(key, n)
        if entry.get("salt") != expected_salt:
            problems.append(f"The salt of {label} is not the one the game's key gives.")
        if entry.get("commitment") != commitment(game, n, station, expected_salt):
            problems.append(f"The commitment to {label} does not open to station {station}, where the record "
                            "puts Mr. X.")
        at = entry.get("at")
        if times is not None and isinstance(at, (int, float)) and n in writers:
            later = [times[i] for i in hunters if i > writers[n] and i < len(times) and isinstance(times[i], (int, float))]
            if later and at > min(later):
                problems.append(f"The commitment to {label} was published after the next detective move.")
    if not problems:
        verdict.summary = (f"Sound: {family.rules_entry(record['rules']).title}, game {game}: the game replays by the "
                           f"rules, and {len(route)} commitments (the start and {len(route) - 1} logbook entries) "
                           "open to Mr. X's route.")
    return verdict
