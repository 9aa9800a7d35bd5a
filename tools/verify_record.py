"""A verifier of the bot's game records written from docs/fairness.md alone: the standard library, the page and the
board files, no import of the bot.

    python tools/verify_record.py RECORD.json [--seals FILE] [--boards DIR]

It checks what the page promises a verifier can check: the record's layout and types, the route it shows (each
pawn's rows follow on from one another, Mr. X's entries in order and shown where the rules show them), the commitments
and salts opening to that route under the published key, the key opening the key commitment of the lobby, every
chance draw being the key's (Mr. X's start card, the dice game's tiles and throws), the commitments' times, and with
``--seals`` the seals and key commitment the channel published. It does not replay the rules of the game (which
rides are legal): ``python -m bot verify`` does that too. Prints one line per problem and exits 1, or one line and
exits 0 for a sound record; exits 2 when the record cannot be read.

tests/fairness/test_standalone.py runs it beside ``python -m bot verify`` over simulated records of every rule system
and tampered copies of them: the two must agree, so the page and the code cannot drift apart.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import math
import re
import sys
from pathlib import Path

BOARDS = Path(__file__).resolve().parent.parent / "boards"
V1, V2 = "sy-commit/1", "sy-commit/2"

# The rule systems' facts a verifier needs (docs/fairness.md, "The record, family by family").
#: the London family: board, the detectives' and Mr. X's start-card decks (boards/<board>.json "start_cards"), and
#: the logbook entries on which Mr. X is shown
LONDON = {
    "classic": ("london", "classic", "classic", {3, 8, 13, 18, 24}),
    "mb1985": ("london", "classic", "classic", {3, 8, 13, 18, 24}),
    "master": ("london", "D", "X", {3, 8, 13, 18, 24}),
    "sanssouci": ("potsdam", "start", "start", {3, 8, 12, 18, 24}),
}
#: the dice game, by detective players (players - 1): the grid (columns, rows), how many laid tiles have an
#: underground station (None: no rule), how many lie expert side up in the expert game
DICE_GRID = {1: (3, 2), 2: (3, 2), 3: (3, 3)}
DICE_UNDERGROUND = {1: 3, 2: 3, 3: None}
DICE_EXPERT = {1: 2, 2: 2, 3: 3}
DICE_REVEALS = {3, 7, 11}


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_hex(v, n: int) -> bool:
    return isinstance(v, str) and re.fullmatch(f"[0-9a-f]{{{n}}}", v) is not None


def is_time(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


class Draws:
    """D(label, i) and the ways the page draws with them: below, choice, shuffle, sample."""

    def __init__(self, key: str, start_input: str, label: str) -> None:
        self.key, self.prefix, self.i = bytes.fromhex(key), f"{V2} draw {start_input} {label} ", 0

    def below(self, n: int) -> int:
        digest = hmac.new(self.key, (self.prefix + str(self.i)).encode(), hashlib.sha256).digest()
        self.i += 1
        return int.from_bytes(digest[:8], "big") % n

    def shuffle(self, items: list) -> None:
        for j in range(len(items) - 1, 0, -1):
            k = self.below(j + 1)
            items[j], items[k] = items[k], items[j]

    def sample(self, items, count: int) -> list:
        pool = list(items)
        for j in range(count):
            k = j + self.below(len(pool) - j)
            pool[j], pool[k] = pool[k], pool[j]
        return pool[:count]


class Verifier:
    def __init__(self, record, boards: Path = BOARDS) -> None:
        self.record, self.boards, self.problems = record, boards, []

    def problem(self, text: str) -> None:
        self.problems.append(text)

    # -- the layout ------------------------------------------------------------------------------------------------
    def shape(self) -> bool:
        r = self.record
        if not isinstance(r, dict):
            self.problem("The file is not a game record (a JSON object).")
            return False
        rows = r.get("actions")
        if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
            self.problem("The record's 'actions' are not a list of objects.")
            return False
        for i, row in enumerate(rows, 1):
            if not isinstance(row.get("pawn"), str):
                self.problem(f"Action row {i}: 'pawn' is not a name.")
            for name in ("round", "from", "to", "entry", "station"):
                if name in row and not is_int(row[name]):
                    self.problem(f"Action row {i}: {name!r} is not a whole number ({json.dumps(row[name])}).")
            for name in ("revealed", "double"):
                if name in row and not isinstance(row[name], bool):
                    self.problem(f"Action row {i}: {name!r} is not true or false ({json.dumps(row[name])}).")
        block = r.get("fairness")
        if not isinstance(block, dict):
            self.problem("The record has no 'fairness' block.")
            return False
        if block.get("scheme") not in (V1, V2):
            self.problem(f"Unknown scheme {block.get('scheme')!r}.")
            return False
        if not isinstance(block.get("game"), str):
            self.problem("The fairness block's 'game' is not a text.")
        entries = block.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            self.problem("The fairness block's 'entries' are not a list of objects.")
            return False
        for n, e in enumerate(entries):
            if not is_int(e.get("entry")):
                self.problem(f"Commitment {n}: 'entry' is not a whole number.")
            if not is_hex(e.get("commitment"), 64):
                self.problem(f"Commitment {n}: 'commitment' is not 64 lowercase hex digits.")
            if "salt" in e and not is_hex(e["salt"], 64):
                self.problem(f"Commitment {n}: 'salt' is not 64 lowercase hex digits.")
            if "at" in e and not is_time(e["at"]):
                self.problem(f"Commitment {n}: 'at' is not a number of seconds.")
            if "attempt" in e and not (is_int(e["attempt"]) and e["attempt"] > 0):
                self.problem(f"Commitment {n}: 'attempt' is not a whole number above 0.")
            if "withdrawn" in e and e["withdrawn"] is not True:
                self.problem(f"Commitment {n}: 'withdrawn' is not true.")
        withdrawals = block.get("withdrawals", [])
        if not isinstance(withdrawals, list) or not all(
                isinstance(w, dict) and is_int(w.get("entry")) and is_int(w.get("after"))
                and 0 < w["after"] <= len(entries) for w in withdrawals):
            self.problem("The fairness block's 'withdrawals' are not a list of objects with 'entry' and 'after'.")
        if block["scheme"] == V2:
            if not is_hex(block.get("nonce"), 32):
                self.problem("The 'nonce' is not 32 lowercase hex digits.")
            if not is_hex(block.get("key_commitment"), 64):
                self.problem("The 'key_commitment' is not 64 lowercase hex digits.")
            if not isinstance(block.get("start_input"), str) or not block["start_input"]:
                self.problem("The 'start_input' is missing or not a text.")
        if "times" in r:
            times = r["times"]
            if not isinstance(times, list) or len(times) != len(rows) or not all(is_time(t) for t in times):
                self.problem("The record's 'times' are not one number of seconds per action row.")
        elif any("at" in e for e in entries):
            self.problem("The commitments carry times, but the record has no 'times'.")
        if r.get("outcome") is None:
            self.problem("The game is not over: nothing can be opened.")
        if not is_hex(block.get("key"), 64):
            self.problem("The game's key is missing or not 64 lowercase hex digits.")
        if not isinstance(r.get("start"), dict) or not all(is_int(v) for v in r["start"].values()):
            self.problem("The record's 'start' is not the pawns' start stations.")
        return not self.problems

    # -- the route -------------------------------------------------------------------------------------------------
    def route(self) -> list[int]:
        """Mr. X's start and the station of each entry, checking that every row follows on from the last."""
        r = self.record
        rules = r.get("rules")
        reveals = DICE_REVEALS if rules == "dice" else LONDON.get(rules, (None, None, None, set()))[3]
        always = bool((r.get("options") or {}).get("mrx_visible"))
        at = dict(r["start"])
        route = [at.get("mrx")]
        for i, row in enumerate(r["actions"], 1):
            pawn = row["pawn"]
            if "from" in row and row["from"] != at.get(pawn):
                self.problem(f"Action row {i}: {pawn} comes 'from' {row['from']}, but stood on {at.get(pawn)}.")
            if pawn == "mrx" and "to" in row:
                if row.get("entry") != len(route):
                    self.problem(f"Action row {i}: Mr. X's move writes entry {row.get('entry')}, not {len(route)}.")
                if row.get("revealed") is not (always or len(route) in reveals):
                    self.problem(f"Action row {i}: 'revealed' is {row.get('revealed')} on entry {len(route)}.")
                route.append(row["to"])
            elif pawn == "mrx" and row.get("surface"):
                if row.get("entry") != len(route) - 1 or row.get("station") != at.get("mrx"):
                    self.problem(f"Action row {i}: Mr. X surfaces on another entry or station than his last.")
            if "to" in row:
                at[pawn] = row["to"]
        return route

    # -- the proof -------------------------------------------------------------------------------------------------
    def proof(self, route: list[int]) -> None:
        r, block = self.record, self.record["fairness"]
        scheme, key, entries = block["scheme"], block["key"], block["entries"]
        ref = block["nonce"] if scheme == V2 else block["game"]
        if scheme == V2 and sha(f"{V2} key|{block['nonce']}|{key}") != block["key_commitment"]:
            self.problem("The key does not open the key commitment.")


        def opens(e: dict, n: int, attempt: int, station, what: str) -> None:
            s = mac(bytes.fromhex(key), f"{scheme} salt {n}" + (f"/{attempt}" if attempt else ""))
            if e.get("salt") != s or e.get("attempt", 0) != attempt:
                self.problem(f"The salt of {what}entry {n} is not the key's.")
            if station is None or e["commitment"] != sha(f"{scheme}|{ref}|{n}|{station}|{s}"):
                self.problem(f"The commitment to {what}entry {n} does not open to station {station}.")

        # Take-backs: walk the commitments in the order published; each withdrawal withdraws the standing ones from
        # its entry on, which open (with their attempt's salt) to the stations its take-back in the record names.
        withdrawals = sorted(block.get("withdrawals", []), key=lambda w: w["after"])
        named = [t["entries"] for t in r.get("takebacks") or [] if isinstance(t, dict) and t.get("entries")]
        if len(named) != len(withdrawals):
            self.problem(f"{len(withdrawals)} withdrawals of commitments, but {len(named)} take-backs of Mr. X's moves.")
        standing, attempts, gone = [], {}, set()

        def withdraw(k: int) -> None:
            stations = {n: s for n, s in named[k]} if k < len(named) else {}
            out = [i for i in standing if entries[i]["entry"] >= withdrawals[k]["entry"]]
            if not out or sorted(stations) != [entries[i]["entry"] for i in out]:
                self.problem(f"Withdrawal {k + 1} does not withdraw what its take-back names.")
            for i in out:
                standing.remove(i)
                gone.add(i)
                n = entries[i]["entry"]
                attempts[n] = attempts.get(n, 0) + 1
                if not entries[i].get("withdrawn"):
                    self.problem(f"A withdrawn commitment to entry {n} is not marked withdrawn.")
                opens(entries[i], n, attempts[n] - 1, stations.get(n), "a withdrawn commitment to ")

        k = 0
        for i, e in enumerate(entries):
            while k < len(withdrawals) and withdrawals[k]["after"] <= i:
                withdraw(k)
                k += 1
            if withdrawals and e["entry"] != len(standing):
                self.problem(f"Commitment {i} is to entry {e['entry']}, out of its order.")
            standing.append(i)
        for k in range(k, len(withdrawals)):
            withdraw(k)
        if any(e.get("withdrawn") and i not in gone for i, e in enumerate(entries)):
            self.problem("A commitment is marked withdrawn, but no withdrawal withdrew it.")
        live = [entries[i] for i in standing]
        if [e["entry"] for e in live] != list(range(len(live))):
            self.problem("The commitments are not in entry order 0, 1, 2, ...")
        if len(live) != len(route):
            self.problem(f"{len(live)} commitments for a route of {len(route)} stations.")
        for n, (e, station) in enumerate(zip(live, route)):
            opens(e, n, attempts.get(n, 0), station, "")
        entries = live
        times = r.get("times")
        if isinstance(times, list):
            rows = r["actions"]
            written = {0: -1}
            for i, row in enumerate(rows):
                if row["pawn"] == "mrx" and "entry" in row:
                    written.setdefault(row["entry"], i)
            hunters = [i for i, row in enumerate(rows) if row["pawn"] != "mrx" and "to" in row]
            for e in entries:
                later = [times[i] for i in hunters if written.get(e["entry"], len(rows)) < i]
                if "at" in e and later and e["at"] > min(later):
                    self.problem(f"The commitment to entry {e['entry']} was published after the next detective move.")

    def chance(self) -> None:
        r, block = self.record, self.record["fairness"]
        key, start_input = block["key"], block["start_input"]
        if r.get("rules") == "dice":
            self.dice_chance(key, start_input)
            return
        board, hunters_deck, mrx_deck, _ = LONDON[r["rules"]]
        cards = json.loads((self.boards / f"{board}.json").read_text())["start_cards"]
        others = {s for pawn, s in r["start"].items() if pawn != "mrx"}
        left = sorted(s for s in cards[mrx_deck] if s not in others)
        drawn = left[Draws(key, start_input, "mrx-start").below(len(left))]
        if r["start"].get("mrx") != drawn:
            self.problem(f"Mr. X's start card is {r['start'].get('mrx')}, the key deals {drawn}.")

    def dice_chance(self, key: str, start_input: str) -> None:
        r = self.record
        d = r["players"] - 1
        tiles = json.loads((self.boards / f"{r.get('tileset', 'dice')}.json").read_text())["tiles"]
        letters = [t["letter"] for t in tiles]
        under = {t["letter"] for t in tiles if any("underground" in s["transports"] for s in t["stations"])}
        columns, rows = DICE_GRID[d]
        count, need = columns * rows, DICE_UNDERGROUND[d]
        draws = Draws(key, start_input, "tiles")
        if need is None:
            chosen = draws.sample(letters, count)
        else:
            chosen = draws.sample([x for x in letters if x in under], need) + \
                     draws.sample([x for x in letters if x not in under], count - need)
            draws.shuffle(chosen)
        experts = set(draws.sample(range(count), DICE_EXPERT[d])) if (r.get("options") or {}).get("expert") else set()
        laid = [{"letter": x, "column": i % columns, "row": i // columns, "side": "expert" if i in experts else "standard"}
                for i, x in enumerate(chosen)]
        if r.get("tiles") != laid:
            self.problem("The tiles are not the layout the key deals.")
        faces = r["dice_faces"]
        throw = 0
        for i, row in enumerate(r["actions"], 1):
            rolled = row.get("roll", row.get("reroll"))
            if rolled is None:
                continue
            throw += 1
            draws = Draws(key, start_input, f"throw {throw}")
            if rolled != [faces[draws.below(len(faces))] for _ in rolled]:
                self.problem(f"Throw {throw} (action row {i}) is not what the key rolls.")

    # -- what the channel published ----------------------------------------------------------------------------------
    def seals(self, text: str) -> str | None:
        block = self.record["fairness"]
        scheme, values = block["scheme"], [e["commitment"] for e in block["entries"]]
        if scheme == V2:
            # the chain's links in the order published: each commitment, and each take-back's withdrawal after the
            # commitments published before it
            withdrawals = sorted(block.get("withdrawals", []), key=lambda w: w["after"])
            chain, before = [], f"{block['key_commitment']}|{block['start_input']}"
            for i in range(len(values) + 1):
                for w in [w for w in withdrawals if w["after"] == i]:
                    chain.append(sha(f"{V2} withdraw|{before}|{w['entry']}"))
                    before = chain[-1]
                if i < len(values):
                    chain.append(sha(f"{V2} seal|{before}|{values[i]}"))
                    before = chain[-1]
            ours = {v[:16]: n for n, v in enumerate(chain)}
        else:
            ours = {v[:6]: n for n, v in enumerate(values)}
        commitments, seals = [], []
        for line in text.splitlines():
            longs = re.findall(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])", line)
            if "🔑" in line:
                for value in longs:
                    if value != block["key"]:
                        self.problem(f"The published key {value} is not the record's.")
            else:
                commitments += longs
            rest = re.sub(r"[0-9a-f]{64}", " ", line)
            if scheme == V2:
                seals += re.findall(r"(?<![0-9a-f])[0-9a-f]{16}(?![0-9a-f])", rest)
            else:
                seals += [a or b for a, b in re.findall(r"`([0-9a-f]{6})`|^\s*([0-9a-f]{6})\s*$", rest)]
        if not commitments and not seals:
            self.problem("Nothing published was found to compare.")
            return None
        for value in commitments:
            if scheme != V2 or value != block["key_commitment"]:
                self.problem(f"The published key commitment {value} is not the record's.")
        for value in seals:
            if value not in ours:
                self.problem(f"The published seal {value} is not one of the record's.")
        matched = {ours[v] for v in seals if v in ours}
        bits = len(matched) * (64 if scheme == V2 else 24) + (256 if commitments else 0)
        return f"The published seals bind {bits} bits."

    def run(self, published: str | None = None) -> list[str]:
        if not self.shape():
            return self.problems
        route = self.route()
        self.proof(route)
        if self.record["fairness"]["scheme"] == V2:
            try:
                self.chance()
            except (KeyError, TypeError, ValueError, IndexError, OSError) as exc:
                self.problem(f"The chance cannot be drawn again ({type(exc).__name__}: {exc}).")
        self.note = self.seals(published) if published is not None else None
        return self.problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--seals", default=None, help="the seals or transcript the channel published")
    parser.add_argument("--boards", type=Path, default=BOARDS, help="the folder of the board files")
    args = parser.parse_args(argv)
    try:
        record = json.loads(Path(args.record).read_bytes())
        published = Path(args.seals).read_text(encoding="utf-8", errors="replace") if args.seals else None
    except (OSError, ValueError) as exc:
        print(f"error: cannot read it: {exc}", file=sys.stderr)
        return 2
    verifier = Verifier(record, args.boards)
    problems = verifier.run(published)
    for line in problems:
        print(f"{args.record}: {line}")
    if problems:
        return 1
    block = record["fairness"]
    print(f"Sound: {block['scheme']} game {block['game']}: {len(block['entries'])} commitments open to Mr. X's route."
          + (f" {verifier.note}" if verifier.note else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
