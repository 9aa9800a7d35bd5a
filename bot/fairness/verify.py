"""Check a game's record from the record alone: the rules (a replay), the commitments, their order
and time, and (sy-commit/2) the key's commitment and every chance draw; and, given what the channel published, that
the record is the game the channel saw. Every check that fails says so in one line; a sound record gets a short
summary."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from bot.fairness.chance import Draws, hidden_draw
from bot.fairness.commitments import (SCHEMES, V1, V2, Withdrawal, chain_links, commitment, key_commitment, salt,
                                      seal_chain, short)
from bot.fairness.published import Published
from bot.games.errors import GameError
from bot.i18n import N_

_HEX = {n: re.compile(r"[0-9a-f]{%d}" % n) for n in (16, 32, 64)}


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


class Shown:
    """A value from the record quoted in a problem (JSON, cut short), never translated."""

    def __init__(self, value: Any) -> None:
        text = json.dumps(value, ensure_ascii=False)
        self.text = text if len(text) <= 60 else text[:59] + "…"

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def said_in(self, tr) -> str:
        return self.text


class Finding(GameError):
    """One line of a verdict: an English sentence (``message``), or said in a reader's language (``said_in``)."""


@dataclass
class Verdict:
    problems: list[Finding] = field(default_factory=list)
    summary: Finding | None = None
    #: what the channel's published seals and key commitment confirmed (None: nothing published was given)
    published: Finding | None = None

    @property
    def sound(self) -> bool:
        return not self.problems

    def lines(self, tr=None) -> list[str]:
        """One line per problem, or the summary (and what the published seals confirmed); in ``tr``'s language
        (English without)."""
        shown = self.problems or [self.summary, self.published]
        said = [f.said_in(tr) if tr is not None else f.message for f in shown if f is not None]
        return [line for line in said if line]


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_time(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_hex(value: Any, digits: int) -> bool:
    return isinstance(value, str) and bool(_HEX[digits].fullmatch(value))


#: the fields of an action row that must be whole numbers, and those that must be true or false
_ROW_INTS = ("round", "from", "to", "entry", "station")
_ROW_FLAGS = ("revealed", "double")
#: the fields of a row compared with the replay's own row
_ROW_COMPARED = ("from", "entry", "revealed")


def _writers_and_hunters(secret_pawn: str, rows: list) -> tuple[dict[int, int], list[int]]:
    """From the record's action rows: the row that wrote each logbook entry (its ``entry``; the start,
    entry 0, is dealt before any row: -1) and the rows where a hunter moved (a ``to``)."""
    writers = {0: -1}
    hunters = []
    for i, row in enumerate(rows):
        if row.get("pawn") == secret_pawn and is_int(row.get("entry")):
            writers.setdefault(row["entry"], i)
        elif row.get("pawn") != secret_pawn and "to" in row:
            hunters.append(i)
    return writers, hunters


class _Check:
    """The checks of one record, each problem one line (``docs/fairness.md``, "The checks a verifier makes")."""

    def __init__(self, record: Any) -> None:
        self.record = record
        self.verdict = Verdict()

    def problem(self, template: str, **params) -> None:
        self.verdict.problems.append(Finding(template, **params))

    def rows(self) -> list | None:
        """The action rows, each field of the right type; None when they are not a list of objects."""
        rows = self.record.get("actions")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            self.problem(N_("The record's 'actions' are not a list of objects."))
            return None
        for i, row in enumerate(rows, 1):
            if not isinstance(row.get("pawn"), str):
                self.problem(N_("Action row {row}: 'pawn' is not a name ({value})."), row=i, value=Shown(row.get("pawn")))
            for name in _ROW_INTS:
                if name in row and not is_int(row[name]):
                    self.problem(N_("Action row {row}: '{field}' is not a whole number ({value})."), row=i,
                                 field=name, value=Shown(row[name]))
            for name in _ROW_FLAGS:
                if name in row and not isinstance(row[name], bool):
                    self.problem(N_("Action row {row}: '{field}' is not true or false ({value})."), row=i,
                                 field=name, value=Shown(row[name]))
        return rows

    def times(self, rows: list, entries: list) -> list | None:
        """The record's ``times``, one number per action row; None when it has none (an offline record)."""
        if "times" not in self.record:
            if any("at" in e for e in entries):
                self.problem(N_("The commitments carry times, but the record has no 'times' for its actions."))
            return None
        times = self.record["times"]
        if not isinstance(times, list):
            self.problem(N_("The record's 'times' are not a list (one time per action row): it is {value}."),
                         value=Shown(times))
            return None
        if len(times) != len(rows):
            self.problem(N_("The record has {times} 'times' for {rows} action rows: they must be one per row."),
                         times=len(times), rows=len(rows))
            return None
        bad = [i for i, t in enumerate(times, 1) if not is_time(t)]
        if bad:
            self.problem(N_("The record's time of action row {row} is not a number of seconds ({value})."), row=bad[0],
                         value=Shown(times[bad[0] - 1]))
            return None
        return times

    def block(self) -> dict | None:
        """The fairness block, each field of the right type for its scheme; None when it cannot be checked."""
        block = self.record.get("fairness")
        if not isinstance(block, dict):
            self.problem(N_("The record has no 'fairness' block: nothing was committed."))
            return None
        scheme = block.get("scheme")
        if scheme not in SCHEMES:
            self.problem(N_("Unknown commitment scheme {scheme} (this verifier knows {known})."),
                         scheme=Shown(scheme), known=", ".join(SCHEMES))
            return None
        if not isinstance(block.get("game"), str):
            self.problem(N_("The fairness block's 'game' is not a text ({value})."), value=Shown(block.get("game")))
            return None
        entries = block.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            self.problem(N_("The fairness block's 'entries' are not a list of objects."))
            return None
        sound = True
        for n, e in enumerate(entries):
            checks = [("entry", is_int(e.get("entry")), N_("a whole number")),
                      ("commitment", is_hex(e.get("commitment"), 64), N_("64 lowercase hex digits"))]
            checks += [("salt", is_hex(e["salt"], 64), N_("64 lowercase hex digits"))] if "salt" in e else []
            checks += [("at", is_time(e["at"]), N_("a number of seconds"))] if "at" in e else []
            checks += [("attempt", is_int(e["attempt"]) and e["attempt"] > 0, N_("a whole number above 0"))
                       ] if "attempt" in e else []
            checks += [("withdrawn", e["withdrawn"] is True, N_("true"))] if "withdrawn" in e else []
            for name, fine, kind in checks:
                if not fine:
                    sound = False
                    self.problem(N_("Commitment {n} of the fairness block: '{field}' is not {kind} ({value})."),
                                 n=n, field=name, kind=kind, value=Shown(e.get(name)))
        withdrawals = block.get("withdrawals", [])
        if not isinstance(withdrawals, list) or not all(
                isinstance(w, dict) and is_int(w.get("entry")) and is_int(w.get("after"))
                and 0 < w["after"] <= len(entries) for w in withdrawals):
            sound = False
            self.problem(N_("The fairness block's 'withdrawals' are not a list of objects with 'entry' and 'after' "
                            "(how many commitments came before it) ({value})."), value=Shown(withdrawals))
        if scheme == V2:
            if not is_hex(block.get("nonce"), 32):
                sound = False
                self.problem(N_("The game's 'nonce' is not 32 lowercase hex digits ({value})."), value=Shown(block.get("nonce")))
            if not is_hex(block.get("key_commitment"), 64):
                sound = False
                self.problem(N_("The game's 'key_commitment' is not 64 lowercase hex digits ({value})."),
                             value=Shown(block.get("key_commitment")))
            if not isinstance(block.get("start_input"), str) or not block.get("start_input"):
                sound = False
                self.problem(N_("The game's 'start_input' is missing or not a text ({value})."),
                             value=Shown(block.get("start_input")))
        return block if sound else None


def verify_record(record: Any, published: Published | None = None) -> Verdict:
    """Every check of ``docs/fairness.md`` on ``record``; with ``published`` (what the channel showed), also that the
    record is the game the channel saw."""
    from bot.games import family_for_rules

    check = _Check(record)
    verdict, problem = check.verdict, check.problem
    if not isinstance(record, dict):
        problem(N_("The file is not a game record (a JSON object)."))
        return verdict
    try:
        family = family_for_rules(str(record.get("rules", "classic")))
    except LookupError as exc:
        problem(N_("{why}"), why=str(exc))
        return verdict
    rows = check.rows()
    if rows is None:
        return verdict
    block = check.block()
    times = check.times(rows, block["entries"]) if block else None
    if verdict.problems:  # a record of the wrong shape: every field named, nothing replayed on it
        return verdict
    # The chance first: a changed start card or throw is named as such, not only as a game that does not replay.
    draws = (_check_chance(check, family, block, block["key"])
             if block and block["scheme"] == V2 and is_hex(block.get("key"), 64) else 0)
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
        problem(N_("The record says the game ended {said}, the replay says {replayed}."), said=Shown(record.get("outcome")),
                replayed=Shown(outcome))
    made = family.export_record(state)["actions"]
    if len(made) != len(rows):
        problem(N_("The record has {rows} action rows, the replay {made}."), rows=len(rows), made=len(made))
    for i, (row, again) in enumerate(zip(rows, made), 1):
        for name in _ROW_COMPARED:
            if row.get(name) != again.get(name):
                problem(N_("Action row {row}: the record says '{field}' is {said}, the replay says {replayed}."), row=i,
                        field=name, said=Shown(row.get(name)), replayed=Shown(again.get(name)))
    if block is None:
        return verdict
    scheme, game, key, entries = block["scheme"], block["game"], block.get("key"), block["entries"]
    if not state.is_over:
        problem(N_("The game is not over: its key is not published yet, so nothing can be opened."))
        return verdict
    if not is_hex(key, 64):
        problem(N_("The game's key is missing or not 64 lowercase hex digits."))
        return verdict
    reference = block["nonce"] if scheme == V2 else game
    if scheme == V2 and key_commitment(block["nonce"], key) != block["key_commitment"]:
        problem(N_("The game's key does not open its key commitment: it is not the key committed before the game."))
    route = [s for s in family.secret_route(state) if s is not None]
    # A take-back of Mr. X's move withdrew the commitments it published: they stay in the list, marked, and open to
    # the stations the record's take-backs name; the route's own are the others, in entry order.
    live = [e for e in entries if not e.get("withdrawn")]
    numbers = [e.get("entry") for e in live]
    if numbers != list(range(len(numbers))):
        problem(N_("The commitments are not in entry order 0, 1, 2, ...: {numbers}."), numbers=Shown(numbers))
    if len(live) != len(route):
        problem(N_("{count} commitments for a route of {stations} stations (start included)."), count=len(live),
                stations=len(route))
    attempts = (_check_withdrawn(check, block, key, reference)
                if block.get("withdrawals") or len(live) < len(entries) or "takebacks" in record else {})
    writers, hunters = _writers_and_hunters(family.secret_pawn, rows)
    for n, (entry, station) in enumerate(zip(live, route)):
        label = Entry(n)
        expected_salt = salt(key, n, scheme, attempts.get(n, 0))
        if entry.get("attempt", 0) != attempts.get(n, 0) or entry.get("salt") != expected_salt:
            problem(N_("The salt of {what} is not the one the game's key gives."), what=label)
        if entry.get("commitment") != commitment(reference, n, station, expected_salt, scheme):
            problem(N_("The commitment to {what} does not open to station {station}, where the record puts Mr. X."),
                    what=label, station=station)
        at = entry.get("at")
        if times is not None and at is not None and n in writers:
            later = [times[i] for i in hunters if writers[n] < i]
            if later and at > min(later):
                problem(N_("The commitment to {what} was published after the next detective move."), what=label)
    if published is not None:
        verdict.published = _check_published(check, block, published)
    if not verdict.problems:
        if scheme == V2:
            verdict.summary = Finding(N_(
                "Sound: game {game} replays by the rules; its key opens the commitment published before the game, its "
                "{count} commitments (the start and {entries} logbook entries) open to Mr. X's route, and its chance "
                "draws ({draws}) are the key's."), game=game, count=len(route), entries=len(route) - 1, draws=draws)
        else:
            verdict.summary = Finding(N_("Sound: game {game} replays by the rules, and its {count} commitments (the "
                                         "start and {entries} logbook entries) open to Mr. X's route."),
                                      game=game, count=len(route), entries=len(route) - 1)
    return verdict


def _withdrawn_stations(record: dict) -> list[list[tuple[int, int]]]:
    """The hidden stations each of Mr. X's take-backs withdrew, in order: [(entry, station), ...] each (the record's
    ``takebacks``, those with ``entries``)."""
    found = []
    takebacks = record.get("takebacks")
    for takeback in takebacks if isinstance(takebacks, list) else ():
        pairs = takeback.get("entries") if isinstance(takeback, dict) else None
        if isinstance(pairs, list) and pairs:
            found.append([tuple(p) for p in pairs if isinstance(p, list) and len(p) == 2 and all(is_int(v) for v in p)])
    return found


def _check_withdrawn(check: _Check, block: dict, key: str, reference: str) -> dict[int, int]:
    """The commitments take-backs withdrew (``docs/fairness.md``, "Take-backs"): walking the commitments in the
    order they were published, each withdrawal withdraws the standing ones from its entry on, exactly those marked
    withdrawn, as the record's take-back of the same place names them; each opens, with its attempt's salt, to the
    station its take-back names. Returns entry -> how many of its commitments were withdrawn."""
    scheme, entries = block["scheme"], block["entries"]
    withdrawals = sorted(block.get("withdrawals") or [], key=lambda w: w["after"])
    named = _withdrawn_stations(check.record)
    if len(named) != len(withdrawals):
        check.problem(N_("The record has {withdrawals} withdrawals of commitments but {takebacks} take-backs of Mr. X's "
                         "moves that withdrew stations."), withdrawals=len(withdrawals), takebacks=len(named))
    attempts: dict[int, int] = {}
    standing: list[int] = []
    withdrawn: set[int] = set()

    def withdraw(k: int, w: dict) -> None:
        gone = [i for i in standing if entries[i]["entry"] >= w["entry"]]
        stations = dict(named[k]) if k < len(named) else {}
        if not gone or sorted(stations) != [entries[i]["entry"] for i in gone]:
            check.problem(N_("Withdrawal {n} (from {what} on) does not withdraw what its take-back in the record "
                             "names."), n=k + 1, what=Entry(w["entry"]))
        for i in gone:
            standing.remove(i)
            withdrawn.add(i)
            n = entries[i]["entry"]
            attempt = attempts.get(n, 0)
            attempts[n] = attempt + 1
            label = Entry(n)
            if not entries[i].get("withdrawn"):
                check.problem(N_("A commitment to {what} was withdrawn but is not marked withdrawn."), what=label)
            expected_salt = salt(key, n, scheme, attempt)
            if entries[i].get("attempt", 0) != attempt or entries[i].get("salt") != expected_salt:
                check.problem(N_("The salt of a withdrawn commitment to {what} is not the one the game's key gives."),
                              what=label)
            station = stations.get(n)
            if station is None or entries[i].get("commitment") != commitment(reference, n, station, expected_salt,
                                                                             scheme):
                check.problem(N_("A withdrawn commitment to {what} does not open to the station its take-back names."),
                              what=label)

    k = 0
    for i, entry in enumerate(entries):
        while k < len(withdrawals) and withdrawals[k]["after"] <= i:
            withdraw(k, withdrawals[k])
            k += 1
        if entry["entry"] != len(standing):
            check.problem(N_("Commitment {n} of the fairness block is to {what}, out of its order."), n=i,
                          what=Entry(entry["entry"]))
        standing.append(i)
    for k in range(k, len(withdrawals)):
        withdraw(k, withdrawals[k])
    for i, entry in enumerate(entries):
        if entry.get("withdrawn") and i not in withdrawn:
            check.problem(N_("A commitment to {what} is marked withdrawn, but no withdrawal withdrew it."),
                          what=Entry(entry["entry"]))
    return attempts


def _check_chance(check: _Check, family, block: dict, key: str) -> int:
    """Every chance draw of a sy-commit/2 record against the key's (``docs/fairness.md``, "Chance"); how many."""
    start_input = block["start_input"]
    try:
        draws = family.redraw(check.record, hidden_draw(key, start_input), lambda label: Draws(key, start_input, label))
    except (GameError, AttributeError, KeyError, TypeError, ValueError):
        return 0  # a record that cannot be set up again: the replay says why
    for kind, number, recorded, drawn in draws:
        if recorded == drawn:
            continue
        if kind == "start":
            check.problem(N_("Mr. X's start card in the record ({recorded}) is not the one the game's key deals "
                             "({drawn})."), recorded=Shown(recorded), drawn=Shown(drawn))
        elif kind == "tiles":
            check.problem(N_("The tiles in the record are not the layout the game's key deals."))
        else:
            check.problem(N_("Throw {n} in the record ({recorded}) is not what the game's key rolls ({drawn})."), n=number,
                          recorded=Shown(recorded), drawn=Shown(drawn))
    return len(draws)


def _check_published(check: _Check, block: dict, published: Published) -> Finding | None:
    """What the channel published against the record: every seal and key commitment it showed must be the record's.
    Returns the line that says how much they bound (None when a problem was found)."""
    scheme = block["scheme"]
    commitments = [e.get("commitment", "") for e in block["entries"]]
    withdrawals = [Withdrawal(w["entry"], w["after"]) for w in block.get("withdrawals") or []]
    links = chain_links(commitments, withdrawals) if scheme == V2 else commitments
    chain = seal_chain(block["key_commitment"], block["start_input"], links) if scheme == V2 else commitments
    # the entry each seal names: its commitment's (a withdrawal's: the first entry it withdrew)
    entries = iter(block["entries"])
    numbers = [link.entry if isinstance(link, Withdrawal) else next(entries)["entry"] for link in links]
    ours = {short(value, scheme): n for n, value in enumerate(chain)}
    seals = published.seals if scheme == V2 else published.short_seals
    before = len(check.verdict.problems)
    if published.empty or not (seals or published.key_commitments):
        check.problem(N_("Nothing published was found to compare: no seal and no key commitment."))
        return None
    for value in dict.fromkeys(published.key_commitments):
        if scheme != V2 or value != block["key_commitment"]:
            check.problem(N_("The key commitment {value} published in the channel is not this record's."),
                          value=Shown(value))
    for value in dict.fromkeys(published.keys):
        if value != block.get("key"):
            check.problem(N_("The key {value} published in the channel is not this record's."), value=Shown(value))
    for value in dict.fromkeys(seals):
        if value not in ours:
            check.problem(N_("The seal {value} published in the channel is not one of this record's."), value=Shown(value))
    if len(check.verdict.problems) > before:
        return None
    matched = sorted({ours[v] for v in seals})
    seal_bits = len(matched) * 4 * len(next(iter(ours), ""))
    if not matched:
        return Finding(N_("The record is the game the channel published: its key commitment matches it (256 bits); "
                          "no seal was found to compare."))
    last = Entry(numbers[matched[-1]])
    if published.key_commitments:
        return Finding(N_("The record is the game the channel published: its key commitment and {seals} seals (up to "
                          "{last}) match it, binding {bits} bits."), seals=len(matched), last=last, bits=seal_bits + 256)
    return Finding(N_("The record is the game the channel published: {seals} seals (up to {last}) match it, binding "
                      "{bits} bits."), seals=len(matched), last=last, bits=seal_bits)
