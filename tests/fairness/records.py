"""Finished games' records for the verifier's tests: simulated offline as ``python -m bot simulate`` plays them, under
sy-commit/2 (and sy-commit/1, whose records keep verifying), with the times the bot's own records carry."""

from __future__ import annotations

import copy
from functools import lru_cache

from bot.fairness.chance import Draws, hidden_draw
from bot.fairness.commitments import V2, commit, game_key, key_commitment, salt
from bot.fairness.proof import OfflineGame, fairness_block
from bot.games import family_for_rules
from bot.service.dealing import deal_seed

SECRET = "test-secret"
#: every rule system, with a table each plays at
RULES = ("classic", "mb1985", "master", "sanssouci", "dice")


def v2_record(rules: str, seed: int, players: int = 4, options: dict | None = None, *, timed: bool = False) -> dict:
    """A finished sy-commit/2 game, as ``simulate`` writes it (``timed``: with the bot's ``times`` and ``at``)."""
    family = family_for_rules(rules)
    offline = OfflineGame.of(SECRET, rules, players, seed)
    state = family.simulate(rules, players, deal_seed(SECRET, seed), options or {}, "greedy", "greedy",
                            hidden=offline.hidden, draws=offline.draws)
    record = family.export_record(state)
    record["table_seed"] = seed
    record["fairness"] = offline.block(family, state)
    return with_times(record) if timed else record


def v1_record(rules: str, seed: int, players: int = 4, *, timed: bool = False) -> dict:
    """A finished sy-commit/1 game (dealt from the seed alone), as the bot's records were before sy-commit/2."""
    family = family_for_rules(rules)
    state = family.simulate(rules, players, seed, {}, "greedy", "greedy")
    record = family.export_record(state)
    record["fairness"] = fairness_block(family, state, secret=SECRET, game=f"g{seed}")
    return with_times(record) if timed else record


def kept_record(make, rules: str, seed: int) -> dict:
    """``make(rules, seed, timed=True)`` (:func:`v1_record` or :func:`v2_record`), played once a process and handed
    to each caller as a deep copy of its own (the tests change theirs): the same record as played anew (the games
    and their keys are seeded), for the fixtures that give one record to several tests."""
    return copy.deepcopy(_played(make, rules, seed))


@lru_cache(maxsize=None)
def _played(make, rules: str, seed: int) -> dict:
    return make(rules, seed, timed=True)


def with_times(record: dict) -> dict:
    """``times`` one second apart, one per action row, and each commitment's ``at`` the time of the row that wrote it."""
    rows = record["actions"]
    record["times"] = [1_700_000_000.0 + i for i in range(len(rows))]
    writers = {}
    for i, row in enumerate(rows):
        if row.get("pawn") == "mrx" and "entry" in row:
            writers.setdefault(row["entry"], i)
    for entry in record["fairness"]["entries"]:
        entry["at"] = record["times"][writers[entry["entry"]]] if entry["entry"] in writers else 1_700_000_000.0 - 1
    return record


def hidden_rows(record: dict) -> list[int]:
    """The rows of Mr. X's hidden moves (each writes a logbook entry nobody saw)."""
    return [i for i, row in enumerate(record["actions"])
            if row.get("pawn") == "mrx" and "to" in row and "entry" in row and not row.get("revealed")]


def moved_elsewhere(record: dict, row: int, station: int) -> dict:
    """A copy of ``record`` in which Mr. X's ride of action row ``row`` went to ``station`` (and his next ride sets
    off from there). Only what differs is copied (the record, its list of rows and the two rows changed); the rest is
    ``record``'s own, to be read, not changed: the verifier's tests make hundreds of these, and a deep copy of the
    whole record cost a fifth of a verification."""
    rows = list(record["actions"])
    rows[row] = {**rows[row], "to": station}
    following = next((i for i in range(row + 1, len(rows)) if rows[i].get("pawn") == "mrx" and "from" in rows[i]), None)
    if following is not None:
        rows[following] = {**rows[following], "from": station}
    return {**record, "actions": rows}


def other_route(record: dict) -> dict:
    """The record with Mr. X's latest hidden move that can go elsewhere sent to another station the rules allow, the
    rest of the game replaying as before (the same rows, the same end): the route a forger would rather show."""
    family = family_for_rules(record["rules"])
    rows = record["actions"]
    for row in reversed(hidden_rows(record)):
        for other in _reachable(family, record, row):
            if other == rows[row]["to"]:
                continue
            bad = moved_elsewhere(record, row, other)
            try:
                state = family.replay(bad)
            except Exception:
                continue
            if family.export_record(state)["actions"] == bad["actions"] and (
                    state.outcome and state.outcome.to_json()) == record["outcome"]:
                return bad
    raise AssertionError("no other legal route found")


def _reachable(family, record: dict, row: int) -> list[int]:
    """The stations Mr. X could ride to at action row ``row``, as the engine lists them (any other would be refused on
    replay, and each one tried costs a whole replay); every station number where the engine's moves name none."""
    try:
        before = family.replay({**record, "actions": record["actions"][:row], "outcome": None})
        reachable = sorted({move.to for move in before.legal_moves("mrx") if isinstance(getattr(move, "to", None), int)})
    except Exception:
        reachable = []
    return reachable or list(range(1, 200))


def forged(record: dict, secret: str = "the forger's secret") -> dict:
    """Another legal route (:func:`other_route`) under a new key, every salt, commitment and the key commitment
    recomputed: a forger holding the installation ``secret``. The new nonce is ground until the new key deals Mr. X's
    start card where the true key did (one try in fifteen or so), so that the record alone cannot tell; the dice
    game's throws cannot be ground so."""
    bad = other_route(record)
    family = family_for_rules(record["rules"])
    bad["fairness"] = block = copy.deepcopy(bad["fairness"])  # rewritten below; the other route shares record's
    route = [s for s in family.secret_route(family.replay(bad)) if s is not None]
    for attempt in range(2000):
        nonce = f"{attempt:032x}"
        key = game_key(secret, nonce, V2)
        drawn = family.redraw(bad, hidden_draw(key, block["start_input"]),
                              lambda label: Draws(key, block["start_input"], label))
        if record["rules"] == "dice" or all(kind != "start" or a == b for kind, _, a, b in drawn):
            break
    block["nonce"], block["key"], block["key_commitment"] = nonce, key, key_commitment(nonce, key)
    if "hidden_draw" in bad:
        bad["hidden_draw"] = f"{hidden_draw(key, block['start_input']):016x}"
    for n, entry in enumerate(block["entries"]):
        entry["salt"] = salt(key, n, V2)
        entry["commitment"] = commit(key, nonce, n, route[n], V2)
    return bad
