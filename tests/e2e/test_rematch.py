"""A rematch through the real bot: the final post's Rematch button opens a new lobby in the same channel with the same
people, Mr. X's seat passed to the next person, once however often it is clicked; in both languages."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.helpers import Game, pinged
from tests.e2e.test_words import german


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "de"])
async def test_a_rematch_after_a_finished_game_seats_the_same_people_with_mr_x_rotated(game: Game,
                                                                                         language: str) -> None:
    w, fake = game.world, game.fake
    german(game, language)
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    old = game.game_id
    answer = await game.reply(w.bob, "resign")
    await game.click(w.bob, answer, f"sy:resign:{old}")
    final = next(m for m in reversed(fake.channel_messages(w.channel)) if f"sy:rematch:{old}" in m.custom_ids)
    assert final.embeds and ("Revanche" if language == "de" else "Rematch") in str(final.components)
    # two players click at once, and one of them twice: one lobby
    handles = await asyncio.gather(fake.click(w.carol, final, f"sy:rematch:{old}"),
                                   fake.click(w.dave, final, f"sy:rematch:{old}"))
    answers = [await h.wait_reply(timeout=5) for h in handles]
    await game.settle()
    again = await fake.click(w.carol, final, f"sy:rematch:{old}")
    answers.append(await again.wait_reply(timeout=5))
    assert all(a.kind == "ephemeral" for a in answers)
    lobby = await game.service.game_in_channel(w.channel.id)
    assert lobby is not None and lobby.status == "lobby" and lobby.id != old and lobby.rules == "classic"
    posts = [m for m in fake.channel_messages(w.channel) if f"sy:lobby:{lobby.id}:start" in m.custom_ids]
    assert len(posts) == 1
    post = posts[0]
    assert all(f"/{post.id}" in a.text for a in answers)
    assert pinged(fake, post) == {w.alice.id, w.bob.id, w.carol.id, w.dave.id}
    players = await game.service.players(lobby.id)
    # Bob was Mr. X; the next at the table (Alice, the host, sat first among the detectives) is offered his seat
    assert [(p.user_id, p.role) for p in players] == [(w.alice.id, "mrx"), (w.carol.id, None), (w.dave.id, None),
                                                      (w.bob.id, None)]
    offer = "Der Platz von Mister X geht diesmal an" if language == "de" else "Mr. X's seat is offered to"
    assert f"{offer} <@{w.alice.id}>" in post.text
    # the new lobby plays: its host (who clicked first) starts it, and Alice is Mr. X
    host = await game.service.get_game(lobby.id)
    starter = w.carol if host.host_id == w.carol.id else w.dave
    game.game_id = lobby.id
    await fake.click(starter, post, f"sy:lobby:{lobby.id}:start")
    await game.settle()
    started = await game.service.players(lobby.id)
    assert next(p.user_id for p in started if p.role == "mrx") == w.alice.id
