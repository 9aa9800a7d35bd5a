"""Mister X in Sanssouci's variants through Discord: the host picks them in the lobby, agents trade
tickets with ``/sy trade``, and Mr. X stays put or rides three times from his DM menu."""

from __future__ import annotations

import re

import pytest

from bot.games.london.engine import MRX, Move

from tests.e2e.helpers import Game


async def open_with_variants(game: Game, *names: str):
    w = game.world
    lobby = await game.open(rules="sanssouci", seed=6, mrx=w.bob, detectives=(w.carol,))
    select = f"sy:variants:{game.game_id}"
    assert select in lobby.custom_ids
    refused = await game.fake.select(w.carol, lobby, select, list(names))
    assert "host" in (await refused.wait_reply()).text.lower()
    await game.select(w.alice, lobby, select, list(names))
    info = await game.service.get_game(game.game_id)
    assert {n for n, on in info.options.items() if on} == set(names)
    assert all(n in {o["value"] for c in lobby.walk_components() for o in c.get("options", ()) if o.get("default")}
               for n in names)
    await game.start()
    return info


@pytest.mark.asyncio
async def test_agents_hand_tickets_to_one_another_with_sy_trade(game: Game) -> None:
    w, fake = game.world, game.fake
    await open_with_variants(game, "trade_tickets", "any_order")
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    giver = state.to_move()[0]
    taker = next(p.id for p in state.detectives() if p.id != giver)
    user = await game.owner(giver)
    offered = await fake.autocomplete(user, w.channel, "sy", "trade", {}, focused="to")
    assert giver not in {c["value"] for c in offered} and taker in {c["value"] for c in offered}
    before = state.tickets(giver)["walk"], state.tickets(taker)["walk"]
    handle = await fake.slash(user, w.channel, "sy", "trade", {"to": taker, "ticket": "walk"})
    assert await handle.wait_outcome() is None
    await game.settle()
    after = await game.truth()
    assert (after.tickets(giver)["walk"], after.tickets(taker)["walk"]) == (before[0] - 1, before[1] + 1)
    assert giver in after.to_move()  # trading is done before moving, on the same turn
    post = fake.channel_messages(w.channel)[-1]
    assert "hands" in post.text and "a ticket: 🚶 walking ticket." in post.text and "ticket ticket" not in post.text
    # Mr. X cannot trade; a ticket the agent does not have is refused, and nothing changes.
    answer = await game.reply(w.bob, "trade", {"to": taker, "ticket": "walk"})
    assert answer.kind == "ephemeral"
    assert (await game.truth()).tickets(taker) == after.tickets(taker)


@pytest.mark.asyncio
async def test_mr_x_stays_put_and_rides_three_times_from_his_menu(game: Game) -> None:
    await open_with_variants(game, "stay_put", "triple_move")
    state = await game.truth()
    here = state.mrx_station
    # Staying put is a destination in his menu (his own station, with a walking ticket).
    menu = game.prompt()
    options = {o["value"] for c in menu.walk_components() for o in c.get("options", ())}
    assert str(here) in options
    await game.mrx_moves(Move(MRX, here, "walk"), "menu")
    after = await game.truth()
    assert after.mrx_station == here and after.logbook[-1].ticket == "walk"
    # Play on until a triple move is open, then take it through the menu.
    await game.play(ways=("dm",), until=lambda s: s.to_move() == [MRX] and s.can_triple() and s.round > 1)
    state = await game.truth()
    first = state.legal_moves(MRX)[0]
    second = next(s for s in state.second_moves(first) if state.third_moves(first, s))
    third = state.third_moves(first, second)[0]
    menu = game.prompt()
    base = f"{game.game_id}:{state.round}"
    user = game.mrx_user
    await game.select(user, menu, f"sy:xto:{base}", [str(first.to)])
    await game.click(user, menu, f"sy:xdbl:{base}:{first.to}:{first.ticket}")
    await game.select(user, menu, f"sy:xto:{base}:{first.to}:{first.ticket}", [str(second.to)])
    await game.click(user, menu, f"sy:xtri:{base}:{first.to}:{first.ticket}:{second.to}:{second.ticket}")
    assert "Triple move" in menu.content
    third_select = next(c for c in menu.custom_ids if c.startswith("sy:xthird:") and
                        any(o["value"] == f"{third.to}:{third.ticket}" for o in menu.find_component(c)["options"]))
    await game.select(user, menu, third_select, [f"{third.to}:{third.ticket}"])
    assert menu.content.startswith("✅"), menu.content
    after = await game.truth()
    assert after.mrx_station == third.to and len(after.logbook) == len(state.logbook) + 3
    game.check_secrecy(after)


