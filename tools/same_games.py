"""Same games before and after a change: play seeded games of every rule system and digest their records.

    python tools/same_games.py --write before.txt      # on the old code
    python tools/same_games.py --check before.txt      # on the new code: exits 1 naming every game that differs

Each game is played by the family's own ``simulate`` (the CLI's), with the pairing of computer players and the
lobby variants chosen from its seed, so the games cover the baselines, the search's cheapest level and the variants.
A refactor that changes any game's record, by one action or one field, changes its digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import all_rules, family_for_rules  # noqa: E402

PAIRINGS = (("greedy", "greedy"), ("random", "greedy"), ("greedy", "random"), ("easy", "greedy"),
            ("greedy", "easy"))
PLAYERS = {"dice": (2, 3, 4)}


def games(rules: str, count: int):
    """(seed, players, options, mrx, detectives) of each game of ``rules``."""
    family = family_for_rules(rules)
    entry = family.rules_entry(rules)
    counts = PLAYERS.get(rules, tuple(range(max(entry.min_players, 3), entry.max_players + 1)))
    for seed in range(count):
        pick = random.Random(f"{rules}/{seed}")
        options = {name: True for name, _title, _text in entry.options if pick.random() < 0.3}
        mrx, detectives = PAIRINGS[seed % len(PAIRINGS)]
        yield seed, pick.choice(counts), options, mrx, detectives


def digest(rules: str, seed: int, players: int, options: dict, mrx: str, detectives: str) -> str:
    family = family_for_rules(rules)
    try:
        state = family.simulate(rules, players, seed, options, mrx, detectives)
    except family.error as exc:  # a variant set the lobby refuses: the refusal is the result
        return "refused " + hashlib.sha256(exc.message.encode()).hexdigest()[:16]
    record = family.export_record(state)
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="write the digests to this file")
    mode.add_argument("--check", type=Path, help="compare with the digests in this file")
    parser.add_argument("--games", type=int, default=200, help="games per rule system (default: %(default)s)")
    parser.add_argument("--rules", nargs="*", default=None, help="only these rule systems")
    args = parser.parse_args()
    names = args.rules or [r.name for r in all_rules(available_only=True)]
    lines = []
    for rules in names:
        for seed, players, options, mrx, detectives in games(rules, args.games):
            key = f"{rules} seed={seed} players={players} mrx={mrx} detectives={detectives} " \
                  f"options={','.join(sorted(options)) or '-'}"
            lines.append(f"{key} {digest(rules, seed, players, options, mrx, detectives)}")
        print(f"{rules}: {args.games} games", file=sys.stderr)
    if args.write:
        args.write.write_text("\n".join(lines) + "\n")
        print(f"{len(lines)} games -> {args.write}")
        return 0
    expected = dict(line.rsplit(" ", 1) for line in args.check.read_text().splitlines())
    differ = [line for line in lines if expected.get(line.rsplit(" ", 1)[0]) != line.rsplit(" ", 1)[1]]
    for line in differ:
        print(f"differs: {line.rsplit(' ', 1)[0]}")
    print(f"{len(lines) - len(differ)} of {len(lines)} games the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
