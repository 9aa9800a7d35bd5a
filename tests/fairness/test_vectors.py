"""The worked example of docs/fairness.md is what the code computes: every test vector on the page, checked."""

from __future__ import annotations

import re
from pathlib import Path

from bot.fairness.chance import draw, hidden_draw
from bot.fairness.commitments import (V2, Withdrawal, chain_links, commitment, game_key, key_commitment, salt,
                                      seal_chain, short)
from bot.games.london.engine import GameState
from bot.service.dealing import deal_seed

PAGE = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def vectors() -> dict[str, str]:
    text = PAGE.read_text()
    block = text[text.index("<!-- vectors -->"):text.index("<!-- /vectors -->")]
    found = {}
    for line in block.splitlines():
        if line.startswith("```") or not line.strip() or line.startswith("<!--"):
            continue
        name, value = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        found[name] = value
    return found


def test_the_pages_test_vectors_are_the_codes() -> None:
    v = vectors()
    secret, nonce, start_input = v["secret"], v["nonce"], v["T"]
    key = game_key(secret, nonce, V2)
    assert v["K"] == key
    assert v["KC"] == key_commitment(nonce, key)
    seed = deal_seed(secret, 7)
    assert int(v["deal seed"]) == seed
    hidden = hidden_draw(key, start_input)
    assert int(v["D(mrx-start, 0)"]) == hidden == draw(key, start_input, "mrx-start", 0)
    state = GameState.new("classic", players=4, seed=seed, hidden=hidden)
    detectives = {pawn: station for pawn, station in state.start.items() if pawn != "mrx"}
    assert v["detectives"] == ", ".join(f"{pawn} {station}" for pawn, station in detectives.items())
    left = sorted(state.start_candidates)
    assert v["Mr. X's deck left"].split() == [str(s) for s in left]
    assert int(v["Mr. X's start"]) == state.start["mrx"] == left[hidden % len(left)]
    assert v["S(0)"] == salt(key, 0, V2) and v["S(1)"] == salt(key, 1, V2)
    c0 = commitment(nonce, 0, state.start["mrx"], salt(key, 0, V2), V2)
    assert v["C(0)"] == c0
    (l0,) = seal_chain(v["KC"], start_input, [c0])
    assert v["L(0)"] == l0 and v["seal of L(0)"] == short(l0, V2)
    numbers, faces = v["throw 1, 3 dice"].split(" -> ")
    drawn = [draw(key, start_input, "throw 1", i) for i in range(3)]
    assert [int(n) for n in numbers.split()] == drawn
    dice_faces = ("taxi", "taxi", "bus", "bus", "underground", "x")
    assert faces.split() == [dice_faces[n % 6] for n in drawn]
    # a take-back: Mr. X rides to 49, takes it back (the withdrawal link), and rides to 37 (entry 1's attempt 1)
    c1 = commitment(nonce, 1, 49, salt(key, 1, V2), V2)
    assert v["C(1) at 49"] == c1
    assert v["S(1/1)"] == salt(key, 1, V2, 1) != salt(key, 1, V2)
    c11 = commitment(nonce, 1, 37, v["S(1/1)"], V2)
    assert v["C(1/1) at 37"] == c11
    chain = seal_chain(v["KC"], start_input, chain_links([c0, c1, c11], [Withdrawal(1, 2)]))
    assert [v["L(1)"], v["W, entry 1"], v["L after C(1/1)"]] == chain[1:]
    assert chain[:2] == seal_chain(v["KC"], start_input, [c0, c1])  # up to the take-back, the chain as ever