def boat_rides(state) -> list:
    """Mr. X's legal moves now that ride a boat (black, along the water)."""
    here = state.mrx_station
    return [m for m in state.legal_moves(MRX) if m.ticket == "black" and "boat" in state.board.connected(here, m.to)]


@pytest.mark.asyncio
async def test_a_potsdam_game_with_a_boat_ride_and_an_agent_put_out_of_the_game(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(rules="sanssouci", seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    # Mr. X heads (by his DM menu) for the nearest landing stage, then takes the boat.
    state = await game.truth()
    landings = [s for s in state.board.stations if state.board.neighbours_by(s, "boat")]
    far = state.board.distances()
    for _ in range(12):
        if boat_rides(state):
            break
        walks = [m for m in state.legal_moves(MRX) if m.ticket != "black"]
        await game.mrx_moves(min(walks, key=lambda m: min(far[m.to][b] for b in landings)), "menu")
        state = await game.play(detectives="random", until=lambda s: s.is_over or s.to_move() == [MRX])
    boat = boat_rides(state)[0]
    seen = len(fake.channel_messages(w.channel))
    await game.mrx_moves(boat, "menu")
    after = await game.truth()
    assert after.mrx_station == boat.to and after.logbook[-1].ticket == "black"
    posts = fake.channel_messages(w.channel)[seen:]
    assert posts and "⬛" in posts[0].text and "⛴" not in posts[0].text  # the channel sees a black ticket only
    game.check_secrecy(after)
    # Play on to the end: the random agents run out of tickets, and one is put out of the game.
    state = await game.play(mrx="greedy", detectives="random", ways=("menu", "dm"))
    out = [h["pawn"] for h in state.history if h.get("left_board")]
    assert out and state.outcome is not None
    label = next(p.label for p in state.pawns if p.id == out[0])
    texts = [m.text for m in fake.channel_messages(w.channel)]
    assert any(f"{label} cannot move and is out of the game." in t for t in texts)
    gone_at = next(i for i, t in enumerate(texts) if f"{label} cannot move and is out of the game." in t)
    assert not any("Next: " in t and label in t.split("Next: ")[1][:30] for t in texts[gone_at + 1:])
    # Sanssouci's rulebook calls the hunters agents: so does every public post of a Potsdam game.
    said = " ".join(texts + [str(e) for m in fake.channel_messages(w.channel) for e in m.embeds])
    assert "agent" in said.lower() and not re.search(r"(?<!['`])\bdetectives?\b", said, re.IGNORECASE)


@pytest.mark.asyncio
async def test_mr_x_reveals_himself_for_a_black_ticket_without_choosing_tickets_to_take(game: Game) -> None:
    w, fake = game.world, game.fake
    await open_with_variants(game, "reveal_returns_black")
    await game.play(until=lambda s: len(s.logbook) == 1 and s.phase == "mrx", ways=("dm",))
    state = await game.truth()
    # Nothing is taken from the agents in this variant, so the `take` option offers nothing.
    assert await fake.autocomplete(w.bob, fake.dm_channel(w.bob), "sy", "surface", {}, focused="take") == []
    answer = await game.reply(w.bob, "surface", channel="dm")
    assert answer.text.startswith("✅ You surfaced")
    after = await game.truth()
    assert after.logbook[-1].surfaced and after.tickets(MRX) == state.tickets(MRX)  # no black ticket used yet
    assert f"**{state.mrx_station}**" in fake.channel_messages(w.channel)[-1].text
