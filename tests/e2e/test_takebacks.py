"""Take-backs by consent through the real bot (docs/takebacks.md): asked, accepted and refused, for a detective and
for Mr. X, in both languages; Mr. X's station is never in a public post (neither where he is, nor where his withdrawn
move went), and the finished game's record, withdrawn commitment and all, still verifies."""

from __future__ import annotations

import json
import re

import pytest

from bot.fairness.commitments import V2, Withdrawal, chain_links, seal_chain, short
from bot.fairness.verify import verify_record
from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, Replay, pinged, secrecy_problems
from tests.e2e.test_words import german


def takeback_posts(game: Game) -> list:
    return [m for m in game.table_messages() if m.text.startswith("↩️")]


async def answer(game: Game, user, accept: bool) -> None:
    post = next(m for m in reversed(takeback_posts(game)) if any(c.startswith("sy:takeback:") for c in m.custom_ids))
    choice = next(c for c in post.custom_ids if c.endswith(":yes" if accept else ":no"))
    handle = await game.fake.click(user, post, choice)
    reply = await handle.wait_reply(timeout=5)
    assert reply.kind == "ephemeral"
    await game.settle()
    assert not post.live_components  # the question is settled: its buttons go


def never_public(game: Game, station: int, since: int) -> None:
    """No message anyone but Mr. X reads, from message ``since`` on, names ``station`` (his withdrawn move's)."""
    for message in game.fake.messages[since:]:
        if message.author is None or message.author.id != game.fake.bot_user.id or game.for_mrx(message):
            continue
        assert not secrecy_problems(message, station), message.text


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_take_backs_asked_accepted_and_refused_for_a_detective_and_for_mr_x(game: Game, language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    de = language == "de"
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    # Mr. X moves and asks to take it back, in his DMs: the channel hears only that he asks
    state = await game.truth()
    first = sorted(state.legal_moves(MRX), key=lambda m: (m.to, m.ticket))[0]
    await game.mrx_moves(first, "dm")
    asked = await game.reply(w.bob, "takeback", channel="dm")
    assert asked.kind == "ephemeral"
    question = takeback_posts(game)[-1]
    assert ("Mister X bittet" if de else "Mr. X asks to take back his last move") in question.text
    assert pinged(fake, question) == {w.alice.id, w.carol.id, w.dave.id}  # the detectives (the host is one)
    # a detective refuses: his move stands
    await answer(game, w.carol, False)
    assert ("abgelehnt" if de else "refused Mr. X's take-back") in takeback_posts(game)[-1].text
    assert (await game.truth()).mrx_station == first.to
    game.check_secrecy(await game.truth())
    # a detective moves, asks, and Mr. X accepts: the detective moves again
    state = await game.truth()
    replay = Replay(game.service, game.game_id)  # the play loops' replay, kept over take-backs: it deals again
    assert await replay.look() == state
    pawn = state.to_move()[0]
    moves = sorted(state.legal_moves(pawn), key=lambda m: (m.to, m.ticket))
    await game.detective_moves(moves[0])
    assert await replay.look() == await game.truth()
    mover = await game.owner(pawn)
    await game.reply(mover, "takeback")
    assert pinged(fake, takeback_posts(game)[-1]) == {w.bob.id}
    await answer(game, w.bob, True)
    taken = takeback_posts(game)[-1]
    assert ("zurückgenommen" if de else "is taken back") in taken.text and mover.id in pinged(fake, taken)
    assert any(c.startswith("sy:dmove:") for c in taken.custom_ids)  # it hands the turn back: Move again
    assert (await game.truth()).positions[pawn] == state.positions[pawn]
    assert await replay.look() == await game.truth()
    await game.detective_moves(moves[-1])
    assert await replay.look() == await game.truth()
    # asked again for the new move, refused by Mr. X
    await game.reply(mover, "takeback")
    await answer(game, w.bob, False)
    assert (await game.truth()).positions[pawn] == moves[-1].to
    game.check_secrecy(await game.truth())
    # the round goes on to Mr. X, who moves, asks, and a detective accepts: he is prompted again and moves elsewhere
    await game.play(until=lambda s: s.to_move() == [MRX])
    state = await game.truth()
    options = sorted(state.legal_moves(MRX), key=lambda m: (m.to, m.ticket))
    withdrawn = options[0]
    mark = len(fake.messages)
    await game.mrx_moves(withdrawn, "menu")
    prompts = len([m for m in fake.dm_messages(w.bob) if any(c.startswith("sy:x") for c in m.custom_ids)])
    await game.reply(w.bob, "takeback", channel="dm")
    await answer(game, w.dave, True)
    assert (await game.truth()).to_move() == [MRX]
    # his take-back's post shows the seal of the withdrawal's link of the seal chain, and nothing else of him
    withdrawal = re.search(r"🔒 `([0-9a-f]{16})`", takeback_posts(game)[-1].text)
    assert withdrawal is not None
    assert len([m for m in fake.dm_messages(w.bob) if any(c.startswith("sy:x") for c in m.custom_ids)]) == prompts + 1
    redo = next(m for m in options if m.to != withdrawn.to)
    await game.mrx_moves(redo, "menu")
    game.check_secrecy(await game.truth())
    never_public(game, withdrawn.to, mark)  # where the withdrawn move went is never shown while the game runs
    # to the end: the record verifies with the withdrawn commitment in it, and so does /sy verify
    await game.play()
    answer_ = await game.reply(w.alice, "export")
    record = json.loads(next(iter(answer_.files.values())))
    assert any(e.get("withdrawn") for e in record["fairness"]["entries"])
    assert [t["pawn"] for t in record["takebacks"]] == [pawn, MRX]
    assert verify_record(record).sound
    block = record["fairness"]
    links = chain_links([e["commitment"] for e in block["entries"]],
                        [Withdrawal(w_["entry"], w_["after"]) for w_ in block["withdrawals"]])
    chain = [short(v, V2) for v in seal_chain(block["key_commitment"], block["start_input"], links)]
    assert withdrawal.group(1) in chain
    verified = await game.reply(w.alice, "verify")
    assert verified.text.startswith("✅")
    assert "seals" in verified.text or "Siegel" in verified.text  # it read the posts back, the take-back's among them


@pytest.mark.asyncio
async def test_a_paused_game_takes_nothing_back_until_the_host_resumes_it(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    state = await game.truth()
    await game.mrx_moves(sorted(state.legal_moves(MRX), key=lambda m: (m.to, m.ticket))[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    await game.detective_moves(sorted(state.legal_moves(pawn), key=lambda m: (m.to, m.ticket))[0])
    mover = await game.owner(pawn)
    await game.reply(w.alice, "sy-host pause")
    posts = len(takeback_posts(game))
    refused = await game.reply(mover, "takeback")
    assert refused.kind == "ephemeral" and "paused this game" in refused.text
    assert len(takeback_posts(game)) == posts  # nothing asked in the channel
    await game.reply(w.alice, "sy-host resume")
    await game.reply(mover, "takeback")
    await answer(game, w.bob, True)
    assert (await game.truth()).positions[pawn] == state.positions[pawn]
